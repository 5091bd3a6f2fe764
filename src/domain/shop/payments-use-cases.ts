import { isPortError } from '../../ports/errors';
import type { NewShopPayment, RecordedPayment } from '../../ports/shop-repairs';
import { done, type FieldErrors, failed, invalid, type Outcome } from '../shared/validation';
import { formatPaise, parseRupeesInput, repairAmounts } from './amounts';
import { SHOP_MESSAGES } from './messages';
import { PAYMENT_MODES, type PaymentMode } from './repair-record';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';
import { repairAndRole, type ShopPorts } from './shop-use-cases';

/**
 * The repair page's 'Take Payment' and 'Refund' (../shared/spec/owner-console.md, "Payments"): what
 * was typed in the dialog becomes a new entry (the port's NewShopPayment), checked first so that each
 * message goes under its field; the backend checks it all again. Staff take payments; refunds are for
 * the store's owner, and never above what was paid.
 */

/** The dialog's fields as typed. `id` is the entry id the dialog made once (newPaymentId). */
export interface PaymentFormInput {
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  /** Rupees as typed ('1500', '₹1,499.50'). */
  readonly amount: string;
  readonly mode: PaymentMode;
  /** UPI payments: '' or the 12-digit UTR (spaces allowed between the digits). */
  readonly upiReference: string;
  /** A payment's optional note; a refund's required 'Reason'. */
  readonly note: string;
}

export type PaymentField = 'amount' | 'mode' | 'upiReference' | 'note';

/** Why a payment was refused, beside the shop's reasons: a refund above what was paid. */
export type PaymentFailureReason = ShopFailureReason | 'above-paid';

export type RecordPaymentOutcome = Outcome<RecordedPayment, PaymentField, PaymentFailureReason>;

/**
 * Checks the dialog's fields and turns them into the port's entry: the amount in paise (positive, at
 * most MAX_AMOUNT_PAISE), a known mode, a UPI Reference only for UPI and then '' or 12 digits, a note
 * of at most MAX_PAYMENT_NOTE, and a refund's reason.
 */
export function checkPaymentForm(input: PaymentFormInput): Outcome<NewShopPayment, PaymentField> {
  const fieldErrors: FieldErrors<PaymentField> = {};
  const parsed = parseRupeesInput(input.amount);
  let amountPaise = 0;
  if (!parsed.ok)
    fieldErrors.amount =
      parsed.reason === 'too-large' ? SHOP_MESSAGES.amountTooLarge : SHOP_MESSAGES.amountInvalid;
  else if (parsed.paise === null) fieldErrors.amount = PAYMENT_MESSAGES.amountRequired;
  else if (parsed.paise === 0) fieldErrors.amount = PAYMENT_MESSAGES.amountZero;
  else amountPaise = parsed.paise;
  if (!PAYMENT_MODES.includes(input.mode)) fieldErrors.mode = PAYMENT_MESSAGES.modeRequired;
  const upiReference = input.mode === 'upi' ? input.upiReference.replace(/[\s-]/g, '') : '';
  if (upiReference !== '' && !/^\d{12}$/.test(upiReference))
    fieldErrors.upiReference = PAYMENT_MESSAGES.upiReferenceInvalid;
  const note = input.note.trim();
  if (input.kind === 'refund' && note === '') fieldErrors.note = PAYMENT_MESSAGES.refundReasonRequired;
  else if (note.length > MAX_PAYMENT_NOTE) fieldErrors.note = SHOP_MESSAGES.noteTooLong;
  if (Object.keys(fieldErrors).length > 0) return invalid(fieldErrors);
  return done({
    id: input.id,
    kind: input.kind,
    amountPaise,
    mode: input.mode,
    ...(input.mode === 'upi' ? { upiReference } : {}),
    note,
  });
}

/** A payment's note or a refund's reason, at most (as a status note). */
export const MAX_PAYMENT_NOTE = 500;

/**
 * Records a payment ('Take Payment', members) or a refund ('Refund', the owner): checks the fields,
 * then the viewer's role and, for a refund, what was paid (the domain's one function over the repair's
 * payments), then asks the backend. The entry's id makes a retry apply once: a save whose answer was
 * lost and is sent again answers the entry already stored.
 */
export async function recordRepairPayment(
  ports: Pick<ShopPorts, 'shopMembers' | 'shopRepairs' | 'logger'>,
  repairDocId: string,
  input: PaymentFormInput,
): Promise<RecordPaymentOutcome> {
  const checked = checkPaymentForm(input);
  if (!checked.ok) return checked;
  const entry = checked.value;
  try {
    const found = await repairAndRole(ports, repairDocId);
    if (!found.ok) return found;
    const { repair, store } = found.value;
    if (entry.kind === 'refund') {
      if (store.role !== 'owner') return failed(PAYMENT_MESSAGES.refundOwnerOnly, 'not-permitted');
      const payments = await ports.shopRepairs.listPayments(repairDocId);
      // A retried refund (its id already stored) is not above what was paid: the backend answers it.
      if (!payments.some((payment) => payment.id === entry.id)) {
        const { paidPaise } = repairAmounts(repair.finalPaise, repair.estimatePaise, payments);
        if (entry.amountPaise > paidPaise) return refundAbovePaid(paidPaise);
      }
    }
    const recorded = await ports.shopRepairs.recordPayment(repairDocId, entry);
    const amount = formatPaise(recorded.payment.amountPaise);
    return done(
      recorded,
      recorded.payment.kind === 'refund'
        ? PAYMENT_MESSAGES.refundSaved(amount)
        : PAYMENT_MESSAGES.paymentSaved(amount),
    );
  } catch (error) {
    // Another device's refund landed meanwhile: the backend keeps paid at or above zero.
    if (entry.kind === 'refund' && isPortError(error, 'failed-precondition')) {
      const payments = await ports.shopRepairs.listPayments(repairDocId).catch(() => null);
      return refundAbovePaid(payments === null ? null : repairAmounts(null, null, payments).paidPaise);
    }
    if (entry.kind === 'refund' && isPortError(error, 'permission-denied'))
      return failed(PAYMENT_MESSAGES.refundOwnerOnly, 'not-permitted');
    return shopPortFailure(
      ports,
      `Recording a ${entry.kind} on repair ${repairDocId}`,
      error,
      PAYMENT_MESSAGES.saveFailed,
    );
  }
}

function refundAbovePaid(paidPaise: number | null): RecordPaymentOutcome {
  const message =
    paidPaise === null
      ? PAYMENT_MESSAGES.refundAbovePaidUnknown
      : PAYMENT_MESSAGES.refundAbovePaid(formatPaise(paidPaise));
  return { ok: false, reason: 'above-paid', message, fieldErrors: { amount: message } };
}

/** Ours: the payment dialogs' messages, where the spec is silent. */
export const PAYMENT_MESSAGES = {
  amountRequired: 'Please enter the amount.',
  amountZero: 'Please enter an amount above ₹0.',
  modeRequired: "Please choose how it was paid: 'Cash', 'UPI' or 'Card'.",
  upiReferenceInvalid:
    "A UPI Reference is the 12-digit UTR the customer's UPI app shows. Please check it, or leave it empty.",
  refundReasonRequired: 'Please give the reason for the refund.',
  refundOwnerOnly: 'Only the shop owner can refund a payment.',
  refundAbovePaid: (paid: string) => `A refund cannot be more than what was paid (${paid}).`,
  refundAbovePaidUnknown: 'A refund cannot be more than what was paid. Please check the payments.',
  paymentSaved: (amount: string) => `Payment of ${amount} saved.`,
  refundSaved: (amount: string) => `Refund of ${amount} saved.`,
  saveFailed: 'Could not save the payment. Please try again.',
} as const;
