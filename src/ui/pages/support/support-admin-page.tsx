export function SupportAdminPage() {
  return <p>UNBUILT: SupportAdminPage</p>;
}
