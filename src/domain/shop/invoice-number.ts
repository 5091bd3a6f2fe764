/**
 * Invoice numbers (issue 18, "Invoices"; owner-console.md "Invoice"): one series per store and Indian
 * financial year (1 April to 31 March, by the date in India, Asia/Kolkata), consecutive from 1, at most
 * 16 characters as Rule 46 of the CGST Rules asks ('SMC/26-27/0042'), never reused. Pure: the port that
 * keeps the counter calls nextInvoiceNumber inside its transaction.
 */

/** India keeps one offset all year (no daylight saving): UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Rule 46: an invoice number has at most 16 characters. */
export const MAX_INVOICE_NUMBER_LENGTH = 16;

/** The serial is printed with at least this many digits ('0042'). */
const SERIAL_DIGITS = 4;

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
export function formatInvoiceNumber(prefix: string, fy: number, serial: number): string {
  if (!PREFIX_SHAPE.test(prefix)) {
    throw new RangeError(`An invoice prefix is 1 to 5 capital letters, digits or hyphens, not '${prefix}'`);
  }
  if (!Number.isSafeInteger(serial) || serial < 1) {
    throw new RangeError(`An invoice serial is a whole number from 1, not ${serial}`);
  }
  const number = `${prefix}/${financialYearLabel(fy)}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
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
