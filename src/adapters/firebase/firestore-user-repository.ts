import type { Auth } from 'firebase/auth';
import {
  collection,
  doc,
  documentId,
  type Firestore,
  query,
  runTransaction,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { byBusinessName, matchesBusinessSearch } from '../../domain/admin/business-performance';
import { parseStoreRecord } from '../../domain/stores/store';
import { type PublicProfile, parsePublicProfile } from '../../domain/users/public-profile';
import {
  isSuperAdmin,
  type NewUserRecord,
  type ProfilePatch,
  parseUserRecord,
  type UserProfile,
} from '../../domain/users/user';
import { PortError } from '../../ports/errors';
import type { BusinessUser, BusinessUserQuery, Page, UserRepository } from '../../ports/user-repository';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, chunks, plainData } from './firestore-data';
import { getCountFromServer, getDoc, getDocs, transactionGet } from './firestore-reads';

/** How long the admin's view of the stores and business profiles is reused (paging, search, counters). */
export const BUSINESS_DIRECTORY_TTL_MS = 60_000;

interface Cached<T> {
  /** The account it was loaded for: another account never sees it. */
  readonly uid: string;
  readonly at: number;
  readonly value: Promise<T>;
  /** What it was derived from (the profiles are those of one owners map). */
  readonly source: object | undefined;
}

/**
 * users/{uid} on Firestore. The security rules (firestore.rules) are the guard: a profile can only be
 * created by its own account with role user or distributor, and the admin queries are for role sa only.
 *
 * The admin's business view never reads the whole users collection: the stores are read to find the
 * owners (one read per store), then only those owners' documents are fetched by id, 30 per query.
 * Both are kept for BUSINESS_DIRECTORY_TTL_MS per signed-in account, so paging and searching the
 * table costs no further reads.
 */
export class FirestoreUserRepository implements UserRepository {
  private owners: Cached<Map<string, string[]>> | null = null;
  private profiles: Cached<Map<string, UserProfile>> | null = null;

  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
    private readonly now: () => number = Date.now,
  ) {}

  private users() {
    return collection(this.db, COLLECTIONS.users);
  }

  get(uid: string): Promise<UserProfile | null> {
    return firestoreCall(async () => {
      const snapshot = await getDoc(doc(this.db, COLLECTIONS.users, uid));
      const data = plainData(snapshot);
      return data === undefined ? null : parseUserRecord(uid, data);
    });
  }

  createProfile(uid: string, record: NewUserRecord): Promise<void> {
    return firestoreCall(async () => {
      if (this.auth.currentUser === null) throw new PortError('unauthenticated', 'Sign in first.');
      const ref = doc(this.db, COLLECTIONS.users, uid);
      // Create, never overwrite: the rules refuse an update of role anyway, and this refuses the rest.
      await runTransaction(this.db, async (transaction) => {
        const existing = await transactionGet(transaction, ref);
        if (existing.exists())
          throw new PortError('permission-denied', 'This account already has a profile.');
        transaction.set(ref, { ...record });
      });
    });
  }

  /** A self-edit; firestore.rules allow only the profile's own fields, each capped. */
  updateOwnProfile(patch: ProfilePatch): Promise<void> {
    return firestoreCall(async () => {
      const uid = this.auth.currentUser?.uid;
      if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
      await updateDoc(doc(this.db, COLLECTIONS.users, uid), { ...patch });
    });
  }

  getPublicProfile(uid: string): Promise<PublicProfile | null> {
    return firestoreCall(async () => {
      const data = plainData(await getDoc(doc(this.db, COLLECTIONS.publicProfiles, uid)));
      return data === undefined ? null : parsePublicProfile(uid, data);
    });
  }

  savePublicProfile(fields: Omit<PublicProfile, 'uid'>): Promise<void> {
    return firestoreCall(async () => {
      const uid = this.auth.currentUser?.uid;
      if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
      // Written as given: firestore.rules refuse any field but the two, and any over its limit.
      await setDoc(doc(this.db, COLLECTIONS.publicProfiles, uid), { ...fields });
    });
  }

  listByRole(role: string): Promise<UserProfile[]> {
    return firestoreCall(async () => {
      const snapshot = await getDocs(query(this.users(), where('role', '==', role)));
      return snapshot.docs
        .map((document) => parseUserRecord(document.id, plainData(document)))
        .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
    });
  }

  countAll(): Promise<number> {
    return firestoreCall(async () => (await getCountFromServer(this.users())).data().count);
  }

  countBusinessUsers(): Promise<number> {
    return firestoreCall(async () => {
      const byOwner = await this.storesByOwner();
      const owners = [...byOwner.keys()];
      const cachedProfiles = this.fresh(this.profiles, byOwner);
      if (cachedProfiles !== null) return (await cachedProfiles).size;
      // Owners that have a users document, counted by the server: one aggregation per 30 owners.
      const counts = await Promise.all(
        chunks(owners).map(
          async (ids) =>
            (await getCountFromServer(query(this.users(), where(documentId(), 'in', ids)))).data().count,
        ),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    });
  }

  pageBusinessUsers(request: BusinessUserQuery): Promise<Page<BusinessUser>> {
    return firestoreCall(async () => {
      const owners = await this.storesByOwner();
      const profiles = await this.ownerProfiles(owners);
      const matching = [...profiles.values()]
        .filter((profile) => matchesBusinessSearch(profile, request.search))
        .sort(byBusinessName);
      const offset = Math.max(0, Math.floor(request.offset));
      const limit = Math.max(0, Math.floor(request.limit));
      const items = matching.slice(offset, offset + limit).map((profile) => ({
        profile,
        storeIds: [...(owners.get(profile.uid) ?? [])].sort(),
      }));
      return { items, total: matching.length };
    });
  }

  /** Reads the caller's own profile (one read); rejects unless it has role sa. */
  private async requireSuperAdmin(): Promise<void> {
    const uid = this.auth.currentUser?.uid;
    if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
    if (!isSuperAdmin(await this.get(uid)))
      throw new PortError('permission-denied', 'Only a super admin may do this.');
  }

  /** A cached value, if it was made for the signed-in account, from `source`, and recently. */
  private fresh<T>(cached: Cached<T> | null, source?: object): Promise<T> | null {
    const uid = this.auth.currentUser?.uid ?? '';
    if (cached === null || cached.uid !== uid || cached.source !== source) return null;
    return this.now() - cached.at > BUSINESS_DIRECTORY_TTL_MS ? null : cached.value;
  }

  private cache<T>(value: Promise<T>, source?: object): Cached<T> {
    return { uid: this.auth.currentUser?.uid ?? '', at: this.now(), value, source };
  }

  /** Owner uid → ids of that owner's stores: one read per store. */
  private storesByOwner(): Promise<Map<string, string[]>> {
    const cached = this.fresh(this.owners);
    if (cached !== null) return cached;
    const load = (async () => {
      // Stores are readable by any signed-in account, so check the role first: the directory is the
      // admin's (and a page with no business at all must still be refused to others).
      await this.requireSuperAdmin();
      const snapshot = await getDocs(collection(this.db, COLLECTIONS.stores));
      const byOwner = new Map<string, string[]>();
      for (const document of snapshot.docs) {
        const store = parseStoreRecord(document.id, plainData(document));
        if (store.ownerId === '') continue;
        byOwner.set(store.ownerId, [...(byOwner.get(store.ownerId) ?? []), store.id]);
      }
      return byOwner;
    })();
    const entry = this.cache(load);
    this.owners = entry;
    // A failed load is not kept: the next call tries again.
    load.catch(() => {
      if (this.owners === entry) this.owners = null;
    });
    return load;
  }

  /** The users documents of the owners that have one: one read per owner, 30 owners per query. */
  private ownerProfiles(owners: Map<string, string[]>): Promise<Map<string, UserProfile>> {
    const cached = this.fresh(this.profiles, owners);
    if (cached !== null) return cached;
    const load = (async () => {
      const snapshots = await Promise.all(
        chunks([...owners.keys()]).map((ids) => getDocs(query(this.users(), where(documentId(), 'in', ids)))),
      );
      const profiles = new Map<string, UserProfile>();
      for (const snapshot of snapshots) {
        for (const document of snapshot.docs) {
          profiles.set(document.id, parseUserRecord(document.id, plainData(document)));
        }
      }
      return profiles;
    })();
    const entry = this.cache(load, owners);
    this.profiles = entry;
    load.catch(() => {
      if (this.profiles === entry) this.profiles = null;
    });
    return load;
  }
}
