import {
  canReadDeliveryCode,
  canReadRepair,
  isCustomerOf,
  type RepairReader,
} from '../../domain/repairs/access';
import { parseRepairRecord, type Repair } from '../../domain/repairs/repair';
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
import { repairReaderOf, requireSuperAdmin } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { guarded } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { memberDocId } from './pouchdb-shop-membership';
import type { UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

/** Sorts after every value in a view key (CouchDB collation: objects come last). */
const HIGH = {};

/**
 * The repairs collection. Look-ups use repairs/byRepairId; counts use repairs/createdByKey, keyed
 * [count key, createdAt ms] with a _count reduce: one range reduce per key, no document read.
 */
export class PouchRepairRepository implements RepairRepository {
  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
  ) {}

  /** The index says how many repairs carry the id; each is handed out only if the read rule allows it. */
  findByRepairId(repairId: string): Promise<RepairLookupResult> {
    return guarded(async () => {
      const reader = await repairReaderOf(this.session, (uid) => this.users.profile(uid));
      // Every repair of the id is judged: a shop registering many under someone's Repair ID hides nothing.
      const rows = await this.dbs.repairs.query(VIEWS.repairsByRepairId, {
        key: repairId,
        include_docs: true,
      });
      const readable: Repair[] = [];
      // Rows of one key come in document-id order, as the memory adapter sorts them.
      for (const row of rows) {
        const repair = row.doc ? await this.readableBy(reader, row.doc) : null;
        if (repair !== null) readable.push(repair);
      }
      return { total: Math.min(rows.length, MAX_REPAIRS_PER_ID), readable };
    });
  }

  findMine(): Promise<Repair[]> {
    return guarded(async () => {
      const reader = await repairReaderOf(this.session, (uid) => this.users.profile(uid));
      if (reader.verifiedPhone === null) return [];
      const digits = normalisePhone(reader.verifiedPhone);
      const rows = await this.dbs.repairs.query(VIEWS.repairsByCustomerMobile, {
        startkey: [digits, HIGH],
        endkey: [digits],
        descending: true,
        include_docs: true,
      });
      const mine: Repair[] = [];
      for (const row of rows) {
        const repair = row.doc ? await this.readableBy(reader, row.doc) : null;
        if (repair !== null && isCustomerOf(reader.verifiedPhone, repair)) mine.push(repair);
        if (mine.length === MAX_MY_REPAIRS) break;
      }
      return mine;
    });
  }

  /** The repair as `reader` may read it (its delivery code only where allowed), or null. */
  private async readableBy(
    reader: RepairReader,
    doc: Readonly<Record<string, unknown>> & { readonly _id: string },
  ): Promise<Repair | null> {
    const repair = parseRepairRecord(doc._id, doc);
    const ref = storeRefOf(repair);
    // A super admin reads every repair: no store to look at.
    const skipStore = ref === '' || ref.startsWith('_') || reader.role === ROLES.superAdmin;
    const storeDoc = skipStore ? null : await this.dbs.stores.get(ref);
    const store = storeDoc === null ? null : parseStoreRecord(ref, storeDoc);
    const staff =
      store !== null &&
      store.ownerId !== reader.uid &&
      (await this.dbs.storeMembers.get(memberDocId(ref, reader.uid))) !== null;
    const writtenBy = doc.customerMobileBy;
    const rule = { ...repair, ...(typeof writtenBy === 'string' ? { customerMobileBy: writtenBy } : {}) };
    if (!canReadRepair(reader, rule, store, staff)) return null;
    const code = canReadDeliveryCode(reader, rule, store, staff) ? repair.deliveryCode : '';
    return { ...repair, deliveryCode: code };
  }

  countCreated(keys: readonly string[], range: DateRange): Promise<Record<string, number>> {
    return guarded(async () => {
      await requireSuperAdmin(this.session, (uid) => this.users.profile(uid));
      const from = range.from.getTime();
      const to = range.to.getTime();
      const unique = [...new Set(keys)];
      const counts = await Promise.all(
        unique.map(async (key) => {
          if (!(from < to)) return [key, 0] as const;
          const [row] = await this.dbs.repairs.query(VIEWS.repairsCreatedByKey, {
            startkey: [key, from],
            endkey: [key, to],
            inclusive_end: false,
            reduce: true,
          });
          return [key, typeof row?.value === 'number' ? row.value : 0] as const;
        }),
      );
      return Object.fromEntries(counts);
    });
  }
}
