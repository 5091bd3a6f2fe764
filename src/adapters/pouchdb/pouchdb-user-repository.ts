import { byBusinessName, matchesBusinessSearch } from '../../domain/admin/business-performance';
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

/**
 * The users collection on PouchDB. Every query goes through an index:
 *  - listByRole / countAll: users/byRole (reduce _count for the counts);
 *  - business users: see businessUsers(); only the page's users documents are read.
 */
export class PouchUserRepository implements UserRepository {
  private businessCache: { readonly key: string; readonly profiles: readonly UserProfile[] } | null = null;

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

  countAll(): Promise<number> {
    return guarded(async () => {
      await this.requireAdmin();
      const [row] = await this.dbs.users.query(VIEWS.usersByRole, { reduce: true });
      return typeof row?.value === 'number' ? row.value : 0;
    });
  }

  /**
   * Every business user (a users document whose uid owns a store), as the table sorts and searches
   * them: stores/byOwner grouped gives the owners without reading a store; users/businessKeys queried
   * with their uids gives names and e-mails without reading a users document. Kept until the users or
   * stores database changes (their update sequences), so that paging and searching read no index again.
   */
  private async businessUsers(): Promise<readonly UserProfile[]> {
    const [usersSeq, storesSeq] = await Promise.all([
      this.dbs.users.updateSeq(),
      this.dbs.stores.updateSeq(),
    ]);
    const key = `${this.dbs.generation}|${usersSeq}|${storesSeq}`;
    if (this.businessCache?.key === key) return this.businessCache.profiles;
    const ownerRows = await this.dbs.stores.query(VIEWS.storesByOwner, { reduce: true, group: true });
    const owners = ownerRows.flatMap((row) =>
      typeof row.key === 'string' && row.key !== '' ? [row.key] : [],
    );
    const keyRows =
      owners.length === 0 ? [] : await this.dbs.users.query(VIEWS.usersBusinessKeys, { keys: owners });
    const profiles = keyRows
      .flatMap((row) => (typeof row.id === 'string' ? [parseUserRecord(row.id, row.value)] : []))
      .sort(byBusinessName);
    this.businessCache = { key, profiles };
    return profiles;
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
