import type { Repair } from '../domain/repairs/repair';

/** A half-open interval of instants: from ≤ t < to. */
export interface DateRange {
  readonly from: Date;
  readonly to: Date;
}

export interface RepairRepository {
  /** Repairs whose repairId equals `repairId` exactly (several shops may reuse an id). At most 20. */
  findByRepairId(repairId: string): Promise<Repair[]>;
  /**
   * For each store id, the number of repairs created in `range` whose store reference (storeId, else
   * businessId, else store) is that id. Every requested id appears in the result, with 0 if none.
   */
  countCreatedByStore(storeIds: readonly string[], range: DateRange): Promise<Record<string, number>>;
}
