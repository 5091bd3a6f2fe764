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
import { checkSettingsSave, checkStoreOpening } from '../local/store-setup-rules';
import type { MemoryDatabase, StoredRecord, VersionedMap } from './memory-database';

/** storeMembers/{storeId}_{uid}. */
export function memberKey(storeId: string, uid: string): string {
  return `${storeId}_${uid}`;
}

/** What the local rules read to decide membership, on a memory database (not counted as reads). */
export function memoryMembershipLookup(db: MemoryDatabase): ShopMembershipLookup {
  return {
    async store(storeId) {
      const raw = db.stores.get(storeId);
      return raw === undefined ? null : parseStoreRecord(storeId, raw);
    },
    async isStaff(storeId, uid) {
      return db.storeMembers.has(memberKey(storeId, uid));
    },
  };
}

/** A map from a field to the keys of the records holding it, rebuilt when its collection changes. */
class FieldIndex {
  private version = -1;
  private readonly keys = new Map<string, string[]>();
  constructor(
    private readonly map: VersionedMap<string, StoredRecord>,
    private readonly field: string,
  ) {}
  get(value: string): readonly string[] {
    if (this.version !== this.map.version) {
      this.keys.clear();
      for (const [key, raw] of this.map) {
        const v = raw[this.field];
        if (typeof v !== 'string' || v === '') continue;
        const list = this.keys.get(v);
        if (list) list.push(key);
        else this.keys.set(v, [key]);
      }
      this.version = this.map.version;
    }
    return this.keys.get(value) ?? [];
  }
}

export class MemoryShopMembershipRepository implements ShopMembershipRepository {
  private readonly storesByOwner: FieldIndex;
  private readonly membersByUid: FieldIndex;
  private readonly membersByStore: FieldIndex;
  private readonly invitationsByStore: FieldIndex;
  private readonly invitationsByEmail: FieldIndex;
  private readonly lookup: ShopMembershipLookup;

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {
    this.storesByOwner = new FieldIndex(db.stores, 'ownerId');
    this.membersByUid = new FieldIndex(db.storeMembers, 'uid');
    this.membersByStore = new FieldIndex(db.storeMembers, 'storeId');
    this.invitationsByStore = new FieldIndex(db.invitations, 'storeId');
    this.invitationsByEmail = new FieldIndex(db.invitations, 'email');
    this.lookup = memoryMembershipLookup(db);
  }

  private membership(store: Store, role: ShopMembership['role']): ShopMembership {
    return this.db.read({ storeId: store.id, storeName: store.name, ownerId: store.ownerId, role });
  }

  async myStores(): Promise<ShopMembership[]> {
    await this.db.roundTrip();
    const uid = requireSignedIn(this.db);
    const stores = (id: string) => {
      const raw = this.db.stores.get(id);
      return raw === undefined ? null : parseStoreRecord(id, raw);
    };
    const owned = this.storesByOwner
      .get(uid)
      .flatMap((id) => {
        const store = stores(id);
        return store === null ? [] : [this.membership(store, 'owner')];
      })
      .sort(byStoreName);
    const staffed = this.membersByUid
      .get(uid)
      .flatMap((key) => {
        const storeId = parseStaffRecord(this.db.storeMembers.get(key) ?? {}).storeId;
        const store = stores(storeId);
        return store === null || store.ownerId === uid ? [] : [this.membership(store, 'staff')];
      })
      .sort(byStoreName);
    return [...owned, ...staffed];
  }

  async roleIn(storeId: string): Promise<ShopMembership | null> {
    await this.db.roundTrip();
    const access = await shopAccessOf(this.db, storeId, this.lookup);
    return access === null ? null : this.membership(access.store, access.role);
  }

  async settings(storeId: string): Promise<StoreSettings> {
    await this.db.roundTrip();
    await requireStoreMember(this.db, storeId, this.lookup);
    return this.db.read(parseStoreSettings(this.db.stores.get(storeId) ?? {}));
  }

  async createStore(details: StoreDetailsInput): Promise<ShopMembership> {
    await this.db.roundTrip();
    const uid = requireSignedIn(this.db);
    const owned = this.storesByOwner.get(uid).map((id) => this.db.stores.get(id) ?? {});
    const user = this.db.users.get(uid) ?? null;
    const { details: checked } = checkStoreOpening(this.db, user, owned, details);
    const storeId = this.db.nextId('store-');
    const now = this.clock.now();
    // One step on this backend: the store, its owner's users document (ADR 0006) and its profile.
    this.db.stores.set(storeId, { ...newStoreFields(uid, checked), createdAt: now });
    this.db.users.set(uid, { ...(user ?? {}), ...storeOpeningFields(user ?? {}, storeId) });
    this.db.storeProfiles.set(storeId, { ownerId: uid, ...profileFieldsOf(checked), updatedAt: now });
    return this.membership(parseStoreRecord(storeId, this.db.stores.get(storeId)), 'owner');
  }

  async saveSettings(storeId: string, input: StoreSettingsInput): Promise<StoreSettings> {
    await this.db.roundTrip();
    const { ownerId, settings } = await checkSettingsSave(this.db, storeId, input, this.lookup);
    const next = { ...(this.db.stores.get(storeId) ?? {}), ...settingsFields(settings) };
    this.db.stores.set(storeId, next);
    this.db.storeProfiles.set(storeId, {
      ownerId,
      ...profileFieldsOf(settings),
      updatedAt: this.clock.now(),
    });
    return this.db.read(parseStoreSettings(next));
  }

  async listStaff(storeId: string): Promise<StaffMember[]> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    return this.membersByStore
      .get(storeId)
      .map((key) => parseStaffRecord(this.db.read(this.db.storeMembers.get(key) ?? {})))
      .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
  }

  private invitationsOf(storeId: string): StaffInvitation[] {
    return this.invitationsByStore
      .get(storeId)
      .map((key) => parseInvitationRecord(this.db.read(this.db.invitations.get(key) ?? {})))
      .sort(byInvitedEmail);
  }

  async inviteStaff(storeId: string, email: string): Promise<StaffInvitation> {
    await this.db.roundTrip();
    const owner = await requireStoreOwner(this.db, storeId, this.lookup);
    const wanted = checkInvitedEmail(this.db, email);
    const key = invitationKey(storeId, wanted);
    if (this.db.invitations.has(key)) throw new PortError('conflict', INVITATION_REFUSALS.alreadyInvited);
    const members = this.membersByStore.get(storeId).map((k) => this.db.storeMembers.get(k)?.email);
    if (members.some((known) => typeof known === 'string' && invitationEmail(known) === wanted))
      throw new PortError('failed-precondition', INVITATION_REFUSALS.alreadyStaff);
    const record: StoredRecord = {
      storeId,
      storeName: owner.store.name,
      email: wanted,
      invitedBy: owner.uid,
      invitedAt: this.clock.now(),
    };
    this.db.invitations.set(key, record);
    return parseInvitationRecord(record);
  }

  async listInvitations(storeId: string): Promise<StaffInvitation[]> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    return this.invitationsOf(storeId);
  }

  async cancelInvitation(storeId: string, email: string): Promise<void> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    this.db.invitations.delete(invitationKey(storeId, invitationEmail(email)));
  }

  async myInvitations(): Promise<StaffInvitation[]> {
    await this.db.roundTrip();
    const email = verifiedEmailOf(this.db);
    if (email === null) return [];
    return this.invitationsByEmail
      .get(email)
      .map((key) => parseInvitationRecord(this.db.read(this.db.invitations.get(key) ?? {})))
      .filter((invitation) => invitation.email === email)
      .sort(byInvitingStore);
  }

  /** The signed-in account's own invitation to the store and its key; refused as the port says. */
  private ownInvitation(storeId: string): { key: string; invitation: StaffInvitation; email: string } {
    const email = verifiedEmailOf(this.db);
    if (email === null) throw new PortError('permission-denied', INVITATION_REFUSALS.unverified);
    const key = invitationKey(storeId, email);
    const raw = this.db.invitations.get(key);
    const invitation = raw === undefined ? null : parseInvitationRecord(raw);
    if (invitation === null || invitation.storeId !== storeId || invitation.email !== email)
      throw new PortError('not-found', INVITATION_REFUSALS.noInvitation);
    return { key, invitation, email };
  }

  async acceptInvitation(storeId: string): Promise<ShopMembership> {
    await this.db.roundTrip();
    const uid = requireSignedIn(this.db);
    const { key, invitation, email } = this.ownInvitation(storeId);
    const raw = this.db.stores.get(storeId);
    const store = raw === undefined ? null : parseStoreRecord(storeId, raw);
    if (store === null) throw new PortError('not-found', INVITATION_REFUSALS.noInvitation);
    if (store.ownerId === uid) throw new PortError('permission-denied', INVITATION_REFUSALS.ownerCannotJoin);
    // One write: the membership appears and the invitation goes (a single step on this backend).
    this.db.storeMembers.set(memberKey(storeId, uid), {
      storeId,
      uid,
      role: 'staff',
      email,
      name: this.db.profile(uid)?.name ?? '',
      addedAt: this.clock.now(),
      addedBy: invitation.invitedBy,
    });
    this.db.invitations.delete(key);
    return this.membership(store, 'staff');
  }

  async declineInvitation(storeId: string): Promise<void> {
    await this.db.roundTrip();
    const email = verifiedEmailOf(this.db);
    if (email === null) return;
    this.db.invitations.delete(invitationKey(storeId, email));
  }

  async removeStaff(storeId: string, uid: string): Promise<void> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    this.db.storeMembers.delete(memberKey(storeId, uid));
  }

  async leaveStore(storeId: string): Promise<void> {
    await this.db.roundTrip();
    const uid = requireSignedIn(this.db);
    this.db.storeMembers.delete(memberKey(storeId, uid));
  }
}
