import type { Invoice } from '../domain/shop/invoice';

/** What the invoice page sends to issue a repair's invoice. */
export interface IssueInvoiceRequest {
  /** The customer's GSTIN when the customer gives one ('' when not): another state's means IGST. */
  readonly customerGstin: string;
}

/**
 * A repair's invoice and its vouchers (issue 18, owner-console.md "Invoice"). Members of the repair's
 * store issue and read them; the customer reads the repair's invoice through its tracking link once it
 * exists. Numbers come from one counter per store, series and financial year, moved in the same
 * transaction (Firestore) or commit point (PouchDB, local memory: one JavaScript turn) as the invoice is
 * written: consecutive, never skipped, never reused. An issued invoice is fixed: nothing edits or
 * deletes it (a reopened or edited repair keeps it as issued).
 */
export interface ShopInvoiceRepository {
  /** The repair's invoice (tax invoice or receipt), or null when none was issued. Members of its store. */
  invoiceOf(repairDocId: string): Promise<Invoice | null>;
  /**
   * Issues the repair's invoice: a 'Tax Invoice' when the store has a GSTIN, else a 'Receipt', with
   * the store's and customer's details, the amounts and GST (domain/shop/invoice.ts) as they are now.
   * Once per repair: a second call answers the invoice already issued, unchanged. 'failed-precondition'
   * for a repair without a final amount or a cancelled one; 'invalid-argument' for a malformed GSTIN
   * (each with INVOICE_MESSAGES' message, domain/shop/invoice-build.ts); 'resource-exhausted' when the
   * year's numbers are used up; 'unavailable' where numbers need the network and it is out of reach
   * (Firestore's transaction; PouchDB with sync: docs/pouchdb.md "Invoices"). A refusal takes no number.
   */
  issue(repairDocId: string, request: IssueInvoiceRequest): Promise<Invoice>;
  /** The repair's receipt and refund vouchers (Rules 50 and 51), oldest first. Members of its store. */
  vouchersOf(repairDocId: string): Promise<Invoice[]>;
  /**
   * Issues the voucher of one payment of the repair: a 'Receipt Voucher' for an advance taken before the
   * tax invoice, a 'Refund Voucher' for a refund of it, numbered in their own series. Once per payment
   * (a second call answers the stored voucher). Stores with a GSTIN only ('failed-precondition'
   * otherwise, as for a payment after the invoice or a refund without a receipt voucher); 'not-found'
   * for a payment the repair does not have.
   */
  issueVoucher(repairDocId: string, paymentId: string): Promise<Invoice>;
  /**
   * The repair's invoice through its tracking link, for anyone holding the link (signed in or not), or
   * null when the link names nothing or no invoice was issued. Only what the printed invoice shows.
   */
  invoiceByTrackingToken(token: string): Promise<Invoice | null>;
}
