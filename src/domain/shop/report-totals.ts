import { COMMON_PROBLEMS } from './problems';
import type { PaymentMode, ShopRepair } from './repair-record';
import {
  averageTurnaroundDays,
  daysOfMonth,
  istDay,
  type MonthReport,
  OTHER_PROBLEM,
  type ReportMonth,
  rankProblems,
} from './reports';

/**
 * What each repair and payment adds to a month's report (issue 18, 'Reports'), pure, so that every
 * backend's index holds the same numbers: memory keeps running day totals (adapters/memory), PouchDB
 * emits the facts from its views (pouchdb-views.ts), Firestore aggregates the stored fields. The
 * baseline `monthReportFromAll` reads everything the slow way: the bench's baseline and the tests'
 * oracle.
 *
 * The rules:
 *  - 'Repairs Received' and 'Top Problems' go by the day a repair was created (IST);
 *  - 'Repairs Delivered', the sales and 'Average Turnaround' by the day it was (last) delivered: a repair
 *    reopened and delivered again counts once, in the month of its last delivery; a reopened repair not
 *    delivered again counts nowhere;
 *  - sales are the final amount, else the estimate, of the repairs delivered: an advance is collected
 *    money, never a sale before its repair is delivered;
 *  - 'Collected' and the daily chart go by the day a payment or refund was taken, by mode;
 *  - 'Due' is what the store's customers owe now (the dues khata's owing repairs).
 */

const COMMON: ReadonlySet<string> = new Set(COMMON_PROBLEMS);

/** A problem's bucket in 'Top Problems': itself when one of COMMON_PROBLEMS, else 'Other'. */
export function problemBucket(problem: string): string {
  const trimmed = problem.trim();
  return COMMON.has(trimmed) ? trimmed : OTHER_PROBLEM;
}

/** A repair's buckets, each once (a repair with two typed problems counts 'Other' once). */
export function problemBuckets(problems: readonly string[]): string[] {
  const buckets = new Set<string>();
  for (const problem of problems) if (problem.trim() !== '') buckets.add(problemBucket(problem));
  return [...buckets].sort();
}

export interface RepairReportFacts {
  /** The IST day it was created ('YYYY-MM-DD'), null when it has no createdAt. */
  readonly receivedDay: string | null;
  /** The IST day of its last delivery, null while it is not delivered. */
  readonly deliveredDay: string | null;
  /** What the delivery sold: the final amount, else the estimate, else 0 (paise). */
  readonly salePaise: number;
  /** delivered − received in ms (never below 0), null when not delivered or either time is unknown. */
  readonly turnaroundMs: number | null;
  /** Its 'Top Problems' buckets. */
  readonly problems: readonly string[];
  /** In the dues khata now: its amount due (0 when not owing). */
  readonly duePaise: number;
  readonly owing: boolean;
}

export function repairReportFacts(repair: ShopRepair): RepairReportFacts {
  const created = repair.createdAt;
  const delivered = repair.deliveredAt;
  return {
    receivedDay: created === null ? null : istDay(created),
    deliveredDay: delivered === null ? null : istDay(delivered),
    salePaise: repair.finalPaise ?? repair.estimatePaise ?? 0,
    turnaroundMs:
      delivered === null || created === null ? null : Math.max(0, delivered.getTime() - created.getTime()),
    problems: problemBuckets(repair.problemList),
    duePaise: repair.owing ? repair.duePaise : 0,
    owing: repair.owing,
  };
}

/** A payment or refund as the report reads it. */
export interface ReportMoney {
  readonly kind: 'payment' | 'refund';
  readonly mode: PaymentMode;
  readonly amountPaise: number;
  readonly at: Date;
}

/** One day's totals: what the index of a backend keeps per store and day. */
export interface ReportDay {
  received: number;
  delivered: number;
  salesPaise: number;
  turnaroundMs: number;
  /** Deliveries whose turnaround is known (the mean's divisor). */
  turnaroundRepairs: number;
  /** Repairs received that day per 'Top Problems' bucket. */
  problems: Record<string, number>;
  cashPaise: number;
  upiPaise: number;
  cardPaise: number;
  refundsPaise: number;
}

export function emptyReportDay(): ReportDay {
  return {
    received: 0,
    delivered: 0,
    salesPaise: 0,
    turnaroundMs: 0,
    turnaroundRepairs: 0,
    problems: {},
    cashPaise: 0,
    upiPaise: 0,
    cardPaise: 0,
    refundsPaise: 0,
  };
}

/** The day entry of `day`, made when missing. */
export type DayOf = (day: string) => ReportDay;

/** Adds (sign 1) or takes back (sign −1) a repair's facts on the days they fall on. */
export function addRepairFacts(dayOf: DayOf, facts: RepairReportFacts, sign: 1 | -1): void {
  if (facts.receivedDay !== null) {
    const day = dayOf(facts.receivedDay);
    day.received += sign;
    for (const bucket of facts.problems) day.problems[bucket] = (day.problems[bucket] ?? 0) + sign;
  }
  if (facts.deliveredDay !== null) {
    const day = dayOf(facts.deliveredDay);
    day.delivered += sign;
    day.salesPaise += sign * facts.salePaise;
    if (facts.turnaroundMs !== null) {
      day.turnaroundMs += sign * facts.turnaroundMs;
      day.turnaroundRepairs += sign;
    }
  }
}

/** Adds (sign 1) or takes back (sign −1) a payment or refund on its day, by mode. */
export function addMoney(dayOf: DayOf, money: ReportMoney, sign: 1 | -1): void {
  const day = dayOf(istDay(money.at));
  const amount = sign * money.amountPaise;
  if (money.kind === 'refund') day.refundsPaise += amount;
  else if (money.mode === 'upi') day.upiPaise += amount;
  else if (money.mode === 'card') day.cardPaise += amount;
  else day.cashPaise += amount;
}

/** What the store's customers owe now ('Due'). */
export interface ReportDue {
  readonly duePaise: number;
  readonly dueRepairs: number;
}

/**
 * The month's report from its days' totals (`dayOf` answers undefined for a day without any) and the
 * store's dues now.
 */
export function monthReportFromDays(
  storeId: string,
  month: ReportMonth,
  dayOf: (day: string) => Readonly<ReportDay> | undefined,
  due: ReportDue,
): MonthReport {
  let received = 0;
  let delivered = 0;
  let salesPaise = 0;
  let turnaroundMs = 0;
  let turnaroundRepairs = 0;
  let cashPaise = 0;
  let upiPaise = 0;
  let cardPaise = 0;
  let refundsPaise = 0;
  const problems: Record<string, number> = {};
  const daily = daysOfMonth(month).map((day) => {
    const totals = dayOf(day);
    if (totals === undefined) return { day, netPaise: 0 };
    received += totals.received;
    delivered += totals.delivered;
    salesPaise += totals.salesPaise;
    turnaroundMs += totals.turnaroundMs;
    turnaroundRepairs += totals.turnaroundRepairs;
    cashPaise += totals.cashPaise;
    upiPaise += totals.upiPaise;
    cardPaise += totals.cardPaise;
    refundsPaise += totals.refundsPaise;
    for (const [bucket, count] of Object.entries(totals.problems))
      problems[bucket] = (problems[bucket] ?? 0) + count;
    return {
      day,
      netPaise: totals.cashPaise + totals.upiPaise + totals.cardPaise - totals.refundsPaise,
    };
  });
  return {
    storeId,
    month,
    received,
    delivered,
    salesPaise,
    collected: {
      cashPaise,
      upiPaise,
      cardPaise,
      refundsPaise,
      netPaise: cashPaise + upiPaise + cardPaise - refundsPaise,
    },
    duePaise: due.duePaise,
    dueRepairs: due.dueRepairs,
    averageTurnaroundDays: averageTurnaroundDays(turnaroundMs, turnaroundRepairs),
    topProblems: rankProblems(problems),
    daily,
  };
}

/** A map of day totals, made as they are asked for. */
export function reportDays(): { readonly days: Map<string, ReportDay>; readonly dayOf: DayOf } {
  const days = new Map<string, ReportDay>();
  const dayOf: DayOf = (day) => {
    let totals = days.get(day);
    if (totals === undefined) {
      totals = emptyReportDay();
      days.set(day, totals);
    }
    return totals;
  };
  return { days, dayOf };
}

/**
 * The read-everything report: every repair of the store (its own: repairBelongsTo) and every payment
 * and refund of its repairs, folded the same way. The bench's baseline and the tests' oracle.
 */
export function monthReportFromAll(
  storeId: string,
  repairs: readonly ShopRepair[],
  payments: readonly ReportMoney[],
  month: ReportMonth,
): MonthReport {
  const { days, dayOf } = reportDays();
  let duePaise = 0;
  let dueRepairs = 0;
  for (const repair of repairs) {
    const facts = repairReportFacts(repair);
    addRepairFacts(dayOf, facts, 1);
    if (facts.owing) {
      duePaise += facts.duePaise;
      dueRepairs += 1;
    }
  }
  for (const payment of payments) addMoney(dayOf, payment, 1);
  return monthReportFromDays(storeId, month, (day) => days.get(day), { duePaise, dueRepairs });
}
