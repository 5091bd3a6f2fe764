import { indianMobileDigits } from '../shared/phone';
import { asInstant } from '../shared/time';

/**
 * The shop's CSV exports ('Download CSV' of Reports, issue 18): typed columns and a writer that
 * streams, page by page, so a year of a busy shop is never held in memory twice. The file is UTF-8
 * with a byte-order mark at its very start (so Excel reads ₹ and Hindi names right), one header row,
 * CRLF line ends and quoting per RFC 4180 (a field holding a comma, quote, CR or LF is quoted, its
 * quotes doubled). Pure: the adapter or UI turns the chunks into a Blob or a stream.
 *
 * Column kinds, as a spreadsheet should open them:
 * - 'text': as written, except a cell starting like a formula (=, +, -, @, tab, CR) gets a leading
 *   apostrophe so Excel, LibreOffice and Google Sheets show it rather than run it (OWASP's advice for
 *   CSV injection). Text columns only: numbers stay numbers.
 * - 'date': `YYYY-MM-DD`, the day in India (Asia/Kolkata, UTC+05:30 all year, no daylight saving).
 *   A stored calendar date (`YYYY-MM-DD`) is kept as written.
 * - 'rupees': paise (integer) as a plain number of rupees with 2 decimals, "1300.00", "-500.00" for a
 *   refund; no ₹ sign, no commas, so the column sums.
 * - 'mobile': an Indian mobile as its plain 10 digits (a stored "+91 98765-43210" too, normalised by
 *   indianMobileDigits). Ten digits are below the 11 a spreadsheet's General format shows whole, and
 *   an Indian mobile starts with 6 to 9 (never 0), so no digit is lost or rounded and no `="…"` is
 *   needed; a number also sorts and filters. Anything else (a landline, a foreign number) is written
 *   as a text cell, neutralised like any text (so "+44…" gets its apostrophe).
 * - 'imei': an all-digit value (an IMEI is 15 digits) is written `="490154203237518"`. Plain digits
 *   would show as 4.90154E+14 in Excel (and lose leading zeros, and digits past 15); a leading
 *   apostrophe stays visible in a CSV (it is only a typing prefix); a leading tab is trimmed or kept
 *   inconsistently. The `="…"` form is a constant text formula that Excel, Google Sheets and
 *   LibreOffice Calc (with formula evaluation on import) show as the whole digits; where evaluation is
 *   off the cell reads `="490154203237518"` literally, still whole. The trade-off: the cell holds a
 *   formula (harmless: only digits are ever put inside, so this is no injection) and a program
 *   reading the CSV sees `="…"` around the number. A serial with letters is a text cell (neutralised
 *   like any text).
 */

export type CsvKind = 'text' | 'date' | 'rupees' | 'mobile' | 'imei';

/** One column: its header as the owner reads it, its kind, and the field of the row it shows. */
export interface CsvColumn<Row> {
  readonly header: string;
  readonly kind: CsvKind;
  readonly key: keyof Row & string;
}

/** The byte-order mark that starts the file (U+FEFF, written as EF BB BF in UTF-8). */
export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** A field as RFC 4180 writes it: quoted (quotes doubled) when it holds a comma, quote, CR or LF. */
export function quoteField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** A text cell that a spreadsheet would read as a formula gets a leading apostrophe. */
export function neutraliseText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The day in India of an instant, `YYYY-MM-DD`; a calendar date `YYYY-MM-DD` stays as written. */
export function istDate(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const instant = asInstant(value);
  if (instant === null) return '';
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  const year = String(shifted.getUTCFullYear()).padStart(4, '0');
  const month = String(shifted.getUTCMonth() + 1).padStart(2, '0');
  const day = String(shifted.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** Paise as rupees with 2 decimals, exactly (integer arithmetic): 130000 → "1300.00", -50000 → "-500.00". */
export function rupeesCell(paise: number): string {
  if (!Number.isFinite(paise)) return '';
  const whole = Math.round(paise);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join('; ');
  return String(value);
}

/** The cell of a value in a column of the given kind, before quoting. Null or missing is empty. */
export function cellOf(kind: CsvKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'date':
      return istDate(value);
    case 'rupees':
      return typeof value === 'number' ? rupeesCell(value) : '';
    case 'mobile': {
      const text = textOf(value);
      return indianMobileDigits(text) ?? neutraliseText(text);
    }
    case 'imei': {
      const text = textOf(value);
      return /^\d+$/.test(text) ? `="${text}"` : neutraliseText(text);
    }
    case 'text':
      return neutraliseText(textOf(value));
  }
}

/** The file's start: the byte-order mark and the header row. */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return `${CSV_BOM}${columns.map((column) => quoteField(column.header)).join(',')}${CRLF}`;
}

/** One page of rows (no BOM, no header), each line ending CRLF; an empty page is empty text. */
export function csvRows<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  let text = '';
  for (const row of rows) {
    text += `${columns.map((column) => quoteField(cellOf(column.kind, row[column.key]))).join(',')}${CRLF}`;
  }
  return text;
}

/**
 * The whole file as chunks: the header, then one chunk per page as the pages arrive (a port's paged
 * query), so only one page is in memory at a time.
 */
export async function* csvChunks<Row>(
  columns: readonly CsvColumn<Row>[],
  pages: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
): AsyncGenerator<string, void, undefined> {
  yield csvHeader(columns);
  for await (const page of pages) {
    const text = csvRows(columns, page);
    if (text !== '') yield text;
  }
}

/** A repair as the repairs export shows it (the reports issue fills it from the stored repair). */
export interface RepairCsvRow {
  readonly repairId: string;
  readonly receivedAt: unknown;
  readonly customerName: string;
  readonly customerMobile: string;
  readonly device: string;
  readonly imeiOrSerial: string | null;
  readonly problems: readonly string[] | string;
  readonly status: string;
  readonly estimatePaise: number | null;
  readonly finalAmountPaise: number | null;
  readonly paidPaise: number;
  readonly duePaise: number;
  readonly deliveredAt: unknown;
}

export const REPAIRS_CSV_COLUMNS: readonly CsvColumn<RepairCsvRow>[] = [
  { header: 'Repair ID', kind: 'text', key: 'repairId' },
  { header: 'Received date', kind: 'date', key: 'receivedAt' },
  { header: 'Customer', kind: 'text', key: 'customerName' },
  { header: 'Mobile', kind: 'mobile', key: 'customerMobile' },
  { header: 'Device', kind: 'text', key: 'device' },
  { header: 'IMEI / Serial', kind: 'imei', key: 'imeiOrSerial' },
  { header: 'Problems', kind: 'text', key: 'problems' },
  { header: 'Status', kind: 'text', key: 'status' },
  { header: 'Estimate', kind: 'rupees', key: 'estimatePaise' },
  { header: 'Final amount', kind: 'rupees', key: 'finalAmountPaise' },
  { header: 'Paid', kind: 'rupees', key: 'paidPaise' },
  { header: 'Due', kind: 'rupees', key: 'duePaise' },
  { header: 'Delivered date', kind: 'date', key: 'deliveredAt' },
];

/** A payment or refund as the payments export shows it; a refund's amount is negative. */
export interface PaymentCsvRow {
  readonly takenAt: unknown;
  readonly repairId: string;
  readonly customerName: string;
  readonly kind: 'Payment' | 'Refund';
  readonly mode: string;
  readonly amountPaise: number;
  readonly upiReference: string | null;
  readonly takenBy: string;
  readonly note: string | null;
}

export const PAYMENTS_CSV_COLUMNS: readonly CsvColumn<PaymentCsvRow>[] = [
  { header: 'Date', kind: 'date', key: 'takenAt' },
  { header: 'Repair ID', kind: 'text', key: 'repairId' },
  { header: 'Customer', kind: 'text', key: 'customerName' },
  { header: 'Kind', kind: 'text', key: 'kind' },
  { header: 'Mode', kind: 'text', key: 'mode' },
  { header: 'Amount', kind: 'rupees', key: 'amountPaise' },
  { header: 'UPI Reference', kind: 'text', key: 'upiReference' },
  { header: 'Taken by', kind: 'text', key: 'takenBy' },
  { header: 'Note', kind: 'text', key: 'note' },
];
