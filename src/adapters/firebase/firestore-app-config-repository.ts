import { collection, documentId, type Firestore, limit, orderBy, query } from 'firebase/firestore';
import { NO_STORE_LINKS, parseStoreLinks, type StoreLinks } from '../../domain/config/store-links';
import type { AppConfigRepository } from '../../ports/app-config-repository';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { getDocs } from './firestore-reads';

/**
 * The `Urls` configuration document (android, ios). The mobile apps keep one document in the Urls
 * collection; its id is not part of the contract, so the first document is read (one read).
 */
export class FirestoreAppConfigRepository implements AppConfigRepository {
  constructor(private readonly db: Firestore) {}

  getStoreLinks(): Promise<StoreLinks> {
    return firestoreCall(async () => {
      const snapshot = await getDocs(
        query(collection(this.db, COLLECTIONS.urls), orderBy(documentId()), limit(1)),
      );
      const first = snapshot.docs[0];
      return first === undefined ? NO_STORE_LINKS : parseStoreLinks(plainData(first));
    });
  }
}
