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
