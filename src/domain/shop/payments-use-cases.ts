import { isPortError } from '../../ports/errors';
import type { NewShopPayment, RecordedPayment } from '../../ports/shop-repairs';
import { done, type FieldErrors, failed, invalid, type Outcome } from '../shared/validation';
import { formatPaise, parseRupeesInput, repairAmounts } from './amounts';
import { SHOP_MESSAGES } from './messages';
import { checkNewPayment, type PaymentCheck } from './payments';
import type { PaymentMode } from './repair-record';
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
  /** UPI payments: '' or the 12-digit UTR (spaces allowed between the digits); ignored for others. */
  readonly upiReference: string;
  /** A payment's optional note; a refund's required 'Reason'. */
  readonly note: string;
}

/** The dialog's fields a message goes under. */
export type PaymentField = 'amount' | 'mode' | 'upiReference' | 'note';

/** Why a payment was refused, beside the shop's reasons: a refund above what was paid. */
export type PaymentFailureReason = ShopFailureReason | 'above-paid';

export type RecordPaymentOutcome = Outcome<RecordedPayment, PaymentField, PaymentFailureReason>;

/**
 * Checks the dialog's fields and turns them into the port's entry: the amount typed in rupees (blank,
 * not a number, too large or ₹0 said under 'Amount (₹)'), then the entry itself by the domain's one
 * check (payments.ts checkNewPayment: mode, UPI Reference, note, a refund's reason; and a refund at
 * most `paidPaise`, when it is known). Each message goes under its field; the amount's and another
 * field's show together.
 */
export function checkPaymentForm(
  input: PaymentFormInput,
  paidPaise: number = Number.MAX_SAFE_INTEGER,
): Outcome<NewShopPayment, PaymentField, 'above-paid' | 'invalid-id'> {
  const fieldErrors: FieldErrors<PaymentField> = {};
  const parsed = parseRupeesInput(input.amount);
  if (!parsed.ok)
    fieldErrors.amount =
      parsed.reason === 'too-large' ? SHOP_MESSAGES.paymentAmountTooLarge : SHOP_MESSAGES.amountInvalid;
  else if (parsed.paise === null) fieldErrors.amount = PAYMENT_MESSAGES.amountRequired;
  else if (parsed.paise === 0) fieldErrors.amount = SHOP_MESSAGES.paymentAmountInvalid;
  // With a bad amount, the rest is still checked (a stand-in of 1 paisa), so both messages show.
  const amountPaise = parsed.ok && parsed.paise !== null && parsed.paise > 0 ? parsed.paise : 1;
  const checked: PaymentCheck = checkNewPayment(
    {
      id: input.id,
      kind: input.kind,
      amountPaise,
      mode: input.mode,
      upiReference: input.mode === 'upi' ? input.upiReference.replace(/-/g, '') : '',
      note: input.note,
    },
    fieldErrors.amount === undefined ? paidPaise : Number.MAX_SAFE_INTEGER,
  );
  if (!checked.ok) {
    // A bad id is the page's mistake, not the person's: said above the form, not under a field.
    if (checked.reason === 'invalid-id') return failed(checked.message ?? '', 'invalid-id');
    const [field, message] = Object.entries(checked.fieldErrors ?? {})[0] ?? [];
    if (field !== undefined && message !== undefined) fieldErrors[field as PaymentField] ??= message;
    if (checked.reason === 'refund-above-paid' && fieldErrors.amount !== undefined)
      return { ok: false, reason: 'above-paid', message: fieldErrors.amount, fieldErrors };
  }
  if (Object.keys(fieldErrors).length > 0) return invalid(fieldErrors);
  if (!checked.ok) return failed(checked.message ?? PAYMENT_MESSAGES.saveFailed, 'invalid-id');
  const entry = checked.value;
  return done({
    id: entry.id,
    kind: entry.kind,
    amountPaise: entry.amountPaise,
    mode: entry.mode,
    ...(entry.mode === 'upi' ? { upiReference: entry.upiReference } : {}),
    note: entry.note,
  });
}

/**
 * Records a payment ('Take Payment', members) or a refund ('Refund', the owner): checks the fields,
 * then the viewer's role and, for a refund, what was paid (the domain's one function over the repair's
 * payments, the figure the page shows), then asks the backend, which checks it all again. The entry's
 * id makes a retry apply once: a save whose answer was lost and is sent again answers the stored entry.
 */
export async function recordRepairPayment(
  ports: Pick<ShopPorts, 'shopMembers' | 'shopRepairs' | 'logger'>,
  repairDocId: string,
  input: PaymentFormInput,
): Promise<RecordPaymentOutcome> {
  const first = checkPaymentForm(input);
  if (!first.ok) return asOutcome(first);
  try {
    const found = await repairAndRole(ports, repairDocId);
    if (!found.ok) return found;
    const { repair, store } = found.value;
    let entry = first.value;
    if (entry.kind === 'refund') {
      if (store.role !== 'owner') return failed(SHOP_MESSAGES.refundOwnerOnly, 'not-permitted');
      const payments = await ports.shopRepairs.listPayments(repairDocId);
      // A retried refund (its id already stored) is not checked against the paid it left: the backend
      // answers the stored entry.
      if (!payments.some((payment) => payment.id === entry.id)) {
        const { paidPaise } = repairAmounts(repair.finalPaise, repair.estimatePaise, payments);
        const against = checkPaymentForm(input, paidPaise);
        if (!against.ok) return asOutcome(against);
        entry = against.value;
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
    if (first.value.kind === 'refund' && isPortError(error, 'failed-precondition')) {
      const payments = await ports.shopRepairs.listPayments(repairDocId).catch(() => null);
      const message =
        payments === null
          ? PAYMENT_MESSAGES.refundAbovePaidUnknown
          : SHOP_MESSAGES.refundAbovePaid(formatPaise(repairAmounts(null, null, payments).paidPaise));
      return { ok: false, reason: 'above-paid', message, fieldErrors: { amount: message } };
    }
    if (first.value.kind === 'refund' && isPortError(error, 'permission-denied'))
      return failed(SHOP_MESSAGES.refundOwnerOnly, 'not-permitted');
    return shopPortFailure(
      ports,
      `Recording a ${first.value.kind} on repair ${repairDocId}`,
      error,
      PAYMENT_MESSAGES.saveFailed,
    );
  }
}

/** A refused form as the use case answers it (a bad id is the page's: 'failed'). */
function asOutcome(
  refused: Exclude<ReturnType<typeof checkPaymentForm>, { ok: true }>,
): RecordPaymentOutcome {
  if (refused.reason === 'invalid-id')
    return failed(refused.message ?? PAYMENT_MESSAGES.saveFailed, 'failed');
  return refused.reason === 'above-paid'
    ? { ...refused, reason: 'above-paid' }
    : { ok: false, ...(refused.fieldErrors ? { fieldErrors: refused.fieldErrors } : {}) };
}

/** Ours: the payment dialogs' messages the domain's catalogue (messages.ts) does not have. */
export const PAYMENT_MESSAGES = {
  amountRequired: 'Please enter the amount.',
  refundAbovePaidUnknown: 'A refund cannot be more than what was paid. Please check the payments.',
  paymentSaved: (amount: string) => `Payment of ${amount} saved.`,
  refundSaved: (amount: string) => `Refund of ${amount} saved.`,
  saveFailed: 'Could not save the payment. Please try again.',
} as const;
