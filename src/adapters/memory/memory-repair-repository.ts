import { parseRepairRecord, type Repair, storeRefOf } from '../../domain/repairs/repair';
import type { DateRange, RepairRepository } from '../../ports/repair-repository';
import { requireSignedIn } from '../local/local-rules';
import type { MemoryDatabase } from './memory-database';

export const MAX_REPAIRS_PER_ID = 20;

export class MemoryRepairRepository implements RepairRepository {
  constructor(private readonly db: MemoryDatabase) {}

  async findByRepairId(repairId: string): Promise<Repair[]> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    return [...this.db.repairs.entries()]
      .filter(([, raw]) => raw.repairId === repairId)
      .sort(([a], [b]) => a.localeCompare(b))
      .slice(0, MAX_REPAIRS_PER_ID)
      .map(([id, raw]) => parseRepairRecord(id, this.db.read(raw)));
  }

  async countCreatedByStore(storeIds: readonly string[], range: DateRange): Promise<Record<string, number>> {
    await this.db.roundTrip();
    await this.db.requireSuperAdmin();
    const counts: Record<string, number> = Object.fromEntries(storeIds.map((id) => [id, 0]));
    const from = range.from.getTime();
    const to = range.to.getTime();
    for (const [id, raw] of this.db.repairs) {
      const repair = parseRepairRecord(id, raw);
      const ref = storeRefOf(repair);
      const created = repair.createdAt?.getTime();
      if (created === undefined || created < from || created >= to || counts[ref] === undefined) continue;
      counts[ref] += 1;
    }
    return counts;
  }
}
