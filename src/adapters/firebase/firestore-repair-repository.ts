import type { Auth } from 'firebase/auth';
import { collection, doc, type Firestore, limit, orderBy, query, Timestamp, where } from 'firebase/firestore';
import { countKeyOf, parseRepairRecord, type Repair } from '../../domain/repairs/repair';
import { storedFormsOf } from '../../domain/shared/phone';
import { isPortError, PortError } from '../../ports/errors';
import {
  type DateRange,
  MAX_MY_REPAIRS,
  MAX_REPAIRS_PER_ID,
  type RepairLookupResult,
  type RepairRepository,
} from '../../ports/repair-repository';
import { firestoreCall, toPortError } from './firebase-errors';
import { COLLECTIONS, chunks, getDistinctDocs, plainData, repairLookupKey } from './firestore-data';
import { getDoc, getDocs } from './firestore-reads';

/** The fields a repair may name its store or business by; each is queried for the monthly counts. */
const REFERENCE_FIELDS = ['storeId', 'store', 'businessId'] as const;

/** repairs/{id} on Firestore, with the existence-only index repairLookup/{key}/refs/{id}. */
export class FirestoreRepairRepository implements RepairRepository {
  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
  ) {}

  private repairs() {
    return collection(this.db, COLLECTIONS.repairs);
  }

  /**
   * Lists the index entries of the Repair ID (document ids only, readable by any signed-in account),
   * then gets each repair: the rules hand over the ones this account may read and refuse the others,
   * which therefore never reach the browser. A customer's own repairs are also asked for directly
   * (Repair ID and the verified number in the forms records store it), so that a shop registering
   * many repairs under someone's Repair ID cannot push theirs out of the index's first page.
   */
  findByRepairId(repairId: string): Promise<RepairLookupResult> {
    return firestoreCall(async () => {
      const refs = await getDocs(
        query(
          collection(this.db, COLLECTIONS.repairLookup, repairLookupKey(repairId), 'refs'),
          limit(MAX_REPAIRS_PER_ID),
        ),
      );
      const ids = refs.docs.map((ref) => ref.id);
      const [indexed, own] = await Promise.all([
        Promise.all(ids.map((id) => this.readIfAllowed(id, repairId))),
        this.customersOwn(repairId),
      ]);
      const readable = new Map<string, Repair>();
      for (const repair of [...indexed, ...own]) if (repair !== null) readable.set(repair.id, repair);
      return {
        total: Math.max(ids.length, readable.size),
        readable: [...readable.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      };
    });
  }

  /**
   * The signed-in customer's repairs: one query on customerMobile in the stored forms of the verified
   * number (the rules prove each answer is theirs: isVerifiedCustomer), newest first; one whose number
   * this account wrote itself is never its own (customerMobileBy).
   */
  findMine(): Promise<Repair[]> {
    return firestoreCall(async () => {
      const user = this.auth.currentUser;
      if (user === null) throw new PortError('unauthenticated', 'Sign in first.');
      const phone = user.phoneNumber;
      const uid = user.uid;
      if (!phone) return [];
      const snapshot = await getDocs(
        query(
          this.repairs(),
          where('customerMobile', 'in', storedFormsOf(phone)),
          orderBy('createdAt', 'desc'),
          limit(MAX_MY_REPAIRS),
        ),
      );
      return Promise.all(
        snapshot.docs
          .filter((document) => document.data().customerMobileBy !== uid)
          .map((document) => this.withCode(parseRepairRecord(document.id, plainData(document)))),
      );
    });
  }

  /** The signed-in customer's repairs with this Repair ID, by their verified number (none without one). */
  private async customersOwn(repairId: string): Promise<Repair[]> {
    const phone = this.auth.currentUser?.phoneNumber;
    if (!phone) return [];
    const snapshot = await getDocs(
      query(
        this.repairs(),
        where('repairId', '==', repairId),
        where('customerMobile', 'in', storedFormsOf(phone)),
        limit(MAX_REPAIRS_PER_ID),
      ),
    );
    const uid = this.auth.currentUser?.uid;
    return Promise.all(
      snapshot.docs
        // An account that wrote the number itself is never the repair's customer (customerMobileBy).
        .filter((document) => document.data().customerMobileBy !== uid)
        .map((document) => this.withCode(parseRepairRecord(document.id, plainData(document)))),
    );
  }

  /**
   * The repair with its delivery code: a shop console repair keeps it apart (shop/delivery), which its
   * owner, its verified customer and a super admin read; for anyone else it stays ''.
   */
  private async withCode(repair: Repair): Promise<Repair> {
    if (repair.deliveryCode !== '') return repair;
    try {
      const delivery = plainData(
        await getDoc(doc(this.db, COLLECTIONS.repairs, repair.id, 'shop', 'delivery')),
      );
      return typeof delivery?.code === 'string' ? { ...repair, deliveryCode: delivery.code } : repair;
    } catch (error) {
      if (isPortError(toPortError(error), 'permission-denied')) return repair;
      throw error;
    }
  }

  private async readIfAllowed(id: string, repairId: string): Promise<Repair | null> {
    try {
      const data = plainData(await getDoc(doc(this.db, COLLECTIONS.repairs, id)));
      if (data === undefined) return null;
      const repair = parseRepairRecord(id, data);
      return repair.repairId === repairId ? await this.withCode(repair) : null;
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
