import { asInstant } from '../shared/time';
import type { Invoice, InvoiceKind } from './invoice';

/*
 * An invoice's stored form, written and read with plain functions: the console's backends store
 * invoices with them, and the customer's tracking link reads its invoice copy with them alone (issue 19).
 */

/**
 * The stored document of an invoice (documents.ts INVOICES, `repairs/{repairDocId}/invoices/{id}`) in
 * the domain's representation: the Invoice's own fields (instants as Dates; PouchDB's toStored writes
 * them as ISO text).
 */
export function storedInvoice(invoice: Invoice): Record<string, unknown> {
  return {
    ...invoice,
    issuedBy: { ...invoice.issuedBy },
    seller: { ...invoice.seller },
    customer: { ...invoice.customer },
    gst: { ...invoice.gst },
    advanceVoucherNumbers: [...invoice.advanceVoucherNumbers],
  };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const whole = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
const KINDS: readonly InvoiceKind[] = ['tax-invoice', 'receipt', 'receipt-voucher', 'refund-voucher'];

/** A stored invoice as the page reads it, or null when the document is not one. */
export function parseStoredInvoice(raw: unknown): Invoice | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const kind = KINDS.find((k) => k === r.kind);
  const issuedAt = asInstant(r.issuedAt);
  if (kind === undefined || issuedAt === null || str(r.number) === '') return null;
  const obj = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const seller = obj(r.seller);
  const customer = obj(r.customer);
  const gst = obj(r.gst);
  const by = obj(r.issuedBy);
  return {
    id: str(r.id),
    kind,
    number: str(r.number),
    financialYear: whole(r.financialYear),
    serial: whole(r.serial),
    storeId: str(r.storeId),
    repairDocId: str(r.repairDocId),
    repairId: str(r.repairId),
    issuedAt,
    issuedBy: { uid: str(by.uid), name: str(by.name) },
    seller: {
      name: str(seller.name),
      address: str(seller.address),
      city: str(seller.city),
      state: str(seller.state),
      stateCode: str(seller.stateCode),
      pincode: str(seller.pincode),
      phone: str(seller.phone),
      gstin: str(seller.gstin),
    },
    customer: { name: str(customer.name), mobile: str(customer.mobile), gstin: str(customer.gstin) },
    placeOfSupply: str(r.placeOfSupply),
    description: str(r.description),
    sac: str(r.sac),
    gst: {
      ratePercent: whole(gst.ratePercent),
      supply: gst.supply === 'inter-state' ? 'inter-state' : 'intra-state',
      taxablePaise: whole(gst.taxablePaise),
      cgstPaise: whole(gst.cgstPaise),
      sgstPaise: whole(gst.sgstPaise),
      igstPaise: whole(gst.igstPaise),
      totalPaise: whole(gst.totalPaise),
    },
    taxInclusive: r.taxInclusive !== false,
    advanceDeductedPaise: whole(r.advanceDeductedPaise),
    advanceVoucherNumbers: Array.isArray(r.advanceVoucherNumbers)
      ? r.advanceVoucherNumbers.filter((n): n is string => typeof n === 'string')
      : [],
    balancePaise: whole(r.balancePaise),
    amountInWords: str(r.amountInWords),
    paymentId: typeof r.paymentId === 'string' ? r.paymentId : null,
    referenceNumber: str(r.referenceNumber),
  };
}
