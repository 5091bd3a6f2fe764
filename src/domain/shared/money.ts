/** Amounts are rupees; balances are kept exact by computing in paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

/** "₹2500", "₹99.50": the rupee sign and whole rupees, or two decimals when there are paise. */
export function formatRupees(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  return Number.isInteger(rounded) ? `₹${rounded}` : `₹${rounded.toFixed(2)}`;
}
