export function TermsPage() {
  return <p>UNBUILT: TermsPage</p>;
}
