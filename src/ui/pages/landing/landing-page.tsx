export function LandingPage() {
  return <p>UNBUILT: LandingPage</p>;
}
