import { done, type Failure, type Outcome } from '../shared/validation';
import { amountInWords } from './amount-in-words';
import {
  computeGst,
  GST_STATE_NAMES,
  type GstBreakdown,
  gstCodeOfState,
  gstStateCode,
  gstSupplyBetween,
} from './gst';
import type { HistoryActor } from './history';
import { INVOICE_MESSAGES, type Invoice, type InvoiceKind, type InvoiceSeller } from './invoice';
import type { IssuedNumber } from './invoice-number';
import { isValidGstin, type StoreSettings } from './settings';

/**
 * Building a repair's invoice or voucher, purely (issue 18, "Invoices"; owner-console.md "Invoice"):
 * what the printed page shows, from the repair, the store's settings, its payments and vouchers, the
 * number its series gave (invoice-number.ts), the time and who issues it. The result is stored as it is
 * and never changes (a later edit of the repair or the settings leaves it alone).
 *
 * - Kind: a store with a GSTIN issues a 'tax-invoice', one without a 'receipt' (no tax shown: rate 0,
 *   the total is the taxable value).
 * - GST (gst.ts computeGst): the repair's final amount, at the store's rate (18% unless set), tax-inclusive
 *   unless the store's pricesIncludeTax says false; intra-state (CGST + SGST) unless the customer gives a
 *   GSTIN of another state than the store's (IGST).
 * - Place of supply: the customer's state for an inter-state supply (the recipient's registered
 *   location), else the store's: 'Maharashtra (27)'.
 * - Advance: a tax invoice deducts what the repair's receipt vouchers took, less its refund vouchers
 *   (Rules 50, 51: tax on those was already accounted for by the vouchers); a receipt deducts what was
 *   paid before it (payments less refunds). Balance = total − deducted, never below zero.
 * - Vouchers (buildVoucher): a 'receipt-voucher' for an advance (a payment taken before the tax invoice)
 *   carries the GST within the amount received (tax-inclusive, at the store's rate, intra-state); a
 *   'refund-voucher' for a refund of it names the receipt voucher it refunds (the latest one) and
 *   carries the GST within the amount refunded at that voucher's rate and supply. Stores with a GSTIN
 *   only.
 */

/** Why an invoice or voucher cannot be issued (each has a message in INVOICE_MESSAGES). */
export type InvoiceRefusal =
  | 'no-final-amount'
  | 'cancelled'
  | 'invalid-gstin'
  | 'no-gstin'
  | 'not-an-advance'
  | 'no-receipt-voucher'
  | 'amount-too-large';

const REFUSAL_MESSAGES: Readonly<Record<InvoiceRefusal, string>> = {
  'no-final-amount': INVOICE_MESSAGES.noFinalAmount,
  cancelled: INVOICE_MESSAGES.cancelled,
  'invalid-gstin': INVOICE_MESSAGES.invalidGstin,
  'no-gstin': INVOICE_MESSAGES.noGstin,
  'not-an-advance': INVOICE_MESSAGES.notAnAdvance,
  'no-receipt-voucher': INVOICE_MESSAGES.noReceiptVoucher,
  'amount-too-large': INVOICE_MESSAGES.amountTooLarge,
};

/** The port error code each refusal is answered with. */
export function refusalCode(reason: InvoiceRefusal): 'invalid-argument' | 'failed-precondition' {
  return reason === 'invalid-gstin' || reason === 'amount-too-large'
    ? 'invalid-argument'
    : 'failed-precondition';
}

export type InvoiceOutcome = Outcome<Invoice, 'customerGstin', InvoiceRefusal>;

function refuse(reason: InvoiceRefusal): Failure<'customerGstin', InvoiceRefusal> {
  const message = REFUSAL_MESSAGES[reason];
  return reason === 'invalid-gstin'
    ? { ok: false, reason, message, fieldErrors: { customerGstin: message } }
    : { ok: false, reason, message };
}

/** The repair as an invoice needs it (ShopRepair has these). */
export interface InvoiceRepair {
  readonly repairId: string;
  readonly status: string;
  readonly customerName: string;
  readonly customerMobile: string;
  readonly productName: string;
  readonly problemList: readonly string[];
  /** The final amount in paise, or null when none was set. */
  readonly finalPaise: number | null;
}

/** The store as an invoice needs it. */
export interface InvoiceStore {
  readonly id: string;
  readonly name: string;
  readonly settings: StoreSettings;
}

/** A payment or refund of the repair (ShopPayment has these). */
export interface InvoicePayment {
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  readonly amountPaise: number;
  readonly at: Date;
}

/** A customer's GSTIN as typed: trimmed, upper case, no spaces ('' when none). */
export function normalGstin(typed: string): string {
  return typed.replace(/\s/g, '').toUpperCase();
}

/** The longest description an invoice stores (documents.ts INVOICES says the same). */
export const MAX_INVOICE_DESCRIPTION = 300;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** 'Repair of Samsung Galaxy A52: Screen broken, Battery problem'. */
export function invoiceDescription(repair: InvoiceRepair): string {
  const device = repair.productName.trim() || 'device';
  const problems = repair.problemList.map((p) => p.trim()).filter((p) => p !== '');
  return clip(
    `Repair of ${device}${problems.length > 0 ? `: ${problems.join(', ')}` : ''}`,
    MAX_INVOICE_DESCRIPTION,
  );
}

/** 'Maharashtra (27)', or the state alone when its code is unknown. */
export function placeOfSupplyLabel(state: string, code: string): string {
  if (code === '') return state;
  return `${state || GST_STATE_NAMES[code] || ''} (${code})`.trim();
}

function sellerOf(store: InvoiceStore, withGstin: boolean): InvoiceSeller {
  const s = store.settings;
  const stateCode = (withGstin ? gstStateCode(s.gstin) : null) ?? gstCodeOfState(s.state);
  return {
    name: store.name,
    address: s.address,
    city: s.city,
    state: s.state || GST_STATE_NAMES[stateCode] || '',
    stateCode,
    pincode: s.pincode,
    phone: s.phone,
    gstin: withGstin ? s.gstin : '',
  };
}

/** No tax: a receipt's amounts. */
function untaxed(totalPaise: number): GstBreakdown {
  return {
    ratePercent: 0,
    supply: 'intra-state',
    taxablePaise: totalPaise,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise,
  };
}

/**
 * Whether a repair may get its invoice, before a number is taken (a refused issue never moves the
 * counter): a final amount, not cancelled, a customer GSTIN of the right shape or none. The normalised
 * GSTIN when it may.
 */
export function checkInvoiceable(
  repair: InvoiceRepair,
  customerGstin: string,
): Outcome<string, 'customerGstin', InvoiceRefusal> {
  if (repair.status.trim() === 'cancelled') return refuse('cancelled');
  if (repair.finalPaise === null) return refuse('no-final-amount');
  const gstin = normalGstin(customerGstin);
  if (gstin !== '' && !isValidGstin(gstin)) return refuse('invalid-gstin');
  return done(gstin);
}

export interface BuildInvoiceInput {
  readonly repairDocId: string;
  readonly repair: InvoiceRepair;
  readonly store: InvoiceStore;
  /** As typed ('' when the customer gives none). */
  readonly customerGstin: string;
  /** The repair's payments and refunds (a receipt deducts what was paid). */
  readonly payments: readonly InvoicePayment[];
  /** The repair's vouchers issued so far (a tax invoice deducts the advance they took). */
  readonly vouchers: readonly Invoice[];
  /** From its series (nextInSeries, series 'invoice'). */
  readonly number: Pick<IssuedNumber, 'number' | 'fy' | 'serial'>;
  readonly now: Date;
  readonly by: HistoryActor;
}

/** What every invoice and voucher says of its issue: its id, kind and number, the repair, who and when. */
function issueHead(
  input: Pick<BuildInvoiceInput, 'repairDocId' | 'repair' | 'store' | 'number' | 'now' | 'by'>,
  id: string,
  kind: InvoiceKind,
) {
  return {
    id,
    kind,
    number: input.number.number,
    financialYear: input.number.fy,
    serial: input.number.serial,
    storeId: input.store.id,
    repairDocId: input.repairDocId,
    repairId: input.repair.repairId,
    issuedAt: input.now,
    issuedBy: { uid: input.by.uid, name: input.by.name },
  };
}

/** The kind of invoice a store issues: 'tax-invoice' with a GSTIN, else 'receipt'. */
export function invoiceKindFor(settings: StoreSettings): 'tax-invoice' | 'receipt' {
  return settings.gstin !== '' ? 'tax-invoice' : 'receipt';
}

/**
 * The repair's invoice (its id is the repair's document id), or why it cannot be issued.
 * Twin: firestore.rules isInvoiceOf (kind, rate, pricing, the final amount); compared by
 * tests/app/twin-rules.test.ts.
 */
export function buildInvoice(input: BuildInvoiceInput): InvoiceOutcome {
  const checked = checkInvoiceable(input.repair, input.customerGstin);
  if (!checked.ok) return checked;
  const customerGstin = checked.value;
  const settings = input.store.settings;
  const kind = invoiceKindFor(settings);
  const finalPaise = input.repair.finalPaise ?? 0;
  const seller = sellerOf(input.store, kind === 'tax-invoice');
  let gst: GstBreakdown;
  let placeOfSupply: string;
  try {
    if (kind === 'tax-invoice') {
      const supply = gstSupplyBetween(settings.gstin, customerGstin);
      gst = computeGst({
        amountPaise: finalPaise,
        taxInclusive: settings.pricesIncludeTax,
        ratePercent: settings.gstRatePercent,
        supply,
      });
      const customerCode = gstStateCode(customerGstin) ?? '';
      placeOfSupply =
        supply === 'inter-state'
          ? placeOfSupplyLabel(GST_STATE_NAMES[customerCode] ?? '', customerCode)
          : placeOfSupplyLabel(seller.state, seller.stateCode);
    } else {
      computeGst({ amountPaise: finalPaise });
      gst = untaxed(finalPaise);
      placeOfSupply = placeOfSupplyLabel(seller.state, seller.stateCode);
    }
  } catch {
    return refuse('amount-too-large');
  }
  let advance = 0;
  let advanceVoucherNumbers: string[] = [];
  if (kind === 'tax-invoice') {
    const vouchers = input.vouchers.filter((v) => v.repairDocId === input.repairDocId);
    for (const v of vouchers)
      advance +=
        v.kind === 'receipt-voucher' ? v.gst.totalPaise : v.kind === 'refund-voucher' ? -v.gst.totalPaise : 0;
    advanceVoucherNumbers = vouchers
      .filter((v) => v.kind === 'receipt-voucher' || v.kind === 'refund-voucher')
      .map((v) => v.number);
  } else {
    for (const p of input.payments) advance += p.kind === 'payment' ? p.amountPaise : -p.amountPaise;
  }
  const advanceDeductedPaise = Math.min(gst.totalPaise, Math.max(0, advance));
  return done({
    ...issueHead(input, input.repairDocId, kind),
    seller,
    customer: {
      name: input.repair.customerName,
      mobile: input.repair.customerMobile,
      gstin: customerGstin,
    },
    placeOfSupply,
    description: invoiceDescription(input.repair),
    sac: settings.sacCode,
    gst,
    taxInclusive: kind === 'tax-invoice' ? settings.pricesIncludeTax : true,
    advanceDeductedPaise,
    advanceVoucherNumbers,
    balancePaise: gst.totalPaise - advanceDeductedPaise,
    amountInWords: amountInWords(gst.totalPaise),
    paymentId: null,
    referenceNumber: '',
  });
}

export interface BuildVoucherInput {
  readonly repairDocId: string;
  readonly repair: InvoiceRepair;
  readonly store: InvoiceStore;
  readonly payment: InvoicePayment;
  /** The repair's invoice when one was issued (an advance is a payment before it). */
  readonly invoice: Invoice | null;
  /** The repair's vouchers issued so far, oldest first (a refund voucher names the latest receipt one). */
  readonly vouchers: readonly Invoice[];
  readonly number: Pick<IssuedNumber, 'number' | 'fy' | 'serial'>;
  readonly now: Date;
  readonly by: HistoryActor;
}

/** The kind of voucher a payment gets: a receipt voucher for a payment, a refund voucher for a refund. */
export function voucherKindOf(payment: Pick<InvoicePayment, 'kind'>): 'receipt-voucher' | 'refund-voucher' {
  return payment.kind === 'refund' ? 'refund-voucher' : 'receipt-voucher';
}

/**
 * Whether a payment may get its voucher, before a number is taken: a store with a GSTIN; a receipt
 * voucher for a payment taken before the repair's invoice was issued (an invoice issued later than the
 * payment still makes it an advance); a refund voucher for a refund when a receipt voucher exists.
 */
export function checkVoucherable(
  input: Omit<BuildVoucherInput, 'number' | 'now' | 'by'>,
): Outcome<Invoice | null, never, InvoiceRefusal> {
  if (input.store.settings.gstin === '') return refuse('no-gstin') as Failure<never, InvoiceRefusal>;
  const kind = voucherKindOf(input.payment);
  if (kind === 'receipt-voucher') {
    if (input.invoice !== null && input.invoice.issuedAt.getTime() <= input.payment.at.getTime())
      return refuse('not-an-advance') as Failure<never, InvoiceRefusal>;
    return done(null);
  }
  const receipts = input.vouchers.filter((v) => v.kind === 'receipt-voucher');
  const referenced = receipts[receipts.length - 1];
  if (referenced === undefined) return refuse('no-receipt-voucher') as Failure<never, InvoiceRefusal>;
  return done(referenced);
}

/**
 * A payment's voucher (its id is the payment's), or why it cannot be issued.
 * Twin: firestore.rules isVoucherOf (kind, amount, rate; the advance before the invoice is checked here
 * only); compared by tests/app/twin-rules.test.ts.
 */
export function buildVoucher(input: BuildVoucherInput): Outcome<Invoice, never, InvoiceRefusal> {
  const checked = checkVoucherable(input);
  if (!checked.ok) return checked;
  const referenced = checked.value;
  const kind = voucherKindOf(input.payment);
  const settings = input.store.settings;
  let gst: GstBreakdown;
  try {
    gst = computeGst({
      amountPaise: input.payment.amountPaise,
      taxInclusive: true,
      ratePercent: referenced?.gst.ratePercent ?? settings.gstRatePercent,
      supply: referenced?.gst.supply ?? 'intra-state',
    });
  } catch {
    return refuse('amount-too-large') as Failure<never, InvoiceRefusal>;
  }
  const seller = sellerOf(input.store, true);
  const device = input.repair.productName.trim() || 'device';
  const what = kind === 'receipt-voucher' ? 'Advance for repair' : 'Refund of advance for repair';
  return done({
    ...issueHead(input, input.payment.id, kind),
    seller,
    customer: { name: input.repair.customerName, mobile: input.repair.customerMobile, gstin: '' },
    placeOfSupply: referenced?.placeOfSupply ?? placeOfSupplyLabel(seller.state, seller.stateCode),
    description: clip(`${what} of ${device} (${input.repair.repairId})`, MAX_INVOICE_DESCRIPTION),
    sac: settings.sacCode,
    gst,
    taxInclusive: true,
    advanceDeductedPaise: 0,
    advanceVoucherNumbers: [],
    balancePaise: gst.totalPaise,
    amountInWords: amountInWords(gst.totalPaise),
    paymentId: input.payment.id,
    referenceNumber: referenced?.number ?? '',
  });
}

const KIND_ORDER: Readonly<Record<InvoiceKind, number>> = {
  'receipt-voucher': 0,
  'refund-voucher': 1,
  'tax-invoice': 2,
  receipt: 2,
};

/**
 * Oldest first, as the port lists vouchers: by the time issued, then a receipt voucher before the refund
 * voucher that refunds it (both may carry one instant), then serial and id.
 */
export function byIssue(a: Invoice, b: Invoice): number {
  return (
    a.issuedAt.getTime() - b.issuedAt.getTime() ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    a.serial - b.serial ||
    a.id.localeCompare(b.id)
  );
}
