/**
 * The landing page's store links (the `Urls` configuration document) read over Firestore's REST API
 * without the SDK (issue 19), as FirestoreAppConfigRepository reads them with it: the first document
 * of the Urls collection in id order (the apps keep one; its id is not part of the contract). The rules
 * let anyone read Urls.
 */
import { NO_STORE_LINKS, parseStoreLinks, type StoreLinks } from '../../domain/config/store-links';
import type { AppConfigRepository } from '../../ports/app-config-repository';
import { listRestDocuments } from './firestore-rest';
import type { FirestoreRestTarget } from './firestore-rest-url';

/** The collection's name, as firestore-data.ts COLLECTIONS.urls (which imports the SDK) has it. */
export const URLS_COLLECTION = 'Urls';

export class RestAppConfigReader implements AppConfigRepository {
  constructor(
    private readonly target: FirestoreRestTarget,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async getStoreLinks(): Promise<StoreLinks> {
    const [first] = await listRestDocuments(this.target, URLS_COLLECTION, 1, this.fetcher);
    return first === undefined ? NO_STORE_LINKS : parseStoreLinks(first);
  }
}
