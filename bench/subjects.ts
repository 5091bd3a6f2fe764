import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDoc,
  collection,
  collectionGroup,
  type DocumentData,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  type QuerySnapshot,
  query,
  updateDoc,
  where,
} from 'firebase/firestore';
import type { EmulatorEndpoints } from '../scripts/firebase-emulators';
import { FirebaseEmulatorSeeder } from '../src/adapters/firebase/demo/emulator-seeder';
import { createFirebaseBackend } from '../src/adapters/firebase/firebase-backend';
import { emptyReadMeter, meterReads } from '../src/adapters/firebase/firestore-reads';
import { createMemoryBackend } from '../src/adapters/memory/memory-backend';
import { createPouchBackend } from '../src/adapters/pouchdb/pouchdb-backend';
import { type PouchCollection, storedRecord } from '../src/adapters/pouchdb/pouchdb-collection';
import { nodePouchDB } from '../src/adapters/pouchdb/pouchdb-node';
import { cryptoRandomBytes } from '../src/app/containers/bind-use-cases';
import type { Seeder } from '../src/demo';
import { DEMO_PASSWORD, DEMO_UIDS } from '../src/demo/demo-data';
import { ManualClock } from '../src/demo/manual-clock';
import { createUseCases, type UseCases } from '../src/domain/use-cases';
import type { UserProfile } from '../src/domain/users/user';
import type { Ports } from '../src/ports';
import type { RawAccess, RawDocument } from './baseline';

/** The backends of the benchmark, as named in its JSON. */
export const BACKENDS = ['memory', 'pouchdb-memory', 'pouchdb-leveldb', 'firestore'] as const;
export type BackendName = (typeof BACKENDS)[number];

/** The super admin, signed in on one client of the backend. */
export interface Session {
  readonly ports: Ports;
  readonly useCases: UseCases;
  readonly admin: UserProfile;
  close(): Promise<void>;
}

/** One backend under test, loaded with one data set. */
export interface Subject {
  readonly backend: BackendName;
  /** Privileged writes (the data set, the changes before a first view). */
  readonly seeder: Seeder;
  /** The baseline's access to the same data, past our adapters. */
  readonly raw: RawAccess;
  /** Documents read through our adapters so far (on Firestore, billed reads), and index rows (PouchDB). */
  reads(): { readonly docs: number; readonly rows: number };
  /** Builds the indexes now (PouchDB), so that their one-off cost after a bulk load is measured apart. */
  warm(): Promise<void>;
  /**
   * The super admin signed in. `fresh`: a new client that has cached nothing yet (a page opened anew);
   * the local backends have one client, whose caches follow the data.
   */
  session(fresh: boolean): Promise<Session>;
  /**
   * Another account signed in (the dues khata's store owner): on Firestore a new client of its own; on
   * the local backends their one client, whose session it takes over (run it after the admin's scenarios).
   */
  signedIn(email: string, password: string): Promise<Member>;
  close(): Promise<void>;
}

/** An account other than the super admin, signed in. */
export interface Member {
  readonly ports: Ports;
  readonly useCases: UseCases;
  close(): Promise<void>;
}

/** `ports` signed in as `email`, with their use cases. */
async function memberOn(
  ports: Ports,
  email: string,
  password: string,
  close: () => Promise<void>,
): Promise<Member> {
  await ports.auth.signIn(email, password);
  return {
    ports,
    useCases: createUseCases(ports, { resetPasswordUrl: RESET_URL, random: cryptoRandomBytes }),
    close,
  };
}

const RESET_URL = 'http://localhost/reset-password';
const ADMIN_EMAIL = 'admin@demo.test';

async function signInAdmin(ports: Ports): Promise<Session> {
  await ports.auth.signIn(ADMIN_EMAIL, DEMO_PASSWORD);
  const admin = await ports.users.get(DEMO_UIDS.admin);
  if (admin === null) throw new Error('The benchmark data has no super admin.');
  return {
    ports,
    useCases: createUseCases(ports, { resetPasswordUrl: RESET_URL, random: cryptoRandomBytes }),
    admin,
    close: async () => undefined,
  };
}

/** One session for the life of a local backend: its caches are keyed by the data's versions. */
function sharedSession(ports: Ports): (fresh: boolean) => Promise<Session> {
  let session: Promise<Session> | null = null;
  return () => {
    session ??= signInAdmin(ports);
    return session;
  };
}

let specIds = 0;
const specTransactionId = () => {
  specIds += 1;
  return `spec-${process.pid}-${specIds}`;
};

export function memorySubject(now: Date): Subject {
  const backend = createMemoryBackend({ clock: new ManualClock(now) });
  const { db } = backend;
  const entries = (map: Map<string, Record<string, unknown>>): RawDocument[] =>
    [...map].map(([id, data]) => ({ id, data }));
  const raw: RawAccess = {
    readAll: async (name) => entries(db[name]),
    repairsByRepairId: async (repairId) => {
      // No index of its own: the query scans the collection.
      const documents = entries(db.repairs).filter((document) => document.data.repairId === repairId);
      return { documents, read: db.repairs.size };
    },
    repairsOfStore: async (storeId) => {
      const documents = entries(db.repairs).filter((document) => document.data.storeId === storeId);
      return { documents, read: documents.length };
    },
    paymentsOfStore: async (storeId) => {
      const documents = [...db.payments].flatMap(([repairDocId, list]) =>
        list
          .filter((payment) => payment.storeId === storeId)
          .map((payment) => ({ id: String(payment.id), data: { ...payment, repairDocId } })),
      );
      return { documents, read: documents.length };
    },
    getUser: async (uid) => db.users.get(uid) ?? null,
    setWalletBalance: async (uid, balance) => {
      db.users.set(uid, { ...db.users.get(uid), walletBalance: balance });
    },
    addTransaction: async (record) => {
      db.transactions.set(specTransactionId(), { ...record });
    },
  };
  return {
    backend: 'memory',
    seeder: backend.seeder,
    raw,
    reads: () => ({ docs: db.documentsRead, rows: 0 }),
    warm: async () => undefined,
    session: sharedSession(backend.ports),
    signedIn: (email, password) => memberOn(backend.ports, email, password, async () => undefined),
    close: async () => undefined,
  };
}

let pouchSequence = 0;

/** Every document of a PouchDB database but its design documents. */
async function allOf(database: PouchCollection): Promise<RawDocument[]> {
  const rows = await database.allDocs({ include_docs: true });
  return rows.flatMap((row) => (row.doc && !row.id.startsWith('_') ? [{ id: row.id, data: row.doc }] : []));
}

export async function pouchSubject(
  kind: 'memory' | 'leveldb',
  now: Date,
  pbkdf2Iterations = 1000,
): Promise<Subject> {
  pouchSequence += 1;
  let prefix = `bench-${process.pid}-${pouchSequence}`;
  let dir: string | null = null;
  if (kind === 'leveldb') {
    dir = mkdtempSync(join(tmpdir(), 'repairmate-bench-'));
    prefix = join(dir, 'rm');
  }
  const backend = await createPouchBackend({
    PouchDB: nodePouchDB(),
    ...(kind === 'memory' ? { adapter: 'memory' } : {}),
    prefix,
    clock: new ManualClock(now),
    pbkdf2Iterations,
  });
  const dbs = backend.databases;
  const raw: RawAccess = {
    readAll: (name) => allOf(dbs[name]),
    repairsByRepairId: async (repairId) => {
      // No index of its own: the query scans the collection.
      const all = await allOf(dbs.repairs);
      return { documents: all.filter((document) => document.data.repairId === repairId), read: all.length };
    },
    repairsOfStore: async (storeId) => {
      const all = await allOf(dbs.repairs);
      const documents = all.filter((document) => document.data.storeId === storeId);
      return { documents, read: documents.length };
    },
    paymentsOfStore: async (storeId) => {
      // Payments replicate one document each ({repairDocId}:{paymentId}); the older layout kept them
      // as payment:{repairDocId}:{n} beside the unlock codes (the demo seeder still writes those).
      const kept = (await allOf(dbs.shopPrivate)).filter((document) => document.id.startsWith('payment:'));
      const all = [...kept, ...(await allOf(dbs.payments))];
      const documents = all
        .filter((document) => document.data.storeId === storeId)
        .map((document) => {
          const parts = document.id.replace(/^payment:/, '').split(':');
          return { id: document.id, data: { ...document.data, repairDocId: parts[0] ?? '' } };
        });
      return { documents, read: documents.length };
    },
    getUser: (uid) => dbs.users.get(uid),
    setWalletBalance: async (uid, balance) => {
      for (;;) {
        const current = await dbs.users.get(uid);
        if (current === null) throw new Error(`no users/${uid}`);
        if ((await dbs.users.put({ ...current, walletBalance: balance })) !== null) return;
      }
    },
    addTransaction: async (record) => {
      await dbs.transactions.put({ ...storedRecord(record), _id: specTransactionId() });
    },
  };
  return {
    backend: kind === 'memory' ? 'pouchdb-memory' : 'pouchdb-leveldb',
    seeder: backend.seeder,
    raw,
    reads: () => ({ docs: backend.stats.docsRead, rows: backend.stats.indexRowsRead }),
    warm: () => dbs.warmIndexes(),
    session: sharedSession(backend.ports),
    signedIn: (email, password) => memberOn(backend.ports, email, password, async () => undefined),
    close: async () => {
      await backend.destroy().catch(() => undefined);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

let firebaseApps = 0;

/**
 * The production adapters on the emulators. Every session is a new Firebase app (a page opened anew,
 * nothing cached), whose Firestore reads go to one meter; the baseline reads with the super admin's
 * own client (the spec's app) and writes its recharge past the rules (they refuse its two separate
 * writes), as the emulator's owner.
 */
export async function firestoreSubject(endpoints: EmulatorEndpoints, projectId: string): Promise<Subject> {
  const meter = emptyReadMeter();
  const seeder = new FirebaseEmulatorSeeder({
    projectId,
    authUrl: `http://${endpoints.host}:${endpoints.authPort}`,
    firestoreHost: endpoints.host,
    firestorePort: endpoints.firestorePort,
  });
  const open = new Set<Session>();
  const openApp = () => {
    firebaseApps += 1;
    const backend = createFirebaseBackend({
      firebase: { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId },
      emulators: {
        authUrl: `http://${endpoints.host}:${endpoints.authPort}`,
        firestoreHost: endpoints.host,
        firestorePort: endpoints.firestorePort,
      },
      appName: `bench-${firebaseApps}`,
    });
    meterReads(backend.firestore, meter);
    return backend;
  };
  const newSession = async (): Promise<Session & { readonly firestore: Firestore }> => {
    const backend = openApp();
    const signedIn = await signInAdmin(backend.ports);
    const session = {
      ...signedIn,
      firestore: backend.firestore,
      close: async () => {
        open.delete(session);
        await backend.ports.auth.signOut().catch(() => undefined);
        await backend.dispose();
      },
    };
    open.add(session);
    return session;
  };
  // The super admin's long-lived client: the non-fresh session, and the spec's app of the baseline
  // (which reads with the SDK directly, so its reads do not reach the meter).
  let main: ReturnType<typeof newSession> | null = null;
  const mainSession = () => {
    main ??= newSession();
    return main;
  };
  const client = async (): Promise<Firestore> => (await mainSession()).firestore;
  const privileged = seeder.firestore;
  const documentsOf = (snapshot: QuerySnapshot<DocumentData>): RawDocument[] =>
    snapshot.docs.map((document) => ({ id: document.id, data: document.data() }));
  const raw: RawAccess = {
    readAll: async (name) => documentsOf(await getDocs(collection(await client(), name))),
    repairsByRepairId: async (repairId) => {
      const snapshot = await getDocs(
        query(collection(await client(), 'repairs'), where('repairId', '==', repairId)),
      );
      return { documents: documentsOf(snapshot), read: Math.max(1, snapshot.size) };
    },
    repairsOfStore: async (storeId) => {
      const snapshot = await getDocs(
        query(collection(await client(), 'repairs'), where('storeId', '==', storeId)),
      );
      return { documents: documentsOf(snapshot), read: Math.max(1, snapshot.size) };
    },
    paymentsOfStore: async (storeId) => {
      // Past the rules (the super admin's client may not run it: the store's owner only).
      const snapshot = await getDocs(
        query(collectionGroup(privileged, 'payments'), where('storeId', '==', storeId)),
      );
      const documents = snapshot.docs.map((document) => ({
        id: document.id,
        data: { ...document.data(), repairDocId: document.ref.parent.parent?.id ?? '' },
      }));
      return { documents, read: Math.max(1, snapshot.size) };
    },
    getUser: async (uid) => (await getDoc(doc(await client(), 'users', uid))).data() ?? null,
    setWalletBalance: async (uid, balance) => {
      await updateDoc(doc(privileged, 'users', uid), { walletBalance: balance });
    },
    addTransaction: async (record) => {
      await addDoc(collection(privileged, 'rechargeTransactions'), { ...record });
    },
  };
  return {
    backend: 'firestore',
    seeder,
    raw,
    reads: () => ({ docs: meter.reads, rows: 0 }),
    warm: async () => undefined,
    session: (fresh) => (fresh ? newSession() : mainSession()),
    signedIn: async (email, password) => {
      const backend = openApp();
      return memberOn(backend.ports, email, password, async () => {
        await backend.ports.auth.signOut().catch(() => undefined);
        await backend.dispose();
      });
    },
    close: async () => {
      for (const each of [...open]) await each.close();
      await seeder.dispose();
    },
  };
}
