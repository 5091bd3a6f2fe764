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
  private readonly lookup: ShopMembershipLookup;

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {
    this.storesByOwner = new FieldIndex(db.stores, 'ownerId');
    this.membersByUid = new FieldIndex(db.storeMembers, 'uid');
    this.membersByStore = new FieldIndex(db.storeMembers, 'storeId');
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

  async listStaff(storeId: string): Promise<StaffMember[]> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    return this.membersByStore
      .get(storeId)
      .map((key) => parseStaffRecord(this.db.read(this.db.storeMembers.get(key) ?? {})))
      .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
  }

  async addStaffByEmail(storeId: string, email: string): Promise<StaffMember> {
    await this.db.roundTrip();
    const owner = await requireStoreOwner(this.db, storeId, this.lookup);
    const wanted = email.trim().toLowerCase();
    // The authentication service's look-up by e-mail (Firebase: the Admin SDK's getUserByEmail behind a
    // callable function, or an e-mail index), not a read of the users collection.
    const account =
      wanted === ''
        ? undefined
        : [...this.db.accounts.values()].find((a) => a.email.toLowerCase() === wanted);
    if (account === undefined) throw new PortError('not-found', 'No account has this e-mail address.');
    if (account.uid === owner.store.ownerId)
      throw new PortError('invalid-argument', 'The owner of a store cannot be its staff.');
    const key = memberKey(storeId, account.uid);
    const existing = this.db.storeMembers.get(key);
    if (existing !== undefined) return parseStaffRecord(this.db.read(existing));
    const record: StoredRecord = {
      storeId,
      uid: account.uid,
      role: 'staff',
      email: account.email,
      name: this.db.profile(account.uid)?.name ?? '',
      addedAt: this.clock.now(),
      addedBy: owner.uid,
    };
    this.db.storeMembers.set(key, record);
    return parseStaffRecord(record);
  }

  async removeStaff(storeId: string, uid: string): Promise<void> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    this.db.storeMembers.delete(memberKey(storeId, uid));
  }
}
