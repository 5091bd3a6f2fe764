import { byBusinessName, matchesBusinessSearch } from '../../domain/admin/business-performance';
import { parseStoreRecord } from '../../domain/stores/store';
import { type PublicProfile, parsePublicProfile } from '../../domain/users/public-profile';
import type { NewUserRecord, ProfilePatch, UserProfile } from '../../domain/users/user';
import { PortError } from '../../ports/errors';
import type { BusinessUser, BusinessUserQuery, Page, UserRepository } from '../../ports/user-repository';
import {
  checkNewUserRecord,
  checkProfilePatch,
  checkProfileRead,
  checkPublicProfile,
  requireSignedIn,
} from '../local/local-rules';
import type { MemoryDatabase } from './memory-database';

export class MemoryUserRepository implements UserRepository {
  constructor(private readonly db: MemoryDatabase) {}

  private async requireAdmin(): Promise<void> {
    await this.db.requireSuperAdmin();
  }

  async get(uid: string): Promise<UserProfile | null> {
    await this.db.roundTrip();
    await checkProfileRead(this.db, uid, async (id) => this.db.profile(id));
    const profile = this.db.profile(uid);
    return profile === null ? null : this.db.read(profile);
  }

  async updateOwnProfile(patch: ProfilePatch): Promise<void> {
    await this.db.roundTrip();
    const uid = requireSignedIn(this.db);
    checkProfilePatch(patch);
    const current = this.db.users.get(uid);
    if (current === undefined) throw new PortError('not-found', 'This account has no profile yet.');
    this.db.users.set(uid, { ...current, ...patch });
  }

  async getPublicProfile(uid: string): Promise<PublicProfile | null> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    const raw = this.db.publicProfiles.get(uid);
    return raw === undefined ? null : parsePublicProfile(uid, this.db.read(raw));
  }

  async savePublicProfile(fields: Omit<PublicProfile, 'uid'>): Promise<void> {
    await this.db.roundTrip();
    const uid = requireSignedIn(this.db);
    const record = { ...fields } as Record<string, unknown>;
    checkPublicProfile(record);
    this.db.publicProfiles.set(uid, record);
  }

  async createProfile(uid: string, record: NewUserRecord): Promise<void> {
    await this.db.roundTrip();
    const data = { ...record } as Record<string, unknown>;
    checkNewUserRecord(this.db, uid, data);
    if (this.db.users.has(uid))
      throw new PortError('permission-denied', 'This account already has a profile.');
    this.db.users.set(uid, data);
  }

  async listByRole(role: string): Promise<UserProfile[]> {
    await this.db.roundTrip();
    await this.requireAdmin();
    return [...this.db.users.entries()]
      .filter(([, raw]) => raw.role === role)
      .map(([uid]) => this.db.read(this.db.profile(uid)!))
      .sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
  }

  async countAll(): Promise<number> {
    await this.db.roundTrip();
    await this.requireAdmin();
    return this.db.users.size;
  }

  private ownersIndex: { readonly key: string; readonly byOwner: Map<string, string[]> } | null = null;

  /**
   * Owner id → ids of their stores, for owners that have a users document: an index rebuilt only when
   * the stores or the users change (the PouchDB backend keeps the same grouping in a view).
   */
  private businessStores(): Map<string, string[]> {
    const key = `${this.db.stores.version}:${this.db.users.version}`;
    if (this.ownersIndex?.key === key) return this.ownersIndex.byOwner;
    const byOwner = new Map<string, string[]>();
    for (const [id, raw] of this.db.stores) {
      const store = parseStoreRecord(id, raw);
      if (store.ownerId === '' || !this.db.users.has(store.ownerId)) continue;
      const ids = byOwner.get(store.ownerId);
      if (ids) ids.push(id);
      else byOwner.set(store.ownerId, [id]);
    }
    for (const ids of byOwner.values()) ids.sort();
    this.ownersIndex = { key, byOwner };
    return byOwner;
  }

  async countBusinessUsers(): Promise<number> {
    await this.db.roundTrip();
    await this.requireAdmin();
    return this.businessStores().size;
  }

  async pageBusinessUsers(query: BusinessUserQuery): Promise<Page<BusinessUser>> {
    await this.db.roundTrip();
    await this.requireAdmin();
    const stores = this.businessStores();
    const matching = [...stores.keys()]
      .map((uid) => this.db.profile(uid)!)
      .filter((profile) => matchesBusinessSearch(profile, query.search))
      .sort(byBusinessName);
    const items = matching.slice(query.offset, query.offset + query.limit).map((profile) => ({
      profile: this.db.read(profile),
      storeIds: [...(stores.get(profile.uid) ?? [])],
    }));
    return { items, total: matching.length };
  }
}
