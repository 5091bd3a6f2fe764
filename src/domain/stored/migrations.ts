import { indianMobileDigits } from '../shared/phone';
import { missingReportFields } from '../shop/report-backfill';
import { isValidUpiId } from '../shop/upi';
import { STORE_PROFILES } from './documents';
import { schemaProblem } from './schema';

/**
 * The ordered migration steps of stored documents: what documents already stored must become when
 * documents.ts changes. Each step is pure: it reads a snapshot of the stored documents (as plain
 * objects, whatever the backend) and plans writes; `runMigrations` applies each step's writes to the
 * snapshot before the next step reads it, so a step sees the data as the steps before it left it.
 * A step is idempotent: run again on its own result, it plans nothing.
 *
 * The backends apply the plans with their own writes: `npm run backfill` (Firestore, Admin SDK, in
 * scripts/firestore-backfill.ts), and the tests on the memory family and the demo data set.
 */

export type Raw = Readonly<Record<string, unknown>>;

/** The stored documents a step may read, by collection and id. Collections a step needs but the
 * snapshot lacks read as empty. */
export type StoredSnapshot = Readonly<Record<string, ReadonlyMap<string, Raw>>>;

/** One planned write: `merge` sets the given fields (others kept), `create` writes a new document. */
export interface MigrationWrite {
  readonly collection: string;
  readonly id: string;
  readonly op: 'merge' | 'create';
  readonly data: Raw;
}

/** A document a step looked at and left, with why (the run's report lists them). */
export interface MigrationSkip {
  readonly collection: string;
  readonly id: string;
  readonly reason: string;
}

export interface MigrationPlan {
  readonly writes: readonly MigrationWrite[];
  readonly skipped: readonly MigrationSkip[];
}

export interface MigrationStep {
  /** Stable and ordered: '0001-…'. Never renumbered once shipped. */
  readonly id: string;
  readonly about: string;
  plan(snapshot: StoredSnapshot, now: Date): MigrationPlan;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const docs = (snapshot: StoredSnapshot, collection: string): ReadonlyMap<string, Raw> =>
  snapshot[collection] ?? new Map();

/**
 * 0001: a repair that names its store only by the apps' older `store` field gets `storeId`, when its
 * `businessId` is that store's owner (the only case in which `store` counts, docs/security.md "The
 * shop's surface", finding 2). Any other `store`-only repair is left as it is and reported: it names
 * a store it was never shown to be part of (a rival could have written it), so it stays off that
 * store's board.
 */
export const STORE_ID_BACKFILL: MigrationStep = {
  id: '0001-store-id-from-store',
  about: "storeId for repairs that name their store only by `store`, when businessId is the store's owner",
  plan(snapshot) {
    const stores = docs(snapshot, 'stores');
    const writes: MigrationWrite[] = [];
    const skipped: MigrationSkip[] = [];
    for (const [id, repair] of docs(snapshot, 'repairs')) {
      const store = text(repair.store);
      if (store === '' || text(repair.storeId) !== '') continue;
      const owner = text(stores.get(store)?.ownerId);
      const businessId = text(repair.businessId);
      if (owner === '') {
        skipped.push({ collection: 'repairs', id, reason: `its store ${store} does not exist` });
      } else if (businessId !== owner) {
        skipped.push({
          collection: 'repairs',
          id,
          reason:
            businessId === ''
              ? `it names the store ${store} but no business`
              : `its business ${businessId} does not own the store ${store}`,
        });
      } else {
        writes.push({ collection: 'repairs', id, op: 'merge', data: { storeId: store } });
      }
    }
    return { writes, skipped };
  },
};

/**
 * 0002: every store gets its public profile (storeProfiles/{storeId}), the only place the tracking
 * page reads the shop's name, phone and UPI ID from, made from what the page showed before: the
 * store's name, its settings' phone (else its owner's public number) and its settings' UPI ID. A
 * store that already has a profile is left alone (the owner's own words win); a store whose values
 * do not make a valid profile (no name) is reported and its page shows no shop details until the
 * owner saves the settings.
 */
export const STORE_PROFILES_FROM_STORES: MigrationStep = {
  id: '0002-store-profiles',
  about: "a public profile (name, phone, UPI ID) for every store, from its name, settings and owner's number",
  plan(snapshot, now) {
    const profiles = docs(snapshot, 'storeProfiles');
    const publicProfiles = docs(snapshot, 'publicProfiles');
    const writes: MigrationWrite[] = [];
    const skipped: MigrationSkip[] = [];
    for (const [id, store] of docs(snapshot, 'stores')) {
      if (profiles.has(id)) continue;
      const ownerId = text(store.ownerId);
      if (ownerId === '') {
        skipped.push({ collection: 'stores', id, reason: 'it has no owner (a tombstone store)' });
        continue;
      }
      const upiId = text(store.upiId);
      const phone =
        indianMobileDigits(text(store.phone)) ??
        indianMobileDigits(text(publicProfiles.get(ownerId)?.phone)) ??
        '';
      const profile = {
        ownerId,
        name: text(store.name).slice(0, 200),
        phone,
        upiId: isValidUpiId(upiId) ? upiId : '',
        updatedAt: now,
      };
      const problem = schemaProblem(STORE_PROFILES, profile, 'domain');
      if (problem !== null) {
        skipped.push({ collection: 'stores', id, reason: problem });
        continue;
      }
      writes.push({ collection: 'storeProfiles', id, op: 'create', data: profile });
    }
    return { writes, skipped };
  },
};

/**
 * 0003: the reports' fields (issue 18, shop/report-fields.ts) on repairs stored before them: a
 * delivered repair's deliveredAt (from its timeline's last delivery), salePaise and turnaroundMs, and
 * otherProblem for a problem list naming one not in the common list, so that Firestore's aggregation
 * queries count them. A repair with all of them is left as it is.
 */
export const REPORT_FIELDS_BACKFILL: MigrationStep = {
  id: '0003-report-fields',
  about: "the reports' deliveredAt, salePaise, turnaroundMs and otherProblem on repairs stored before them",
  plan(snapshot) {
    const writes: MigrationWrite[] = [];
    for (const [id, repair] of docs(snapshot, 'repairs')) {
      const missing = missingReportFields(repair);
      if (Object.keys(missing).length > 0)
        writes.push({ collection: 'repairs', id, op: 'merge', data: missing });
    }
    return { writes, skipped: [] };
  },
};

/** Every step, in the order they run. Append only. */
export const MIGRATIONS: readonly MigrationStep[] = [
  STORE_ID_BACKFILL,
  STORE_PROFILES_FROM_STORES,
  REPORT_FIELDS_BACKFILL,
];

export interface MigrationRun {
  readonly steps: readonly { readonly id: string; readonly about: string; readonly plan: MigrationPlan }[];
  /** The snapshot as the steps leave it. */
  readonly result: StoredSnapshot;
}

/** Applies writes to a snapshot (a copy; the input is not changed). */
export function applyWrites(snapshot: StoredSnapshot, writes: readonly MigrationWrite[]): StoredSnapshot {
  const next: Record<string, Map<string, Raw>> = {};
  for (const [name, collection] of Object.entries(snapshot)) next[name] = new Map(collection);
  for (const write of writes) {
    const collection = next[write.collection] ?? new Map<string, Raw>();
    next[write.collection] = collection;
    const before = collection.get(write.id);
    if (write.op === 'create' && before !== undefined) {
      throw new Error(`Migration writes ${write.collection}/${write.id}, which exists`);
    }
    collection.set(write.id, write.op === 'merge' ? { ...(before ?? {}), ...write.data } : write.data);
  }
  return next;
}

/** Plans every step in order, each on the result of the ones before. */
export function runMigrations(
  snapshot: StoredSnapshot,
  now: Date,
  steps: readonly MigrationStep[] = MIGRATIONS,
): MigrationRun {
  let current = snapshot;
  const planned: { id: string; about: string; plan: MigrationPlan }[] = [];
  for (const step of steps) {
    const plan = step.plan(current, now);
    planned.push({ id: step.id, about: step.about, plan });
    current = applyWrites(current, plan.writes);
  }
  return { steps: planned, result: current };
}

/** One line per step: what it wrote and what it left, for `npm run backfill` and the docs. */
export function describeMigrationRun(run: MigrationRun): string[] {
  return run.steps.map(({ id, plan }) => {
    const byCollection = new Map<string, number>();
    for (const write of plan.writes) {
      byCollection.set(write.collection, (byCollection.get(write.collection) ?? 0) + 1);
    }
    const written = [...byCollection].map(([name, n]) => `${n} ${name}`).join(', ') || 'nothing';
    return `${id}: wrote ${written}; left ${plan.skipped.length}`;
  });
}
