import { asInstant } from '../shared/time';
import { trackedRepairOf } from './tracked-repair';

/**
 * The report fields a stored repair carries (issue 18, 'Reports'), so that Firestore's aggregation
 * queries can add up what report-totals.ts repairReportFacts folds from each repair, without reading
 * the repairs: count() and sum() see stored numbers only (never a timestamp difference, never a
 * "final amount, else estimate", never "a problem not in the list"). Every backend stores them with
 * the same writes (memory and PouchDB fold their own indexes but keep one stored shape), and
 * firestore.rules, the domain write rule (repair-write-rules.ts) and the sync gateway check them:
 *  - `otherProblem`: the problem list holds one not in COMMON_PROBLEMS ('Other' of 'Top Problems'),
 *    stored with the new repair and with every change of its problems;
 *  - `salePaise`: on a move to 'delivered', what the delivery sold (the final amount, else the
 *    estimate, else 0), null on any other move;
 *  - `turnaroundMs`: on a move to 'delivered', the move's time less createdAt in ms (never below 0),
 *    null on any other move or when the repair has no createdAt. The move's time is its history entry's
 *    `at`: the backend's time on memory, PouchDB and the gateway (where deliveredAt is the same
 *    instant), the writing device's clock on Firestore (whose deliveredAt is the server's time of the
 *    commit, a client cannot know it; the two differ by the write's latency, far below the tenth of a
 *    day 'Average Turnaround' shows).
 */

// Twin: firestore.rules isReportKept (reportFieldsAfterMove) and isOtherProblemKept (hasTypedProblem),
// which repair-write-rules.ts reportFieldsProblem judges with these; compared by
// tests/app/twin-rules.test.ts.

/** The schema's bound of a stored turnaround: a century. */
export const MAX_TURNAROUND_MS = 100 * 366 * 24 * 60 * 60 * 1000;

/** The fields a status move stores. */
export interface DeliveryReportFields {
  readonly salePaise: number | null;
  readonly turnaroundMs: number | null;
}

/**
 * What a status move to `status` stores, planned from the repair as the move leaves it (`after`: its
 * amounts and createdAt) and the move's time `at`.
 */
export function reportFieldsAfterMove(
  status: string,
  after: Readonly<Record<string, unknown>>,
  at: Date,
): DeliveryReportFields {
  if (status !== 'delivered') return { salePaise: null, turnaroundMs: null };
  // The amounts read as parseShopRepair reads them (tracked-repair.ts), with no schema library: the
  // demo data set plans its deliveries with this on a fresh demo phone (issue 19).
  const repair = trackedRepairOf(after);
  const created = asInstant(after.createdAt);
  return {
    salePaise: repair.finalPaise ?? repair.estimatePaise ?? 0,
    turnaroundMs: created === null ? null : Math.max(0, at.getTime() - created.getTime()),
  };
}
