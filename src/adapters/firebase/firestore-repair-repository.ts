import {
  collection,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  Timestamp,
  where,
} from 'firebase/firestore';
import { countKeyOf, parseRepairRecord, type Repair } from '../../domain/repairs/repair';
import { isPortError } from '../../ports/errors';
import {
  type DateRange,
  MAX_REPAIRS_PER_ID,
  type RepairLookupResult,
  type RepairRepository,
} from '../../ports/repair-repository';
import { firestoreCall, toPortError } from './firebase-errors';
import { COLLECTIONS, chunks, getDistinctDocs, plainData, repairLookupKey } from './firestore-data';

/** The fields a repair may name its store or business by; each is queried for the monthly counts. */
const REFERENCE_FIELDS = ['storeId', 'store', 'businessId'] as const;

/** repairs/{id} on Firestore, with the existence-only index repairLookup/{key}/refs/{id}. */
export class FirestoreRepairRepository implements RepairRepository {
  constructor(private readonly db: Firestore) {}

  private repairs() {
    return collection(this.db, COLLECTIONS.repairs);
  }

  /**
   * Lists the index entries of the Repair ID (document ids only, readable by any signed-in account),
   * then gets each repair: the rules hand over the ones this account may read and refuse the others,
   * which therefore never reach the browser.
   */
  findByRepairId(repairId: string): Promise<RepairLookupResult> {
    return firestoreCall(async () => {
      const refs = await getDocs(
        query(
          collection(this.db, COLLECTIONS.repairLookup, repairLookupKey(repairId), 'refs'),
          limit(MAX_REPAIRS_PER_ID),
        ),
      );
      const ids = refs.docs.map((ref) => ref.id).sort();
      const readable = await Promise.all(ids.map((id) => this.readIfAllowed(id, repairId)));
      return {
        total: ids.length,
        readable: readable.filter((repair): repair is Repair => repair !== null),
      };
    });
  }

  private async readIfAllowed(id: string, repairId: string): Promise<Repair | null> {
    try {
      const data = plainData(await getDoc(doc(this.db, COLLECTIONS.repairs, id)));
      if (data === undefined) return null;
      const repair = parseRepairRecord(id, data);
      return repair.repairId === repairId ? repair : null;
    } catch (error) {
      // A repair this account may not read: the rules refuse the get.
      if (isPortError(toPortError(error), 'permission-denied')) return null;
      throw error;
    }
  }

  /**
   * Reads only the repairs created in `range` that name one of `keys` as their store or business:
   * for each field and each chunk of 30 keys, `field in keys and from <= createdAt < to` (composite
   * indexes in firestore.indexes.json). A repair found by several queries counts once, under its
   * count key (countKeyOf). Super admin only (the rules refuse unbounded lists to anyone else).
   */
  countCreated(keys: readonly string[], range: DateRange): Promise<Record<string, number>> {
    return firestoreCall(async () => {
      const counts: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
      const wanted = [...new Set(keys)].filter((key) => key !== '');
      if (wanted.length === 0) return counts;
      const from = Timestamp.fromDate(range.from);
      const to = Timestamp.fromDate(range.to);
      const queries = REFERENCE_FIELDS.flatMap((field) =>
        chunks(wanted).map((chunk) =>
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
        const key = countKeyOf(repair);
        const created = repair.createdAt?.getTime();
        if (created === undefined || created < start || created >= end) continue;
        if (counts[key] !== undefined) counts[key] += 1;
      }
      return counts;
    });
  }
}
