import { collection, doc, type Firestore, query, where } from 'firebase/firestore';
import { parseStoreRecord, type Store } from '../../domain/stores/store';
import type { StoreRepository } from '../../ports/store-repository';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { getDoc, getDocs } from './firestore-reads';

/** stores/{id} on Firestore: read by signed-in accounts; written by the mobile apps only. */
export class FirestoreStoreRepository implements StoreRepository {
  constructor(private readonly db: Firestore) {}

  get(id: string): Promise<Store | null> {
    return firestoreCall(async () => {
      const data = plainData(await getDoc(doc(this.db, COLLECTIONS.stores, id)));
      return data === undefined ? null : parseStoreRecord(id, data);
    });
  }

  listByOwner(ownerId: string): Promise<Store[]> {
    return firestoreCall(async () => {
      const snapshot = await getDocs(
        query(collection(this.db, COLLECTIONS.stores), where('ownerId', '==', ownerId)),
      );
      return snapshot.docs
        .map((document) => parseStoreRecord(document.id, plainData(document)))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    });
  }
}
