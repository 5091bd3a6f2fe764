import { NO_STORE_LINKS, parseStoreLinks, type StoreLinks } from '../../domain/config/store-links';
import type { AppConfigRepository } from '../../ports/app-config-repository';
import type { MemoryDatabase } from './memory-database';

export class MemoryAppConfigRepository implements AppConfigRepository {
  constructor(private readonly db: MemoryDatabase) {}

  async getStoreLinks(): Promise<StoreLinks> {
    await this.db.roundTrip();
    return this.db.config === null ? NO_STORE_LINKS : parseStoreLinks(this.db.read(this.db.config));
  }
}
