import { byBusinessName, matchesBusinessSearch } from '../src/domain/admin/business-performance';
import { countKeyOf, parseRepairRecord } from '../src/domain/repairs/repair';
import { parseStoreRecord } from '../src/domain/stores/store';
import { businessNameOf, parseUserRecord, type UserProfile } from '../src/domain/users/user';

/**
 * The spec's read-everything strategy (../shared/spec/web-spec.md, section 7, "Calls"), run on the same
 * backend and data as ours, as the baseline of every scenario:
 *  - admin dashboard: "read all documents of users, repairs, stores; group stores by ownerId; count
 *    repairs per owner in the chosen month and year by matching the repair's store reference and
 *    createdAt", then the counters, the search, the order and the page are computed in the client;
 *  - customer look-up: "query repairs where repairId equals the entered id", then "read
 *    users/{businessId}" for the business info;
 *  - recharge: "update users/{distributorId}.walletBalance to old balance plus amount; then create a
 *    rechargeTransactions record" (two writes, not atomic; the old balance is read first).
 * Documents read are counted as they come back (on Firestore, as it bills them).
 */

export interface RawDocument {
  readonly id: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** A query's documents and the documents it read (a store without an index scans the collection). */
export interface RawQueryResult {
  readonly documents: readonly RawDocument[];
  readonly read: number;
}

/** What the baseline needs of a backend: its raw collections, read and written past our adapters. */
export interface RawAccess {
  /** Every document of a collection (its design documents, if any, excluded). */
  readAll(collection: 'users' | 'stores' | 'repairs'): Promise<readonly RawDocument[]>;
  /**
   * `repairs where storeId == id`: a store's repairs, read whole (the dues khata's baseline). `read` is
   * the documents returned, on every backend (as if each had that index: the baseline at its best).
   */
  repairsOfStore(storeId: string): Promise<RawQueryResult>;
  /**
   * Every payment and refund of a store's repairs (`payments where storeId ==`, the report's baseline),
   * each with its `repairDocId`; `read` as for repairsOfStore: the documents returned.
   */
  paymentsOfStore(storeId: string): Promise<RawQueryResult>;
  /** `repairs where repairId == id`. */
  repairsByRepairId(repairId: string): Promise<RawQueryResult>;
  /** users/{uid}, or null. */
  getUser(uid: string): Promise<Readonly<Record<string, unknown>> | null>;
  /** Sets users/{uid}.walletBalance. */
  setWalletBalance(uid: string, balance: number): Promise<void>;
  /** Adds a rechargeTransactions document with a new id. */
  addTransaction(record: Readonly<Record<string, unknown>>): Promise<void>;
}

export interface BaselineFilter {
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly search: string;
  /** 1-based. */
  readonly page: number;
}

export interface BaselineRow {
  readonly uid: string;
  readonly businessName: string;
  readonly storeCount: number;
  readonly repairs: number;
}

export interface BaselineDashboard {
  readonly totalUsers: number;
  readonly totalBusinessUsers: number;
  readonly rows: readonly BaselineRow[];
  readonly page: number;
  readonly pageCount: number;
  readonly matching: number;
}

/** The spec's page size of the admin table. */
export const BASELINE_PAGE_SIZE = 10;

/** The three collections the spec's admin dashboard reads, whole. */
export interface Everything {
  readonly users: readonly RawDocument[];
  readonly stores: readonly RawDocument[];
  readonly repairs: readonly RawDocument[];
  readonly docsRead: number;
}

/** What every view of the spec's admin dashboard reads first: all users, stores and repairs. */
export async function readEverything(raw: RawAccess): Promise<Everything> {
  const [users, stores, repairs] = await Promise.all([
    raw.readAll('users'),
    raw.readAll('stores'),
    raw.readAll('repairs'),
  ]);
  return { users, stores, repairs, docsRead: users.length + stores.length + repairs.length };
}

/** The admin dashboard as the spec's client computes it, and the documents it read. */
export async function baselineDashboard(
  raw: RawAccess,
  filter: BaselineFilter,
): Promise<{ readonly value: BaselineDashboard; readonly docsRead: number }> {
  const everything = await readEverything(raw);
  return { value: computeDashboard(everything, filter), docsRead: everything.docsRead };
}

/** The counters and the page, computed in the client from whole collections. */
export function computeDashboard(
  { users, stores, repairs }: Everything,
  filter: BaselineFilter,
): BaselineDashboard {
  // Group stores by owner: the owners that have a users document are the business users.
  const storesByOwner = new Map<string, string[]>();
  for (const { id, data } of stores) {
    const store = parseStoreRecord(id, data);
    if (store.ownerId === '') continue;
    storesByOwner.set(store.ownerId, [...(storesByOwner.get(store.ownerId) ?? []), store.id]);
  }
  const businesses: UserProfile[] = [];
  for (const { id, data } of users) {
    if (storesByOwner.has(id)) businesses.push(parseUserRecord(id, data));
  }

  const matching = businesses
    .filter((profile) => matchesBusinessSearch(profile, filter.search))
    .sort(byBusinessName);
  const pageCount = Math.max(1, Math.ceil(matching.length / BASELINE_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filter.page)), pageCount);
  const shown = matching.slice((page - 1) * BASELINE_PAGE_SIZE, page * BASELINE_PAGE_SIZE);

  // Count every repair of the month under its store (else its business), then sum per owner.
  const from = new Date(filter.year, filter.month - 1, 1).getTime();
  const to = new Date(filter.year, filter.month, 1).getTime();
  const perKey = new Map<string, number>();
  for (const { id, data } of repairs) {
    const repair = parseRepairRecord(id, data);
    const created = repair.createdAt?.getTime();
    if (created === undefined || created < from || created >= to) continue;
    const key = countKeyOf(repair);
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
  }
  const rows = shown.map((profile): BaselineRow => {
    const keys = new Set([...(storesByOwner.get(profile.uid) ?? []), profile.uid]);
    let count = 0;
    for (const key of keys) count += perKey.get(key) ?? 0;
    return {
      uid: profile.uid,
      businessName: businessNameOf(profile),
      storeCount: storesByOwner.get(profile.uid)?.length ?? 0,
      repairs: count,
    };
  });
  return {
    totalUsers: users.length,
    totalBusinessUsers: businesses.length,
    rows,
    page,
    pageCount,
    matching: matching.length,
  };
}

/** The spec's look-up: the repairs of the id, then the business's users document of the first. */
export async function baselineLookup(
  raw: RawAccess,
  repairId: string,
): Promise<{ readonly value: RawDocument | null; readonly docsRead: number }> {
  const found = await raw.repairsByRepairId(repairId.trim());
  let docsRead = found.read;
  const first = found.documents[0] ?? null;
  const businessId = first === null ? '' : parseRepairRecord(first.id, first.data).businessId;
  if (businessId !== '') {
    await raw.getUser(businessId);
    docsRead += 1;
  }
  return { value: first, docsRead };
}

/** The spec's recharge: read the balance, write the new one, then add the transaction (not atomic). */
export async function baselineRecharge(
  raw: RawAccess,
  request: {
    distributorId: string;
    distributorName: string;
    adminId: string;
    adminName: string;
    amount: number;
  },
): Promise<{ readonly value: number; readonly docsRead: number }> {
  const stored = await raw.getUser(request.distributorId);
  const previousBalance = Number(stored?.walletBalance ?? 0) || 0;
  const newBalance = previousBalance + request.amount;
  await raw.setWalletBalance(request.distributorId, newBalance);
  await raw.addTransaction({
    distributorId: request.distributorId,
    distributorName: request.distributorName,
    adminId: request.adminId,
    adminName: request.adminName,
    amount: request.amount,
    previousBalance,
    newBalance,
    timestamp: new Date(),
    description: 'Wallet recharge by admin',
  });
  return { value: newBalance, docsRead: 1 };
}
