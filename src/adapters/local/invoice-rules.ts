import type { HistoryActor } from '../../domain/shop/history';
import type { Invoice } from '../../domain/shop/invoice';
import { INVOICE_MESSAGES } from '../../domain/shop/invoice';
import {
  buildInvoice,
  buildVoucher,
  checkInvoiceable,
  checkVoucherable,
  type InvoiceRefusal,
  type InvoiceRepair,
  refusalCode,
  voucherKindOf,
} from '../../domain/shop/invoice-build';
import {
  type InvoiceSeries,
  type IssuedNumber,
  invoiceCounterMoveProblem,
  nextInSeries,
  parseInvoiceCounter,
  type StoredInvoiceCounter,
} from '../../domain/shop/invoice-number';
import { storedInvoice } from '../../domain/shop/invoice-record';
import { storeRepairIdPrefix } from '../../domain/shop/repair-id';
import { parseStoreSettings } from '../../domain/shop/settings';
import { INVOICE_COUNTERS, INVOICES } from '../../domain/stored/documents';
import { type Representation, schemaProblem } from '../../domain/stored/schema';
import { PortError } from '../../ports/errors';
import type { ShopPayment } from '../../ports/shop-repairs';
import type { ShopAccess } from './local-rules';

/**
 * The local backends' rules and plan for invoices (memory and PouchDB; firestore.rules says the same
 * for Firestore, the sync gateway for what devices push): members of the repair's store issue and read;
 * a refused issue takes no number; the series' counter moves by exactly one with the document that
 * carries its number (invoice-number.ts invoiceCounterMoveProblem); both documents fit their write
 * schemas (documents.ts INVOICES, INVOICE_COUNTERS). The adapters load what is named here, call
 * planInvoice / planVoucher with the counter they read, and write the counter (the commit point), then
 * the document.
 */

/** What an issue reads before it plans (the adapters load it; the counter is read at each attempt). */
export interface InvoiceSources {
  readonly repairDocId: string;
  readonly repair: InvoiceRepair;
  readonly access: ShopAccess;
  /** The stores document, as stored (settings: GSTIN, rate, SAC, address, Repair ID prefix). */
  readonly storeRaw: Readonly<Record<string, unknown>> | null;
  /** The store's Repair ID counter, as stored (its prefix is the series' prefix), or null. */
  readonly repairCounterRaw: Readonly<Record<string, unknown>> | null;
  readonly payments: readonly ShopPayment[];
  /** The repair's vouchers, oldest first. */
  readonly vouchers: readonly Invoice[];
  /** The repair's invoice, or null. */
  readonly invoice: Invoice | null;
  readonly by: HistoryActor;
  readonly now: Date;
}

/** What an issue writes: the counter (first, the commit point) and the document. */
export interface InvoicePlan {
  readonly invoice: Invoice;
  readonly counter: StoredInvoiceCounter;
  readonly counterBefore: StoredInvoiceCounter | null;
}

function refusal(reason: InvoiceRefusal, message: string | undefined): PortError {
  return new PortError(refusalCode(reason), message ?? INVOICE_MESSAGES.issueFailed, { cause: reason });
}

/** The prefix a new series takes: the store's Repair ID prefix (its counter's once it has one). */
function seriesPrefix(sources: InvoiceSources): string {
  return storeRepairIdPrefix(sources.repairCounterRaw ?? null, {
    repairIdPrefix: sources.storeRaw?.repairIdPrefix,
    name: sources.access.store.name,
  });
}

function storeOf(sources: InvoiceSources) {
  return {
    id: sources.access.store.id,
    name: sources.access.store.name,
    settings: parseStoreSettings(sources.storeRaw ?? {}),
  };
}

/** The next number of a series from its stored counter; 'failed-precondition' / 'resource-exhausted'. */
function numberFrom(
  sources: InvoiceSources,
  series: InvoiceSeries,
  counterRaw: Readonly<Record<string, unknown>> | null,
  invoiceId: string,
): { before: StoredInvoiceCounter | null; next: IssuedNumber } {
  const before = counterRaw === null ? null : parseInvoiceCounter(counterRaw);
  if (counterRaw !== null && (before === null || before.series !== series))
    throw new PortError('failed-precondition', INVOICE_MESSAGES.counterInvalid);
  try {
    const next = nextInSeries(
      before,
      { storeId: sources.access.store.id, series, prefix: seriesPrefix(sources) },
      sources.now,
      invoiceId,
      sources.repairDocId,
    );
    return { before, next };
  } catch (error) {
    throw new PortError('resource-exhausted', INVOICE_MESSAGES.numbersUsedUp, { cause: error });
  }
}

/** Checks an invoice issue before any number is taken (so a refused one never moves a counter). */
export function checkIssue(repair: InvoiceRepair, customerGstin: string): void {
  const checked = checkInvoiceable(repair, customerGstin);
  if (!checked.ok) throw refusal(checked.reason ?? 'no-final-amount', checked.message);
}

/** The repair's invoice and its counter, numbered from `counterRaw` (the 'invoice' series' counter). */
export function planInvoice(
  sources: InvoiceSources,
  customerGstin: string,
  counterRaw: Readonly<Record<string, unknown>> | null,
): InvoicePlan {
  checkIssue(sources.repair, customerGstin);
  const { before, next } = numberFrom(sources, 'invoice', counterRaw, sources.repairDocId);
  const built = buildInvoice({
    repairDocId: sources.repairDocId,
    repair: sources.repair,
    store: storeOf(sources),
    customerGstin,
    payments: sources.payments,
    vouchers: sources.vouchers,
    number: next,
    now: sources.now,
    by: sources.by,
  });
  if (!built.ok) throw refusal(built.reason ?? 'no-final-amount', built.message);
  return { invoice: built.value, counter: next.counter, counterBefore: before };
}

/** The payment's voucher series, after checking it may have one (before any number is taken). */
export function checkVoucher(sources: InvoiceSources, payment: ShopPayment): InvoiceSeries {
  const checked = checkVoucherable({
    repairDocId: sources.repairDocId,
    repair: sources.repair,
    store: storeOf(sources),
    payment,
    invoice: sources.invoice,
    vouchers: sources.vouchers,
  });
  if (!checked.ok) throw refusal(checked.reason ?? 'no-gstin', checked.message);
  return voucherKindOf(payment);
}

/** A payment's voucher and its counter, numbered from `counterRaw` (its series' counter). */
export function planVoucher(
  sources: InvoiceSources,
  payment: ShopPayment,
  counterRaw: Readonly<Record<string, unknown>> | null,
): InvoicePlan {
  const series = checkVoucher(sources, payment);
  const { before, next } = numberFrom(sources, series, counterRaw, payment.id);
  const built = buildVoucher({
    repairDocId: sources.repairDocId,
    repair: sources.repair,
    store: storeOf(sources),
    payment,
    invoice: sources.invoice,
    vouchers: sources.vouchers,
    number: next,
    now: sources.now,
    by: sources.by,
  });
  if (!built.ok) throw refusal(built.reason ?? 'no-gstin', built.message);
  return { invoice: built.value, counter: next.counter, counterBefore: before };
}

/**
 * The write rule of an issue, on the documents as the backend stores them (`stored`: the invoice's and
 * the counter's fields in `representation`): the counter moves by exactly one with this document, and
 * both fit their write schemas. Throws 'permission-denied' with the reason (a planning mistake, never a
 * person's).
 */
export function enforceInvoiceWrite(
  plan: InvoicePlan,
  stored: { readonly invoice: Record<string, unknown>; readonly counter: Record<string, unknown> },
  representation: Representation,
): void {
  const problem =
    invoiceCounterMoveProblem(plan.counterBefore, plan.counter, {
      id: plan.invoice.id,
      number: plan.invoice.number,
      fy: plan.invoice.financialYear,
      serial: plan.invoice.serial,
    }) ??
    schemaProblem(INVOICES, stored.invoice, representation) ??
    schemaProblem(INVOICE_COUNTERS, stored.counter, representation);
  if (problem !== null)
    throw new PortError('permission-denied', `This invoice cannot be written: ${problem}.`);
}

/** The stored form of a plan's two documents, in the domain's representation (Dates). */
export function storedPlan(plan: InvoicePlan): {
  invoice: Record<string, unknown>;
  counter: Record<string, unknown>;
} {
  return { invoice: storedInvoice(plan.invoice), counter: { ...plan.counter } };
}
