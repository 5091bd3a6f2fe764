export function SupportPage() {
  return <p>UNBUILT: SupportPage</p>;
}
