/*
 * The Reports screen's URL (`/shop/reports?store=…&period=YYYY-MM`; not `month`, which
 * the admin's dashboard already reads as a number, and the router types every route's search together) and the calendar of India it
 * speaks in. No imports on purpose: the router (the first script every page loads) runs this parser,
 * so it must stay tiny. Days and months are India's (Asia/Kolkata, UTC+05:30 all year, no daylight
 * saving), as domain/shop/reports.ts says.
 */

export interface ReportSearchParams {
  /** The chosen store's id (the remembered store, else the first, when absent). */
  readonly store?: string;
  /** The month shown, 'YYYY-MM' (the current month in India when absent). */
  readonly period?: string;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTH_SHAPE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM' naming a month from the year 2000 to 2999 (what the 'Month' picker offers). */
export function isReportMonth(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = MONTH_SHAPE.exec(value);
  return match !== null && Number(match[1]) >= 2000 && Number(match[1]) <= 2999;
}

/** 'YYYY-MM-DD' naming a real day. */
export function isCalendarDay(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function parseReportSearch(search: Record<string, unknown>): ReportSearchParams {
  const store =
    typeof search.store === 'string' && search.store !== '' && search.store.length <= 200
      ? search.store
      : undefined;
  const period = isReportMonth(search.period) ? search.period : undefined;
  return { ...(store !== undefined && { store }), ...(period !== undefined && { period }) };
}

/** The month in India of an instant: 31 March 18:40 UTC is 1 April 00:10 IST, so '….-04'. */
export function istMonth(now: Date): string {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS);
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first and last day of a 'YYYY-MM' month, as 'YYYY-MM-DD' (the exports' default range). */
export function monthDays(month: string): { readonly first: string; readonly last: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/** The instant a day starts in India ('2026-04-01' → 2026-03-31T18:30:00Z). */
export function istStartOfDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) - IST_OFFSET_MS);
}

/** The instant the day after `day` starts in India: the end (exclusive) of a range that includes `day`. */
export function istEndOfDay(day: string): Date {
  return new Date(istStartOfDay(day).getTime() + 24 * 60 * 60 * 1000);
}
