import { parseStoreRecord, type Store } from '../../domain/stores/store';
import type { StoreRepository } from '../../ports/store-repository';
import { requireSignedIn } from '../local/local-rules';
import type { MemoryDatabase } from './memory-database';

export class MemoryStoreRepository implements StoreRepository {
  constructor(private readonly db: MemoryDatabase) {}

  async get(id: string): Promise<Store | null> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    const raw = this.db.stores.get(id);
    return raw === undefined ? null : parseStoreRecord(id, this.db.read(raw));
  }

  async listByOwner(ownerId: string): Promise<Store[]> {
    await this.db.roundTrip();
    if (requireSignedIn(this.db) !== ownerId) await this.db.requireSuperAdmin();
    return [...this.db.stores.entries()]
      .map(([id, raw]) => parseStoreRecord(id, raw))
      .filter((store) => store.ownerId === ownerId)
      .map((store) => this.db.read(store))
      .sort((a, b) => a.id.localeCompare(b.id));
  }
}
