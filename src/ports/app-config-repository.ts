import type { StoreLinks } from '../domain/config/store-links';

/** The single `Urls` configuration document. */
export interface AppConfigRepository {
  getStoreLinks(): Promise<StoreLinks>;
}
