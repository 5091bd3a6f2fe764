import { collection, type Firestore, getDocs, limit, query, Timestamp, where } from 'firebase/firestore';
import { parseRepairRecord, type Repair, storeRefOf } from '../../domain/repairs/repair';
import type { DateRange, RepairRepository } from '../../ports/repair-repository';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, chunks, getDistinctDocs, plainData } from './firestore-data';

/** The most repairs one look-up returns; the rules refuse larger lists to anyone but a super admin. */
export const MAX_REPAIRS_PER_ID = 20;

/** The three fields a repair may name its store by, in the order the store-reference rule applies them. */
const STORE_FIELDS = ['storeId', 'businessId', 'store'] as const;

/** repairs/{id} on Firestore. */
export class FirestoreRepairRepository implements RepairRepository {
  constructor(private readonly db: Firestore) {}

  private repairs() {
    return collection(this.db, COLLECTIONS.repairs);
  }

  /** One equality query, served by the single-field index, in document-id order. */
  findByRepairId(repairId: string): Promise<Repair[]> {
    return firestoreCall(async () => {
      const snapshot = await getDocs(
        query(this.repairs(), where('repairId', '==', repairId), limit(MAX_REPAIRS_PER_ID)),
      );
      return snapshot.docs.map((document) => parseRepairRecord(document.id, plainData(document)));
    });
  }

  /**
   * Reads only the repairs created in `range` that name one of `storeIds` in any of the three store
   * fields: for each field and each chunk of 30 ids, `field in ids and from <= createdAt < to`
   * (composite indexes in firestore.indexes.json). A repair found by several queries is counted
   * once, for the store its reference (storeId, else businessId, else store) names.
   */
  countCreatedByStore(storeIds: readonly string[], range: DateRange): Promise<Record<string, number>> {
    return firestoreCall(async () => {
      const counts: Record<string, number> = Object.fromEntries(storeIds.map((id) => [id, 0]));
      const ids = [...new Set(storeIds)].filter((id) => id !== '');
      if (ids.length === 0) return counts;
      const from = Timestamp.fromDate(range.from);
      const to = Timestamp.fromDate(range.to);
      const queries = STORE_FIELDS.flatMap((field) =>
        chunks(ids).map((chunk) =>
          query(
            this.repairs(),
            where(field, 'in', chunk),
            where('createdAt', '>=', from),
            where('createdAt', '<', to),
          ),
        ),
      );
      const documents = await getDistinctDocs(queries);
      const start = range.from.getTime();
      const end = range.to.getTime();
      for (const [id, data] of documents) {
        const repair = parseRepairRecord(id, data);
        const ref = storeRefOf(repair);
        const created = repair.createdAt?.getTime();
        if (created === undefined || created < start || created >= end) continue;
        if (counts[ref] !== undefined) counts[ref] += 1;
      }
      return counts;
    });
  }
}
