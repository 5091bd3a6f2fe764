import type { Store } from '../domain/stores/store';

/**
 * The stores collection. Stores are created by the mobile apps (and the shop console); the web reads them.
 * Security: a store is read by id by any signed-in account (its owner and name only); an owner's stores
 * are listed to that owner and to a super admin. A store is never deleted and its owner never changes,
 * so no one can take over the id of a store that repairs reference (docs/security.md).
 */
export interface StoreRepository {
  get(id: string): Promise<Store | null>;
  listByOwner(ownerId: string): Promise<Store[]>;
}
