export function AdminDashboard(_props: { viewer: import('../../../domain/users/user').UserProfile }) {
  return <p>UNBUILT: AdminDashboard</p>;
}
