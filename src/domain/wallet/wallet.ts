import { z } from 'zod';
import { fromPaise, toPaise } from '../shared/money';
import { storedText } from '../shared/stored-text';
import { asNumber } from '../shared/text';
import { asInstant } from '../shared/time';

export const MIN_RECHARGE_AMOUNT = 1;
/** One recharge tops up at most ₹10,00,000: a typing slip must not mint a fortune. */
export const MAX_RECHARGE_AMOUNT = 1_000_000;
export const RECENT_TRANSACTIONS_SHOWN = 10;

/** Asks a backend to top up a distributor's wallet. */
export interface RechargeRequest {
  readonly distributorId: string;
  readonly amount: number;
  /** The same key on a retried request makes the backend apply it once. */
  readonly idempotencyKey: string;
  /** The super admin doing it; backends check that this is the signed-in account. */
  readonly admin: { readonly id: string; readonly name: string };
}

export interface RechargeTransaction {
  readonly id: string;
  readonly distributorId: string;
  readonly distributorName: string;
  readonly adminId: string;
  readonly adminName: string;
  readonly amount: number;
  readonly previousBalance: number;
  readonly newBalance: number;
  readonly timestamp: Date | null;
  readonly description: string;
}

export type AmountCheck = { readonly ok: true; readonly amount: number } | { readonly ok: false };

/**
 * A recharge amount as typed: a number of at least 1 and at most MAX_RECHARGE_AMOUNT rupees, with
 * at most two decimals (paise).
 */
export function parseRechargeAmount(input: string | number): AmountCheck {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false };
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount < MIN_RECHARGE_AMOUNT || amount > MAX_RECHARGE_AMOUNT)
    return { ok: false };
  return { ok: true, amount };
}

export type DepositResult =
  | { readonly ok: true; readonly newBalance: number }
  | { readonly ok: false; readonly reason: 'invalid-amount' | 'invalid-balance' };

/**
 * The wallet's invariant in one place: a balance is a finite number of rupees, never below 0, and a
 * deposit adds a positive amount exactly (computed in paise).
 */
export function deposit(balance: number, amount: number): DepositResult {
  if (!Number.isFinite(balance) || balance < 0) return { ok: false, reason: 'invalid-balance' };
  if (!Number.isFinite(amount) || amount <= 0) return { ok: false, reason: 'invalid-amount' };
  return { ok: true, newBalance: fromPaise(toPaise(balance) + toPaise(amount)) };
}

const storedTransaction = z.object({
  distributorId: storedText,
  distributorName: storedText,
  adminId: storedText,
  adminName: storedText,
  amount: z
    .unknown()
    .optional()
    .transform((value) => asNumber(value) ?? 0),
  previousBalance: z
    .unknown()
    .optional()
    .transform((value) => asNumber(value) ?? 0),
  newBalance: z
    .unknown()
    .optional()
    .transform((value) => asNumber(value) ?? 0),
  timestamp: z.unknown().optional().transform(asInstant),
  description: storedText,
});

export function parseTransactionRecord(id: string, raw: unknown): RechargeTransaction {
  return { id, ...storedTransaction.parse(typeof raw === 'object' && raw !== null ? raw : {}) };
}

/** Newest first; undated transactions last, ties by id for a stable order. */
export function byNewestTransactionFirst(a: RechargeTransaction, b: RechargeTransaction): number {
  return (
    (b.timestamp?.getTime() ?? -Infinity) - (a.timestamp?.getTime() ?? -Infinity) || b.id.localeCompare(a.id)
  );
}
