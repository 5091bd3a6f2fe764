export function DistributorRechargePage() {
  return <p>UNBUILT: DistributorRechargePage</p>;
}
