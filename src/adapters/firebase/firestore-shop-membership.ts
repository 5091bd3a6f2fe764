import type { Auth } from 'firebase/auth';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import {
  byInvitedEmail,
  byInvitingStore,
  byStoreName,
  INVITATION_REFUSALS,
  invitationEmail,
  invitationKey,
  isInvitableEmail,
  parseInvitationRecord,
  parseStaffRecord,
} from '../../domain/shop/membership';
import { parseStoreSettings, type StoreSettings } from '../../domain/shop/settings';
import {
  checkStoreDetails,
  checkStoreSettings,
  firstFieldMessage,
  mayOpenStore,
  newStoreFields,
  prefixOfStoreRecord,
  profileFieldsOf,
  STORE_SETUP_MESSAGES,
  type StoreDetailsInput,
  type StoreSettingsInput,
  settingsFields,
  storeOpeningFields,
} from '../../domain/shop/store-setup';
import { parseStoreRecord } from '../../domain/stores/store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type {
  ShopMembership,
  ShopMembershipRepository,
  StaffInvitation,
  StaffMember,
} from '../../ports/shop-membership';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, fromFirestore, plainData } from './firestore-data';
import { getDoc, getDocs, transactionGet } from './firestore-reads';
import { memberDocId, SHOP_COLLECTIONS, ShopAccessChecker } from './firestore-shop-data';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** storeProfiles/{storeId} (firestore-store-profiles.ts): the tracking page's shop. */
const STORE_PROFILES_COLLECTION = 'storeProfiles';

/**
 * Store membership on Firestore: owners by stores.ownerId (a query on ownerId), staff by
 * storeMembers/{storeId}_{uid} (a query on uid, or on storeId for the owner's list). Staff join by
 * invitation (docs/decisions/0008-staff-join-by-invitation.md): the owner writes
 * invitations/{storeId}_{email}; the account whose ID token carries that e-mail, verified, reads it and
 * accepts in one commit that writes its storeMembers record and deletes the invitation. Nothing is
 * looked up by e-mail.
 */
export class FirestoreShopMembershipRepository implements ShopMembershipRepository {
  private readonly access: ShopAccessChecker;

  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
    private readonly clock: Clock,
  ) {
    this.access = new ShopAccessChecker(db, auth);
  }

  myStores(): Promise<ShopMembership[]> {
    return firestoreCall(async () => {
      const uid = this.access.uid();
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

  /**
   * One transaction: it reads the owner's users document and writes the store, that document's ADR 0006
   * fields and the store's public profile, so the rules see them in one commit (firestore.rules,
   * `match /stores` and users isStoreOpening). The prefix is checked against the owner's stores here;
   * the rules can only compare it with the store the owner opened last.
   */
  createStore(details: StoreDetailsInput): Promise<ShopMembership> {
    return firestoreCall(async () => {
      const uid = this.access.uid();
      const userRef = doc(this.db, COLLECTIONS.users, uid);
      const owned = await getDocs(
        query(collection(this.db, COLLECTIONS.stores), where('ownerId', '==', uid)),
      );
      const storeRef = doc(collection(this.db, COLLECTIONS.stores));
      const checked = checkStoreDetails(details);
      const name = await runTransaction(this.db, async (transaction) => {
        const userSnapshot = await transactionGet(transaction, userRef);
        const user = userSnapshot.exists()
          ? (fromFirestore(userSnapshot.data()) as Record<string, unknown>)
          : null;
        if (user === null)
          throw new PortError(
            'failed-precondition',
            'This account has no profile yet, so it cannot own a store.',
          );
        if (!mayOpenStore(text(user.role) || undefined, owned.size))
          throw new PortError('permission-denied', STORE_SETUP_MESSAGES.notAllowed);
        if (!checked.ok) throw new PortError('invalid-argument', firstFieldMessage(checked.fieldErrors));
        const taken = owned.docs.map((store) => prefixOfStoreRecord(plainData(store)));
        if (taken.includes(checked.value.repairIdPrefix))
          throw new PortError('conflict', STORE_SETUP_MESSAGES.prefixTaken);
        transaction.set(storeRef, { ...newStoreFields(uid, checked.value), createdAt: serverTimestamp() });
        transaction.update(userRef, storeOpeningFields(user, storeRef.id));
        transaction.set(doc(this.db, STORE_PROFILES_COLLECTION, storeRef.id), {
          ownerId: uid,
          ...profileFieldsOf(checked.value),
          updatedAt: serverTimestamp(),
        });
        return checked.value.name;
      });
      return { storeId: storeRef.id, storeName: name, ownerId: uid, role: 'owner' };
    });
  }

  /** The store's fields and its public profile in one batch (the rules: the owner's update, and profile). */
  saveSettings(storeId: string, input: StoreSettingsInput): Promise<StoreSettings> {
    return firestoreCall(async () => {
      const access = await this.access.requireOwner(storeId);
      const checked = checkStoreSettings(input);
      if (!checked.ok) throw new PortError('invalid-argument', firstFieldMessage(checked.fieldErrors));
      const fields = settingsFields(checked.value);
      const batch = writeBatch(this.db);
      batch.update(doc(this.db, COLLECTIONS.stores, storeId), fields);
      batch.set(doc(this.db, STORE_PROFILES_COLLECTION, storeId), {
        ownerId: access.store.ownerId,
        ...profileFieldsOf(checked.value),
        updatedAt: serverTimestamp(),
      });
      await batch.commit();
      return parseStoreSettings({ ...access.storeData, ...fields });
    });
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

  private invitationRef(storeId: string, email: string) {
    return doc(this.db, SHOP_COLLECTIONS.invitations, invitationKey(storeId, email));
  }

  /** The store's invitations as its owner lists them (a query on storeId, which the rules allow). */
  private async invitationsOf(storeId: string, email?: string): Promise<StaffInvitation[]> {
    const invitations = collection(this.db, SHOP_COLLECTIONS.invitations);
    const snapshot = await getDocs(
      email === undefined
        ? query(invitations, where('storeId', '==', storeId))
        : query(invitations, where('storeId', '==', storeId), where('email', '==', email)),
    );
    return snapshot.docs
      .map((invitation) => parseInvitationRecord(plainData(invitation) ?? {}))
      .filter((invitation) => invitation.storeId === storeId)
      .sort(byInvitedEmail);
  }

  /** The signed-in account's e-mail in lower case when its ID token says it is verified, else null. */
  private verifiedEmail(): string | null {
    this.access.uid();
    const user = this.auth.currentUser;
    const email = user?.email ?? '';
    return user?.emailVerified === true && email !== '' ? invitationEmail(email) : null;
  }

  inviteStaff(storeId: string, email: string): Promise<StaffInvitation> {
    return firestoreCall(async () => {
      const owner = await this.access.requireOwner(storeId);
      const wanted = invitationEmail(email);
      if (!isInvitableEmail(wanted))
        throw new PortError('invalid-argument', INVITATION_REFUSALS.invalidEmail);
      if (wanted === invitationEmail(this.auth.currentUser?.email ?? ''))
        throw new PortError('invalid-argument', INVITATION_REFUSALS.ownEmail);
      if ((await this.invitationsOf(storeId, wanted)).length > 0)
        throw new PortError('conflict', INVITATION_REFUSALS.alreadyInvited);
      const staff = await getDocs(
        query(collection(this.db, SHOP_COLLECTIONS.storeMembers), where('storeId', '==', storeId)),
      );
      if (staff.docs.some((member) => invitationEmail(text(member.data().email)) === wanted))
        throw new PortError('failed-precondition', INVITATION_REFUSALS.alreadyStaff);
      const storeName = text(owner.storeData.name);
      const ref = this.invitationRef(storeId, wanted);
      // The rules allow a create only: an invitation sent meanwhile by another device is not replaced.
      await setDoc(ref, {
        storeId,
        storeName,
        email: wanted,
        invitedBy: owner.uid,
        invitedAt: serverTimestamp(),
      });
      return { storeId, storeName, email: wanted, invitedBy: owner.uid, invitedAt: this.clock.now() };
    });
  }

  listInvitations(storeId: string): Promise<StaffInvitation[]> {
    return firestoreCall(async () => {
      await this.access.requireOwner(storeId);
      return this.invitationsOf(storeId);
    });
  }

  cancelInvitation(storeId: string, email: string): Promise<void> {
    return firestoreCall(async () => {
      await this.access.requireOwner(storeId);
      const wanted = invitationEmail(email);
      if (wanted === '') return;
      // The rules decide a delete by the stored invitation: one that is not there is not asked for.
      if ((await this.invitationsOf(storeId, wanted)).length === 0) return;
      await deleteDoc(this.invitationRef(storeId, wanted));
    });
  }

  myInvitations(): Promise<StaffInvitation[]> {
    return firestoreCall(async () => {
      const email = this.verifiedEmail();
      if (email === null) return [];
      const snapshot = await getDocs(
        query(collection(this.db, SHOP_COLLECTIONS.invitations), where('email', '==', email)),
      );
      return snapshot.docs
        .map((invitation) => parseInvitationRecord(plainData(invitation) ?? {}))
        .filter((invitation) => invitation.email === email)
        .sort(byInvitingStore);
    });
  }

  acceptInvitation(storeId: string): Promise<ShopMembership> {
    return firestoreCall(async () => {
      const uid = this.access.uid();
      const email = this.verifiedEmail();
      if (email === null) throw new PortError('permission-denied', INVITATION_REFUSALS.unverified);
      if (storeId === '') throw new PortError('not-found', INVITATION_REFUSALS.noInvitation);
      const name = await this.access.actorName(uid);
      const ref = this.invitationRef(storeId, email);
      const memberRef = doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(storeId, uid));
      // One commit: the membership appears and the invitation goes (the rules allow nothing else).
      await runTransaction(this.db, async (transaction) => {
        const snapshot = await transactionGet(transaction, ref);
        const invitation = snapshot.exists()
          ? parseInvitationRecord(fromFirestore(snapshot.data()) as Record<string, unknown>)
          : null;
        if (invitation === null || invitation.storeId !== storeId || invitation.email !== email)
          throw new PortError('not-found', INVITATION_REFUSALS.noInvitation);
        transaction.set(memberRef, {
          storeId,
          uid,
          role: 'staff',
          email,
          name,
          addedAt: serverTimestamp(),
          addedBy: invitation.invitedBy,
        });
        transaction.delete(ref);
      });
      const access = await this.access.accessOf(storeId);
      if (access === null) throw new PortError('not-found', INVITATION_REFUSALS.noInvitation);
      return { storeId, storeName: access.store.name, ownerId: access.store.ownerId, role: access.role };
    });
  }

  declineInvitation(storeId: string): Promise<void> {
    return firestoreCall(async () => {
      const email = this.verifiedEmail();
      if (email === null || storeId === '') return;
      const ref = this.invitationRef(storeId, email);
      if (!(await getDoc(ref)).exists()) return;
      await deleteDoc(ref);
    });
  }

  removeStaff(storeId: string, uid: string): Promise<void> {
    return firestoreCall(async () => {
      await this.access.requireOwner(storeId);
      if (uid === '') return;
      // The rules decide a delete by the stored record: one that is not there is not asked for. The
      // owner finds it by its store's list (a get of another account's missing record is refused).
      const found = await getDocs(
        query(
          collection(this.db, SHOP_COLLECTIONS.storeMembers),
          where('storeId', '==', storeId),
          where('uid', '==', uid),
        ),
      );
      if (found.empty) return;
      await deleteDoc(doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(storeId, uid)));
    });
  }

  leaveStore(storeId: string): Promise<void> {
    return firestoreCall(async () => {
      const uid = this.access.uid();
      if (storeId === '') return;
      const ref = doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(storeId, uid));
      if (!(await getDoc(ref)).exists()) return;
      await deleteDoc(ref);
    });
  }
}
