import type { Auth } from 'firebase/auth';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  query,
  runTransaction,
  setDoc,
  where,
} from 'firebase/firestore';
import { byStoreName, parseStaffRecord } from '../../domain/shop/membership';
import { parseStoreSettings, type StoreSettings } from '../../domain/shop/settings';
import { parseStoreRecord } from '../../domain/stores/store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import type { ShopMembership, ShopMembershipRepository, StaffMember } from '../../ports/shop-membership';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, fromFirestore, plainData } from './firestore-data';
import { getDoc, getDocs, transactionGet } from './firestore-reads';
import {
  emailIndexKey,
  memberDocId,
  SHOP_COLLECTIONS,
  ShopAccessChecker,
  stamp,
} from './firestore-shop-data';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** How long myStores waits for the account's own e-mail index write before going on without it. */
const INDEX_WAIT_MS = 2_000;

/**
 * Store membership on Firestore: owners by stores.ownerId (a query on ownerId), staff by
 * storeMembers/{storeId}_{uid} (a query on uid, or on storeId for the owner's list). Staff are found
 * by e-mail through emailIndex/{key}, which each account writes for itself (docs/decisions/
 * 0007-staff-lookup-by-email.md); firestore.rules let only store owners get it, by exact id.
 */
export class FirestoreShopMembershipRepository implements ShopMembershipRepository {
  private readonly access: ShopAccessChecker;

  /** The accounts whose e-mail index entry this client wrote (once per account and session). */
  private readonly indexed = new Set<string>();

  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {
    this.access = new ShopAccessChecker(db, auth);
  }

  /**
   * Writes the signed-in account's own emailIndex entry (its ID token's e-mail, uid and profile name),
   * so that a store owner can add it as staff by e-mail. Best effort, once per session: a failure
   * (refused, or offline) is logged and tried again on the next call; it never stops the caller, which
   * waits for it two seconds at most.
   */
  private async indexOwnEmail(uid: string): Promise<void> {
    const email = this.auth.currentUser?.email?.trim().toLowerCase() ?? '';
    if (email === '' || this.indexed.has(uid)) return;
    this.indexed.add(uid);
    const failed = (error: unknown) => {
      this.indexed.delete(uid);
      this.logger?.warn('The account could not be listed for staff look-up by e-mail.', error);
    };
    try {
      const name = await this.access.actorName(uid);
      const write = setDoc(doc(this.db, SHOP_COLLECTIONS.emailIndex, emailIndexKey(email)), {
        uid,
        email,
        name,
      });
      write.catch(failed);
      // A write offline waits for the network: the caller waits a moment at most, never for the server.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise((settle) => {
        timer = setTimeout(settle, INDEX_WAIT_MS);
      });
      await Promise.race([write, waited]).catch(() => undefined);
      clearTimeout(timer);
    } catch (error) {
      failed(error);
    }
  }

  myStores(): Promise<ShopMembership[]> {
    return firestoreCall(async () => {
      const uid = this.access.uid();
      await this.indexOwnEmail(uid);
      const [owned, staffed] = await Promise.all([
        getDocs(query(collection(this.db, COLLECTIONS.stores), where('ownerId', '==', uid))),
        getDocs(query(collection(this.db, SHOP_COLLECTIONS.storeMembers), where('uid', '==', uid))),
      ]);
      const mine = owned.docs
        .map((snapshot) => parseStoreRecord(snapshot.id, plainData(snapshot)))
        .map(
          (store): ShopMembership => ({
            storeId: store.id,
            storeName: store.name,
            ownerId: store.ownerId,
            role: 'owner',
          }),
        )
        .sort(byStoreName);
      const staffStoreIds = staffed.docs
        .map((snapshot) => text(snapshot.data().storeId))
        .filter((storeId) => storeId !== '');
      const stores = await Promise.all(
        staffStoreIds.map(async (storeId) => {
          const data = plainData(await getDoc(doc(this.db, COLLECTIONS.stores, storeId)));
          return data === undefined ? null : parseStoreRecord(storeId, data);
        }),
      );
      const staff = stores
        .flatMap((store): ShopMembership[] =>
          store === null || store.ownerId === uid
            ? []
            : [{ storeId: store.id, storeName: store.name, ownerId: store.ownerId, role: 'staff' }],
        )
        .sort(byStoreName);
      return [...mine, ...staff];
    });
  }

  roleIn(storeId: string): Promise<ShopMembership | null> {
    return firestoreCall(async () => {
      const found = await this.access.accessOf(storeId);
      return found === null
        ? null
        : { storeId, storeName: found.store.name, ownerId: found.store.ownerId, role: found.role };
    });
  }

  settings(storeId: string): Promise<StoreSettings> {
    return firestoreCall(async () =>
      parseStoreSettings((await this.access.requireMember(storeId)).storeData),
    );
  }

  listStaff(storeId: string): Promise<StaffMember[]> {
    return firestoreCall(async () => {
      await this.access.requireOwner(storeId);
      const snapshot = await getDocs(
        query(collection(this.db, SHOP_COLLECTIONS.storeMembers), where('storeId', '==', storeId)),
      );
      return snapshot.docs
        .map((member) => parseStaffRecord(plainData(member) ?? {}))
        .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
    });
  }

  addStaffByEmail(storeId: string, email: string): Promise<StaffMember> {
    return firestoreCall(async () => {
      const owner = await this.access.requireOwner(storeId);
      const wanted = email.trim().toLowerCase();
      if (wanted === '') throw new PortError('not-found', 'No account has this e-mail address.');
      const entry = plainData(await getDoc(doc(this.db, SHOP_COLLECTIONS.emailIndex, emailIndexKey(wanted))));
      const uid = text(entry?.uid);
      if (entry === undefined || uid === '')
        throw new PortError('not-found', 'No account has this e-mail address.');
      if (uid === owner.store.ownerId)
        throw new PortError('invalid-argument', 'The owner of a store cannot be its staff.');
      const ref = doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(storeId, uid));
      return runTransaction(this.db, async (transaction) => {
        const existing = await transactionGet(transaction, ref);
        if (existing.exists())
          return parseStaffRecord(fromFirestore(existing.data()) as Record<string, unknown>);
        const record = {
          storeId,
          uid,
          role: 'staff',
          email: text(entry.email) || wanted,
          name: text(entry.name),
          addedAt: this.clock.now(),
          addedBy: owner.uid,
        };
        transaction.set(ref, { ...record, addedAt: stamp(record.addedAt) });
        return parseStaffRecord(record);
      });
    });
  }

  removeStaff(storeId: string, uid: string): Promise<void> {
    return firestoreCall(async () => {
      await this.access.requireOwner(storeId);
      if (uid === '') return;
      const ref = doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(storeId, uid));
      // The rules decide a delete by the stored record: one that is not there is not asked for.
      if (!(await getDoc(ref)).exists()) return;
      await deleteDoc(ref);
    });
  }
}
