import {
  canReadDeliveryCode,
  canReadRepair,
  isCustomerOf,
  type RepairReader,
} from '../../domain/repairs/access';
import { countKeyOf, parseRepairRecord, type Repair } from '../../domain/repairs/repair';
import { normalisePhone } from '../../domain/shared/phone';
import { storeRefOf } from '../../domain/shop/repair-store';
import { parseStoreRecord } from '../../domain/stores/store';
import { ROLES } from '../../domain/users/user';
import {
  type DateRange,
  MAX_MY_REPAIRS,
  MAX_REPAIRS_PER_ID,
  type RepairLookupResult,
  type RepairRepository,
} from '../../ports/repair-repository';
import { repairReaderOf } from '../local/local-rules';
import type { MemoryDatabase } from './memory-database';
import { memberKey } from './memory-shop-membership';

/** What one repair contributes to the indexes. */
interface Entry {
  /** The stored repairId, when it is text (a numeric one never equals text, as in a database query). */
  readonly repairId: string | null;
  /** Its count key (store, else business) and creation instant, when it has both. */
  readonly key: string;
  readonly created: number | undefined;
  /** The customer's number as its 10 digits (normalisePhone); '' when it has none. */
  readonly mobile: string;
}

interface RepairIndexes {
  /** The repairs' version these indexes reflect. */
  version: number;
  /** stored repairId (text) → document ids, sorted. */
  readonly byRepairId: Map<string, string[]>;
  /** count key (store, else business) → creation instants (ms), sorted. */
  readonly createdByKey: Map<string, number[]>;
  /** the customer's number, normalised → document ids, sorted. */
  readonly byMobile: Map<string, string[]>;
  /** document id → what it put in the two maps, to take it out again when it changes. */
  readonly entries: Map<string, Entry>;
}

/** The first index whose value is ≥ `value` in a sorted array. */
function lowerBound<T extends number | string>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted<T extends number | string>(map: Map<string, T[]>, key: string, value: T): void {
  const values = map.get(key);
  if (values === undefined) map.set(key, [value]);
  else values.splice(lowerBound(values, value), 0, value);
}

function removeSorted<T extends number | string>(map: Map<string, T[]>, key: string, value: T): void {
  const values = map.get(key);
  if (values === undefined) return;
  const at = lowerBound(values, value);
  if (values[at] === value) values.splice(at, 1);
  if (values.length === 0) map.delete(key);
}

function entryOf(id: string, raw: unknown): Entry {
  const repair = parseRepairRecord(id, raw);
  const stored = (raw as { repairId?: unknown } | undefined)?.repairId;
  return {
    repairId: typeof stored === 'string' ? stored : null,
    key: countKeyOf(repair),
    created: repair.createdAt?.getTime(),
    mobile: normalisePhone(repair.customerMobile),
  };
}

/** The indexes of every repair, built afresh. */
function buildIndexes(repairs: MemoryDatabase['repairs']): RepairIndexes {
  const indexes: RepairIndexes = {
    version: repairs.version,
    byRepairId: new Map(),
    createdByKey: new Map(),
    byMobile: new Map(),
    entries: new Map(),
  };
  for (const [id, raw] of repairs) {
    const entry = entryOf(id, raw);
    indexes.entries.set(id, entry);
    if (entry.mobile !== '') {
      const ids = indexes.byMobile.get(entry.mobile);
      if (ids) ids.push(id);
      else indexes.byMobile.set(entry.mobile, [id]);
    }
    if (entry.repairId !== null) {
      const ids = indexes.byRepairId.get(entry.repairId);
      if (ids) ids.push(id);
      else indexes.byRepairId.set(entry.repairId, [id]);
    }
    if (entry.key === '' || entry.created === undefined) continue;
    const times = indexes.createdByKey.get(entry.key);
    if (times) times.push(entry.created);
    else indexes.createdByKey.set(entry.key, [entry.created]);
  }
  for (const ids of indexes.byRepairId.values()) ids.sort();
  for (const ids of indexes.byMobile.values()) ids.sort();
  for (const times of indexes.createdByKey.values()) times.sort((a, b) => a - b);
  return indexes;
}

function addEntry(indexes: RepairIndexes, id: string, entry: Entry): void {
  indexes.entries.set(id, entry);
  if (entry.repairId !== null) insertSorted(indexes.byRepairId, entry.repairId, id);
  if (entry.mobile !== '') insertSorted(indexes.byMobile, entry.mobile, id);
  if (entry.key !== '' && entry.created !== undefined)
    insertSorted(indexes.createdByKey, entry.key, entry.created);
}

function removeEntry(indexes: RepairIndexes, id: string): void {
  const entry = indexes.entries.get(id);
  if (entry === undefined) return;
  indexes.entries.delete(id);
  if (entry.repairId !== null) removeSorted(indexes.byRepairId, entry.repairId, id);
  if (entry.mobile !== '') removeSorted(indexes.byMobile, entry.mobile, id);
  if (entry.key !== '' && entry.created !== undefined)
    removeSorted(indexes.createdByKey, entry.key, entry.created);
}

/**
 * Repairs in memory, answered from two indexes (like the PouchDB views and Firestore's indexes): by
 * Repair ID, and by count key (store, else business) with sorted creation times. They are built once
 * and then updated with the repairs that changed since (the collection remembers which), so a look-up
 * or a monthly count never scans the collection, even right after a change.
 */
export class MemoryRepairRepository implements RepairRepository {
  private indexes: RepairIndexes | null = null;

  constructor(private readonly db: MemoryDatabase) {}

  private currentIndexes(): RepairIndexes {
    const current = this.indexes;
    const repairs = this.db.repairs;
    if (current?.version === repairs.version) return current;
    const changed = current === null ? null : repairs.changedSince(current.version);
    if (current === null || changed === null) {
      this.indexes = buildIndexes(repairs);
      return this.indexes;
    }
    for (const id of new Set(changed)) {
      removeEntry(current, id);
      const raw = repairs.get(id);
      if (raw !== undefined) addEntry(current, id, entryOf(id, raw));
    }
    current.version = repairs.version;
    return current;
  }

  /** The index tells how many repairs carry the id; each is handed out only if the read rule allows it. */
  async findByRepairId(repairId: string): Promise<RepairLookupResult> {
    await this.db.roundTrip();
    const reader = await repairReaderOf(this.db, async (uid) => this.db.profile(uid));
    // Every repair of the id is judged: a shop registering many under someone's Repair ID hides nothing.
    const ids = this.currentIndexes().byRepairId.get(repairId) ?? [];
    const readable = ids.flatMap((id) => this.readableBy(reader, id));
    return { total: Math.min(ids.length, MAX_REPAIRS_PER_ID), readable };
  }

  async findMine(): Promise<Repair[]> {
    await this.db.roundTrip();
    const reader = await repairReaderOf(this.db, async (uid) => this.db.profile(uid));
    if (reader.verifiedPhone === null) return [];
    const ids = this.currentIndexes().byMobile.get(normalisePhone(reader.verifiedPhone)) ?? [];
    return ids
      .flatMap((id) => this.readableBy(reader, id))
      .filter((repair) => isCustomerOf(reader.verifiedPhone, repair))
      .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))
      .slice(0, MAX_MY_REPAIRS);
  }

  /** The repair as `reader` may read it (its delivery code only where allowed), or nothing. */
  private readableBy(reader: RepairReader, id: string): Repair[] {
    const raw = this.db.repairs.get(id);
    const parsed = parseRepairRecord(id, raw);
    const kept = this.db.repairDelivery.get(id)?.code;
    // The shop console keeps its delivery code apart; the apps' is on the repair.
    const repair = { ...parsed, deliveryCode: typeof kept === 'string' ? kept : parsed.deliveryCode };
    const writtenBy = raw?.customerMobileBy;
    const rule = { ...repair, ...(typeof writtenBy === 'string' ? { customerMobileBy: writtenBy } : {}) };
    const ref = storeRefOf(repair);
    const storeRaw = ref === '' || reader.role === ROLES.superAdmin ? undefined : this.db.stores.get(ref);
    const store = storeRaw === undefined ? null : parseStoreRecord(ref, storeRaw);
    const staff = store !== null && this.db.storeMembers.has(memberKey(ref, reader.uid));
    if (!canReadRepair(reader, rule, store, staff)) return [];
    const code = canReadDeliveryCode(reader, rule, store, staff) ? repair.deliveryCode : '';
    return [this.db.read({ ...repair, deliveryCode: code })];
  }

  async countCreated(keys: readonly string[], range: DateRange): Promise<Record<string, number>> {
    await this.db.roundTrip();
    await this.db.requireSuperAdmin();
    const { createdByKey } = this.currentIndexes();
    const from = range.from.getTime();
    const to = range.to.getTime();
    return Object.fromEntries(
      keys.map((key) => {
        const times = createdByKey.get(key) ?? [];
        return [key, lowerBound(times, to) - lowerBound(times, from)];
      }),
    );
  }
}
