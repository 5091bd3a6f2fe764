export function PrivacyPage() {
  return <p>UNBUILT: PrivacyPage</p>;
}
