/**
 * What the demo "sends" instead of real e-mail and SMS (the local backends' outbox, and the pages that
 * show what the Firebase emulators would have sent): the words of each message, written once.
 */

export function resetLink(continueUrl: string, code: string): string {
  const separator = continueUrl.includes('?') ? '&' : '?';
  return `${continueUrl}${separator}oobCode=${encodeURIComponent(code)}`;
}

export function resetMail(to: string, link: string, productName: string) {
  return {
    to,
    subject: `Reset your ${productName} password`,
    text: `Hello,\n\nFollow this link to reset your ${productName} password for your ${to} account. The link works once and expires in one hour.\n\nIf you didn't ask to reset your password, you can ignore this email.\n\nThanks,\nYour ${productName} team`,
    link,
  };
}

export function phoneCodeText(code: string, productName: string): string {
  return `${code} is your ${productName} verification code. It expires in 10 minutes. Never share it with anyone.`;
}
