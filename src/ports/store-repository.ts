import type { Store } from '../domain/stores/store';

/** The stores collection. Stores are created by the mobile apps; the web reads them. */
export interface StoreRepository {
  get(id: string): Promise<Store | null>;
  listByOwner(ownerId: string): Promise<Store[]>;
}
