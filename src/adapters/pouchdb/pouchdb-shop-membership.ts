import {
  byInvitedEmail,
  byInvitingStore,
  byStoreName,
  INVITATION_REFUSALS,
  invitationEmail,
  invitationKey,
  parseInvitationRecord,
  parseStaffRecord,
} from '../../domain/shop/membership';
import { parseStoreSettings, type StoreSettings } from '../../domain/shop/settings';
import {
  newStoreFields,
  profileFieldsOf,
  type StoreDetailsInput,
  type StoreSettingsInput,
  settingsFields,
  storeOpeningFields,
} from '../../domain/shop/store-setup';
import { parseStoreRecord, type Store } from '../../domain/stores/store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type {
  ShopMembership,
  ShopMembershipRepository,
  StaffInvitation,
  StaffMember,
} from '../../ports/shop-membership';
import {
  checkInvitedEmail,
  requireSignedIn,
  requireStoreMember,
  requireStoreOwner,
  type ShopMembershipLookup,
  shopAccessOf,
  verifiedEmailOf,
} from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { checkSettingsSave, checkStoreOpening } from '../local/store-setup-rules';
import {
  backoff,
  fieldsOf,
  guarded,
  MAX_WRITE_ATTEMPTS,
  type PouchCollection,
  storedRecord,
} from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { randomId } from './pouchdb-password';
import { putLatest } from './pouchdb-shop-docs';
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

  /**
   * Three databases, so three steps, in the order that keeps every reader right if one is cut: the
   * store (what the apps, the tracker, myStores and the local admin's counts read: stores/byOwner),
   * then its owner's users document (ADR 0006's fields, as on Firestore), then its public profile.
   */
  createStore(details: StoreDetailsInput): Promise<ShopMembership> {
    return guarded(async () => {
      const uid = requireSignedIn(this.session);
      const ownedRows = await this.dbs.stores.query(VIEWS.storesByOwner, {
        key: uid,
        reduce: false,
        include_docs: true,
      });
      const owned = ownedRows.flatMap((row) => (row.doc ? [fieldsOf(row.doc)] : []));
      const userDoc = await this.users.load(uid);
      const { details: checked } = checkStoreOpening(
        this.session,
        userDoc === null ? null : fieldsOf(userDoc),
        owned,
        details,
      );
      const storeId = `store-${randomId(20)}`;
      const now = this.clock.now();
      const store = storedRecord({ ...newStoreFields(uid, checked), createdAt: now });
      if ((await this.dbs.stores.put({ ...store, _id: storeId })) === null)
        throw new PortError('unavailable', 'The local database is busy; try again.');
      for (let attempt = 0; ; attempt += 1) {
        const doc = attempt === 0 ? userDoc : await this.users.load(uid);
        if (doc === null) break;
        const fields = fieldsOf(doc);
        const next = { ...fields, ...storeOpeningFields(fields, storeId), _id: uid, _rev: doc._rev };
        if ((await this.dbs.users.put(next)) !== null) break;
        if (attempt + 1 >= MAX_WRITE_ATTEMPTS)
          throw new PortError('unavailable', 'The local database is busy; try again.');
        await backoff(attempt);
      }
      await putLatest(this.dbs.storeProfiles, storeId, {
        ownerId: uid,
        ...profileFieldsOf(checked),
        updatedAt: now.toISOString(),
      });
      return this.membership(parseStoreRecord(storeId, store), 'owner');
    });
  }

  saveSettings(storeId: string, input: StoreSettingsInput): Promise<StoreSettings> {
    return guarded(async () => {
      const { ownerId, settings } = await checkSettingsSave(this.session, storeId, input, this.lookup);
      const fields = settingsFields(settings);
      for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
        const doc = await this.dbs.stores.get(storeId);
        if (doc === null) throw new PortError('permission-denied', "Only the store's owner may do this.");
        const next = { ...fieldsOf(doc), ...fields };
        if ((await this.dbs.stores.put({ ...next, _id: storeId, _rev: doc._rev })) !== null) {
          await putLatest(this.dbs.storeProfiles, storeId, {
            ownerId,
            ...profileFieldsOf(settings),
            updatedAt: this.clock.now().toISOString(),
          });
          return parseStoreSettings(next);
        }
        await backoff(attempt);
      }
      throw new PortError('unavailable', 'This store is busy; try again.');
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

  /** Removes a document of `collection` by id, as the rules allow it (nothing when it is not there). */
  private async removeDoc(collection: PouchCollection, id: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const doc = await collection.get(id);
      if (doc === null || doc._rev === undefined) return;
      if ((await collection.put({ _id: id, _rev: doc._rev, _deleted: true })) !== null) return;
      await backoff(attempt);
    }
    throw new PortError('unavailable', 'This store is busy; try again.');
  }

  private async invitationsOf(storeId: string): Promise<StaffInvitation[]> {
    const rows = await this.dbs.invitations.query(VIEWS.invitationsByStore, {
      startkey: [storeId],
      endkey: [storeId, {}],
      include_docs: true,
    });
    return rows
      .flatMap((row) => (row.doc ? [parseInvitationRecord(row.doc)] : []))
      .filter((invitation) => invitation.storeId === storeId)
      .sort(byInvitedEmail);
  }

  inviteStaff(storeId: string, email: string): Promise<StaffInvitation> {
    return guarded(async () => {
      const owner = await requireStoreOwner(this.session, storeId, this.lookup);
      const wanted = checkInvitedEmail(this.session, email);
      const id = invitationKey(storeId, wanted);
      if ((await this.dbs.invitations.get(id)) !== null)
        throw new PortError('conflict', INVITATION_REFUSALS.alreadyInvited);
      const staff = await this.dbs.storeMembers.query(VIEWS.membersByStore, {
        startkey: [storeId],
        endkey: [storeId, {}],
        include_docs: true,
      });
      if (staff.some((row) => row.doc && invitationEmail(parseStaffRecord(row.doc).email) === wanted))
        throw new PortError('failed-precondition', INVITATION_REFUSALS.alreadyStaff);
      const record = storedRecord({
        storeId,
        storeName: owner.store.name,
        email: wanted,
        invitedBy: owner.uid,
        invitedAt: this.clock.now(),
      });
      // A put without a revision: of two owners' devices inviting at once, one invitation stays.
      if ((await this.dbs.invitations.put({ ...record, _id: id })) === null)
        throw new PortError('conflict', INVITATION_REFUSALS.alreadyInvited);
      return parseInvitationRecord(record);
    });
  }

  listInvitations(storeId: string): Promise<StaffInvitation[]> {
    return guarded(async () => {
      await requireStoreOwner(this.session, storeId, this.lookup);
      return this.invitationsOf(storeId);
    });
  }

  cancelInvitation(storeId: string, email: string): Promise<void> {
    return guarded(async () => {
      await requireStoreOwner(this.session, storeId, this.lookup);
      const wanted = invitationEmail(email);
      if (wanted === '') return;
      await this.removeDoc(this.dbs.invitations, invitationKey(storeId, wanted));
    });
  }

  myInvitations(): Promise<StaffInvitation[]> {
    return guarded(async () => {
      const email = verifiedEmailOf(this.session);
      if (email === null) return [];
      const rows = await this.dbs.invitations.query(VIEWS.invitationsByEmail, {
        startkey: [email],
        endkey: [email, {}],
        include_docs: true,
      });
      return rows
        .flatMap((row) => (row.doc ? [parseInvitationRecord(row.doc)] : []))
        .filter((invitation) => invitation.email === email)
        .sort(byInvitingStore);
    });
  }

  /** The signed-in account's own invitation to the store, with its document; refused as the port says. */
  private async ownInvitation(
    storeId: string,
  ): Promise<{ id: string; invitation: StaffInvitation; email: string }> {
    const email = verifiedEmailOf(this.session);
    if (email === null) throw new PortError('permission-denied', INVITATION_REFUSALS.unverified);
    const id = invitationKey(storeId, email);
    const doc = isDocId(storeId) ? await this.dbs.invitations.get(id) : null;
    const invitation = doc === null ? null : parseInvitationRecord(doc);
    if (invitation === null || invitation.storeId !== storeId || invitation.email !== email)
      throw new PortError('not-found', INVITATION_REFUSALS.noInvitation);
    return { id, invitation, email };
  }

  acceptInvitation(storeId: string): Promise<ShopMembership> {
    return guarded(async () => {
      const uid = requireSignedIn(this.session);
      const { id, invitation, email } = await this.ownInvitation(storeId);
      const storeDoc = await this.dbs.stores.get(storeId);
      if (storeDoc === null) throw new PortError('not-found', INVITATION_REFUSALS.noInvitation);
      const store = parseStoreRecord(storeId, storeDoc);
      if (store.ownerId === uid)
        throw new PortError('permission-denied', INVITATION_REFUSALS.ownerCannotJoin);
      const memberId = memberDocId(storeId, uid);
      const record = storedRecord({
        storeId,
        uid,
        role: 'staff',
        email,
        name: (await this.users.profile(uid))?.name ?? '',
        addedAt: this.clock.now(),
        addedBy: invitation.invitedBy,
      });
      // Two databases, so two steps: the membership first (a put without a revision, so a second
      // accept finds it), then the invitation goes; an accept cut between them is finished by the next.
      if ((await this.dbs.storeMembers.put({ ...record, _id: memberId })) === null) {
        if ((await this.dbs.storeMembers.get(memberId)) === null)
          throw new PortError('unavailable', 'This store is busy; try again.');
      }
      await this.removeDoc(this.dbs.invitations, id);
      return this.membership(store, 'staff');
    });
  }

  declineInvitation(storeId: string): Promise<void> {
    return guarded(async () => {
      const email = verifiedEmailOf(this.session);
      if (email === null || !isDocId(storeId)) return;
      await this.removeDoc(this.dbs.invitations, invitationKey(storeId, email));
    });
  }

  removeStaff(storeId: string, uid: string): Promise<void> {
    return guarded(async () => {
      await requireStoreOwner(this.session, storeId, this.lookup);
      if (uid === '') return;
      await this.removeDoc(this.dbs.storeMembers, memberDocId(storeId, uid));
    });
  }

  leaveStore(storeId: string): Promise<void> {
    return guarded(async () => {
      const uid = requireSignedIn(this.session);
      if (!isDocId(storeId)) return;
      await this.removeDoc(this.dbs.storeMembers, memberDocId(storeId, uid));
    });
  }
}
