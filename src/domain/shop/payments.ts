import type { Failure, Outcome } from '../shared/validation';
import { done } from '../shared/validation';
import { formatPaise, MAX_AMOUNT_PAISE, type RepairDues, repairDues } from './amounts';
import { type HistoryActor, type HistoryEntry, MAX_NOTE_LENGTH, paymentHistoryEntry } from './history';
import { SHOP_MESSAGES } from './messages';
import { PAYMENT_MODES, type PaymentMode } from './repair-record';
import type { ShopRole } from './status';

/**
 * 'Take Payment' and 'Refund' of the repair page (../shared/spec/owner-console.md, "Payments"), purely:
 * the id a client makes for each entry, the checks of what was typed, and the plan of the write every
 * backend makes (the stored entry, its one history entry, paid and the dues fields moved by its amount).
 * Entries are never edited or deleted; a refund never takes paid below zero; refunds are for owners.
 */

/** How long the ids newPaymentId makes are (a backend accepts any 1–128 of the same characters). */
export const PAYMENT_ID_LENGTH = 20;
/** Ids of payment entries, as the write schema and the rules take them. */
export const PAYMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** A UPI payment's reference: the 12-digit UTR the customer's app shows. */
export const UPI_REFERENCE_PATTERN = /^[0-9]{12}$/;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A new payment id: 20 characters of [A-Za-z0-9_-] from crypto.getRandomValues (120 bits). The client
 * makes it once per entry, before the first try, so a retry or a re-sync is the same entry.
 */
export function newPaymentId(): string {
  const bytes = new Uint8Array(PAYMENT_ID_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % 64];
  return id;
}

export function isPaymentId(value: unknown): value is string {
  return typeof value === 'string' && PAYMENT_ID_PATTERN.test(value);
}

/** A payment or refund as 'Take Payment' and 'Refund' send it (the port's NewShopPayment). */
export interface PaymentRequest {
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  readonly amountPaise: number;
  readonly mode: PaymentMode | string;
  readonly upiReference?: string;
  readonly note: string;
}

/** A checked request: the note and UPI reference trimmed. */
export interface ValidPayment {
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  readonly amountPaise: number;
  readonly mode: PaymentMode;
  readonly upiReference: string;
  readonly note: string;
}

export type PaymentField = 'id' | 'amount' | 'mode' | 'upiReference' | 'note';

export type PaymentReason =
  | 'invalid-id'
  | 'invalid-amount'
  | 'amount-too-large'
  | 'invalid-mode'
  | 'invalid-upi-reference'
  | 'reason-required'
  | 'note-too-long'
  | 'refund-above-paid'
  | 'owner-only';

export type PaymentCheck = Outcome<ValidPayment, PaymentField, PaymentReason>;

function refuse(
  reason: PaymentReason,
  message: string,
  field?: PaymentField,
): Failure<PaymentField, PaymentReason> {
  return field === undefined
    ? { ok: false, reason, message }
    : { ok: false, reason, message, fieldErrors: { [field]: message } };
}

function isPaymentMode(value: unknown): value is PaymentMode {
  return typeof value === 'string' && (PAYMENT_MODES as readonly string[]).includes(value);
}

/**
 * Checks a payment or refund against what the repair has been paid so far: a positive whole number of
 * paise up to MAX_AMOUNT_PAISE, a known mode, a UPI reference ('' or 12 digits, UPI only), a note of at
 * most MAX_NOTE_LENGTH (a refund's reason required), and a refund at most `paidPaise`.
 */
export function checkNewPayment(request: PaymentRequest, paidPaise: number): PaymentCheck {
  if (!isPaymentId(request.id)) return refuse('invalid-id', SHOP_MESSAGES.paymentIdInvalid, 'id');
  const amount = request.amountPaise;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
    return refuse('invalid-amount', SHOP_MESSAGES.paymentAmountInvalid, 'amount');
  if (amount > MAX_AMOUNT_PAISE)
    return refuse('amount-too-large', SHOP_MESSAGES.paymentAmountTooLarge, 'amount');
  if (!isPaymentMode(request.mode)) return refuse('invalid-mode', SHOP_MESSAGES.paymentModeInvalid, 'mode');
  const upiReference = (request.upiReference ?? '').replace(/\s/g, '');
  if (upiReference !== '') {
    if (request.kind !== 'payment' || request.mode !== 'upi')
      return refuse('invalid-upi-reference', SHOP_MESSAGES.upiReferenceOnlyUpi, 'upiReference');
    if (!UPI_REFERENCE_PATTERN.test(upiReference))
      return refuse('invalid-upi-reference', SHOP_MESSAGES.upiReferenceInvalid, 'upiReference');
  }
  const note = (typeof request.note === 'string' ? request.note : '').trim();
  if (note.length > MAX_NOTE_LENGTH) return refuse('note-too-long', SHOP_MESSAGES.paymentNoteTooLong, 'note');
  if (request.kind !== 'payment' && request.kind !== 'refund')
    return refuse('invalid-amount', SHOP_MESSAGES.paymentAmountInvalid, 'amount');
  if (request.kind === 'refund') {
    if (note === '') return refuse('reason-required', SHOP_MESSAGES.refundReasonRequired, 'note');
    if (amount > Math.max(0, paidPaise))
      return refuse(
        'refund-above-paid',
        SHOP_MESSAGES.refundAbovePaid(formatPaise(Math.max(0, paidPaise))),
        'amount',
      );
  }
  return done({
    id: request.id,
    kind: request.kind,
    amountPaise: amount,
    mode: request.mode,
    upiReference,
    note,
  });
}

/** The repair as far as a payment needs it (ShopRepair has these). */
export interface PaymentCurrent {
  readonly status: string;
  readonly finalPaise: number | null;
  readonly estimatePaise: number | null;
  readonly paidPaise: number;
}

/** A stored payment entry (documents.ts PAYMENTS), in the domain's representation. */
export interface StoredPaymentEntry {
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  readonly amountPaise: number;
  readonly mode: PaymentMode;
  readonly upiReference: string;
  readonly at: Date;
  readonly by: HistoryActor;
  readonly note: string;
  readonly storeId: string;
}

/** The write a payment or refund makes, in one atomic write of every backend. */
export interface PaymentPlan {
  readonly payment: StoredPaymentEntry;
  /** The one history entry, by the caller, naming the payment. */
  readonly entry: HistoryEntry;
  /** What the repair has been paid after it. */
  readonly paidPaise: number;
  /** The dues fields after it (amounts.ts repairDues). */
  readonly dues: RepairDues;
}

export type PaymentPlanOutcome = Outcome<PaymentPlan, PaymentField, PaymentReason>;

/**
 * Plans a payment or refund on `current` by `actor`: checked (checkNewPayment against the repair's
 * paid), a refund only by the store's owner ('owner-only'), paid moved by the amount, and the dues
 * fields recomputed. `now` stamps the entry and the history (the backend's time).
 */
export function planPayment(
  current: PaymentCurrent,
  request: PaymentRequest,
  actor: HistoryActor & { readonly role: ShopRole },
  storeId: string,
  now: Date,
): PaymentPlanOutcome {
  if (request.kind === 'refund' && actor.role !== 'owner')
    return refuse('owner-only', SHOP_MESSAGES.refundOwnerOnly);
  const checked = checkNewPayment(request, current.paidPaise);
  if (!checked.ok) return checked;
  const valid = checked.value;
  const by = { uid: actor.uid, name: actor.name };
  const paidPaise = current.paidPaise + (valid.kind === 'payment' ? valid.amountPaise : -valid.amountPaise);
  const payment: StoredPaymentEntry = {
    id: valid.id,
    kind: valid.kind,
    amountPaise: valid.amountPaise,
    mode: valid.mode,
    upiReference: valid.upiReference,
    at: now,
    by,
    note: valid.note,
    storeId,
  };
  const entry = paymentHistoryEntry(
    valid.kind,
    current.status,
    by,
    now,
    valid.note,
    valid.amountPaise,
    valid.id,
  );
  return done({
    payment,
    entry,
    paidPaise,
    dues: repairDues(current.status, current.finalPaise, current.estimatePaise, paidPaise),
  });
}
