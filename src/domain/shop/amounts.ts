import { fromPaise, toPaise } from '../shared/money';

/**
 * Money at the repair desk, in paise (integers), so sums stay exact. The stored repair keeps the spec's
 * rupee fields (amount, estimatedCost) for the mobile apps beside the paise ones.
 */

/** ₹10,00,000: a job card's estimate or advance; a typing slip must not record a fortune. */
export const MAX_AMOUNT_PAISE = 100_000_000;

export type RupeesInput =
  | { readonly ok: true; readonly paise: number | null }
  | { readonly ok: false; readonly reason: 'invalid' | 'too-large' };

/**
 * An amount typed in rupees: digits with an optional ₹ sign, Indian or Western thousands commas and at
 * most two decimals ("1500", "₹1,499.50", "1,00,000"). Blank is null (no amount). Never negative.
 */
export function parseRupeesInput(input: string | number | null | undefined): RupeesInput {
  if (input === null || input === undefined) return { ok: true, paise: null };
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return { ok: false, reason: 'invalid' };
    return parseRupeesInput(String(input));
  }
  const text = input
    .trim()
    .replace(/^₹\s*/, '')
    .replace(/^rs\.?\s*/i, '');
  if (text === '') return input.trim() === '' ? { ok: true, paise: null } : { ok: false, reason: 'invalid' };
  if (!/^(\d{1,3}(,\d{2,3})*|\d+)(\.\d{1,2})?$/.test(text)) return { ok: false, reason: 'invalid' };
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (whole.length > 12) return { ok: false, reason: 'too-large' };
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) return { ok: false, reason: 'invalid' };
  if (paise > MAX_AMOUNT_PAISE) return { ok: false, reason: 'too-large' };
  return { ok: true, paise };
}

/** Rupees (as the apps store them) to paise; null stays null. */
export function rupeesToPaise(rupees: number | null): number | null {
  return rupees === null || !Number.isFinite(rupees) ? null : toPaise(rupees);
}

/** Paise to rupees, as the spec's fields store them. */
export function paiseToRupees(paise: number): number {
  return fromPaise(paise);
}

/** Digits grouped the Indian way: 1234567 → "12,34,567". */
function groupIndian(whole: string): string {
  if (whole.length <= 3) return whole;
  const last = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last}`;
}

/** "₹2,000", "₹1,499.50", "₹12,34,567": as an Indian shop writes an amount. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.round(paise));
  const whole = groupIndian(String(Math.floor(abs / 100)));
  const fraction = abs % 100;
  return fraction === 0 ? `${sign}₹${whole}` : `${sign}₹${whole}.${String(fraction).padStart(2, '0')}`;
}

/** The note of the advance taken at the counter with a new job card (its first payment). */
export const ADVANCE_NOTE = 'Advance';

/** A payment against a repair, or a refund that reverses one (part 2 records them; a payment is never edited). */
export interface PaymentLike {
  readonly kind: 'payment' | 'refund';
  /** Positive, in paise. */
  readonly amountPaise: number;
}

export interface RepairAmounts {
  /** The final amount, else the estimate, in paise; null when the repair has neither. */
  readonly chargePaise: number | null;
  /** Payments minus refunds, never below zero. */
  readonly paidPaise: number;
  /** What the customer still owes: charge minus paid, never below zero (0 when there is no charge). */
  readonly duePaise: number;
}

/**
 * The amount due of the spec: the final amount (else the estimate) minus payments, never below zero,
 * in paise. Payments and refunds with a non-positive or non-integer amount are ignored.
 */
export function repairAmounts(
  finalPaise: number | null,
  estimatePaise: number | null,
  payments: readonly PaymentLike[],
): RepairAmounts {
  let paid = 0;
  for (const payment of payments) {
    if (!Number.isSafeInteger(payment.amountPaise) || payment.amountPaise <= 0) continue;
    paid += payment.kind === 'refund' ? -payment.amountPaise : payment.amountPaise;
  }
  const paidPaise = Math.max(0, paid);
  const chargePaise = finalPaise ?? estimatePaise;
  const duePaise = chargePaise === null ? 0 : Math.max(0, chargePaise - paidPaise);
  return { chargePaise, paidPaise, duePaise };
}

/** The amount due alone: final amount (else estimate) minus payments, never below zero, in paise. */
export function amountDue(
  finalPaise: number | null,
  estimatePaise: number | null,
  payments: readonly PaymentLike[],
): number {
  return repairAmounts(finalPaise, estimatePaise, payments).duePaise;
}

/** The statuses in which money still due is owed (the dues khata): ready for pickup, or delivered. */
export const OWING_STATUSES: readonly string[] = ['ready', 'delivered'];

/**
 * What a repair stores for the dues index (repairs' `duePaise` and `owing`): the amount due by the one
 * function above, and whether the repair is in the dues khata (status 'ready' or 'delivered', exactly
 * as stored, and something due). Every shop write that changes the status, the estimate, the final
 * amount or what was paid writes both; the write rules recompute them.
 */
export interface RepairDues {
  readonly duePaise: number;
  readonly owing: boolean;
}

// Twin: firestore.rules isDuesKept (with chargeOf); compared by tests/app/twin-rules.test.ts.
export function repairDues(
  status: string,
  finalPaise: number | null,
  estimatePaise: number | null,
  paidPaise: number,
): RepairDues {
  const duePaise = amountDue(finalPaise, estimatePaise, [{ kind: 'payment', amountPaise: paidPaise }]);
  return { duePaise, owing: OWING_STATUSES.includes(status) && duePaise > 0 };
}
