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
      const ref = doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(storeId, uid));
      // The rules decide a delete by the stored record: one that is not there is not asked for.
      if (!(await getDoc(ref)).exists()) return;
      await deleteDoc(ref);
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
