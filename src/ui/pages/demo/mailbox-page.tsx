export function MailboxPage() {
  return <p>UNBUILT: MailboxPage</p>;
}
