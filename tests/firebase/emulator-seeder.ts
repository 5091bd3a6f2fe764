import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  type Firestore,
  initializeFirestore,
  setDoc,
  writeBatch,
} from 'firebase/firestore';
import type {
  SeedAccount,
  SeedData,
  Seeder,
  SeedRepairRecord,
  SeedStoreRecord,
  SeedSupportRecord,
  SeedTransactionRecord,
  SeedUserRecord,
} from '../../src/ports/seeder';
import type { EmulatorRest } from './emulator-rest';
import type { EmulatorEndpoints } from './emulators';

let appSequence = 0;

/**
 * Privileged writes into the emulators, like the Admin SDK: Firestore as the emulator's "owner" (the
 * security rules do not apply), accounts through the Auth emulator's REST API. Dates are stored as
 * Firestore Timestamps, text as text: the shapes the mobile apps write.
 */
export class EmulatorSeeder implements Seeder {
  private readonly app: FirebaseApp;
  private readonly db: Firestore;

  constructor(
    endpoints: EmulatorEndpoints,
    private readonly rest: EmulatorRest,
    private readonly project: string,
  ) {
    appSequence += 1;
    this.app = initializeApp(
      { projectId: project, apiKey: 'demo-api-key' },
      `seeder-${project}-${appSequence}`,
    );
    this.db = initializeFirestore(this.app, { ignoreUndefinedProperties: true });
    connectFirestoreEmulator(this.db, endpoints.host, endpoints.firestorePort, { mockUserToken: 'owner' });
  }

  /** The privileged Firestore, for tests that inspect stored documents directly. */
  get firestore(): Firestore {
    return this.db;
  }

  account(account: SeedAccount): Promise<string> {
    return this.rest.createAccount(this.project, account);
  }

  async user(uid: string, record: SeedUserRecord): Promise<void> {
    await setDoc(doc(this.db, 'users', uid), { ...record });
  }

  async store(record: SeedStoreRecord): Promise<void> {
    const { id, ...data } = record;
    await setDoc(doc(this.db, 'stores', id), data);
  }

  async repair(record: SeedRepairRecord): Promise<void> {
    const { id, ...data } = record;
    await setDoc(doc(this.db, 'repairs', id), data);
  }

  async supportIssue(record: SeedSupportRecord): Promise<string> {
    const { id, ...data } = record;
    const ref = id === undefined ? doc(collection(this.db, 'support')) : doc(this.db, 'support', id);
    await setDoc(ref, data);
    return ref.id;
  }

  async rechargeTransaction(record: SeedTransactionRecord): Promise<string> {
    const { id, ...data } = record;
    const ref =
      id === undefined
        ? doc(collection(this.db, 'rechargeTransactions'))
        : doc(this.db, 'rechargeTransactions', id);
    await setDoc(ref, data);
    return ref.id;
  }

  async storeLinks(links: { android?: string; ios?: string }): Promise<void> {
    await setDoc(doc(this.db, 'Urls', 'storeLinks'), { ...links });
  }

  async load(data: SeedData): Promise<void> {
    await Promise.all(data.accounts.map((account) => this.account(account)));
    const writes: [ReturnType<typeof doc>, Record<string, unknown>][] = [
      ...data.users.map(({ uid, record }) => [doc(this.db, 'users', uid), { ...record }] as const),
      ...data.stores.map(({ id, ...rest }) => [doc(this.db, 'stores', id), rest] as const),
      ...data.repairs.map(({ id, ...rest }) => [doc(this.db, 'repairs', id), rest] as const),
      ...data.supportIssues.map(({ id, ...rest }) => [doc(this.db, 'support', id), rest] as const),
      ...data.transactions.map(
        ({ id, ...rest }) => [doc(this.db, 'rechargeTransactions', id), rest] as const,
      ),
      ...(data.storeLinks === null
        ? []
        : [[doc(this.db, 'Urls', 'storeLinks'), { ...data.storeLinks }] as const]),
    ].map(([ref, value]) => [ref, value as Record<string, unknown>]);
    for (let start = 0; start < writes.length; start += 500) {
      const batch = writeBatch(this.db);
      for (const [ref, value] of writes.slice(start, start + 500)) batch.set(ref, value);
      await batch.commit();
    }
  }

  dispose(): Promise<void> {
    return deleteApp(this.app);
  }
}
