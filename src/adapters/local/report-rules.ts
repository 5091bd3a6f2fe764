import { isReportMonth, REPORT_MESSAGES, type ReportMonth } from '../../domain/shop/reports';
import { PortError } from '../../ports/errors';
import { type ExportQuery, MAX_EXPORT_PAGE_SIZE } from '../../ports/shop-reports';

/**
 * The report port's local rules on what the owner sends (memory and PouchDB; ports/shop-reports.ts): a
 * month 'YYYY-MM', an export's range, page size and cursor, each refused with 'invalid-argument'. The
 * payments export pages by (time taken, repair, payment id), oldest first; its cursor is the last
 * entry's `{ms}.{repairDocId}.{paymentId}` (document ids are [A-Za-z0-9_-]).
 */

export function checkReportMonth(month: ReportMonth): void {
  if (!isReportMonth(month)) throw new PortError('invalid-argument', REPORT_MESSAGES.badMonth);
}

/** Where a payments page starts after: the last entry of the page before. */
export interface PaymentPosition {
  readonly atMs: number;
  readonly repairDocId: string;
  readonly paymentId: string;
}

export interface CheckedExportQuery {
  readonly fromMs: number;
  readonly toMs: number;
  readonly limit: number;
  readonly after: PaymentPosition | null;
}

const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{1,128})$/;

export function encodePaymentCursor(position: PaymentPosition): string {
  return `${position.atMs}.${position.repairDocId}.${position.paymentId}`;
}

export function decodePaymentCursor(cursor: string): PaymentPosition {
  const match = CURSOR.exec(cursor);
  if (match === null) throw new PortError('invalid-argument', REPORT_MESSAGES.badCursor);
  return { atMs: Number(match[1]), repairDocId: match[2] as string, paymentId: match[3] as string };
}

/** An export query's range in ms [fromMs, toMs), its page size, and the position it goes on after. */
export function checkExportQuery(query: ExportQuery): CheckedExportQuery {
  const from = query.from instanceof Date ? query.from.getTime() : Number.NaN;
  const to = query.to instanceof Date ? query.to.getTime() : Number.NaN;
  if (!Number.isFinite(from) || !Number.isFinite(to) || from < 0 || from >= to)
    throw new PortError('invalid-argument', REPORT_MESSAGES.badRange);
  if (!Number.isSafeInteger(query.limit) || query.limit < 1 || query.limit > MAX_EXPORT_PAGE_SIZE)
    throw new PortError('invalid-argument', REPORT_MESSAGES.badLimit);
  const cursor = query.cursor ?? null;
  return {
    fromMs: from,
    toMs: to,
    limit: query.limit,
    after: cursor === null ? null : decodePaymentCursor(cursor),
  };
}

/** Orders payments as the export lists them: by time taken, then repair, then payment id. */
export function comparePositions(a: PaymentPosition, b: PaymentPosition): number {
  return (
    a.atMs - b.atMs ||
    (a.repairDocId < b.repairDocId ? -1 : a.repairDocId > b.repairDocId ? 1 : 0) ||
    (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0)
  );
}
