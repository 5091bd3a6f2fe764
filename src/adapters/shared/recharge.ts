import { toPaise } from '../../domain/shared/money';
import { isDistributor, type UserProfile } from '../../domain/users/user';
import { RECHARGE_DESCRIPTION } from '../../domain/wallet/messages';
import {
  deposit,
  MAX_RECHARGE_AMOUNT,
  MIN_RECHARGE_AMOUNT,
  parseRechargeAmount,
  parseTransactionRecord,
  type RechargeRequest,
  type RechargeTransaction,
} from '../../domain/wallet/wallet';
import { PortError } from '../../ports/errors';

/**
 * The recharge rules that every backend applies in the same way (memory, PouchDB, Firebase): the checks
 * of a request, the ledger id of an idempotency key, the answer to a retried request, and the ledger
 * record. Each backend adds only its own way of writing the balance and the record together.
 */

/** Idempotency keys are client-made ids: 8 to 128 letters, digits, '-' or '_' (firestore.rules checks the same). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The request is the signed-in admin's own, with a well-formed key and a valid amount. */
export function checkRechargeRequest(request: RechargeRequest, signedInUid: string): void {
  if (request.admin.id !== signedInUid) {
    throw new PortError('permission-denied', 'A recharge is recorded under your own account.');
  }
  if (!IDEMPOTENCY_KEY.test(request.idempotencyKey)) {
    throw new PortError('invalid-argument', 'The idempotency key is malformed.');
  }
  if (!parseRechargeAmount(request.amount).ok)
    throw new PortError('invalid-argument', 'The amount is not valid.');
}

/** The ledger entry's id: derived from the idempotency key, so a retried request finds its first result. */
export function rechargeIdOf(idempotencyKey: string): string {
  return `recharge-${idempotencyKey}`;
}

/** A retried request gets the transaction its key already made; the key reused for another recharge is a conflict. */
export function replayOf(id: string, stored: unknown, request: RechargeRequest): RechargeTransaction {
  const earlier = parseTransactionRecord(id, stored);
  if (earlier.distributorId !== request.distributorId || earlier.amount !== request.amount) {
    throw new PortError('conflict', 'This idempotency key was used for another recharge.');
  }
  return earlier;
}

/** The ledger record of a recharge, without its timestamp (each backend stamps its own kind of time). */
export interface RechargeRecord {
  readonly distributorId: string;
  readonly distributorName: string;
  readonly adminId: string;
  readonly adminName: string;
  readonly amount: number;
  readonly previousBalance: number;
  readonly newBalance: number;
  readonly description: string;
}

/** Checks the target (exists, is a distributor) and adds the amount to its balance (the wallet invariant). */
export function rechargeRecordFor(
  distributor: UserProfile | null,
  request: RechargeRequest,
  adminId: string,
): RechargeRecord {
  if (distributor === null) throw new PortError('not-found', 'No such distributor.');
  if (!isDistributor(distributor))
    throw new PortError('failed-precondition', 'This account is not a distributor.');
  const result = deposit(distributor.walletBalance, request.amount);
  if (!result.ok) throw new PortError('invalid-argument', 'The amount is not valid.');
  return {
    distributorId: distributor.uid,
    distributorName: distributor.name,
    adminId,
    adminName: request.admin.name,
    amount: request.amount,
    previousBalance: distributor.walletBalance,
    newBalance: result.newBalance,
    description: RECHARGE_DESCRIPTION,
  };
}

/**
 * The paise a ledger entry adds to its distributor's balance in a backend that keeps the balance as a
 * projection of the ledger (PouchDB): `ledgerPaise` of an entry checked as firestore.rules check a
 * recharge record, whatever device or sync peer wrote it: a recharge-… id, the description, an amount
 * of ₹1–₹10,00,000 in whole paise equal to ledgerPaise, a named admin, and newBalance = previousBalance
 * + amount. Anything else (seeded history without ledgerPaise, a forged entry) counts 0. That the admin
 * is a super admin is the caller's to check.
 */
export function countedLedgerPaise(
  entry: Readonly<Record<string, unknown>> & { readonly _id: string },
): number {
  const { ledgerPaise: paise, amount, previousBalance: before, newBalance: after } = entry;
  if (typeof paise !== 'number' || !Number.isInteger(paise)) return 0;
  if (typeof amount !== 'number' || typeof before !== 'number' || typeof after !== 'number') return 0;
  if (!entry._id.startsWith('recharge-') || entry.description !== RECHARGE_DESCRIPTION) return 0;
  if (typeof entry.adminId !== 'string' || entry.adminId === '') return 0;
  if (
    paise < toPaise(MIN_RECHARGE_AMOUNT) ||
    paise > toPaise(MAX_RECHARGE_AMOUNT) ||
    toPaise(amount) !== paise
  )
    return 0;
  return toPaise(after) === toPaise(before) + paise ? paise : 0;
}
