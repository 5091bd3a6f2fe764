import { asNumber, asText } from '../shared/text';
import { rupeesToPaise } from './amounts';
import type { ShopRepair } from './repair-record';

/*
 * Stored repair values read with plain functions, no schema library: the repair parsers
 * (repair-record.ts, repairs/repair.ts) run them inside their zod schemas, and the customer's tracking
 * page reads its stored view with them alone (issue 19: that page downloads no zod).
 */

/** Paise as stored: a whole number of at least 0 (or such a number as text); null otherwise. */
export function storedPaiseOf(value: unknown): number | null {
  const n = asNumber(value);
  return n !== null && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** The console's problemList: its non-blank strings; null when no list is stored. */
export function storedProblemListOf(value: unknown): string[] | null {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : null;
}

/** The spec's `problems` text: as stored, or the apps' list joined with ', '. */
export function storedProblemsTextOf(value: unknown): string {
  return Array.isArray(value)
    ? value
        .map(asText)
        .filter((item) => item.trim() !== '')
        .join(', ')
    : asText(value);
}

/** The problems of a repair: its problemList, else its `problems` text split at commas. */
export function problemListOrText(list: readonly string[] | null, problems: string): string[] {
  return (
    list?.slice() ??
    problems
      .split(',')
      .map((problem) => problem.trim())
      .filter((problem) => problem !== '')
  );
}

/** What a tracking view is built from (domain trackingView): the repair's customer-safe fields. */
export type TrackedRepair = Pick<
  ShopRepair,
  | 'repairId'
  | 'status'
  | 'productType'
  | 'productName'
  | 'problemList'
  | 'promisedDate'
  | 'estimatePaise'
  | 'finalPaise'
  | 'paidPaise'
  | 'history'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * A tracking document's stored view (the repair's TRACKING_VIEW_FIELDS, plain values) as the fields
 * trackingView needs, read exactly as parseShopRepair reads the same fields of a repair (a property
 * test holds the two together). No history: the view keeps its own timeline.
 */
export function trackedRepairOf(view: Readonly<Record<string, unknown>>): TrackedRepair {
  const promisedDate = asText(view.promisedDate);
  return {
    repairId: asText(view.repairId),
    status: asText(view.status),
    productType: asText(view.productType),
    productName: asText(view.productName),
    problemList: problemListOrText(
      storedProblemListOf(view.problemList),
      storedProblemsTextOf(view.problems),
    ),
    promisedDate: promisedDate === '' ? null : promisedDate,
    estimatePaise: storedPaiseOf(view.estimatePaise) ?? rupeesToPaise(asNumber(view.estimatedCost)),
    finalPaise: rupeesToPaise(asNumber(view.amount)),
    paidPaise: storedPaiseOf(view.paidPaise) ?? 0,
    history: [],
    createdAt: null,
    updatedAt: null,
  };
}
