import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { MAX_SHOP_PAGE_SIZE } from '../../ports/shop-repairs';
import { MAX_EXPORT_PAGE_SIZE, type ReportPayment } from '../../ports/shop-reports';
import { done, type FieldErrors, failed, invalid, type Outcome } from '../shared/validation';
import {
  type CsvColumn,
  csvChunks,
  PAYMENTS_CSV_COLUMNS,
  type PaymentCsvRow,
  REPAIRS_CSV_COLUMNS,
  type RepairCsvRow,
} from './csv';
import type { ShopRepair } from './repair-record';
import { isCalendarDay, isReportMonth, istEndOfDay, istStartOfDay } from './report-search';
import { type MonthReport, PAYMENT_MODE_LABELS } from './reports';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';
import { statusLabel } from './status-values';

/**
 * The owner's Reports (/shop/reports, owner-console.md "Reports"; issue 18): a month's report of one
 * store, and the two 'Download CSV' exports between 'From' and 'To' as async generators of CSV text,
 * one chunk per page of the port (csv.ts), so a year of a busy shop is never held in memory by the
 * export itself: the screen streams the chunks into the file. The store's owner only: the ports refuse
 * staff ('permission-denied'), and these say so in REPORT_USE_CASE_MESSAGES.ownerOnly.
 */

export const REPORT_USE_CASE_MESSAGES = {
  // Ours: the spec is silent on these.
  ownerOnly: "Only the store's owner can see its reports and download its CSV files.",
  loadFailed: 'Could not load the report. Please try again.',
  monthInvalid: 'Please choose a month.',
  fromRequired: "Please choose the 'From' date.",
  toRequired: "Please choose the 'To' date.",
  dateInvalid: 'Please choose a valid date.',
  rangeBackwards: "The 'To' date cannot be before the 'From' date.",
  exportFailed: 'Could not make the CSV file. Please try again.',
} as const;

type ReportPorts = Pick<Ports, 'reports' | 'shopRepairs' | 'logger'>;

/** A port's error as the Reports screen says it: staff and strangers read that reports are the owner's. */
function reportFailure(ports: Pick<Ports, 'logger'>, what: string, error: unknown, fallback: string) {
  if (isPortError(error, 'permission-denied'))
    return failed(REPORT_USE_CASE_MESSAGES.ownerOnly, 'not-permitted');
  return shopPortFailure(ports, what, error, fallback);
}

/** The month's report of a store ('YYYY-MM', India's month); the owner's only. */
export async function loadMonthReport(
  ports: Pick<ReportPorts, 'reports' | 'logger'>,
  storeId: string,
  month: string,
): Promise<Outcome<MonthReport, never, ShopFailureReason>> {
  if (!isReportMonth(month)) return failed(REPORT_USE_CASE_MESSAGES.monthInvalid, 'failed');
  try {
    return done(await ports.reports.monthReport(storeId, month));
  } catch (error) {
    return reportFailure(
      ports,
      `Loading the ${month} report of store ${storeId}`,
      error,
      REPORT_USE_CASE_MESSAGES.loadFailed,
    );
  }
}

/** 'From' and 'To' as the download form sends them: 'YYYY-MM-DD', both days included. */
export interface ExportRangeInput {
  readonly from: string;
  readonly to: string;
}

export type ExportField = keyof ExportRangeInput;

/** The range checked: from the start of 'From' to the end of 'To', in India. */
export interface ExportRange {
  readonly from: Date;
  readonly to: Date;
  readonly fromDay: string;
  readonly toDay: string;
}

export function checkExportRange(
  input: ExportRangeInput,
): { ok: true; value: ExportRange } | { ok: false; fieldErrors: FieldErrors<ExportField> } {
  const fieldErrors: FieldErrors<ExportField> = {};
  const from = input.from.trim();
  const to = input.to.trim();
  if (from === '') fieldErrors.from = REPORT_USE_CASE_MESSAGES.fromRequired;
  else if (!isCalendarDay(from)) fieldErrors.from = REPORT_USE_CASE_MESSAGES.dateInvalid;
  if (to === '') fieldErrors.to = REPORT_USE_CASE_MESSAGES.toRequired;
  else if (!isCalendarDay(to)) fieldErrors.to = REPORT_USE_CASE_MESSAGES.dateInvalid;
  else if (fieldErrors.from === undefined && to < from)
    fieldErrors.to = REPORT_USE_CASE_MESSAGES.rangeBackwards;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { from: istStartOfDay(from), to: istEndOfDay(to), fromDay: from, toDay: to } };
}

/** The two exports of 'Download CSV'. */
export type CsvExportKind = 'repairs' | 'payments';

/** The file an export is saved as: 'repairs-2026-03-01-to-2026-03-31.csv'. */
export function csvFileName(kind: CsvExportKind, range: Pick<ExportRange, 'fromDay' | 'toDay'>): string {
  return `${kind}-${range.fromDay}-to-${range.toDay}.csv`;
}

/** A download about to be written: its file name and its text, chunk by chunk. */
export interface CsvExport {
  readonly fileName: string;
  /** The BOM and header first, then one chunk per page; throws ReportExportError when a page fails. */
  readonly chunks: AsyncGenerator<string, void, undefined>;
}

/** A page of an export could not be read: `message` is the catalogue's, for the screen. */
export class ReportExportError extends Error {
  override readonly name = 'ReportExportError';
}

interface Paged<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

/** Every page of a paged query, one at a time, each mapped to rows; a failure becomes a ReportExportError. */
async function* rowsOf<T, Row>(
  ports: Pick<Ports, 'logger'>,
  what: string,
  read: (cursor: string | null) => Promise<Paged<T>>,
  toRow: (item: T) => Row,
): AsyncGenerator<readonly Row[], void, undefined> {
  let cursor: string | null = null;
  do {
    let page: Paged<T>;
    try {
      page = await read(cursor);
    } catch (error) {
      const failure = reportFailure(ports, what, error, REPORT_USE_CASE_MESSAGES.exportFailed);
      throw new ReportExportError(failure.message ?? REPORT_USE_CASE_MESSAGES.exportFailed);
    }
    yield page.items.map(toRow);
    cursor = page.next;
  } while (cursor !== null);
}

/** A repair as the repairs export writes it. */
export function repairCsvRow(repair: ShopRepair): RepairCsvRow {
  const type = repair.productType.trim();
  return {
    repairId: repair.repairId,
    receivedAt: repair.createdAt,
    customerName: repair.customerName,
    customerMobile: repair.customerMobile,
    device: type === '' ? repair.productName : `${repair.productName} (${type})`,
    imeiOrSerial: repair.imeiSerial === '' ? null : repair.imeiSerial,
    problems: repair.problemList,
    status: statusLabel(repair.status),
    estimatePaise: repair.estimatePaise,
    finalAmountPaise: repair.finalPaise,
    paidPaise: repair.paidPaise,
    duePaise: repair.duePaise,
    deliveredAt: repair.deliveredAt,
  };
}

/** A payment or refund as the payments export writes it (a refund's amount negative). */
export function paymentCsvRow(payment: ReportPayment): PaymentCsvRow {
  return {
    takenAt: payment.at,
    repairId: payment.repairId,
    customerName: payment.customerName,
    kind: payment.kind === 'refund' ? 'Refund' : 'Payment',
    mode: PAYMENT_MODE_LABELS[payment.mode] ?? payment.mode,
    amountPaise: payment.kind === 'refund' ? -payment.amountPaise : payment.amountPaise,
    upiReference: payment.upiReference === '' ? null : payment.upiReference,
    takenBy: payment.by.name,
    note: payment.note === '' ? null : payment.note,
  };
}

type RangeOutcome = Outcome<CsvExport, ExportField, ShopFailureReason>;

/** What one export reads and writes: its pages from a range, its rows and its columns. */
interface ExportPlan<T, Row> {
  readonly kind: CsvExportKind;
  /** For the log: 'Exporting the repairs of store …'. */
  readonly what: string;
  readonly read: (from: Date, to: Date, cursor: string | null) => Promise<Paged<T>>;
  readonly toRow: (item: T) => Row;
  readonly columns: readonly CsvColumn<Row>[];
}

/** A checked range's file: its name and its chunks, read page by page as the file asks for them. */
function exportCsv<T, Row>(ports: Pick<Ports, 'logger'>, input: ExportRangeInput, plan: ExportPlan<T, Row>) {
  const range = checkExportRange(input);
  if (!range.ok) return invalid(range.fieldErrors);
  const { from, to } = range.value;
  const pages = rowsOf(ports, plan.what, (cursor) => plan.read(from, to, cursor), plan.toRow);
  return done({ fileName: csvFileName(plan.kind, range.value), chunks: csvChunks(plan.columns, pages) });
}

/** 'Download CSV' of repairs: the store's repairs received between 'From' and 'To' (newest first). */
export function exportRepairsCsv(
  ports: Pick<ReportPorts, 'shopRepairs' | 'logger'>,
  storeId: string,
  input: ExportRangeInput,
): RangeOutcome {
  return exportCsv(ports, input, {
    kind: 'repairs',
    what: `Exporting the repairs of store ${storeId}`,
    read: (from, to, cursor) =>
      ports.shopRepairs.page(storeId, { from, to, limit: MAX_SHOP_PAGE_SIZE, cursor }),
    toRow: repairCsvRow,
    columns: REPAIRS_CSV_COLUMNS,
  });
}

/** 'Download CSV' of payments: the store's payments and refunds taken between 'From' and 'To', oldest first. */
export function exportPaymentsCsv(
  ports: Pick<ReportPorts, 'reports' | 'logger'>,
  storeId: string,
  input: ExportRangeInput,
): RangeOutcome {
  return exportCsv(ports, input, {
    kind: 'payments',
    what: `Exporting the payments of store ${storeId}`,
    read: (from, to, cursor) =>
      ports.reports.paymentsPage(storeId, { from, to, limit: MAX_EXPORT_PAGE_SIZE, cursor }),
    toRow: paymentCsvRow,
    columns: PAYMENTS_CSV_COLUMNS,
  });
}
