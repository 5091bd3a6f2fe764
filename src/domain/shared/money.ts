/** Amounts are rupees; balances are kept exact by computing in paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

/** "₹2500", "₹99.5": the rupee sign and the amount with at most two decimals. */
export function formatRupees(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  return `₹${rounded}`;
}
