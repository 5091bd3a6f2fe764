import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FirebaseEmulatorSeeder } from '../../src/adapters/firebase/firebase-emulator-seeder';
import { readRules } from './emulator-rest';
import { emulatorEndpoints, emulatorSeeder } from './firebase-harness';
import { RULES_PROJECT } from './projects';

/**
 * firestore.rules on the Firestore emulator: every rule, allowed and refused. Contexts carry the ID
 * token claims the rules read (uid, e-mail); the seeding runs with the rules disabled.
 */

let env: RulesTestEnvironment;
let owner: FirebaseEmulatorSeeder;

const ADMIN = 'uid-admin';
const CUSTOMER = 'uid-customer';
const DISTRIBUTOR = 'uid-distributor';
const DISTRIBUTOR2 = 'uid-distributor2';
const STAFF = 'uid-staff';
const OWNER = 'uid-owner';
const NEWCOMER = 'uid-newcomer';

const emailOf = (uid: string) => `${uid.replace('uid-', '')}@rules.test`;

/** One client per account for the whole file (each context is a Firebase app with its own connection). */
const clients = new Map<string, Firestore>();

function as(uid: string | null): Firestore {
  const key = uid ?? '(signed out)';
  let db = clients.get(key);
  if (db === undefined) {
    const context: RulesTestContext =
      uid === null ? env.unauthenticatedContext() : env.authenticatedContext(uid, { email: emailOf(uid) });
    // The contexts hand out the compat Firestore; the modular API unwraps it.
    db = context.firestore() as unknown as Firestore;
    clients.set(key, db);
  }
  return db;
}

/** Writes and reads past the rules (the emulator's "owner"), like the Admin SDK. */
async function seed(write: (db: Firestore) => Promise<unknown>): Promise<void> {
  await write(owner.firestore);
}

async function stored(path: string): Promise<Record<string, unknown> | undefined> {
  return (await getDoc(doc(owner.firestore, path))).data();
}

const signUpRecord = (uid: string, overrides: Record<string, unknown> = {}) => ({
  email: emailOf(uid),
  role: 'user',
  acceptedTerms: true,
  acceptedPrivacy: true,
  acceptedDate: '2026-11-21T10:00:00.000Z',
  name: 'New Person',
  mobile: '9876501234',
  address: '1 Main Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  businessName: '',
  gstNumber: '',
  panNumber: '',
  businessAddress: '',
  ...overrides,
});

beforeAll(async () => {
  // Every refused write is also logged by the SDK; here refusals are the expected outcome.
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: RULES_PROJECT,
    firestore: { host, port: firestorePort, rules: readRules() },
  });
  owner = emulatorSeeder(emulatorEndpoints(), RULES_PROJECT);
});

afterAll(async () => {
  await owner?.dispose();
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(async (db) => {
    const batch = writeBatch(db);
    batch.set(doc(db, 'users', ADMIN), { email: emailOf(ADMIN), role: 'sa', name: 'Ada Admin' });
    batch.set(doc(db, 'users', CUSTOMER), { email: emailOf(CUSTOMER), role: 'user', mobile: '9876543210' });
    batch.set(doc(db, 'users', DISTRIBUTOR), {
      email: emailOf(DISTRIBUTOR),
      role: 'distributor',
      name: 'Dev Distributor',
      walletBalance: 500,
    });
    batch.set(doc(db, 'users', DISTRIBUTOR2), { email: emailOf(DISTRIBUTOR2), role: 'distributor' });
    batch.set(doc(db, 'users', STAFF), { email: emailOf(STAFF), role: 'staff' });
    batch.set(doc(db, 'users', OWNER), {
      email: emailOf(OWNER),
      role: 'business',
      businessName: 'Sharma Mobile Care',
      phone: '9811111111',
    });
    batch.set(doc(db, 'stores', 'store-1'), { ownerId: OWNER, name: 'Main Road' });
    batch.set(doc(db, 'repairs', 'r1'), {
      repairId: 'RPR-1001',
      customerMobile: '9876543210',
      storeId: 'store-1',
      createdAt: Timestamp.fromDate(new Date('2026-11-02T10:00:00Z')),
    });
    batch.set(doc(db, 'support', 'issue-1'), {
      email: 'ravi@example.com',
      phone: '9000011111',
      issue: 'App crashes on login',
      status: 'active',
      createdAt: Timestamp.fromDate(new Date('2026-11-20T10:00:00Z')),
    });
    batch.set(doc(db, 'rechargeTransactions', 'recharge-seeded-key-1'), {
      distributorId: DISTRIBUTOR,
      distributorName: 'Dev Distributor',
      adminId: ADMIN,
      adminName: 'Ada Admin',
      amount: 500,
      previousBalance: 0,
      newBalance: 500,
      timestamp: Timestamp.fromDate(new Date('2026-10-01T10:00:00Z')),
      description: 'Wallet recharge by admin',
    });
    batch.set(doc(db, 'Urls', 'storeLinks'), { android: 'https://play.google.com/store/apps/x' });
    await batch.commit();
  });
});

describe('users: sign-up (create)', () => {
  it('lets an account create its own document as user or distributor', async () => {
    await assertSucceeds(setDoc(doc(as(NEWCOMER), 'users', NEWCOMER), signUpRecord(NEWCOMER)));
    await assertSucceeds(
      setDoc(doc(as('uid-other'), 'users', 'uid-other'), signUpRecord('uid-other', { role: 'distributor' })),
    );
    expect((await stored(`users/${NEWCOMER}`))?.role).toBe('user');
  });

  it('refuses sign-up as sa, or with any role but user and distributor', async () => {
    for (const role of ['sa', 'staff', 'business', 'admin', '']) {
      await assertFails(setDoc(doc(as(NEWCOMER), 'users', NEWCOMER), signUpRecord(NEWCOMER, { role })));
    }
    const { role: _dropped, ...roleless } = signUpRecord(NEWCOMER);
    await assertFails(setDoc(doc(as(NEWCOMER), 'users', NEWCOMER), roleless));
    expect(await stored(`users/${NEWCOMER}`)).toBeUndefined();
  });

  it('refuses a wallet balance or any other extra field, and a missing field', async () => {
    const db = as(NEWCOMER);
    const ref = doc(db, 'users', NEWCOMER);
    await assertFails(setDoc(ref, signUpRecord(NEWCOMER, { role: 'distributor', walletBalance: 100000 })));
    await assertFails(setDoc(ref, signUpRecord(NEWCOMER, { walletBalance: 0 })));
    await assertFails(setDoc(ref, signUpRecord(NEWCOMER, { lastRechargeId: 'recharge-x' })));
    await assertFails(setDoc(ref, signUpRecord(NEWCOMER, { isAdmin: true })));
    const { pincode: _missing, ...incomplete } = signUpRecord(NEWCOMER);
    await assertFails(setDoc(ref, incomplete));
  });

  it("refuses another account's uid, another e-mail, a missing agreement or business details", async () => {
    const db = as(NEWCOMER);
    await assertFails(setDoc(doc(db, 'users', 'uid-victim'), signUpRecord(NEWCOMER)));
    await assertFails(
      setDoc(doc(db, 'users', NEWCOMER), signUpRecord(NEWCOMER, { email: 'someone@rules.test' })),
    );
    await assertFails(setDoc(doc(db, 'users', NEWCOMER), signUpRecord(NEWCOMER, { acceptedTerms: false })));
    await assertFails(
      setDoc(doc(db, 'users', NEWCOMER), signUpRecord(NEWCOMER, { acceptedPrivacy: 'true' })),
    );
    await assertFails(setDoc(doc(db, 'users', NEWCOMER), signUpRecord(NEWCOMER, { gstNumber: '27ABCDE' })));
    await assertFails(setDoc(doc(as(null), 'users', NEWCOMER), signUpRecord(NEWCOMER)));
  });

  it("compares the e-mail with the account's case-insensitively", async () => {
    await assertSucceeds(
      setDoc(
        doc(as(NEWCOMER), 'users', NEWCOMER),
        signUpRecord(NEWCOMER, { email: emailOf(NEWCOMER).toUpperCase() }),
      ),
    );
  });

  it('never overwrites an existing document with a new role', async () => {
    await assertFails(
      setDoc(doc(as(CUSTOMER), 'users', CUSTOMER), signUpRecord(CUSTOMER, { role: 'distributor' })),
    );
    expect((await stored(`users/${CUSTOMER}`))?.role).toBe('user');
  });
});

describe('users: edits', () => {
  it('lets an account edit its own profile details', async () => {
    await assertSucceeds(updateDoc(doc(as(CUSTOMER), 'users', CUSTOMER), { name: 'Asha', city: 'Pune' }));
  });

  it('never lets an account change its role or wallet, or set a foreign e-mail', async () => {
    await assertFails(updateDoc(doc(as(CUSTOMER), 'users', CUSTOMER), { role: 'sa' }));
    await assertFails(updateDoc(doc(as(DISTRIBUTOR), 'users', DISTRIBUTOR), { walletBalance: 1_000_000 }));
    await assertFails(
      updateDoc(doc(as(DISTRIBUTOR), 'users', DISTRIBUTOR), { lastRechargeId: 'recharge-x' }),
    );
    await assertFails(updateDoc(doc(as(CUSTOMER), 'users', CUSTOMER), { email: 'admin@rules.test' }));
    await assertSucceeds(updateDoc(doc(as(CUSTOMER), 'users', CUSTOMER), { email: emailOf(CUSTOMER) }));
  });

  it("refuses edits of someone else's document, even by a super admin outside a recharge", async () => {
    await assertFails(updateDoc(doc(as(CUSTOMER), 'users', DISTRIBUTOR), { name: 'Hacked' }));
    await assertFails(updateDoc(doc(as(ADMIN), 'users', CUSTOMER), { role: 'sa' }));
    await assertFails(updateDoc(doc(as(ADMIN), 'users', DISTRIBUTOR), { walletBalance: 900 }));
    await assertFails(deleteDoc(doc(as(CUSTOMER), 'users', DISTRIBUTOR)));
  });
});

describe('users: reads', () => {
  it('lets an account read its own document and a super admin read any', async () => {
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'users', CUSTOMER)));
    await assertSucceeds(getDoc(doc(as(DISTRIBUTOR), 'users', DISTRIBUTOR)));
    for (const uid of [CUSTOMER, DISTRIBUTOR, STAFF, OWNER]) {
      await assertSucceeds(getDoc(doc(as(ADMIN), 'users', uid)));
    }
  });

  it("lets a signed-in account read a business's document (the tracker's business info), and a missing one", async () => {
    const business = await assertSucceeds(getDoc(doc(as(CUSTOMER), 'users', OWNER)));
    expect(business.data()?.businessName).toBe('Sharma Mobile Care');
    const missing = await assertSucceeds(getDoc(doc(as(CUSTOMER), 'users', 'uid-nobody')));
    expect(missing.exists()).toBe(false);
  });

  it("keeps customers', distributors' and admins' documents private", async () => {
    await assertFails(getDoc(doc(as(CUSTOMER), 'users', DISTRIBUTOR)));
    await assertFails(getDoc(doc(as(CUSTOMER), 'users', ADMIN)));
    await assertFails(getDoc(doc(as(DISTRIBUTOR), 'users', CUSTOMER)));
    await assertFails(getDoc(doc(as(DISTRIBUTOR), 'users', DISTRIBUTOR2)));
    await assertFails(getDoc(doc(as(null), 'users', OWNER)));
  });

  it('allows list and count queries over users to a super admin only', async () => {
    const users = (db: Firestore) => collection(db, 'users');
    await assertSucceeds(getDocs(query(users(as(ADMIN)), where('role', '==', 'distributor'))));
    const counted = await assertSucceeds(getCountFromServer(users(as(ADMIN))));
    expect(counted.data().count).toBe(6);
    for (const uid of [CUSTOMER, DISTRIBUTOR, STAFF, OWNER]) {
      await assertFails(getDocs(query(users(as(uid)), where('role', '==', 'distributor'))));
      await assertFails(getCountFromServer(users(as(uid))));
      await assertFails(getDocs(users(as(uid))));
    }
    await assertFails(getCountFromServer(users(as(null))));
  });
});

describe('wallet: recharge (users.walletBalance + rechargeTransactions)', () => {
  const record = (overrides: Record<string, unknown> = {}) => ({
    distributorId: DISTRIBUTOR,
    distributorName: 'Dev Distributor',
    adminId: ADMIN,
    adminName: 'Ada Admin',
    amount: 250,
    previousBalance: 500,
    newBalance: 750,
    timestamp: serverTimestamp(),
    description: 'Wallet recharge by admin',
    ...overrides,
  });

  /** The two writes of a recharge, as one batch (what the adapter's transaction commits). */
  const recharge = (
    db: Firestore,
    options: { id?: string; walletBalance?: number; tx?: Record<string, unknown>; distributor?: string } = {},
  ) => {
    const id = options.id ?? 'recharge-test-key-0001';
    const batch = writeBatch(db);
    batch.update(doc(db, 'users', options.distributor ?? DISTRIBUTOR), {
      walletBalance: options.walletBalance ?? 750,
      lastRechargeId: id,
    });
    batch.set(doc(db, 'rechargeTransactions', id), record(options.tx));
    return batch.commit();
  };

  it('lets a super admin recharge: balance and transaction in one atomic write', async () => {
    await assertSucceeds(recharge(as(ADMIN)));
    expect((await stored(`users/${DISTRIBUTOR}`))?.walletBalance).toBe(750);
    const transaction = await stored('rechargeTransactions/recharge-test-key-0001');
    expect(transaction).toMatchObject({ adminId: ADMIN, previousBalance: 500, newBalance: 750 });
    expect(transaction?.timestamp).toBeInstanceOf(Timestamp);
  });

  it('accepts the same recharge made with a Firestore transaction', async () => {
    const db = as(ADMIN);
    await assertSucceeds(
      runTransaction(db, async (transaction) => {
        const distributor = await transaction.get(doc(db, 'users', DISTRIBUTOR));
        const previous = distributor.data()?.walletBalance as number;
        transaction.update(doc(db, 'users', DISTRIBUTOR), {
          walletBalance: previous + 100,
          lastRechargeId: 'recharge-test-key-0002',
        });
        transaction.set(
          doc(db, 'rechargeTransactions', 'recharge-test-key-0002'),
          record({ amount: 100, previousBalance: previous, newBalance: previous + 100 }),
        );
      }),
    );
    expect((await stored(`users/${DISTRIBUTOR}`))?.walletBalance).toBe(600);
  });

  it('adds paise exactly: 10.1 + 20.2 = 30.3', async () => {
    await seed((db) => updateDoc(doc(db, 'users', DISTRIBUTOR), { walletBalance: 10.1 }));
    await assertSucceeds(
      recharge(as(ADMIN), {
        walletBalance: 30.3,
        tx: { amount: 20.2, previousBalance: 10.1, newBalance: 30.3 },
      }),
    );
  });

  it('refuses a wallet write by anyone but a super admin, even with a matching transaction', async () => {
    for (const uid of [DISTRIBUTOR, CUSTOMER, STAFF, OWNER]) {
      await assertFails(recharge(as(uid), { tx: { adminId: uid } }));
    }
    await assertFails(recharge(as(null)));
    expect((await stored(`users/${DISTRIBUTOR}`))?.walletBalance).toBe(500);
  });

  it('refuses a walletBalance change without the matching transaction', async () => {
    await assertFails(
      updateDoc(doc(as(ADMIN), 'users', DISTRIBUTOR), {
        walletBalance: 750,
        lastRechargeId: 'recharge-test-key-0001',
      }),
    );
    // Pointing at an existing (old) transaction does not justify a new change either.
    await assertFails(
      updateDoc(doc(as(ADMIN), 'users', DISTRIBUTOR), {
        walletBalance: 1000,
        lastRechargeId: 'recharge-seeded-key-1',
      }),
    );
    expect((await stored(`users/${DISTRIBUTOR}`))?.walletBalance).toBe(500);
  });

  it('refuses a transaction record without the balance change', async () => {
    await assertFails(setDoc(doc(as(ADMIN), 'rechargeTransactions', 'recharge-test-key-0001'), record()));
    expect(await stored('rechargeTransactions/recharge-test-key-0001')).toBeUndefined();
  });

  it('refuses a balance and a record that do not match', async () => {
    const db = as(ADMIN);
    await assertFails(recharge(db, { walletBalance: 10_000 }));
    await assertFails(recharge(db, { tx: { newBalance: 800 }, walletBalance: 800 }));
    await assertFails(recharge(db, { tx: { previousBalance: 0, newBalance: 250 }, walletBalance: 250 }));
    await assertFails(recharge(db, { tx: { distributorId: DISTRIBUTOR2 } }));
    expect((await stored(`users/${DISTRIBUTOR}`))?.walletBalance).toBe(500);
  });

  it('records the signed-in admin: another adminId is refused', async () => {
    await assertFails(recharge(as(ADMIN), { tx: { adminId: 'uid-someone-else' } }));
  });

  it('refuses amounts out of range or with fractions of a paisa, and foreign timestamps', async () => {
    const db = as(ADMIN);
    await assertFails(recharge(db, { walletBalance: 500.5, tx: { amount: 0.5, newBalance: 500.5 } }));
    await assertFails(recharge(db, { walletBalance: 501.234, tx: { amount: 1.234, newBalance: 501.234 } }));
    await assertFails(
      recharge(db, { walletBalance: 1_000_501, tx: { amount: 1_000_001, newBalance: 1_000_501 } }),
    );
    await assertFails(recharge(db, { tx: { timestamp: Timestamp.fromDate(new Date('2020-01-01')) } }));
    await assertFails(recharge(db, { tx: { description: 'Gift' } }));
    await assertFails(recharge(db, { tx: { note: 'extra field' } }));
    await assertFails(recharge(db, { id: 'recharge-x' }));
  });

  it('refuses to recharge an account that is not a distributor', async () => {
    await assertFails(
      recharge(as(ADMIN), {
        distributor: CUSTOMER,
        walletBalance: 250,
        tx: { distributorId: CUSTOMER, previousBalance: 0, newBalance: 250 },
      }),
    );
  });

  it('never lets a transaction be replayed, edited or deleted', async () => {
    await assertSucceeds(recharge(as(ADMIN)));
    // The same id again is an update of the record: refused, so a key cannot be applied twice.
    await assertFails(
      recharge(as(ADMIN), { walletBalance: 1000, tx: { previousBalance: 750, newBalance: 1000 } }),
    );
    await assertFails(
      updateDoc(doc(as(ADMIN), 'rechargeTransactions', 'recharge-test-key-0001'), { amount: 1 }),
    );
    await assertFails(deleteDoc(doc(as(ADMIN), 'rechargeTransactions', 'recharge-test-key-0001')));
    expect((await stored(`users/${DISTRIBUTOR}`))?.walletBalance).toBe(750);
  });
});

describe('wallet: reading transactions', () => {
  const transactions = (db: Firestore) => collection(db, 'rechargeTransactions');

  it('lets a super admin list the latest transactions', async () => {
    const latest = await assertSucceeds(
      getDocs(query(transactions(as(ADMIN)), orderBy('timestamp', 'desc'), limit(10))),
    );
    expect(latest.size).toBe(1);
  });

  it('lets a distributor read only their own transactions', async () => {
    const own = await assertSucceeds(
      getDocs(
        query(
          transactions(as(DISTRIBUTOR)),
          where('distributorId', '==', DISTRIBUTOR),
          orderBy('timestamp', 'desc'),
          limit(10),
        ),
      ),
    );
    expect(own.size).toBe(1);
    await assertSucceeds(getDoc(doc(as(DISTRIBUTOR), 'rechargeTransactions', 'recharge-seeded-key-1')));
    await assertFails(
      getDocs(query(transactions(as(DISTRIBUTOR2)), where('distributorId', '==', DISTRIBUTOR), limit(10))),
    );
    await assertFails(getDoc(doc(as(DISTRIBUTOR2), 'rechargeTransactions', 'recharge-seeded-key-1')));
    await assertFails(getDocs(query(transactions(as(DISTRIBUTOR)), orderBy('timestamp', 'desc'), limit(10))));
  });

  it('refuses everyone else', async () => {
    for (const uid of [CUSTOMER, STAFF, OWNER, null]) {
      await assertFails(getDocs(query(transactions(as(uid)), limit(10))));
      await assertFails(getDoc(doc(as(uid), 'rechargeTransactions', 'recharge-seeded-key-1')));
    }
  });
});

describe('support', () => {
  const issue = (overrides: Record<string, unknown> = {}) => ({
    email: 'neha@example.com',
    phone: '9000022222',
    issue: 'Cannot add a second store',
    status: 'active',
    createdAt: serverTimestamp(),
    ...overrides,
  });

  it('lets anyone, signed out included, create an active issue stamped with the server time', async () => {
    await assertSucceeds(addDoc(collection(as(null), 'support'), issue()));
    await assertSucceeds(addDoc(collection(as(CUSTOMER), 'support'), issue()));
  });

  it('refuses another status, a client-chosen time, extra or missing fields and bad values', async () => {
    const support = collection(as(null), 'support');
    await assertFails(addDoc(support, issue({ status: 'completed' })));
    await assertFails(addDoc(support, issue({ createdAt: Timestamp.fromDate(new Date('2020-01-01')) })));
    await assertFails(addDoc(support, issue({ assignee: 'uid-admin' })));
    const { phone: _phone, ...withoutPhone } = issue();
    await assertFails(addDoc(support, withoutPhone));
    await assertFails(addDoc(support, issue({ email: 'not-an-email' })));
    await assertFails(addDoc(support, issue({ issue: '' })));
    await assertFails(addDoc(support, issue({ issue: 'x'.repeat(2001) })));
  });

  it('lets only a super admin read issues', async () => {
    const listed = await assertSucceeds(getDocs(collection(as(ADMIN), 'support')));
    expect(listed.size).toBe(1);
    for (const uid of [CUSTOMER, DISTRIBUTOR, STAFF, null]) {
      await assertFails(getDocs(collection(as(uid), 'support')));
      await assertFails(getDoc(doc(as(uid), 'support', 'issue-1')));
    }
  });

  it('lets only a super admin edit the four fields, with a known status', async () => {
    const ref = (db: Firestore) => doc(db, 'support', 'issue-1');
    await assertSucceeds(updateDoc(ref(as(ADMIN)), { status: 'completed', issue: 'Fixed in 2.1' }));
    await assertSucceeds(updateDoc(ref(as(ADMIN)), { status: 'active' }));
    await assertFails(updateDoc(ref(as(ADMIN)), { status: 'closed' }));
    await assertFails(updateDoc(ref(as(ADMIN)), { createdAt: Timestamp.now() }));
    await assertFails(updateDoc(ref(as(CUSTOMER)), { status: 'completed' }));
    await assertFails(updateDoc(ref(as(null)), { status: 'completed' }));
    await assertFails(deleteDoc(ref(as(ADMIN))));
    expect((await stored('support/issue-1'))?.status).toBe('active');
  });
});

describe('stores and repairs', () => {
  it('lets signed-in accounts read stores; only their owner writes them', async () => {
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'stores', 'store-1')));
    await assertSucceeds(getDocs(query(collection(as(CUSTOMER), 'stores'), where('ownerId', '==', OWNER))));
    await assertFails(getDoc(doc(as(null), 'stores', 'store-1')));
    await assertSucceeds(setDoc(doc(as(OWNER), 'stores', 'store-2'), { ownerId: OWNER, name: 'Second' }));
    await assertFails(setDoc(doc(as(CUSTOMER), 'stores', 'store-3'), { ownerId: OWNER }));
    await assertFails(updateDoc(doc(as(OWNER), 'stores', 'store-1'), { ownerId: CUSTOMER }));
    await assertFails(updateDoc(doc(as(CUSTOMER), 'stores', 'store-1'), { name: 'Mine now' }));
  });

  it('lets signed-in accounts get a repair and look one up by Repair ID (at most 20)', async () => {
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'repairs', 'r1')));
    const repairs = collection(as(DISTRIBUTOR), 'repairs');
    await assertSucceeds(getDocs(query(repairs, where('repairId', '==', 'RPR-1001'), limit(20))));
    await assertFails(getDocs(query(repairs, where('repairId', '==', 'RPR-1001'), limit(21))));
    await assertFails(getDocs(query(repairs, where('repairId', '==', 'RPR-1001'))));
    await assertFails(getDocs(repairs));
    await assertFails(getDoc(doc(as(null), 'repairs', 'r1')));
    await assertFails(getDocs(query(collection(as(null), 'repairs'), limit(20))));
  });

  it("reserves unlimited repair queries and counts (the admin's monthly report) to a super admin", async () => {
    const inNovember = (db: Firestore) =>
      query(
        collection(db, 'repairs'),
        where('storeId', 'in', ['store-1']),
        where('createdAt', '>=', Timestamp.fromDate(new Date('2026-11-01T00:00:00Z'))),
        where('createdAt', '<', Timestamp.fromDate(new Date('2026-12-01T00:00:00Z'))),
      );
    expect((await assertSucceeds(getDocs(inNovember(as(ADMIN))))).size).toBe(1);
    await assertSucceeds(getCountFromServer(collection(as(ADMIN), 'repairs')));
    await assertFails(getDocs(inNovember(as(OWNER))));
    await assertFails(getCountFromServer(collection(as(CUSTOMER), 'repairs')));
  });

  it("lets a store's owner write its repairs, and nobody else", async () => {
    const repair = { repairId: 'RPR-2000', storeId: 'store-1', customerMobile: '9876543210' };
    await assertSucceeds(setDoc(doc(as(OWNER), 'repairs', 'r2'), repair));
    await assertSucceeds(updateDoc(doc(as(OWNER), 'repairs', 'r2'), { status: 'delivered' }));
    await assertFails(setDoc(doc(as(CUSTOMER), 'repairs', 'r3'), repair));
    await assertFails(updateDoc(doc(as(CUSTOMER), 'repairs', 'r1'), { status: 'delivered' }));
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1'), { storeId: 'store-elsewhere' }));
    await assertFails(deleteDoc(doc(as(ADMIN), 'repairs', 'r1')));
  });
});

describe('Urls', () => {
  it('is readable by anyone and writable by no client', async () => {
    await assertSucceeds(getDoc(doc(as(null), 'Urls', 'storeLinks')));
    await assertSucceeds(getDocs(query(collection(as(null), 'Urls'), limit(1))));
    await assertFails(setDoc(doc(as(ADMIN), 'Urls', 'storeLinks'), { android: 'https://evil.example' }));
    await assertFails(setDoc(doc(as(null), 'Urls', 'other'), { ios: 'https://evil.example' }));
  });
});

describe('anything else', () => {
  it('is closed by default', async () => {
    await assertFails(setDoc(doc(as(ADMIN), 'secrets', 'x'), { a: 1 }));
    await assertFails(getDoc(doc(as(ADMIN), 'secrets', 'x')));
  });
});
