import type { PaymentMode } from './repair-record';

/**
 * The owner's month at a glance ('Reports', owner-console.md; issue 18). Pure types and the rules the
 * report port's answers follow on every backend; the backends compute them from indexes (memory's
 * running totals, PouchDB views, Firestore aggregation queries), never by reading every repair.
 *
 * Days and months are India's (Asia/Kolkata, UTC+05:30): a repair received at 23:00 IST on 31 March
 * belongs to March.
 */

/** 'YYYY-MM'. */
export type ReportMonth = string;

export interface MonthCollections {
  /** Payments (not refunds) taken in the month, by mode, in paise. */
  readonly cashPaise: number;
  readonly upiPaise: number;
  readonly cardPaise: number;
  /** Refunds given in the month, all modes, in paise (a positive number). */
  readonly refundsPaise: number;
  /** cash + UPI + card − refunds. */
  readonly netPaise: number;
}

export interface ProblemCount {
  /** One of COMMON_PROBLEMS, or 'Other' for a problem typed in. */
  readonly problem: string;
  /** Repairs received in the month naming it. */
  readonly repairs: number;
}

export interface DayCollection {
  /** 'YYYY-MM-DD' (IST). */
  readonly day: string;
  /** Payments minus refunds taken that day, in paise (may be negative). */
  readonly netPaise: number;
}

export interface MonthReport {
  readonly storeId: string;
  readonly month: ReportMonth;
  /** 'Repairs Received': repairs created in the month. */
  readonly received: number;
  /** 'Repairs Delivered': repairs whose (last) delivery falls in the month. */
  readonly delivered: number;
  /**
   * The final amounts (else estimates) of the repairs delivered in the month: what the shop sold. An
   * advance is money collected, never a sale before its repair is delivered.
   */
  readonly salesPaise: number;
  /** 'Collected': money taken in the month, split by mode, refunds taken off. */
  readonly collected: MonthCollections;
  /** 'Due': what the store's customers owe now (the dues khata's total), and how many repairs. */
  readonly duePaise: number;
  readonly dueRepairs: number;
  /**
   * 'Average Turnaround': the mean of (delivered − received) over the repairs delivered in the month,
   * in days (one decimal is shown); null when none was delivered.
   */
  readonly averageTurnaroundDays: number | null;
  /** 'Top Problems': the problems of the repairs received in the month, most frequent first (ties by name). */
  readonly topProblems: readonly ProblemCount[];
  /** One entry per day of the month, in order, zero on days without money. */
  readonly daily: readonly DayCollection[];
}

export const PAYMENT_MODE_LABELS: Readonly<Record<PaymentMode, string>> = {
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
};

// ---- the pure rules every backend's report follows ----------------------------------------------

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The bucket 'Top Problems' gives a problem typed in (not one of COMMON_PROBLEMS). */
export const OTHER_PROBLEM = 'Other';

/** The report port's refusals, in words a person reads. */
export const REPORT_MESSAGES = {
  badMonth: 'Choose a month (YYYY-MM).',
  badRange: "Choose a 'From' date before the 'To' date.",
  badLimit: 'A page holds 1 to 500 entries.',
  badCursor: 'This page link is not valid; start from the first page.',
} as const;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** The months a report may be asked for (a typo such as 0202 or 20266 is refused). */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2999;

/** Whether `month` is a month a report is made for: 'YYYY-MM', years 2000 to 2999. */
export function isReportMonth(month: unknown): month is ReportMonth {
  if (typeof month !== 'string') return false;
  const match = MONTH_PATTERN.exec(month);
  const year = Number(match?.[1]);
  return match !== null && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** The instants a month spans in India: [start, end), start at 00:00 IST on its first day. */
export function monthBounds(month: ReportMonth): { readonly start: Date; readonly end: Date } {
  if (!isReportMonth(month)) throw new RangeError(`Not a report month: ${String(month)}`);
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return {
    start: new Date(Date.UTC(year, index, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(year, index + 1, 1) - IST_OFFSET_MS),
  };
}

/** The day in India of an instant, 'YYYY-MM-DD' (23:30 IST on 31 March is '…-03-31'). */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month in India of an instant, 'YYYY-MM'. */
export function istMonth(at: Date): ReportMonth {
  return istDay(at).slice(0, 7);
}

/** Every day of a month in order, 'YYYY-MM-DD'. */
export function daysOfMonth(month: ReportMonth): string[] {
  const { start, end } = monthBounds(month);
  const days: string[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) days.push(istDay(new Date(at)));
  return days;
}

/**
 * 'Average Turnaround' in days, to one decimal, from the sum of (delivered − received) in ms over
 * `repairs` deliveries (integers, so every backend's sum is exact and the answers equal); null for none.
 */
export function averageTurnaroundDays(totalMs: number, repairs: number): number | null {
  if (repairs <= 0) return null;
  return Math.round((totalMs / repairs / DAY_MS) * 10) / 10;
}

/** Most frequent first, ties by name (the problems of COMMON_PROBLEMS and 'Other'); none at zero. */
export function rankProblems(counts: Readonly<Record<string, number>>): ProblemCount[] {
  return Object.entries(counts)
    .filter(([, repairs]) => repairs > 0)
    .map(([problem, repairs]) => ({ problem, repairs }))
    .sort((a, b) => b.repairs - a.repairs || (a.problem < b.problem ? -1 : a.problem > b.problem ? 1 : 0));
}
