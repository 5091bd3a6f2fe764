import type { Auth } from 'firebase/auth';
import { doc, type Firestore, serverTimestamp, setDoc } from 'firebase/firestore';
import {
  checkStoreProfile,
  parseStoreProfile,
  type StoreProfile,
  type StoreProfileInput,
} from '../../domain/shop/store-profile';
import { parseStoreRecord } from '../../domain/stores/store';
import { PortError } from '../../ports/errors';
import type { StoreProfileRepository } from '../../ports/store-profiles';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { getDoc } from './firestore-reads';

/**
 * storeProfiles/{storeId} on Firestore: read by anyone (the tracking page, signed out); written by the
 * store's owner only, with updatedAt the server's time (firestore.rules, `match /storeProfiles`, says
 * the same; this adapter checks first only to answer with the port's codes and messages).
 */
export class FirestoreStoreProfileRepository implements StoreProfileRepository {
  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
  ) {}

  get(storeId: string): Promise<StoreProfile | null> {
    return firestoreCall(async () => {
      if (storeId === '' || storeId.includes('/')) return null;
      const data = plainData(await getDoc(doc(this.db, 'storeProfiles', storeId)));
      return data === undefined ? null : parseStoreProfile(storeId, data);
    });
  }

  save(storeId: string, profile: StoreProfileInput): Promise<StoreProfile> {
    return firestoreCall(async () => {
      const uid = this.auth.currentUser?.uid;
      if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
      const denied = () => new PortError('permission-denied', "Only the store's owner may do this.");
      if (storeId === '' || storeId.includes('/')) throw denied();
      const store = plainData(await getDoc(doc(this.db, COLLECTIONS.stores, storeId)));
      if (store === undefined || parseStoreRecord(storeId, store).ownerId !== uid) throw denied();
      const checked = checkStoreProfile(profile);
      if (!checked.ok) {
        const message = Object.values(checked.fieldErrors)[0] ?? 'This value is not allowed.';
        throw new PortError('invalid-argument', message, { cause: checked });
      }
      await setDoc(doc(this.db, 'storeProfiles', storeId), {
        ownerId: uid,
        ...checked.value,
        updatedAt: serverTimestamp(),
      });
      return parseStoreProfile(storeId, checked.value);
    });
  }
}
