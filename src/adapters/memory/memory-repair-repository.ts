import { parseRepairRecord, type Repair, storeRefOf } from '../../domain/repairs/repair';
import type { DateRange, RepairRepository } from '../../ports/repair-repository';
import { requireSignedIn } from '../local/local-rules';
import type { MemoryDatabase } from './memory-database';

export const MAX_REPAIRS_PER_ID = 20;

interface RepairIndexes {
  readonly version: number;
  /** stored repairId (text) → document ids, sorted. */
  readonly byRepairId: Map<string, string[]>;
  /** store reference → creation instants (ms), sorted. */
  readonly createdByStore: Map<string, number[]>;
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
 * Repair ID, and by store reference with sorted creation times. They are rebuilt only when the
 * repairs change, so a look-up or a monthly count never scans the collection.
 */
export class MemoryRepairRepository implements RepairRepository {
  private indexes: RepairIndexes | null = null;

  constructor(private readonly db: MemoryDatabase) {}

  private currentIndexes(): RepairIndexes {
    if (this.indexes?.version === this.db.repairs.version) return this.indexes;
    const byRepairId = new Map<string, string[]>();
    const createdByStore = new Map<string, number[]>();
    for (const [id, raw] of this.db.repairs) {
      const repair = parseRepairRecord(id, raw);
      // Equality on the stored value, as a database query does: a numeric repairId never equals text.
      if (typeof raw.repairId === 'string') {
        const ids = byRepairId.get(raw.repairId);
        if (ids) ids.push(id);
        else byRepairId.set(raw.repairId, [id]);
      }
      const ref = storeRefOf(repair);
      const created = repair.createdAt?.getTime();
      if (ref === '' || created === undefined) continue;
      const times = createdByStore.get(ref);
      if (times) times.push(created);
      else createdByStore.set(ref, [created]);
    }
    for (const ids of byRepairId.values()) ids.sort();
    for (const times of createdByStore.values()) times.sort((a, b) => a - b);
    this.indexes = { version: this.db.repairs.version, byRepairId, createdByStore };
    return this.indexes;
  }

  async findByRepairId(repairId: string): Promise<Repair[]> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    const ids = this.currentIndexes().byRepairId.get(repairId) ?? [];
    return ids
      .slice(0, MAX_REPAIRS_PER_ID)
      .map((id) => parseRepairRecord(id, this.db.read(this.db.repairs.get(id))));
  }

  async countCreatedByStore(storeIds: readonly string[], range: DateRange): Promise<Record<string, number>> {
    await this.db.roundTrip();
    await this.db.requireSuperAdmin();
    const { createdByStore } = this.currentIndexes();
    const from = range.from.getTime();
    const to = range.to.getTime();
    return Object.fromEntries(
      storeIds.map((id) => {
        const times = createdByStore.get(id) ?? [];
        return [id, lowerBound(times, to) - lowerBound(times, from)];
      }),
    );
  }
}
