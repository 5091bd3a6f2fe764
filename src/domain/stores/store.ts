import { z } from 'zod';
import { firstFilled, storedText } from '../shared/text';

/** A shop of a business. ownerId is the business owner's user id. */
export interface Store {
  readonly id: string;
  readonly ownerId: string;
  readonly name: string;
}

const storedStore = z.object({ ownerId: storedText, name: storedText, storeName: storedText });

export function parseStoreRecord(id: string, raw: unknown): Store {
  const data = storedStore.parse(typeof raw === 'object' && raw !== null ? raw : {});
  return { id, ownerId: data.ownerId, name: firstFilled(data.name, data.storeName) };
}

/**
 * Whether `uid` works in this store: its owner. (Staff join here with the shop console.) Every backend
 * decides store access with this rule; firestore.rules repeats it as isStoreMember.
 */
export function isStoreMember(store: Store | null, uid: string): boolean {
  return store !== null && uid !== '' && store.ownerId === uid;
}
