/*
 * UPI IDs and the UPI payment link, with no schema library: the customer's tracking page builds its
 * 'Pay' link with them (issue 19: that page's JavaScript stays small), as do the console's checks.
 */

/** A UPI ID (VPA): name@bank, e.g. sharmamobile@okaxis. */
export function isValidUpiId(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(value.trim());
}

/** Percent-encoding for a UPI parameter; the '@' of a UPI ID stays as it is (some apps need it so). */
function upiParam(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

/**
 * `upi://pay?pa={UPI ID}&pn={shop name}&am={due}&cu=INR&tn={Repair ID}` (../shared/spec/owner-console.md,
 * "Dues"), the amount in rupees with two decimals, no other parameter; null when the shop has no valid
 * UPI ID or nothing is due.
 */
export function upiLink(facts: {
  readonly upiId: string;
  readonly shopName: string;
  readonly duePaise: number;
  readonly repairId: string;
}): string | null {
  const upiId = facts.upiId.trim();
  if (!isValidUpiId(upiId) || !Number.isSafeInteger(facts.duePaise) || facts.duePaise <= 0) return null;
  const amount = (facts.duePaise / 100).toFixed(2);
  return `upi://pay?pa=${upiParam(upiId)}&pn=${upiParam(facts.shopName)}&am=${amount}&cu=INR&tn=${upiParam(facts.repairId)}`;
}
