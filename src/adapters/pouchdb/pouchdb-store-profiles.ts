import {
  parseStoreProfile,
  type StoreProfile,
  type StoreProfileInput,
} from '../../domain/shop/store-profile';
import type { Clock } from '../../ports/clock';
import type { StoreProfileRepository } from '../../ports/store-profiles';
import type { LocalSession } from '../local/local-session';
import { checkStoreProfileSave } from '../local/store-profile-rules';
import { guarded } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { putLatest } from './pouchdb-shop-docs';
import { isDocId, pouchMembershipLookup } from './pouchdb-shop-membership';

/**
 * storeProfiles/{storeId} on PouchDB: one document per store in the storeProfiles database (its id the
 * store's), read by anyone, written by the store's owner only (updatedAt the device's clock, as
 * ISO text).
 */
export class PouchStoreProfileRepository implements StoreProfileRepository {
  private readonly lookup;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly clock: Clock,
  ) {
    this.lookup = pouchMembershipLookup(dbs);
  }

  get(storeId: string): Promise<StoreProfile | null> {
    return guarded(async () => {
      if (!isDocId(storeId)) return null;
      const doc = await this.dbs.storeProfiles.get(storeId);
      return doc === null ? null : parseStoreProfile(storeId, doc);
    });
  }

  save(storeId: string, profile: StoreProfileInput): Promise<StoreProfile> {
    return guarded(async () => {
      const { ownerId, values } = await checkStoreProfileSave(this.session, storeId, profile, this.lookup);
      const record = { ownerId, ...values, updatedAt: this.clock.now().toISOString() };
      await putLatest(this.dbs.storeProfiles, storeId, record);
      return parseStoreProfile(storeId, record);
    });
  }
}
