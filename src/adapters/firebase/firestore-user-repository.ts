import type { Auth } from 'firebase/auth';
import {
  collection,
  doc,
  type Firestore,
  limit,
  orderBy,
  type QueryDocumentSnapshot,
  query,
  runTransaction,
  setDoc,
  startAfter,
  updateDoc,
  where,
} from 'firebase/firestore';
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
import { firestoreCall } from './firebase-errors';
import { BUSINESS_FIELDS, businessKeyOf, storeIdsOf } from './firestore-business';
import { COLLECTIONS, plainData } from './firestore-data';
import { getCountFromServer, getDoc, getDocs, transactionGet } from './firestore-reads';

/** How long the admin's page cursors and search list are reused (paging on, searching again). */
export const BUSINESS_DIRECTORY_TTL_MS = 60_000;

interface Cached<T> {
  /** The account it was made for: another account never sees it. */
  readonly uid: string;
  readonly at: number;
  readonly value: T;
}

/** The fields of a profile patch that the business key follows. */
const NAME_FIELDS: readonly string[] = ['businessName', 'name'];

function businessUserOf(document: QueryDocumentSnapshot): BusinessUser {
  const data = plainData(document);
  return { profile: parseUserRecord(document.id, data), storeIds: storeIdsOf(data).sort() };
}

/**
 * users/{uid} on Firestore. The security rules (firestore.rules) are the guard: a profile can only be
 * created by its own account with role user or distributor, and the admin queries are for role sa only.
 *
 * The admin's business view never reads the stores or the whole users collection: an owner's users
 * document lists its stores and carries its business key (firestore-business.ts; the rules keep both
 * true), so the business users are `users where businessKey >= ''`, counted with count() and paged in
 * the table's order (businessKey, then uid) ten documents at a time, continuing from the previous
 * page's last document when this client read it in the last BUSINESS_DIRECTORY_TTL_MS. A search
 * (a substring of name or e-mail, which no index answers) reads every business user once and reuses
 * that list for BUSINESS_DIRECTORY_TTL_MS, per signed-in account.
 */
export class FirestoreUserRepository implements UserRepository {
  /** The last document of each page read (by the offset after it), to start the next page there. */
  private cursors: Cached<Map<number, QueryDocumentSnapshot>> | null = null;
  private everyBusiness: Cached<Promise<BusinessUser[]>> | null = null;

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

  /**
   * A self-edit; firestore.rules allow only the profile's own fields, each capped. A store owner's
   * change of name or business name also updates its business key, in one transaction.
   */
  updateOwnProfile(patch: ProfilePatch): Promise<void> {
    return firestoreCall(async () => {
      const uid = this.auth.currentUser?.uid;
      if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
      const ref = doc(this.db, COLLECTIONS.users, uid);
      if (!Object.keys(patch).some((field) => NAME_FIELDS.includes(field))) {
        await updateDoc(ref, { ...patch });
        return;
      }
      await runTransaction(this.db, async (transaction) => {
        const current = (await transactionGet(transaction, ref)).data();
        if (current === undefined) throw new PortError('not-found', 'This account has no profile yet.');
        const next = { ...current, ...patch };
        transaction.update(
          ref,
          storeIdsOf(current).length > 0
            ? { ...patch, [BUSINESS_FIELDS.businessKey]: businessKeyOf(next) }
            : { ...patch },
        );
      });
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

  /** The business users: count() of `users where businessKey >= ''` (1 read per 1,000). */
  countBusinessUsers(): Promise<number> {
    return firestoreCall(async () => (await getCountFromServer(this.businessUsers())).data().count);
  }

  pageBusinessUsers(request: BusinessUserQuery): Promise<Page<BusinessUser>> {
    return firestoreCall(async () => {
      const offset = Math.max(0, Math.floor(request.offset));
      const size = Math.max(0, Math.floor(request.limit));
      if (request.search.trim() !== '') {
        const matching = (await this.allBusinessUsers())
          .filter((business) => matchesBusinessSearch(business.profile, request.search))
          .sort((a, b) => byBusinessName(a.profile, b.profile));
        return { items: matching.slice(offset, offset + size), total: matching.length };
      }
      const [total, items] = await Promise.all([
        getCountFromServer(this.businessUsers()).then((snapshot) => snapshot.data().count),
        this.page(offset, size),
      ]);
      return { items, total };
    });
  }

  /** The business users in the table's order (an inequality on businessKey also leaves out the rest). */
  private businessUsers() {
    return query(
      this.users(),
      where(BUSINESS_FIELDS.businessKey, '>=', ''),
      orderBy(BUSINESS_FIELDS.businessKey),
    );
  }

  /** `size` business users from `offset`: from the last page's end when known, else from the start. */
  private async page(offset: number, size: number): Promise<BusinessUser[]> {
    if (size === 0) return [];
    let cursors = this.fresh(this.cursors);
    if (cursors === null) {
      cursors = new Map();
      this.cursors = this.cache(cursors);
    }
    const from = offset === 0 ? undefined : cursors.get(offset);
    // Without a cursor the documents before the page are read too (the web SDK has no offset, and
    // Firestore bills an offset's skipped documents anyway).
    const snapshot = await getDocs(
      from === undefined
        ? query(this.businessUsers(), limit(offset + size))
        : query(this.businessUsers(), startAfter(from), limit(size)),
    );
    const documents = from === undefined ? snapshot.docs.slice(offset) : snapshot.docs;
    const last = documents.at(-1);
    if (last !== undefined) cursors.set(offset + documents.length, last);
    return documents.map(businessUserOf);
  }

  /** Every business user, for a search: read once per BUSINESS_DIRECTORY_TTL_MS per account. */
  private allBusinessUsers(): Promise<BusinessUser[]> {
    const cached = this.fresh(this.everyBusiness);
    if (cached !== null) return cached;
    const load = getDocs(this.businessUsers()).then((snapshot) => snapshot.docs.map(businessUserOf));
    const entry = this.cache(load);
    this.everyBusiness = entry;
    // A failed load is not kept: the next search tries again.
    load.catch(() => {
      if (this.everyBusiness === entry) this.everyBusiness = null;
    });
    return load;
  }

  /** A cached value, if it was made for the signed-in account, and recently. */
  private fresh<T>(cached: Cached<T> | null): T | null {
    const uid = this.auth.currentUser?.uid ?? '';
    if (cached === null || cached.uid !== uid) return null;
    return this.now() - cached.at > BUSINESS_DIRECTORY_TTL_MS ? null : cached.value;
  }

  private cache<T>(value: T): Cached<T> {
    return { uid: this.auth.currentUser?.uid ?? '', at: this.now(), value };
  }
}
