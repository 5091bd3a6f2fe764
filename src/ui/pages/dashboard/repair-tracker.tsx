export function RepairTracker(_props: { viewer: import('../../../domain/users/user').UserProfile }) {
  return <p>UNBUILT: RepairTracker</p>;
}
