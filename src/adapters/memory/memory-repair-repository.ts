import { canReadRepair } from '../../domain/repairs/access';
import { countKeyOf, parseRepairRecord, storeRefOf } from '../../domain/repairs/repair';
import { parseStoreRecord } from '../../domain/stores/store';
import { ROLES } from '../../domain/users/user';
import {
  type DateRange,
  MAX_REPAIRS_PER_ID,
  type RepairLookupResult,
  type RepairRepository,
} from '../../ports/repair-repository';
import { repairReaderOf } from '../local/local-rules';
import type { MemoryDatabase } from './memory-database';

interface RepairIndexes {
  readonly version: number;
  /** stored repairId (text) → document ids, sorted. */
  readonly byRepairId: Map<string, string[]>;
  /** count key (store, else business) → creation instants (ms), sorted. */
  readonly createdByKey: Map<string, number[]>;
}

/** The first index whose value is ≥ `value` in a sorted array. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Repairs in memory, answered from two indexes (like the PouchDB views and Firestore's indexes): by
 * Repair ID, and by count key (store, else business) with sorted creation times. They are rebuilt only when the
 * repairs change, so a look-up or a monthly count never scans the collection.
 */
export class MemoryRepairRepository implements RepairRepository {
  private indexes: RepairIndexes | null = null;

  constructor(private readonly db: MemoryDatabase) {}

  private currentIndexes(): RepairIndexes {
    if (this.indexes?.version === this.db.repairs.version) return this.indexes;
    const byRepairId = new Map<string, string[]>();
    const createdByKey = new Map<string, number[]>();
    for (const [id, raw] of this.db.repairs) {
      const repair = parseRepairRecord(id, raw);
      // Equality on the stored value, as a database query does: a numeric repairId never equals text.
      if (typeof raw.repairId === 'string') {
        const ids = byRepairId.get(raw.repairId);
        if (ids) ids.push(id);
        else byRepairId.set(raw.repairId, [id]);
      }
      const key = countKeyOf(repair);
      const created = repair.createdAt?.getTime();
      if (key === '' || created === undefined) continue;
      const times = createdByKey.get(key);
      if (times) times.push(created);
      else createdByKey.set(key, [created]);
    }
    for (const ids of byRepairId.values()) ids.sort();
    for (const times of createdByKey.values()) times.sort((a, b) => a - b);
    this.indexes = { version: this.db.repairs.version, byRepairId, createdByKey };
    return this.indexes;
  }

  /** The index tells how many repairs carry the id; each is handed out only if the read rule allows it. */
  async findByRepairId(repairId: string): Promise<RepairLookupResult> {
    await this.db.roundTrip();
    const reader = await repairReaderOf(this.db, async (uid) => this.db.profile(uid));
    // Every repair of the id is judged: a shop registering many under someone's Repair ID hides nothing.
    const ids = this.currentIndexes().byRepairId.get(repairId) ?? [];
    const readable = ids.flatMap((id) => {
      const repair = parseRepairRecord(id, this.db.repairs.get(id));
      const ref = storeRefOf(repair);
      const storeRaw = ref === '' || reader.role === ROLES.superAdmin ? undefined : this.db.stores.get(ref);
      const store = storeRaw === undefined ? null : parseStoreRecord(ref, storeRaw);
      return canReadRepair(reader, repair, store) ? [this.db.read(repair)] : [];
    });
    return { total: Math.min(ids.length, MAX_REPAIRS_PER_ID), readable };
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
