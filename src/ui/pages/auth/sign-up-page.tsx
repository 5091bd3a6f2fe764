export function SignUpPage() {
  return <p>UNBUILT: SignUpPage</p>;
}
