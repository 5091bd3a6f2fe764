import { canReadDeliveryCode, canReadRepair } from '../../domain/repairs/access';
import { parseRepairRecord, storeRefOf } from '../../domain/repairs/repair';
import { parseStoreRecord } from '../../domain/stores/store';
import { ROLES } from '../../domain/users/user';
import {
  type DateRange,
  MAX_REPAIRS_PER_ID,
  type RepairLookupResult,
  type RepairRepository,
} from '../../ports/repair-repository';
import { repairReaderOf, requireSuperAdmin } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { guarded } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { codeDocId } from './pouchdb-shop-docs';
import { memberDocId } from './pouchdb-shop-membership';
import type { UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

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
      const readable = [];
      // Rows of one key come in document-id order, as the memory adapter sorts them.
      for (const row of rows) {
        if (!row.doc) continue;
        const repair = parseRepairRecord(row.doc._id, row.doc);
        const ref = storeRefOf(repair);
        // A super admin reads every repair: no store to look at.
        const skipStore = ref === '' || ref.startsWith('_') || reader.role === ROLES.superAdmin;
        const storeDoc = skipStore ? null : await this.dbs.stores.get(ref);
        const store = storeDoc === null ? null : parseStoreRecord(ref, storeDoc);
        const staff =
          store !== null &&
          store.ownerId !== reader.uid &&
          (await this.dbs.storeMembers.get(memberDocId(ref, reader.uid))) !== null;
        const writtenBy = row.doc.customerMobileBy;
        const rule = { ...repair, ...(typeof writtenBy === 'string' ? { customerMobileBy: writtenBy } : {}) };
        if (!canReadRepair(reader, rule, store, staff)) continue;
        // The shop console keeps its delivery code apart (shopDelivery); the apps' is on the repair.
        const kept = canReadDeliveryCode(reader, rule, store, staff)
          ? await this.dbs.shopDelivery.get(codeDocId(row.doc._id))
          : null;
        const code = canReadDeliveryCode(reader, rule, store, staff)
          ? typeof kept?.code === 'string'
            ? kept.code
            : repair.deliveryCode
          : '';
        readable.push({ ...repair, deliveryCode: code });
      }
      return { total: Math.min(rows.length, MAX_REPAIRS_PER_ID), readable };
    });
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
