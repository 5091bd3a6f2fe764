import type { DateRange } from '../../ports/repair-repository';

export const ADMIN_PAGE_SIZE = 10;
/** The year filter offers the current year and the 4 before it. */
export const YEARS_BEFORE_CURRENT = 4;
export const MAX_SEARCH_LENGTH = 100;

/** A calendar month; month is 1 (January) to 12. */
export interface ReportPeriod {
  readonly year: number;
  readonly month: number;
}

export interface AdminFilter extends ReportPeriod {
  readonly search: string;
  /** 1-based. */
  readonly page: number;
}

export function currentPeriod(now: Date): ReportPeriod {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** The current year first, then the 4 before it. */
export function yearChoices(now: Date): number[] {
  const year = now.getFullYear();
  return Array.from({ length: YEARS_BEFORE_CURRENT + 1 }, (_, index) => year - index);
}

/** The month as an interval of local time: its first instant up to the first instant of the next. */
export function periodRange(period: ReportPeriod): DateRange {
  return {
    from: new Date(period.year, period.month - 1, 1),
    to: new Date(period.year, period.month, 1),
  };
}

export function monthName(month: number): string {
  return new Date(2000, month - 1, 1).toLocaleString('en-IN', { month: 'long' });
}

export function pageCountOf(total: number, pageSize = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The admin filter as it travels in the URL: every part optional, anything malformed dropped. */
export interface AdminSearchParams {
  readonly year?: number;
  readonly month?: number;
  readonly search?: string;
  readonly page?: number;
}

/** A whole number from URL text or a number, within [min, max]; otherwise undefined. */
function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/**
 * The one check of the admin filter's URL search parameters (the router's validateSearch): each part is
 * kept when it has the right shape and dropped otherwise, so a hand-edited URL never breaks the page.
 * A numeric search (the router parses `?search=123` as a number) stays the text that was typed.
 */
export function parseAdminSearch(raw: Readonly<Record<string, unknown>>): AdminSearchParams {
  const search = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  const params: { year?: number; month?: number; search?: string; page?: number } = {};
  const year = wholeNumber(raw.year, 1970, 9999);
  const month = wholeNumber(raw.month, 1, 12);
  const page = wholeNumber(raw.page, 1, 100_000);
  if (year !== undefined) params.year = year;
  if (month !== undefined) params.month = month;
  if (typeof search === 'string' && search.length <= MAX_SEARCH_LENGTH) params.search = search;
  if (page !== undefined) params.page = page;
  return params;
}

/**
 * The filter the page shows for checked search parameters at `now`: a year outside the year choices, or a
 * month after the current one of the current year (no data yet), falls back to the current month; no
 * search and page 1 by default.
 */
export function resolveAdminFilter(params: AdminSearchParams, now: Date): AdminFilter {
  const current = currentPeriod(now);
  const year =
    params.year !== undefined && yearChoices(now).includes(params.year) ? params.year : current.year;
  const month =
    params.month !== undefined && !(year === current.year && params.month > current.month)
      ? params.month
      : current.month;
  return { year, month, search: params.search ?? '', page: params.page ?? 1 };
}
