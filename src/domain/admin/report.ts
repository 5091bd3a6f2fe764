import { z } from 'zod';
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

/**
 * The admin filter's URL search parameters, checked for shape only (every part optional, anything
 * malformed dropped). adminFilterSchema then resolves them against the current month.
 */
export const adminSearchParamsSchema = z.object({
  year: z.coerce.number().int().min(1970).max(9999).optional().catch(undefined),
  month: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
  // The router parses `?search=123` as a number: keep it as the text that was typed.
  search: z
    .preprocess(
      (value) => (typeof value === 'number' ? String(value) : value),
      z.string().max(MAX_SEARCH_LENGTH),
    )
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type AdminSearchParams = z.infer<typeof adminSearchParamsSchema>;

/**
 * The admin filter as it travels in the URL: every part optional and validated, anything malformed or
 * out of range falling back to the current month, no search and page 1.
 */
export function adminFilterSchema(now: Date) {
  const current = currentPeriod(now);
  const years = yearChoices(now);
  return z
    .object({
      year: z.coerce
        .number()
        .int()
        .refine((year) => years.includes(year))
        .optional()
        .catch(undefined),
      month: z.coerce.number().int().min(1).max(12).optional().catch(undefined),
      search: z.string().max(MAX_SEARCH_LENGTH).optional().catch(undefined),
      page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
    })
    .transform((raw): AdminFilter => {
      const year = raw.year ?? current.year;
      // A month after the current one of the current year has no data yet: show the current month.
      const month =
        raw.month !== undefined && !(year === current.year && raw.month > current.month)
          ? raw.month
          : current.month;
      return { year, month, search: raw.search ?? '', page: raw.page ?? 1 };
    });
}
