export function ResetPasswordPage() {
  return <p>UNBUILT: ResetPasswordPage</p>;
}
