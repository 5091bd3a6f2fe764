import { NO_STORE_LINKS, parseStoreLinks, type StoreLinks } from '../../domain/config/store-links';
import type { AppConfigRepository } from '../../ports/app-config-repository';
import { guarded } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';

/** The id of the single configuration document (Firestore's Urls document). */
export const STORE_LINKS_DOC = 'Urls';

export class PouchAppConfigRepository implements AppConfigRepository {
  constructor(private readonly dbs: PouchDatabases) {}

  getStoreLinks(): Promise<StoreLinks> {
    return guarded(async () => {
      const doc = await this.dbs.config.get(STORE_LINKS_DOC);
      return doc === null ? NO_STORE_LINKS : parseStoreLinks(doc);
    });
  }
}
