import { byBusinessName, matchesBusinessSearch } from '../../domain/admin/business-performance';
import { parseStoreRecord } from '../../domain/stores/store';
import { type PublicProfile, parsePublicProfile } from '../../domain/users/public-profile';
import {
  type NewUserRecord,
  type ProfilePatch,
  parseUserRecord,
  type UserProfile,
} from '../../domain/users/user';
import { PortError } from '../../ports/errors';
import type { BusinessUser, BusinessUserQuery, Page, UserRepository } from '../../ports/user-repository';
import {
  checkNewUserRecord,
  checkProfilePatch,
  checkProfileRead,
  checkPublicProfile,
  requireSignedIn,
  requireSuperAdmin,
} from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { backoff, guarded, MAX_WRITE_ATTEMPTS, type StoredDoc } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import type { UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

/** The business users as the admin table needs them, and the update sequences they reflect. */
interface BusinessDirectory {
  /** The databases' generation (a wipe starts the sequences again). */
  readonly generation: number;
  usersSeq: string;
  storesSeq: string;
  /** store id → its owner (stores naming no owner are left out). */
  readonly storeOwner: Map<string, string>;
  /** owner uid → ids of its stores. */
  readonly storesOf: Map<string, Set<string>>;
  /** The owners that have a users document: names and e-mail only (what the table sorts and searches). */
  readonly profiles: Map<string, UserProfile>;
  /** The profiles in the table's order; null until needed after a change. */
  sorted: readonly UserProfile[] | null;
}

/** What the table sorts and searches a business by (users/businessKeys holds the same). */
function businessProfile(uid: string, doc: Readonly<Record<string, unknown>>): UserProfile {
  return parseUserRecord(uid, { businessName: doc.businessName, name: doc.name, email: doc.email });
}

/**
 * The users collection on PouchDB. Every query goes through an index:
 *  - listByRole: users/byRole; countAll: the database's document count;
 *  - business users: see businessUsers(); only the page's users documents are read.
 */
export class PouchUserRepository implements UserRepository {
  private directory: BusinessDirectory | null = null;
  private directoryQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly docs: UserDocs,
  ) {}

  private requireAdmin(): Promise<UserProfile> {
    return requireSuperAdmin(this.session, (uid) => this.docs.profile(uid));
  }

  get(uid: string): Promise<UserProfile | null> {
    return guarded(async () => {
      await checkProfileRead(this.session, uid, (id) => this.docs.profile(id));
      return this.docs.profile(uid);
    });
  }

  updateOwnProfile(patch: ProfilePatch): Promise<void> {
    return guarded(async () => {
      const uid = requireSignedIn(this.session);
      checkProfilePatch(patch);
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const doc = await this.docs.load(uid);
        if (doc === null) throw new PortError('not-found', 'This account has no profile yet.');
        if ((await this.dbs.users.put({ ...doc, ...patch })) !== null) return;
        await backoff(attempt);
      }
      throw new PortError('unavailable', 'This profile is busy; try again.');
    });
  }

  getPublicProfile(uid: string): Promise<PublicProfile | null> {
    return guarded(async () => {
      requireSignedIn(this.session);
      if (uid === '' || uid.startsWith('_')) return null;
      const doc = await this.dbs.publicProfiles.get(uid);
      return doc === null ? null : parsePublicProfile(uid, doc);
    });
  }

  savePublicProfile(fields: Omit<PublicProfile, 'uid'>): Promise<void> {
    return guarded(async () => {
      const uid = requireSignedIn(this.session);
      const record = { ...fields } as Record<string, unknown>;
      checkPublicProfile(record);
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const current = await this.dbs.publicProfiles.get(uid);
        const rev = current?._rev;
        if (
          (await this.dbs.publicProfiles.put({ ...record, _id: uid, ...(rev ? { _rev: rev } : {}) })) !== null
        )
          return;
        await backoff(attempt);
      }
      throw new PortError('unavailable', 'This profile is busy; try again.');
    });
  }

  createProfile(uid: string, record: NewUserRecord): Promise<void> {
    return guarded(async () => {
      const data = { ...record } as Record<string, unknown>;
      checkNewUserRecord(this.session, uid, data);
      // A put without a revision fails (409) when the document exists: never an overwrite.
      if ((await this.dbs.users.put({ ...data, _id: uid })) === null)
        throw new PortError('permission-denied', 'This account already has a profile.');
    });
  }

  listByRole(role: string): Promise<UserProfile[]> {
    return guarded(async () => {
      await this.requireAdmin();
      const rows = await this.dbs.users.query(VIEWS.usersByRole, {
        key: role,
        reduce: false,
        include_docs: true,
        conflicts: true,
      });
      const docs = await this.docs.settleAll(rows.flatMap((row) => (row.doc ? [row.doc] : [])));
      return docs
        .map((doc) => parseUserRecord(doc._id, doc))
        .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
    });
  }

  /** Every users document counts: the database's document count (a reduce would read every index row). */
  countAll(): Promise<number> {
    return guarded(async () => {
      await this.requireAdmin();
      return this.dbs.users.documentCount();
    });
  }

  /**
   * Every business user (a users document whose uid owns a store), in the table's order. Built once from
   * the indexes (stores/byOwner gives each store's owner without reading a store; users/businessKeys,
   * queried with the owners' uids, their names and e-mails without reading a users document), then kept
   * up to date from the two databases' change feeds: after a sign-up or a new store, only the documents
   * that changed are read. One update at a time, so that concurrent callers never apply a change twice.
   */
  private businessUsers(): Promise<readonly UserProfile[]> {
    const next = this.directoryQueue.then(() => this.updateDirectory());
    this.directoryQueue = next.then(
      () => undefined,
      () => undefined,
    );
    return next.then((directory) => {
      directory.sorted ??= [...directory.profiles.values()].sort(byBusinessName);
      return directory.sorted;
    });
  }

  private async updateDirectory(): Promise<BusinessDirectory> {
    const generation = this.dbs.generation;
    const [usersSeq, storesSeq] = await Promise.all([
      this.dbs.users.updateSeq(),
      this.dbs.stores.updateSeq(),
    ]);
    const current = this.directory;
    if (current === null || current.generation !== generation) {
      this.directory = await this.loadDirectory(generation, usersSeq, storesSeq);
      return this.directory;
    }
    if (current.usersSeq === usersSeq && current.storesSeq === storesSeq) return current;
    const [stores, users] = await Promise.all([
      current.storesSeq === storesSeq ? null : this.dbs.stores.changesSince(current.storesSeq),
      current.usersSeq === usersSeq ? null : this.dbs.users.changesSince(current.usersSeq),
    ]);
    const newOwners = new Set<string>();
    for (const change of stores?.changes ?? []) {
      if (change.id.startsWith('_')) continue;
      const owner = change.doc === null ? '' : parseStoreRecord(change.id, change.doc).ownerId;
      const before = current.storeOwner.get(change.id) ?? '';
      if (owner === before) continue;
      if (before !== '') {
        const left = current.storesOf.get(before);
        left?.delete(change.id);
        if (left?.size === 0) {
          current.storesOf.delete(before);
          if (current.profiles.delete(before)) current.sorted = null;
          newOwners.delete(before);
        }
      }
      if (owner === '') {
        current.storeOwner.delete(change.id);
        continue;
      }
      current.storeOwner.set(change.id, owner);
      const owned = current.storesOf.get(owner);
      if (owned) owned.add(change.id);
      else {
        current.storesOf.set(owner, new Set([change.id]));
        newOwners.add(owner);
      }
    }
    for (const change of users?.changes ?? []) {
      if (change.id.startsWith('_') || !current.storesOf.has(change.id)) continue;
      newOwners.delete(change.id);
      current.sorted = null;
      if (change.doc === null) current.profiles.delete(change.id);
      else current.profiles.set(change.id, businessProfile(change.id, change.doc));
    }
    if (newOwners.size > 0) {
      // Owners of a first store whose users document did not change: their names from the index.
      current.sorted = null;
      const rows = await this.dbs.users.query(VIEWS.usersBusinessKeys, { keys: [...newOwners] });
      for (const row of rows)
        if (typeof row.id === 'string') current.profiles.set(row.id, parseUserRecord(row.id, row.value));
    }
    current.usersSeq = users?.seq ?? current.usersSeq;
    current.storesSeq = stores?.seq ?? current.storesSeq;
    return current;
  }

  private async loadDirectory(
    generation: number,
    usersSeq: string,
    storesSeq: string,
  ): Promise<BusinessDirectory> {
    const storeRows = await this.dbs.stores.query(VIEWS.storesByOwner, { reduce: false });
    const storeOwner = new Map<string, string>();
    const storesOf = new Map<string, Set<string>>();
    for (const row of storeRows) {
      if (typeof row.key !== 'string' || row.key === '' || typeof row.id !== 'string') continue;
      storeOwner.set(row.id, row.key);
      const owned = storesOf.get(row.key);
      if (owned) owned.add(row.id);
      else storesOf.set(row.key, new Set([row.id]));
    }
    const owners = [...storesOf.keys()];
    const keyRows =
      owners.length === 0 ? [] : await this.dbs.users.query(VIEWS.usersBusinessKeys, { keys: owners });
    const profiles = new Map<string, UserProfile>();
    for (const row of keyRows)
      if (typeof row.id === 'string') profiles.set(row.id, parseUserRecord(row.id, row.value));
    return { generation, usersSeq, storesSeq, storeOwner, storesOf, profiles, sorted: null };
  }

  countBusinessUsers(): Promise<number> {
    return guarded(async () => {
      await this.requireAdmin();
      return (await this.businessUsers()).length;
    });
  }

  pageBusinessUsers(query: BusinessUserQuery): Promise<Page<BusinessUser>> {
    return guarded(async () => {
      await this.requireAdmin();
      const matching = (await this.businessUsers()).filter((profile) =>
        matchesBusinessSearch(profile, query.search),
      );
      const offset = Math.max(0, Math.floor(query.offset));
      const limit = Math.max(0, Math.floor(query.limit));
      const pageUids = matching.slice(offset, offset + limit).map((profile) => profile.uid);
      if (pageUids.length === 0) return { items: [], total: matching.length };
      const [docRows, storeRows] = await Promise.all([
        this.dbs.users.allDocs({ keys: pageUids, include_docs: true, conflicts: true }),
        this.dbs.stores.query(VIEWS.storesByOwner, { keys: pageUids, reduce: false }),
      ]);
      const docs = await this.docs.settleAll(
        docRows.flatMap((row) => (row.doc ? [row.doc as StoredDoc] : [])),
      );
      const byUid = new Map(docs.map((doc) => [doc._id, parseUserRecord(doc._id, doc)]));
      const storeIds = new Map<string, string[]>();
      for (const row of storeRows) {
        if (typeof row.key !== 'string' || typeof row.id !== 'string') continue;
        storeIds.set(row.key, [...(storeIds.get(row.key) ?? []), row.id]);
      }
      const items = pageUids.flatMap((uid): BusinessUser[] => {
        const profile = byUid.get(uid);
        return profile ? [{ profile, storeIds: [...(storeIds.get(uid) ?? [])].sort() }] : [];
      });
      return { items, total: matching.length };
    });
  }
}
