import { z } from 'zod';
import { storedText } from '../shared/stored-text';
import { firstFilled } from '../shared/text';

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
 * Whether `uid` owns this store. Its staff are members too, which only the backend can tell (a
 * storeMembers record: canReadRepair's `isStaff`, the shop console's membership look-up);
 * firestore.rules' isStoreMember checks both.
 */
export function isStoreMember(store: Store | null, uid: string): boolean {
  return store !== null && uid !== '' && store.ownerId === uid;
}
