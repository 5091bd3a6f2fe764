import { isPortError, type PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import type { ShopInvoiceRepository } from '../../ports/shop-invoices';
import type { ShopRepairRepository } from '../../ports/shop-repairs';
import { done, failed, type Outcome } from '../shared/validation';
import type { Invoice } from './invoice';
import { INVOICE_MESSAGES, INVOICE_TITLES } from './invoice';
import { type InvoiceRefusal, normalGstin } from './invoice-build';
import { isValidGstin } from './settings';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';

/**
 * The invoice page's actions (owner-console.md "Invoice"; issue 18): issue the repair's invoice ('Tax
 * Invoice' or 'Receipt'), load it with its vouchers, issue a payment's voucher, and open the invoice
 * from a tracking link. Each answers an Outcome: the document, or a message for the page (under the
 * customer's GSTIN field when that is what is wrong). The backend checks everything again.
 */

/** What these use cases need (the app passes its backend's invoices port). */
export interface InvoicePorts {
  readonly invoices: ShopInvoiceRepository;
  readonly logger: Logger;
}

/**
 * Why an invoice action failed, beside the shop's reasons: the domain's refusals, the year's numbers
 * used up, and 'offline' (issuing needs the network on this system: Firestore's transaction, or
 * PouchDB with sync, where the sync server gives the numbers).
 */
export type InvoiceFailureReason = ShopFailureReason | InvoiceRefusal | 'numbers-used-up' | 'offline';

export type InvoiceOutcome = Outcome<Invoice, 'customerGstin', InvoiceFailureReason>;

/** The repair's invoice (null before one is issued) and its vouchers, oldest first. */
export interface LoadedInvoice {
  readonly invoice: Invoice | null;
  readonly vouchers: readonly Invoice[];
}

const REFUSALS: readonly InvoiceRefusal[] = [
  'no-final-amount',
  'cancelled',
  'invalid-gstin',
  'no-gstin',
  'not-an-advance',
  'no-receipt-voucher',
  'amount-too-large',
];

const MESSAGE_REASONS: ReadonlyMap<string, InvoiceRefusal> = new Map([
  [INVOICE_MESSAGES.noFinalAmount, 'no-final-amount'],
  [INVOICE_MESSAGES.cancelled, 'cancelled'],
  [INVOICE_MESSAGES.invalidGstin, 'invalid-gstin'],
  [INVOICE_MESSAGES.noGstin, 'no-gstin'],
  [INVOICE_MESSAGES.notAnAdvance, 'not-an-advance'],
  [INVOICE_MESSAGES.noReceiptVoucher, 'no-receipt-voucher'],
  [INVOICE_MESSAGES.amountTooLarge, 'amount-too-large'],
]);

/** The domain's refusal a port error carries (as its cause, or by its message), or null. */
function refusalOf(error: PortError): InvoiceRefusal | null {
  const cause = error.cause;
  if (typeof cause === 'string' && (REFUSALS as readonly string[]).includes(cause))
    return cause as InvoiceRefusal;
  return MESSAGE_REASONS.get(error.message) ?? null;
}

/** A failed issue as an outcome: the backend's refusals by their message, the rest as the shop's. */
function issueFailure(
  ports: InvoicePorts,
  what: string,
  error: unknown,
): Exclude<InvoiceOutcome, { ok: true }> {
  if (isPortError(error, 'invalid-argument') || isPortError(error, 'failed-precondition')) {
    const reason = refusalOf(error);
    if (reason === 'invalid-gstin')
      return { ok: false, reason, message: error.message, fieldErrors: { customerGstin: error.message } };
    if (reason !== null) return failed(error.message, reason);
  }
  if (isPortError(error, 'resource-exhausted'))
    return failed(INVOICE_MESSAGES.numbersUsedUp, 'numbers-used-up');
  if (isPortError(error, 'unavailable')) {
    ports.logger.error(`${what} failed`, error);
    return failed(INVOICE_MESSAGES.needsNetwork, 'offline');
  }
  return shopPortFailure(ports, what, error, INVOICE_MESSAGES.issueFailed);
}

/** "Tax Invoice SMC/26-27/0042 issued." */
function issuedMessage(invoice: Invoice): string {
  return `${INVOICE_TITLES[invoice.kind]} ${invoice.number} issued.`;
}

/**
 * 'Issue Invoice': the customer's GSTIN as typed (optional; another state's means IGST) is checked
 * first, under its field; then the backend numbers and stores the invoice, once per repair (a second
 * call answers the one issued).
 */
export async function issueInvoice(
  ports: InvoicePorts,
  repairDocId: string,
  input: { readonly customerGstin: string },
): Promise<InvoiceOutcome> {
  const customerGstin = normalGstin(input.customerGstin);
  if (customerGstin !== '' && !isValidGstin(customerGstin))
    return {
      ok: false,
      reason: 'invalid-gstin',
      message: INVOICE_MESSAGES.invalidGstin,
      fieldErrors: { customerGstin: INVOICE_MESSAGES.invalidGstin },
    };
  try {
    const invoice = await ports.invoices.issue(repairDocId, { customerGstin });
    return done(invoice, issuedMessage(invoice));
  } catch (error) {
    return issueFailure(ports, `Issuing the invoice of repair ${repairDocId}`, error);
  }
}

/** The repair's invoice (null before it is issued) and its vouchers. */
export async function loadInvoice(
  ports: InvoicePorts,
  repairDocId: string,
): Promise<Outcome<LoadedInvoice, never, ShopFailureReason>> {
  try {
    const [invoice, vouchers] = await Promise.all([
      ports.invoices.invoiceOf(repairDocId),
      ports.invoices.vouchersOf(repairDocId),
    ]);
    return done({ invoice, vouchers });
  } catch (error) {
    return shopPortFailure(
      ports,
      `Loading the invoice of repair ${repairDocId}`,
      error,
      INVOICE_MESSAGES.loadFailed,
    );
  }
}

/** A payment's 'Receipt Voucher' (an advance) or 'Refund Voucher' (its refund), once per payment. */
export async function issueVoucher(
  ports: InvoicePorts,
  repairDocId: string,
  paymentId: string,
): Promise<InvoiceOutcome> {
  try {
    const voucher = await ports.invoices.issueVoucher(repairDocId, paymentId);
    return done(voucher, issuedMessage(voucher));
  } catch (error) {
    return issueFailure(ports, `Issuing the voucher of payment ${paymentId} of repair ${repairDocId}`, error);
  }
}

/**
 * The vouchers a repair's payments still need (Rules 50, 51; a store with a GSTIN): a 'Receipt Voucher'
 * for each payment taken before the repair's invoice and a 'Refund Voucher' for each refund after a
 * receipt voucher, oldest first, each once (what was issued before is kept). For the job card after an
 * advance, and the invoice page before the invoice. A store without a GSTIN needs none: an empty list.
 * Answers the repair's vouchers after it.
 */
export async function issueAdvanceVouchers(
  ports: InvoicePorts & { readonly shopRepairs: Pick<ShopRepairRepository, 'listPayments'> },
  repairDocId: string,
): Promise<Outcome<readonly Invoice[], never, InvoiceFailureReason>> {
  try {
    const [payments, vouchers, invoice] = await Promise.all([
      ports.shopRepairs.listPayments(repairDocId),
      ports.invoices.vouchersOf(repairDocId),
      ports.invoices.invoiceOf(repairDocId),
    ]);
    const vouchered = new Set(vouchers.map((voucher) => voucher.paymentId));
    let receipts = vouchers.some((voucher) => voucher.kind === 'receipt-voucher');
    for (const payment of payments) {
      if (vouchered.has(payment.id)) continue;
      if (
        payment.kind === 'payment' &&
        invoice !== null &&
        invoice.issuedAt.getTime() <= payment.at.getTime()
      )
        continue;
      if (payment.kind === 'refund' && !receipts) continue;
      try {
        await ports.invoices.issueVoucher(repairDocId, payment.id);
        receipts ||= payment.kind === 'payment';
      } catch (error) {
        // A store without a GSTIN issues no vouchers: nothing to do, and nothing wrong.
        if (isPortError(error, 'failed-precondition') && refusalOf(error) === 'no-gstin') return done([]);
        throw error;
      }
    }
    return done(await ports.invoices.vouchersOf(repairDocId));
  } catch (error) {
    return issueFailure(ports, `Issuing the vouchers of repair ${repairDocId}`, error) as Exclude<
      Outcome<readonly Invoice[], never, InvoiceFailureReason>,
      { ok: true }
    >;
  }
}
