import { parseRepairRecord, type Repair } from '../../domain/repairs/repair';
import type { DateRange, RepairRepository } from '../../ports/repair-repository';
import { requireSignedIn, requireSuperAdmin } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { guarded } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import type { UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

export const MAX_REPAIRS_PER_ID = 20;

/**
 * The repairs collection. Look-ups use repairs/byRepairId; counts use repairs/createdByStore, keyed
 * [store reference, createdAt ms] with a _count reduce: one range reduce per store, no document read.
 */
export class PouchRepairRepository implements RepairRepository {
  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
  ) {}

  findByRepairId(repairId: string): Promise<Repair[]> {
    return guarded(async () => {
      requireSignedIn(this.session);
      const rows = await this.dbs.repairs.query(VIEWS.repairsByRepairId, {
        key: repairId,
        include_docs: true,
        limit: MAX_REPAIRS_PER_ID,
      });
      // Rows of one key come in document-id order, as the memory adapter sorts them.
      return rows.flatMap((row) => (row.doc ? [parseRepairRecord(row.doc._id, row.doc)] : []));
    });
  }

  countCreatedByStore(storeIds: readonly string[], range: DateRange): Promise<Record<string, number>> {
    return guarded(async () => {
      await requireSuperAdmin(this.session, (uid) => this.users.profile(uid));
      const from = range.from.getTime();
      const to = range.to.getTime();
      const unique = [...new Set(storeIds)];
      const counts = await Promise.all(
        unique.map(async (storeId) => {
          if (!(from < to)) return [storeId, 0] as const;
          const [row] = await this.dbs.repairs.query(VIEWS.repairsCreatedByStore, {
            startkey: [storeId, from],
            endkey: [storeId, to],
            inclusive_end: false,
            reduce: true,
          });
          return [storeId, typeof row?.value === 'number' ? row.value : 0] as const;
        }),
      );
      return Object.fromEntries(counts);
    });
  }
}
