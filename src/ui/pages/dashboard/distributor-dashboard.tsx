export function DistributorDashboard(_props: { viewer: import('../../../domain/users/user').UserProfile }) {
  return <p>UNBUILT: DistributorDashboard</p>;
}
