import { parseShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo, storeRefOf } from '../../domain/shop/repair-store';
import type { MemoryDatabase, StoredRecord, VersionedMap } from './memory-database';

/**
 * The shop console's indexes over the repairs, like Firestore's composite indexes and PouchDB's views:
 * each a sorted list of keys `store␀value…␀time␀id`, so a page, a search or a count is a range of one
 * store's keys, never a scan of the collection. Built once, then updated with the repairs that
 * changed since (the collection remembers which).
 */

const SEP = '\u0000';
const TOP = '\uffff';
/** createdAt as 15 digits (ms); '-' (sorting before every digit) when a repair has none. */
const TIME_WIDTH = 15;

export function timeKey(ms: number | null): string {
  return ms === null ? '-' : String(Math.max(0, Math.floor(ms))).padStart(TIME_WIDTH, '0');
}

const clean = (text: string) => text.replaceAll(SEP, '').replaceAll(TOP, '');

export type ShopIndexName = 'store' | 'status' | 'repairId' | 'mobile' | 'imeiSerial' | 'name' | 'owing';

/**
 * The keys one repair puts in each index ('' when it is not in that index). A repair naming its store
 * only by the apps' `store` is in that store's indexes only while its businessId is the store's owner
 * (repairBelongsTo): `ownerOf` gives a store's owner.
 */
function keysOf(
  id: string,
  raw: StoredRecord,
  ownerOf: (storeId: string) => string,
): Record<ShopIndexName, string> {
  const repair = parseShopRepair(id, raw);
  const ref = storeRefOf(repair);
  const store = clean(ref);
  const empty = { store: '', status: '', repairId: '', mobile: '', imeiSerial: '', name: '', owing: '' };
  if (store === '' || !repairBelongsTo(raw, ref, ownerOf(ref))) return empty;
  const time = timeKey(repair.createdAt?.getTime() ?? null);
  const text = (value: unknown) => (typeof value === 'string' ? clean(value) : '');
  const tail = `${time}${SEP}${id}`;
  const keyed = (value: string) => (value === '' ? '' : `${store}${SEP}${value}${SEP}${tail}`);
  return {
    store: `${store}${SEP}${tail}`,
    status: `${store}${SEP}${clean(repair.status)}${SEP}${tail}`,
    // Only what is stored, as a database index sees it (no normalising of the apps' variants).
    repairId: keyed(text(raw.repairId)),
    mobile: keyed(text(raw.customerMobile)),
    imeiSerial: keyed(text(raw.imeiSerial)),
    name: keyed(text(raw.customerNameLower)),
    // The dues khata: only the repairs whose stored `owing` is true (kept by every shop write).
    owing: raw.owing === true ? `${store}${SEP}${tail}` : '',
  };
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The document id at the end of a key. */
export function idOfKey(key: string): string {
  return key.slice(key.lastIndexOf(SEP) + 1);
}

/** The time and id of a key (its last two parts). */
export function tailOfKey(key: string): { time: string; id: string } {
  const parts = key.split(SEP);
  return { time: parts[parts.length - 2] ?? '', id: parts[parts.length - 1] ?? '' };
}

export class ShopIndexes {
  private version = -1;
  /** The stores' version the keys were made with (a store's owner decides its `store` repairs). */
  private storesVersion = -1;
  private readonly lists = new Map<ShopIndexName, string[]>();
  private readonly entries = new Map<string, Record<ShopIndexName, string>>();

  constructor(
    private readonly repairs: VersionedMap<string, StoredRecord>,
    private readonly stores: VersionedMap<string, StoredRecord>,
  ) {}

  private ownerOf = (storeId: string): string => {
    const owner = this.stores.get(storeId)?.ownerId;
    return typeof owner === 'string' ? owner : '';
  };

  private list(name: ShopIndexName): string[] {
    let list = this.lists.get(name);
    if (list === undefined) {
      list = [];
      this.lists.set(name, list);
    }
    return list;
  }

  private refresh(): void {
    const repairs = this.repairs;
    if (this.version === repairs.version && this.storesVersion === this.stores.version) return;
    const changed =
      this.version < 0 || this.storesVersion !== this.stores.version
        ? null
        : repairs.changedSince(this.version);
    if (changed === null) {
      this.lists.clear();
      this.entries.clear();
      for (const [id, raw] of repairs) this.add(id, raw, false);
      for (const list of this.lists.values()) list.sort();
    } else {
      for (const id of new Set(changed)) {
        this.remove(id);
        const raw = repairs.get(id);
        if (raw !== undefined) this.add(id, raw, true);
      }
    }
    this.version = repairs.version;
    this.storesVersion = this.stores.version;
  }

  private add(id: string, raw: StoredRecord, sorted: boolean): void {
    const keys = keysOf(id, raw, this.ownerOf);
    this.entries.set(id, keys);
    for (const [name, key] of Object.entries(keys) as [ShopIndexName, string][]) {
      if (key === '') continue;
      const list = this.list(name);
      if (sorted) list.splice(lowerBound(list, key), 0, key);
      else list.push(key);
    }
  }

  private remove(id: string): void {
    const keys = this.entries.get(id);
    if (keys === undefined) return;
    this.entries.delete(id);
    for (const [name, key] of Object.entries(keys) as [ShopIndexName, string][]) {
      if (key === '') continue;
      const list = this.list(name);
      const at = lowerBound(list, key);
      if (list[at] === key) list.splice(at, 1);
    }
  }

  /** The keys of `index` in [low, high), as a slice view: start and end positions. */
  private range(
    index: ShopIndexName,
    low: string,
    high: string,
  ): { list: string[]; start: number; end: number } {
    this.refresh();
    const list = this.list(index);
    return { list, start: lowerBound(list, low), end: lowerBound(list, high) };
  }

  /**
   * Keys under `prefix` (store and values), newest first (time then id, descending), with the time
   * part in [fromKey, toKey) and strictly before `before` (a time␀id tail), at most `limit`.
   */
  newestFirst(
    index: ShopIndexName,
    prefix: readonly string[],
    options: { fromKey?: string; toKey?: string; before?: string; limit: number },
  ): string[] {
    const head = prefix.map(clean).join(SEP) + SEP;
    const low = head + (options.fromKey ?? '');
    let high = head + (options.toKey ?? TOP);
    if (options.before !== undefined && head + options.before < high) high = head + options.before;
    const { list, start, end } = this.range(index, low, high);
    const out: string[] = [];
    for (let i = end - 1; i >= start && out.length < options.limit; i--) out.push(list[i] as string);
    return out;
  }

  /**
   * Keys under `prefix`, oldest first (time then id, ascending), strictly after `after` (a time␀id
   * tail) when given, at most `limit`.
   */
  oldestFirst(
    index: ShopIndexName,
    prefix: readonly string[],
    options: { after?: string; limit: number },
  ): string[] {
    const head = prefix.map(clean).join(SEP) + SEP;
    // Just above the cursor's own key: the next key of the index is the first after it.
    const low = options.after === undefined ? head : `${head}${options.after}${SEP}`;
    const { list, start, end } = this.range(index, low, head + TOP);
    return list.slice(start, Math.min(end, start + options.limit));
  }

  /** Keys whose value (after the store) starts with `valuePrefix`, in key order, at most `limit`. */
  prefixed(index: ShopIndexName, store: string, valuePrefix: string, limit: number): string[] {
    const head = `${clean(store)}${SEP}${clean(valuePrefix)}`;
    const { list, start, end } = this.range(index, head, head + TOP);
    return list.slice(start, Math.min(end, start + limit));
  }

  /** How many keys lie under `prefix`. */
  count(index: ShopIndexName, prefix: readonly string[]): number {
    const head = prefix.map(clean).join(SEP) + SEP;
    const { start, end } = this.range(index, head, head + TOP);
    return end - start;
  }

  /** Whether the store has a repair with exactly this stored Repair ID. */
  hasRepairId(store: string, repairId: string): boolean {
    return this.count('repairId', [store, repairId]) > 0;
  }

  /** The document id of a repair of the store holding exactly this Repair ID, or null. */
  holderOf(store: string, repairId: string): string | null {
    const [key] = this.newestFirst('repairId', [store, repairId], { limit: 1 });
    return key === undefined ? null : idOfKey(key);
  }
}

/** One ShopIndexes per database, shared by the shop repositories. */
const byDatabase = new WeakMap<MemoryDatabase, ShopIndexes>();

export function shopIndexesOf(db: MemoryDatabase): ShopIndexes {
  let indexes = byDatabase.get(db);
  if (indexes === undefined) {
    indexes = new ShopIndexes(db.repairs, db.stores);
    byDatabase.set(db, indexes);
  }
  return indexes;
}
