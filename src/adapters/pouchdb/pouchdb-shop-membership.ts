import { byStoreName, parseStaffRecord } from '../../domain/shop/membership';
import { parseStoreSettings, type StoreSettings } from '../../domain/shop/settings';
import { parseStoreRecord, type Store } from '../../domain/stores/store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { ShopMembership, ShopMembershipRepository, StaffMember } from '../../ports/shop-membership';
import {
  requireSignedIn,
  requireStoreMember,
  requireStoreOwner,
  type ShopMembershipLookup,
  shopAccessOf,
} from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { accountDocId } from './pouchdb-auth-gateway';
import { backoff, guarded, MAX_WRITE_ATTEMPTS, type StoredDoc, storedRecord } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import type { UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

/** storeMembers/{storeId}_{uid}: the document id of a membership record. */
export function memberDocId(storeId: string, uid: string): string {
  return `${storeId}_${uid}`;
}

/** A usable document id: not empty and not one of PouchDB's own (_design/, _local/). */
export const isDocId = (id: string): boolean => id !== '' && !id.startsWith('_');

/** What the local rules read to decide membership: the store, and one membership record by its id. */
export function pouchMembershipLookup(dbs: PouchDatabases): ShopMembershipLookup {
  return {
    async store(storeId) {
      if (!isDocId(storeId)) return null;
      const doc = await dbs.stores.get(storeId);
      return doc === null ? null : parseStoreRecord(storeId, doc);
    },
    async isStaff(storeId, uid) {
      if (!isDocId(storeId) || uid === '') return false;
      return (await dbs.storeMembers.get(memberDocId(storeId, uid))) !== null;
    },
  };
}

/**
 * Store membership on PouchDB: the owner by stores.ownerId (stores/byOwner), staff by a record in the
 * storeMembers database (members/byUid, members/byStore), checked with the shared local rules.
 */
export class PouchShopMembershipRepository implements ShopMembershipRepository {
  private readonly lookup: ShopMembershipLookup;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
  ) {
    this.lookup = pouchMembershipLookup(dbs);
  }

  private membership(store: Store, role: ShopMembership['role']): ShopMembership {
    return { storeId: store.id, storeName: store.name, ownerId: store.ownerId, role };
  }

  myStores(): Promise<ShopMembership[]> {
    return guarded(async () => {
      const uid = requireSignedIn(this.session);
      const ownedRows = await this.dbs.stores.query(VIEWS.storesByOwner, {
        key: uid,
        reduce: false,
        include_docs: true,
      });
      const owned = ownedRows
        .flatMap((row) => (row.doc ? [this.membership(parseStoreRecord(row.doc._id, row.doc), 'owner')] : []))
        .sort(byStoreName);
      const staffRows = await this.dbs.storeMembers.query(VIEWS.membersByUid, { key: uid });
      const storeIds = [
        ...new Set(staffRows.map((row) => (typeof row.value === 'string' ? row.value : ''))),
      ].filter(isDocId);
      const storeDocs =
        storeIds.length === 0 ? [] : await this.dbs.stores.allDocs({ keys: storeIds, include_docs: true });
      const staffed = storeDocs
        .flatMap((row) => {
          if (!row.doc) return [];
          const store = parseStoreRecord(row.doc._id, row.doc);
          return store.ownerId === uid ? [] : [this.membership(store, 'staff')];
        })
        .sort(byStoreName);
      return [...owned, ...staffed];
    });
  }

  roleIn(storeId: string): Promise<ShopMembership | null> {
    return guarded(async () => {
      const access = await shopAccessOf(this.session, storeId, this.lookup);
      return access === null ? null : this.membership(access.store, access.role);
    });
  }

  settings(storeId: string): Promise<StoreSettings> {
    return guarded(async () => {
      await requireStoreMember(this.session, storeId, this.lookup);
      return parseStoreSettings(await this.dbs.stores.get(storeId));
    });
  }

  listStaff(storeId: string): Promise<StaffMember[]> {
    return guarded(async () => {
      await requireStoreOwner(this.session, storeId, this.lookup);
      const rows = await this.dbs.storeMembers.query(VIEWS.membersByStore, {
        startkey: [storeId],
        endkey: [storeId, {}],
        include_docs: true,
      });
      return rows
        .flatMap((row) => (row.doc ? [parseStaffRecord(row.doc)] : []))
        .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
    });
  }

  addStaffByEmail(storeId: string, email: string): Promise<StaffMember> {
    return guarded(async () => {
      const owner = await requireStoreOwner(this.session, storeId, this.lookup);
      const wanted = email.trim();
      // The device's accounts database, by its e-mail key (one document read, never a scan).
      const account: StoredDoc | null =
        wanted === '' ? null : await this.dbs.accounts.get(accountDocId(wanted));
      const uid = typeof account?.uid === 'string' ? account.uid : '';
      if (account === null || uid === '')
        throw new PortError('not-found', 'No account has this e-mail address.');
      if (uid === owner.store.ownerId)
        throw new PortError('invalid-argument', 'The owner of a store cannot be its staff.');
      const id = memberDocId(storeId, uid);
      const existing = await this.dbs.storeMembers.get(id);
      if (existing !== null) return parseStaffRecord(existing);
      const record = storedRecord({
        storeId,
        uid,
        role: 'staff',
        email: typeof account.email === 'string' ? account.email : wanted,
        name: (await this.users.profile(uid))?.name ?? '',
        addedAt: this.clock.now(),
        addedBy: owner.uid,
      });
      // A put without a revision: when two owners' devices add them at once, one record stays.
      if ((await this.dbs.storeMembers.put({ ...record, _id: id })) === null) {
        const raced = await this.dbs.storeMembers.get(id);
        if (raced !== null) return parseStaffRecord(raced);
        throw new PortError('unavailable', 'This store is busy; try again.');
      }
      return parseStaffRecord(record);
    });
  }

  removeStaff(storeId: string, uid: string): Promise<void> {
    return guarded(async () => {
      await requireStoreOwner(this.session, storeId, this.lookup);
      if (uid === '') return;
      const id = memberDocId(storeId, uid);
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const doc = await this.dbs.storeMembers.get(id);
        if (doc === null || doc._rev === undefined) return;
        if ((await this.dbs.storeMembers.put({ _id: id, _rev: doc._rev, _deleted: true })) !== null) return;
        await backoff(attempt);
      }
      throw new PortError('unavailable', 'This store is busy; try again.');
    });
  }
}
