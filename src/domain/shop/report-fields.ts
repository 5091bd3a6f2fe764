import { asInstant } from '../shared/time';
import { hasTypedProblem } from './job-card';
import { parseShopRepair } from './repair-record';

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

export { hasTypedProblem };

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
  const repair = parseShopRepair('', after);
  const created = asInstant(after.createdAt);
  return {
    salePaise: repair.finalPaise ?? repair.estimatePaise ?? 0,
    turnaroundMs: created === null ? null : Math.max(0, at.getTime() - created.getTime()),
  };
}

/**
 * The report fields a stored repair lacks, as its writes would have stored them: for a delivered repair
 * its deliveredAt (ShopRepair.deliveredAt: else the timeline's last delivery), salePaise and
 * turnaroundMs to that time; otherProblem for a problem list naming one not in the common list. Only
 * fields the repair does not have (an empty object for one stored with them): the backfill of repairs
 * stored before them (migrations.ts 0003) and the Firestore emulator's seeds.
 */
export function missingReportFields(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const missing: Record<string, unknown> = {};
  const repair = parseShopRepair('', raw);
  if (repair.status === 'delivered' && repair.deliveredAt !== null) {
    if (raw.deliveredAt === undefined) missing.deliveredAt = repair.deliveredAt;
    const sums = reportFieldsAfterMove('delivered', raw, repair.deliveredAt);
    if (raw.salePaise === undefined) missing.salePaise = sums.salePaise;
    if (raw.turnaroundMs === undefined) missing.turnaroundMs = sums.turnaroundMs;
  }
  if (raw.otherProblem === undefined && hasTypedProblem(raw.problemList)) missing.otherProblem = true;
  return missing;
}
