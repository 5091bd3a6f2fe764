import {
  parseStoreProfile,
  type StoreProfile,
  type StoreProfileInput,
} from '../../domain/shop/store-profile';
import type { Clock } from '../../ports/clock';
import type { StoreProfileRepository } from '../../ports/store-profiles';
import { checkStoreProfileSave } from '../local/store-profile-rules';
import type { MemoryDatabase } from './memory-database';
import { memoryMembershipLookup } from './memory-shop-membership';

/** storeProfiles/{storeId} in memory: read by anyone, written by the store's owner only. */
export class MemoryStoreProfileRepository implements StoreProfileRepository {
  private readonly lookup;

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {
    this.lookup = memoryMembershipLookup(db);
  }

  async get(storeId: string): Promise<StoreProfile | null> {
    await this.db.roundTrip();
    const raw = this.db.storeProfiles.get(storeId);
    return raw === undefined ? null : parseStoreProfile(storeId, this.db.read(raw));
  }

  async save(storeId: string, profile: StoreProfileInput): Promise<StoreProfile> {
    await this.db.roundTrip();
    const { ownerId, values } = await checkStoreProfileSave(this.db, storeId, profile, this.lookup);
    const record = { ownerId, ...values, updatedAt: this.clock.now() };
    this.db.storeProfiles.set(storeId, record);
    return parseStoreProfile(storeId, record);
  }
}
