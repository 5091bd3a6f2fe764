import type { Repair } from '../domain/repairs/repair';

/** A half-open interval of instants: from ≤ t < to. */
export interface DateRange {
  readonly from: Date;
  readonly to: Date;
}

/** The answer to a look-up by Repair ID. */
export interface RepairLookupResult {
  /**
   * How many repairs carry this Repair ID (several shops may reuse one), readable or not, at most
   * MAX_REPAIRS_PER_ID. Backends learn it from an existence-only index, never by reading the repairs.
   */
  readonly total: number;
  /**
   * Those the signed-in account may read (canReadRepair), in document-id order: all of them, however
   * many other repairs carry the same Repair ID (no shop can hide a customer's repair by flooding it).
   */
  readonly readable: readonly Repair[];
}

/** The most repairs a customer's list shows. */
export const MAX_MY_REPAIRS = 50;

/** The most repairs one look-up considers. */
export const MAX_REPAIRS_PER_ID = 20;

/**
 * The repairs collection.
 * Security (every backend): a repair is read only by a super admin, the members of the store it names,
 * its business when it names no store, and the customer whose verified mobile number matches its
 * customerMobile (domain/repairs/access.ts). Another account learns no more than that a repair with
 * that Repair ID exists.
 */
export interface RepairRepository {
  /** Repairs whose repairId equals `repairId` exactly. Signed-in accounts only. */
  findByRepairId(repairId: string): Promise<RepairLookupResult>;
  /**
   * The signed-in customer's own repairs: those whose customerMobile is the account's verified phone
   * number (the same number written as 10 digits, with +91, 0 or spaces) and that the read rule lets
   * it read as their customer (never one whose number it wrote itself: customerMobileBy). Newest
   * first, at most MAX_MY_REPAIRS. [] for an account without a verified number. Answered from an
   * index on customerMobile (Firestore: an equality query the rules prove), never a scan. Signed-in
   * accounts only.
   */
  findMine(): Promise<Repair[]>;
  /**
   * For each key, the number of repairs created in `range` that count under it (countKeyOf: the store
   * the repair names, else its businessId). Every requested key appears, with 0 if none.
   * Super admin only.
   */
  countCreated(keys: readonly string[], range: DateRange): Promise<Record<string, number>>;
}
