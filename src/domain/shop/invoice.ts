import type { GstBreakdown } from './gst';
import type { HistoryActor } from './history';

/**
 * A repair's invoice or voucher as issued and then fixed (issue 18; owner-console.md "Invoice"): a
 * snapshot of everything the printed page shows, so a later edit of the store's settings or the repair
 * never changes an invoice already handed over. Building it from a repair, a store and its payments is
 * pure (this module); numbering is invoice-number.ts; GST is gst.ts; words are amount-in-words.ts.
 *
 * Kinds:
 * - 'tax-invoice': a store with a GSTIN (Rule 46 of the CGST Rules, for a customer without a GSTIN or
 *   with one);
 * - 'receipt': a store without a GSTIN (no tax shown);
 * - 'receipt-voucher': an advance taken by a store with a GSTIN before the tax invoice (Rule 50);
 * - 'refund-voucher': a refund of such an advance (Rule 51).
 * Each kind but 'receipt' / 'tax-invoice' (which share the invoice series) has its own series
 * (invoice-number.ts says how their numbers differ). Building one is invoice-build.ts.
 */
export type InvoiceKind = 'tax-invoice' | 'receipt' | 'receipt-voucher' | 'refund-voucher';

/** The titles the printed page carries, as the spec writes them. */
export const INVOICE_TITLES: Readonly<Record<InvoiceKind, string>> = {
  'tax-invoice': 'Tax Invoice',
  receipt: 'Receipt',
  'receipt-voucher': 'Receipt Voucher',
  'refund-voucher': 'Refund Voucher',
};

/** The shop as the invoice prints it. */
export interface InvoiceSeller {
  readonly name: string;
  readonly address: string;
  readonly city: string;
  /** The state's name ('Maharashtra'). */
  readonly state: string;
  /** GST's 2-digit state code ('27'), '' when unknown. */
  readonly stateCode: string;
  readonly pincode: string;
  readonly phone: string;
  /** '' for a receipt. */
  readonly gstin: string;
}

export interface InvoiceCustomer {
  readonly name: string;
  /** 10 digits. */
  readonly mobile: string;
  /** '' when the customer gave none. */
  readonly gstin: string;
}

export interface Invoice {
  /** The document id (the repair's for its invoice; the payment's for a voucher). */
  readonly id: string;
  readonly kind: InvoiceKind;
  /** 'SMC/26-27/0042': at most 16 characters (MAX_INVOICE_NUMBER_LENGTH). */
  readonly number: string;
  /** The financial year (its starting year) and serial the number carries. */
  readonly financialYear: number;
  readonly serial: number;
  readonly storeId: string;
  readonly repairDocId: string;
  readonly repairId: string;
  readonly issuedAt: Date;
  readonly issuedBy: HistoryActor;
  readonly seller: InvoiceSeller;
  readonly customer: InvoiceCustomer;
  /** 'Maharashtra (27)': the place of supply. */
  readonly placeOfSupply: string;
  /** The service: 'Repair of Samsung Galaxy A52: Screen broken'. */
  readonly description: string;
  /** The SAC of the service (DEFAULT_REPAIR_SAC unless the store's settings say). */
  readonly sac: string;
  /** The amounts (a receipt: rate 0, no tax; its taxable value is its total). */
  readonly gst: GstBreakdown;
  /** Whether the repair's price included GST (the store's pricesIncludeTax when issued). */
  readonly taxInclusive: boolean;
  /** An invoice: what the advance's receipt vouchers already took, shown as deducted ('' → 0). */
  readonly advanceDeductedPaise: number;
  /** The numbers of the vouchers deducted. */
  readonly advanceVoucherNumbers: readonly string[];
  /** total − advance deducted, never below zero. */
  readonly balancePaise: number;
  /** The total in words, Indian English ('Rupees One Thousand Three Hundred only'). */
  readonly amountInWords: string;
  /** A voucher: the payment it is for. */
  readonly paymentId: string | null;
  /** A refund voucher: the number of the receipt voucher whose advance it refunds (Rule 51); else ''. */
  readonly referenceNumber: string;
}

/** Ours: what the invoice page and every backend answer. */
export const INVOICE_MESSAGES = {
  noFinalAmount: 'Set the final amount of this repair before issuing its invoice.',
  cancelled: 'A cancelled repair gets no invoice.',
  invalidGstin: "Please enter the customer's GSTIN correctly (15 characters), or leave it empty.",
  noGstin: 'Receipt and refund vouchers are for stores with a GSTIN. Add the GSTIN in settings first.',
  notAnAdvance: 'A receipt voucher is for an advance taken before the tax invoice was issued.',
  noReceiptVoucher:
    'A refund voucher refunds an advance that has a receipt voucher. Issue that voucher first.',
  amountTooLarge: 'This amount is too large for an invoice.',
  numbersUsedUp: "This year's invoice numbers of this store are used up.",
  counterInvalid: "This store's invoice counter is damaged. Please contact support.",
  notFound: 'No invoice was issued for this repair yet.',
  needsNetwork: 'Issuing an invoice needs the network on this system. Please connect and try again.',
  issueFailed: 'The invoice could not be issued. Please try again.',
  loadFailed: 'The invoice could not be loaded. Please try again.',
} as const;

/** Whether a kind is a voucher's. */
export function isVoucherKind(kind: InvoiceKind): boolean {
  return kind === 'receipt-voucher' || kind === 'refund-voucher';
}
