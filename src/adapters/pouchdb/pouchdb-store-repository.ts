import { parseStoreRecord, type Store } from '../../domain/stores/store';
import type { StoreRepository } from '../../ports/store-repository';
import { requireSignedIn, requireSuperAdmin } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { guarded } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import type { UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

/** The stores collection: by id, or an owner's stores through the stores/byOwner index. */
export class PouchStoreRepository implements StoreRepository {
  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
  ) {}

  get(id: string): Promise<Store | null> {
    return guarded(async () => {
      requireSignedIn(this.session);
      if (id === '' || id.startsWith('_')) return null;
      const doc = await this.dbs.stores.get(id);
      return doc === null ? null : parseStoreRecord(id, doc);
    });
  }

  listByOwner(ownerId: string): Promise<Store[]> {
    return guarded(async () => {
      if (requireSignedIn(this.session) !== ownerId)
        await requireSuperAdmin(this.session, (uid) => this.users.profile(uid));
      const rows = await this.dbs.stores.query(VIEWS.storesByOwner, {
        key: ownerId,
        reduce: false,
        include_docs: true,
      });
      return rows
        .flatMap((row) => (row.doc ? [parseStoreRecord(row.doc._id, row.doc)] : []))
        .sort((a, b) => a.id.localeCompare(b.id));
    });
  }
}
