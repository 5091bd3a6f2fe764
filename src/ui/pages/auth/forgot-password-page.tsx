export function ForgotPasswordPage() {
  return <p>UNBUILT: ForgotPasswordPage</p>;
}
