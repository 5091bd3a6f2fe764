import { MAX_AMOUNT_PAISE } from './amounts';
import { storedDues } from './repair-record';

/**
 * Payments taken offline on two devices for one repair, brought together (the PouchDB family and its
 * sync gateway; docs/adapters.md, "Payments"). Each payment is its own immutable document, which
 * replicates without conflict; the repair document, whose paid amount, dues fields and history each
 * payment moves, comes back from a sync with conflicting revisions. When those revisions differ only by
 * payment and refund entries (each naming its payment by `paymentId`), they are merged: the winner's
 * history, then every other revision's payment entries it lacks (oldest first), paid moved by each of
 * them once, the dues fields recomputed (repair-record.ts storedDues). Any other difference is not a
 * payment's: the revisions are left to the store's usual winner. Pure: stored documents in, stored
 * fields out (any representation whose history entries compare by their JSON).
 */

export type StoredFields = Readonly<Record<string, unknown>>;

/** The fields a payment moves, beside the history: revisions may differ in these alone. */
const MOVED_BY_PAYMENTS = new Set([
  'paidPaise',
  'duePaise',
  'owing',
  'updatedAt',
  'history',
  '_rev',
  '_conflicts',
]);

const entriesOf = (fields: StoredFields): StoredFields[] =>
  Array.isArray(fields.history) ? (fields.history as StoredFields[]) : [];

const key = (entry: StoredFields): string => JSON.stringify(entry);

/** A payment's or refund's history entry that names its payment: what a merge may add. */
export function isPaymentEntry(entry: StoredFields): boolean {
  return (entry.kind === 'payment' || entry.kind === 'refund') && typeof entry.paymentId === 'string';
}

const signed = (entry: StoredFields): number => {
  const amount = typeof entry.amountPaise === 'number' ? entry.amountPaise : 0;
  return entry.kind === 'refund' ? -amount : amount;
};

const instant = (value: unknown): number => {
  if (value instanceof Date) return value.getTime();
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? 0 : time;
};

/** Same stored value: compared by JSON (key order as written by one code path). */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The winner with the other revisions' payment entries merged in, or null when they differ by anything
 * but payments (or the merged paid would leave 0…MAX_AMOUNT_PAISE: two refunds taken apart that
 * together exceed what was paid).
 */
export function mergePaymentRevisions(
  winner: StoredFields,
  others: readonly StoredFields[],
): Record<string, unknown> | null {
  const mine = entriesOf(winner);
  const known = new Set(mine.map(key));
  const paymentIds = new Set(mine.filter(isPaymentEntry).map((entry) => entry.paymentId));
  const extra: StoredFields[] = [];
  let latest = instant(winner.updatedAt);
  let latestValue = winner.updatedAt;
  for (const other of others) {
    const fields = new Set([...Object.keys(winner), ...Object.keys(other)]);
    for (const field of fields)
      if (!MOVED_BY_PAYMENTS.has(field) && !same(winner[field], other[field])) return null;
    for (const entry of entriesOf(other)) {
      if (known.has(key(entry))) continue;
      if (!isPaymentEntry(entry)) return null;
      if (paymentIds.has(entry.paymentId)) continue;
      paymentIds.add(entry.paymentId);
      extra.push(entry);
    }
    if (instant(other.updatedAt) > latest) {
      latest = instant(other.updatedAt);
      latestValue = other.updatedAt;
    }
  }
  extra.sort(
    (a, b) => instant(a.at) - instant(b.at) || String(a.paymentId).localeCompare(String(b.paymentId)),
  );
  const paid =
    (typeof winner.paidPaise === 'number' ? winner.paidPaise : 0) +
    extra.reduce((sum, entry) => sum + signed(entry), 0);
  if (!Number.isSafeInteger(paid) || paid < 0 || paid > MAX_AMOUNT_PAISE) return null;
  const { _rev, _conflicts, ...rest } = winner;
  const merged: Record<string, unknown> = {
    ...rest,
    ...(extra.length === 0 ? {} : { paidPaise: paid, updatedAt: latestValue }),
    history: [...mine, ...extra],
  };
  return { ...merged, ...(extra.length === 0 ? {} : storedDues(merged)) };
}

/**
 * What a revision holds of payments beside the winner (for a conflict that is not only payments: an
 * edit on one device, another device's change first): the winner's fields, with the revision's own
 * payment and refund entries after the winner's history entries it shares. Merging it into the winner
 * (mergePaymentRevisions) keeps the payments taken on that revision while its other changes go.
 */
export function paymentsOnly(winner: StoredFields, other: StoredFields): Record<string, unknown> {
  const known = new Set(entriesOf(winner).map(key));
  const { _rev, _conflicts, ...rest } = winner;
  return {
    ...rest,
    updatedAt: other.updatedAt,
    history: entriesOf(other).filter((entry) => known.has(key(entry)) || isPaymentEntry(entry)),
  };
}

/**
 * For the sync gateway: a pushed repair whose history is not the stored one with entries appended, but
 * the stored one merged with payment entries taken on another device (mergePaymentRevisions on a device
 * that had both revisions). Answers the pushed document with its history put in append order (the
 * stored entries, then the others in the pushed order), to be judged entry by entry as appended; null
 * when it is not such a merge (every stored entry kept, in order; the others payment entries whose
 * payments the stored history does not name).
 */
export function asAppendedMerge(stored: StoredFields, pushed: StoredFields): Record<string, unknown> | null {
  const before = entriesOf(stored);
  const after = entriesOf(pushed);
  const storedKeys = before.map(key);
  const storedIds = new Set(before.filter(isPaymentEntry).map((entry) => entry.paymentId));
  let next = 0;
  const others: StoredFields[] = [];
  for (const entry of after) {
    if (next < storedKeys.length && key(entry) === storedKeys[next]) {
      next += 1;
      continue;
    }
    if (!isPaymentEntry(entry) || storedIds.has(entry.paymentId)) return null;
    others.push(entry);
  }
  if (next !== storedKeys.length || others.length === 0) return null;
  return { ...pushed, history: [...before, ...others] };
}
