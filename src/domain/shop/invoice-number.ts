import type { InvoiceKind } from './invoice';

/**
 * Invoice numbers (issue 18, "Invoices"; owner-console.md "Invoice"): one series per store and Indian
 * financial year (1 April to 31 March, by the date in India, Asia/Kolkata), consecutive from 1, at most
 * 16 characters as Rule 46 of the CGST Rules asks ('SMC/26-27/0042'), never reused. Pure: the port that
 * keeps the counter calls nextInSeries inside its transaction.
 *
 * **Series and prefixes (decision).** A store has three series, each with one counter
 * (`invoiceCounters/{storeId}_{series}`, documents.ts INVOICE_COUNTERS):
 * - 'invoice': its tax invoices and receipts (a store that registers for GST mid-year goes on counting
 *   in the same series): `SMC/26-27/0042`;
 * - 'receipt-voucher' (Rule 50, an advance): `SMC/26-27/R001`;
 * - 'refund-voucher' (Rule 51, a refund of an advance): `SMC/26-27/F001`.
 * All three print the store's Repair ID prefix (what its customers already see on the job sheet; fixed
 * in the counter at its first number, so a later change of the setting never renames a running series):
 * the prefix is unique among an owner's stores (store setup refuses a second one). The vouchers differ by
 * a series mark before the serial instead of by a prefix of their own: a prefix is at most 5 characters
 * and a Repair ID prefix may already take all 5, so no other prefix could be told apart from every
 * other store's; the mark keeps the numbers of all series of all an owner's stores distinct (an
 * invoice's serial is digits only, a voucher's starts with its letter). The mark costs a digit: a
 * voucher serial is padded to 3 digits ('R001') and a 5-character prefix allows 999 vouchers of each
 * kind a year (9,999 invoices), a shorter prefix more; past that formatInvoiceNumber refuses.
 */

/** A store's numbering series (one counter each). */
export const INVOICE_SERIES = ['invoice', 'receipt-voucher', 'refund-voucher'] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

/** The mark a series' serial carries ('' for invoices). */
export const SERIES_MARKS: Readonly<Record<InvoiceSeries, string>> = {
  invoice: '',
  'receipt-voucher': 'R',
  'refund-voucher': 'F',
};

/** The series a kind of document is numbered in (tax invoices and receipts share one). */
export function seriesOfKind(kind: InvoiceKind): InvoiceSeries {
  return kind === 'receipt-voucher' || kind === 'refund-voucher' ? kind : 'invoice';
}

/** India keeps one offset all year (no daylight saving): UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Rule 46: an invoice number has at most 16 characters. */
export const MAX_INVOICE_NUMBER_LENGTH = 16;

/** The serial is printed with at least this many characters, its series mark included ('0042', 'R042'). */
const SERIAL_WIDTH = 4;

/**
 * A prefix: 1 to 5 capital letters, digits or hyphens (the store's Repair ID Prefix is 2 to 5 capitals),
 * characters Rule 46 allows. Five leaves room for 9,999 invoices a year ('SHARM/26-27/9999' is 16).
 */
const PREFIX_SHAPE = /^[A-Z0-9-]{1,5}$/;

/** The financial year a moment falls in, named by the year it starts: 2026 for 1 April 2026 – 31 March 2027 IST. */
export function financialYearOf(moment: Date): number {
  const ist = new Date(moment.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** The label of a financial year: 2026 → '26-27', 2099 → '99-00'. */
export function financialYearLabel(fy: number): string {
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(fy)}-${two(fy + 1)}`;
}

/**
 * 'SMC/26-27/0042'. Decision: a prefix is never shortened (a shortened one could read as another store's
 * series); a prefix that is not 1–5 of A-Z, 0-9 or '-', a serial below 1, or a number that would pass 16
 * characters (a 5-character prefix past serial 9,999) is refused with a RangeError the caller shows.
 */
export function formatInvoiceNumber(
  prefix: string,
  fy: number,
  serial: number,
  series: InvoiceSeries = 'invoice',
): string {
  if (!PREFIX_SHAPE.test(prefix)) {
    throw new RangeError(`An invoice prefix is 1 to 5 capital letters, digits or hyphens, not '${prefix}'`);
  }
  if (!Number.isSafeInteger(serial) || serial < 1) {
    throw new RangeError(`An invoice serial is a whole number from 1, not ${serial}`);
  }
  const mark = SERIES_MARKS[series];
  const digits = String(serial).padStart(SERIAL_WIDTH - mark.length, '0');
  const number = `${prefix}/${financialYearLabel(fy)}/${mark}${digits}`;
  if (number.length > MAX_INVOICE_NUMBER_LENGTH) {
    throw new RangeError(`Invoice number ${number} is longer than ${MAX_INVOICE_NUMBER_LENGTH} characters`);
  }
  return number;
}

/** A store's invoice counter: the financial year of its last number and that number's serial. */
export interface InvoiceCounter {
  readonly fy: number;
  readonly lastSerial: number;
}

export interface NextInvoiceNumber {
  readonly fy: number;
  readonly serial: number;
  /** The counter to store with the invoice, in the same transaction. */
  readonly counter: InvoiceCounter;
}

/**
 * The next number of a store's series at `now`: serial 1 for the first invoice and for the first one of
 * a new financial year, else the last serial + 1. A counter ahead of `now` (a device clock set back across
 * 1 April) keeps its own year and counts on: a number is never given twice.
 */
export function nextInvoiceNumber(counter: InvoiceCounter | null, now: Date): NextInvoiceNumber {
  const current = financialYearOf(now);
  if (counter !== null && (!Number.isSafeInteger(counter.lastSerial) || counter.lastSerial < 0)) {
    throw new RangeError(
      `An invoice counter's last serial is a whole number from 0, not ${counter.lastSerial}`,
    );
  }
  const fy = counter === null ? current : Math.max(counter.fy, current);
  const serial = counter !== null && counter.fy === fy ? counter.lastSerial + 1 : 1;
  return { fy, serial, counter: { fy, lastSerial: serial } };
}

/**
 * A series' counter as stored (documents.ts INVOICE_COUNTERS, `invoiceCounters/{storeId}_{series}`):
 * the prefix fixed at its first number, the financial year and serial of its last number, and the
 * document that holds that number (written with the counter: the counter never moves without it).
 */
export interface StoredInvoiceCounter extends InvoiceCounter {
  readonly storeId: string;
  readonly series: InvoiceSeries;
  readonly prefix: string;
  /** The invoice's or voucher's id (the repair's document id, or the payment's id). */
  readonly lastInvoiceId: string;
  readonly lastRepairDocId: string;
}

/** The id of a series' counter document. */
export function invoiceCounterId(storeId: string, series: InvoiceSeries): string {
  return `${storeId}_${series}`;
}

/** A number taken from a series, and the counter to store in the same commit as its document. */
export interface IssuedNumber {
  readonly number: string;
  readonly fy: number;
  readonly serial: number;
  readonly counter: StoredInvoiceCounter;
}

/**
 * The next number of a series for the document `invoiceId` of repair `repairDocId`: the counter's prefix
 * once it has one, else `prefix` (the store's Repair ID prefix). Throws RangeError when the number would
 * not fit (formatInvoiceNumber) or the counter is malformed: the port answers 'resource-exhausted' or
 * 'failed-precondition' and writes nothing.
 */
export function nextInSeries(
  counter: StoredInvoiceCounter | null,
  series: { readonly storeId: string; readonly series: InvoiceSeries; readonly prefix: string },
  now: Date,
  invoiceId: string,
  repairDocId: string,
): IssuedNumber {
  const prefix = counter === null ? series.prefix : counter.prefix;
  const next = nextInvoiceNumber(counter, now);
  const number = formatInvoiceNumber(prefix, next.fy, next.serial, series.series);
  return {
    number,
    fy: next.fy,
    serial: next.serial,
    counter: {
      storeId: series.storeId,
      series: series.series,
      prefix,
      fy: next.fy,
      lastSerial: next.serial,
      lastInvoiceId: invoiceId,
      lastRepairDocId: repairDocId,
    },
  };
}

/** A stored counter, read tolerantly: null when it has none or it is not a counter of this shape. */
export function parseInvoiceCounter(raw: unknown): StoredInvoiceCounter | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const series = INVOICE_SERIES.find((s) => s === r.series);
  if (
    typeof r.storeId !== 'string' ||
    series === undefined ||
    typeof r.prefix !== 'string' ||
    !Number.isSafeInteger(r.fy) ||
    !Number.isSafeInteger(r.lastSerial) ||
    typeof r.lastInvoiceId !== 'string' ||
    typeof r.lastRepairDocId !== 'string'
  )
    return null;
  return {
    storeId: r.storeId,
    series,
    prefix: r.prefix,
    fy: r.fy as number,
    lastSerial: r.lastSerial as number,
    lastInvoiceId: r.lastInvoiceId,
    lastRepairDocId: r.lastRepairDocId,
  };
}

/**
 * The counter's own step, without the document (the sync gateway judges a counter before its document
 * arrives): a new counter starts at serial 1 of a valid number; a counter moves by exactly one serial in
 * its year or to serial 1 of a later year, with storeId, series and prefix fixed. Null when allowed.
 */
export function invoiceCounterStepProblem(
  before: StoredInvoiceCounter | null,
  after: StoredInvoiceCounter,
): string | null {
  if (before !== null) {
    if (before.storeId !== after.storeId || before.series !== after.series || before.prefix !== after.prefix)
      return "an invoice counter's store, series and prefix are fixed";
    const sameYear = after.fy === before.fy && after.lastSerial === before.lastSerial + 1;
    const newYear = after.fy > before.fy && after.lastSerial === 1;
    if (!sameYear && !newYear) return 'an invoice counter moves by exactly one number';
  } else if (after.lastSerial !== 1) {
    return "an invoice counter's first number is 1";
  }
  try {
    formatInvoiceNumber(after.prefix, after.fy, after.lastSerial, after.series);
  } catch {
    return 'this invoice number does not fit';
  }
  return null;
}

/**
 * The rule on a counter write, for every backend (local rules, the sync gateway; firestore.rules says the
 * same): a new counter starts at serial 1; a counter moves by exactly one serial in its year or to serial
 * 1 of a later year, never back and never by more (not skippable), with storeId, series and prefix
 * fixed; and the document it names carries exactly that number. Null when allowed, else why not.
 * Twin: firestore.rules isInvoiceStep (with carriesNumber, invoiceNumberOf, financialYearNow); compared
 * by tests/app/twin-rules.test.ts.
 */
export function invoiceCounterMoveProblem(
  before: StoredInvoiceCounter | null,
  after: StoredInvoiceCounter,
  written: {
    readonly id: string;
    readonly number: string;
    readonly fy: number;
    readonly serial: number;
  } | null,
): string | null {
  const step = invoiceCounterStepProblem(before, after);
  if (step !== null) return step;
  if (written === null) return 'an invoice counter moves only with the invoice it numbers';
  let expected: string;
  try {
    expected = formatInvoiceNumber(after.prefix, after.fy, after.lastSerial, after.series);
  } catch {
    return 'this invoice number does not fit';
  }
  if (written.id !== after.lastInvoiceId || written.number !== expected)
    return 'the invoice must carry the counter’s number';
  if (written.fy !== after.fy || written.serial !== after.lastSerial)
    return 'the invoice must carry the counter’s number';
  return null;
}
