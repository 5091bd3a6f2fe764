import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  type DocumentReference,
  deleteField,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  initializeFirestore,
  query,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type {
  SeedAccount,
  SeedData,
  Seeder,
  SeedPublicProfile,
  SeedRepairRecord,
  SeedShopData,
  SeedStoreRecord,
  SeedSupportRecord,
  SeedTransactionRecord,
  SeedUserRecord,
} from '../../../demo/seeder';
import { PortError } from '../../../ports/errors';
import { firestoreCall } from '../firebase-errors';
import { BUSINESS_FIELDS, businessKeyOf } from '../firestore-business';
import { COLLECTIONS, repairLookupRefPath } from '../firestore-data';

export interface EmulatorSeederOptions {
  readonly projectId: string;
  /** e.g. http://127.0.0.1:9099 */
  readonly authUrl: string;
  readonly firestoreHost: string;
  readonly firestorePort: number;
}

/** The id of the Urls document the seeder writes (the adapter reads the collection's first document). */
export const STORE_LINKS_DOCUMENT = 'storeLinks';

let appSequence = 0;

/**
 * Privileged writes into the Firebase emulators, like the Admin SDK would make in production: Firestore
 * as the emulator's "owner" (the security rules do not apply), accounts through the Auth emulator's REST
 * API (with a chosen uid). Emulators only: production has no such door. Dates become Firestore
 * Timestamps and text stays text, the shapes the mobile apps write. Like the backfill, it keeps an
 * owner's users document listing its stores with its business key (firestore-business.ts), which the
 * rules make every client write keep.
 */
export class FirebaseEmulatorSeeder implements Seeder {
  private readonly app: FirebaseApp;
  private readonly db: Firestore;

  constructor(private readonly options: EmulatorSeederOptions) {
    appSequence += 1;
    this.app = initializeApp(
      { projectId: options.projectId, apiKey: 'emulator-seeder' },
      `emulator-seeder-${appSequence}`,
    );
    this.db = initializeFirestore(this.app, { ignoreUndefinedProperties: true });
    connectFirestoreEmulator(this.db, options.firestoreHost, options.firestorePort, {
      mockUserToken: 'owner',
    });
  }

  /** Firestore past the rules, for tests that inspect what was stored. */
  get firestore(): Firestore {
    return this.db;
  }

  async account(account: SeedAccount): Promise<string> {
    const url = `${this.options.authUrl}/identitytoolkit.googleapis.com/v1/projects/${this.options.projectId}/accounts`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: account.email,
          password: account.password,
          ...(account.uid ? { localId: account.uid } : {}),
          ...(account.phoneNumber ? { phoneNumber: account.phoneNumber } : {}),
        }),
      });
    } catch (error) {
      throw new PortError('unavailable', 'The Auth emulator cannot be reached.', { cause: error });
    }
    const body = (await response.json().catch(() => ({}))) as {
      localId?: string;
      error?: { message?: string };
    };
    if (!response.ok || typeof body.localId !== 'string') {
      const reason = body.error?.message ?? `HTTP ${response.status}`;
      throw new PortError(
        reason.startsWith('DUPLICATE') || reason.startsWith('EMAIL_EXISTS') ? 'conflict' : 'unknown',
        `The account could not be created: ${reason}`,
      );
    }
    return body.localId;
  }

  user(uid: string, record: SeedUserRecord): Promise<void> {
    return firestoreCall(async () => {
      await setDoc(doc(this.db, COLLECTIONS.users, uid), { ...record });
      await this.listStores(uid);
    });
  }

  store(record: SeedStoreRecord): Promise<void> {
    const { id, ...data } = record;
    return firestoreCall(async () => {
      const ref = doc(this.db, COLLECTIONS.stores, id);
      const before = (await getDoc(ref)).data()?.ownerId;
      await setDoc(ref, data);
      await this.listStores(data.ownerId);
      if (typeof before === 'string' && before !== data.ownerId) await this.listStores(before);
    });
  }

  /** Writes on users/{uid} the stores it owns and its business key (or neither, when it owns none). */
  private async listStores(uid: string): Promise<void> {
    if (uid === '') return;
    const ref = doc(this.db, COLLECTIONS.users, uid);
    const user = (await getDoc(ref)).data();
    if (user === undefined) return;
    const owned = await getDocs(query(collection(this.db, COLLECTIONS.stores), where('ownerId', '==', uid)));
    const storeIds = owned.docs.map((store) => store.id).sort();
    if (storeIds.length > 0)
      await updateDoc(ref, {
        [BUSINESS_FIELDS.storeIds]: storeIds,
        [BUSINESS_FIELDS.businessKey]: businessKeyOf(user),
      });
    else if (BUSINESS_FIELDS.storeIds in user || BUSINESS_FIELDS.businessKey in user)
      await updateDoc(ref, {
        [BUSINESS_FIELDS.storeIds]: deleteField(),
        [BUSINESS_FIELDS.businessKey]: deleteField(),
      });
  }

  /** The repair and, as the rules require of every repair, its entry in the Repair ID index. */
  repair(record: SeedRepairRecord): Promise<void> {
    return firestoreCall(async () => {
      const batch = writeBatch(this.db);
      for (const [ref, value] of this.repairWrites(record)) batch.set(ref, value);
      await batch.commit();
    });
  }

  private repairWrites(record: SeedRepairRecord): [DocumentReference, Record<string, unknown>][] {
    const { id, ...data } = record;
    const writes: [DocumentReference, Record<string, unknown>][] = [
      [doc(this.db, COLLECTIONS.repairs, id), data],
    ];
    if (typeof data.repairId === 'string' && data.repairId !== '')
      writes.push([doc(this.db, repairLookupRefPath(data.repairId, id)), {}]);
    return writes;
  }

  publicProfile({ uid, ...fields }: SeedPublicProfile): Promise<void> {
    return firestoreCall(() => setDoc(doc(this.db, COLLECTIONS.publicProfiles, uid), { ...fields }));
  }

  supportIssue(record: SeedSupportRecord): Promise<string> {
    const { id, ...data } = record;
    const ref = this.ref(COLLECTIONS.support, id);
    return firestoreCall(async () => {
      await setDoc(ref, data);
      return ref.id;
    });
  }

  rechargeTransaction(record: SeedTransactionRecord): Promise<string> {
    const { id, ...data } = record;
    const ref = this.ref(COLLECTIONS.rechargeTransactions, id);
    return firestoreCall(async () => {
      await setDoc(ref, data);
      return ref.id;
    });
  }

  storeLinks(links: { android?: string; ios?: string }): Promise<void> {
    return firestoreCall(() => setDoc(doc(this.db, COLLECTIONS.urls, STORE_LINKS_DOCUMENT), { ...links }));
  }

  /** The shop console's records, in the Firestore shop adapters' layout. */
  async shop(_data: SeedShopData): Promise<void> {
    // In progress (issue 9): lands with the Firestore shop adapters; load() does not call it yet.
    throw new Error('The Firestore shop adapters are not in yet.');
  }

  /** Accounts in parallel, then every document in batches of 500 writes. */
  async load(data: SeedData): Promise<void> {
    await Promise.all(data.accounts.map((account) => this.account(account)));
    const writes: [DocumentReference, Record<string, unknown>][] = [];
    const storesOf = new Map<string, string[]>();
    for (const { id, ownerId } of data.stores)
      if (ownerId !== '') storesOf.set(ownerId, [...(storesOf.get(ownerId) ?? []), id]);
    for (const { uid, record } of data.users) {
      const storeIds = storesOf.get(uid);
      writes.push([
        doc(this.db, COLLECTIONS.users, uid),
        storeIds === undefined
          ? { ...record }
          : {
              ...record,
              [BUSINESS_FIELDS.storeIds]: [...storeIds].sort(),
              [BUSINESS_FIELDS.businessKey]: businessKeyOf(record),
            },
      ]);
    }
    for (const { uid, ...rest } of data.publicProfiles)
      writes.push([doc(this.db, COLLECTIONS.publicProfiles, uid), rest]);
    for (const { id, ...rest } of data.stores) writes.push([doc(this.db, COLLECTIONS.stores, id), rest]);
    for (const repair of data.repairs) writes.push(...this.repairWrites(repair));
    for (const { id, ...rest } of data.supportIssues)
      writes.push([doc(this.db, COLLECTIONS.support, id), rest]);
    for (const { id, ...rest } of data.transactions)
      writes.push([doc(this.db, COLLECTIONS.rechargeTransactions, id), rest]);
    if (data.storeLinks !== null)
      writes.push([doc(this.db, COLLECTIONS.urls, STORE_LINKS_DOCUMENT), { ...data.storeLinks }]);
    await firestoreCall(async () => {
      for (let start = 0; start < writes.length; start += 500) {
        const batch = writeBatch(this.db);
        for (const [ref, value] of writes.slice(start, start + 500)) batch.set(ref, value);
        await batch.commit();
      }
    });
  }

  dispose(): Promise<void> {
    return deleteApp(this.app);
  }

  private ref(name: string, id: string | undefined): DocumentReference {
    return id === undefined ? doc(collection(this.db, name)) : doc(this.db, name, id);
  }
}
