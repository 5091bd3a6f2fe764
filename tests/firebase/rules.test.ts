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
import { readRules } from '../../scripts/firebase-emulator-rest';
import type { FirebaseEmulatorSeeder } from '../../src/adapters/firebase/demo/emulator-seeder';
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

const RIVAL = 'uid-rival';
const CLAIMANT = 'uid-claimant';

const emailOf = (uid: string) => `${uid.replace('uid-', '')}@rules.test`;

/** The numbers the Auth provider verified (the ID token's phone_number); nobody else has one. */
const VERIFIED_PHONES: Readonly<Record<string, string>> = {
  [CUSTOMER]: '+919876543210',
  [OWNER]: '+919811111111',
};

/** One client per account for the whole file (each context is a Firebase app with its own connection). */
const clients = new Map<string, Firestore>();

function as(uid: string | null): Firestore {
  const key = uid ?? '(signed out)';
  let db = clients.get(key);
  if (db === undefined) {
    const phone = uid === null ? undefined : VERIFIED_PHONES[uid];
    const context: RulesTestContext =
      uid === null
        ? env.unauthenticatedContext()
        : env.authenticatedContext(uid, { email: emailOf(uid), ...(phone ? { phone_number: phone } : {}) });
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
      panNumber: 'ABCDE1234F',
    });
    batch.set(doc(db, 'users', RIVAL), { email: emailOf(RIVAL), role: 'business', businessName: 'Iyer' });
    batch.set(doc(db, 'users', CLAIMANT), { email: emailOf(CLAIMANT), role: 'user', mobile: '9876543210' });
    batch.set(doc(db, 'publicProfiles', OWNER), { businessName: 'Sharma Mobile Care', phone: '9811111111' });
    batch.set(doc(db, 'stores', 'store-1'), { ownerId: OWNER, name: 'Main Road' });
    batch.set(doc(db, 'stores', 'store-2'), { ownerId: RIVAL, name: 'Iyer Electronics' });
    batch.set(doc(db, 'repairs', 'r1'), {
      repairId: 'RPR-1001',
      customerMobile: '9876543210',
      storeId: 'store-1',
      businessId: OWNER,
      deliveryCode: '4821',
      createdAt: Timestamp.fromDate(new Date('2026-11-02T10:00:00Z')),
    });
    batch.set(doc(db, 'repairLookup', 'r-RPR-1001', 'refs', 'r1'), {});
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
    await assertSucceeds(updateDoc(doc(as(OWNER), 'users', OWNER), { gstNumber: '27AAPFS1234C1Z5' }));
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

  it("takes only the profile's own fields, each within its limit (threat 6)", async () => {
    const ref = doc(as(CUSTOMER), 'users', CUSTOMER);
    await assertFails(updateDoc(ref, { junk: 'x'.repeat(900_000) }));
    await assertFails(updateDoc(ref, { isVip: true }));
    await assertFails(updateDoc(ref, { acceptedTerms: false }));
    await assertFails(updateDoc(ref, { name: 'x'.repeat(201) }));
    await assertFails(updateDoc(ref, { address: 'x'.repeat(501) }));
    await assertFails(updateDoc(ref, { mobile: 9876543210 }));
    await assertSucceeds(updateDoc(ref, { address: 'x'.repeat(500) }));
  });

  it('never lets a client delete a users document, its own included (threat 6)', async () => {
    for (const uid of [CUSTOMER, DISTRIBUTOR, OWNER, ADMIN])
      await assertFails(deleteDoc(doc(as(uid), 'users', uid)));
    expect((await stored(`users/${DISTRIBUTOR}`))?.walletBalance).toBe(500);
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
    await assertSucceeds(getDoc(doc(as(OWNER), 'users', OWNER)));
    for (const uid of [CUSTOMER, DISTRIBUTOR, STAFF, OWNER]) {
      await assertSucceeds(getDoc(doc(as(ADMIN), 'users', uid)));
    }
  });

  it("keeps every other account's document private, a business's included (threat 5)", async () => {
    await assertFails(getDoc(doc(as(CUSTOMER), 'users', OWNER)));
    await assertFails(getDoc(doc(as(RIVAL), 'users', OWNER)));
    await assertFails(getDoc(doc(as(CUSTOMER), 'users', DISTRIBUTOR)));
    await assertFails(getDoc(doc(as(CUSTOMER), 'users', ADMIN)));
    await assertFails(getDoc(doc(as(DISTRIBUTOR), 'users', CUSTOMER)));
    await assertFails(getDoc(doc(as(DISTRIBUTOR), 'users', DISTRIBUTOR2)));
    await assertFails(getDoc(doc(as(CUSTOMER), 'users', STAFF)));
    await assertFails(getDoc(doc(as(CUSTOMER), 'users', 'uid-nobody')));
    await assertFails(getDoc(doc(as(null), 'users', OWNER)));
  });

  it('allows list and count queries over users to a super admin only', async () => {
    const users = (db: Firestore) => collection(db, 'users');
    await assertSucceeds(getDocs(query(users(as(ADMIN)), where('role', '==', 'distributor'))));
    const counted = await assertSucceeds(getCountFromServer(users(as(ADMIN))));
    expect(counted.data().count).toBe(8);
    for (const uid of [CUSTOMER, DISTRIBUTOR, STAFF, OWNER]) {
      await assertFails(getDocs(query(users(as(uid)), where('role', '==', 'distributor'))));
      await assertFails(getCountFromServer(users(as(uid))));
      await assertFails(getDocs(users(as(uid))));
    }
    await assertFails(getCountFromServer(users(as(null))));
  });
});

describe('publicProfiles: a business name and number for the tracker', () => {
  it('are readable by any signed-in account, and only fetched by id', async () => {
    const card = await assertSucceeds(getDoc(doc(as(CUSTOMER), 'publicProfiles', OWNER)));
    expect(card.data()).toEqual({ businessName: 'Sharma Mobile Care', phone: '9811111111' });
    await assertFails(getDoc(doc(as(null), 'publicProfiles', OWNER)));
    await assertFails(getDocs(collection(as(CUSTOMER), 'publicProfiles')));
  });

  it('are written by their own account: two capped fields, nothing else, never deleted', async () => {
    const ref = (uid: string) => doc(as(uid), 'publicProfiles', uid);
    await assertSucceeds(setDoc(ref(RIVAL), { businessName: 'Iyer Electronics', phone: '9822222222' }));
    await assertFails(setDoc(doc(as(RIVAL), 'publicProfiles', OWNER), { businessName: 'Fake', phone: '1' }));
    await assertFails(setDoc(ref(RIVAL), { businessName: 'x'.repeat(201), phone: '' }));
    await assertFails(setDoc(ref(RIVAL), { businessName: 'Iyer', phone: '1', panNumber: 'ABCDE1234F' }));
    await assertFails(deleteDoc(ref(OWNER)));
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

/**
 * Opens a store as the rules require: the store, and its owner's users document listing it (storeIds
 * grows by it, lastStoreId names it) with the business key, in one commit.
 */
function openStore(
  db: Firestore,
  uid: string,
  storeId: string,
  data: Record<string, unknown>,
  businessKey: string,
  before: readonly string[] = [],
) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'stores', storeId), data);
  batch.update(doc(db, 'users', uid), { storeIds: [...before, storeId], lastStoreId: storeId, businessKey });
  return batch.commit();
}

describe('stores', () => {
  it('are read by id by signed-in accounts; an owner lists its own, a super admin all', async () => {
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'stores', 'store-1')));
    await assertFails(getDoc(doc(as(null), 'stores', 'store-1')));
    await assertSucceeds(getDocs(query(collection(as(OWNER), 'stores'), where('ownerId', '==', OWNER))));
    await assertSucceeds(getDocs(collection(as(ADMIN), 'stores')));
    await assertFails(getDocs(query(collection(as(CUSTOMER), 'stores'), where('ownerId', '==', OWNER))));
    await assertFails(getDocs(collection(as(OWNER), 'stores')));
  });

  it('are created by their owner under their own uid, and keep that owner for good', async () => {
    await assertSucceeds(
      openStore(as(OWNER), OWNER, 'store-3', { ownerId: OWNER, name: 'Second' }, 'sharma mobile care'),
    );
    await assertSucceeds(updateDoc(doc(as(OWNER), 'stores', 'store-3'), { name: 'Andheri' }));
    await assertFails(setDoc(doc(as(CUSTOMER), 'stores', 'store-4'), { ownerId: OWNER }));
    await assertFails(updateDoc(doc(as(OWNER), 'stores', 'store-1'), { ownerId: CUSTOMER }));
    await assertFails(updateDoc(doc(as(CUSTOMER), 'stores', 'store-1'), { name: 'Mine now' }));
    await assertFails(setDoc(doc(as(CUSTOMER), 'stores', 'store-1'), { ownerId: CUSTOMER }));
  });

  it('are never deleted, so their ids cannot be freed and taken over (threat 1)', async () => {
    await assertFails(deleteDoc(doc(as(OWNER), 'stores', 'store-1')));
    await assertFails(deleteDoc(doc(as(ADMIN), 'stores', 'store-1')));
    expect((await stored('stores/store-1'))?.ownerId).toBe(OWNER);
  });

  it("gives nothing to a store created under a victim owner's uid (threat 1, store squatting)", async () => {
    // The mobile apps' legacy repairs name their owner in businessId. A store whose id is that uid
    // used to make its creator the repair's "owner"; businessId is no longer read as a store id.
    await seed((db) =>
      setDoc(doc(db, 'repairs', 'legacy'), {
        repairId: 'OLD-1',
        businessId: OWNER,
        customerMobile: '9000000001',
      }),
    );
    await assertSucceeds(openStore(as(CUSTOMER), CUSTOMER, OWNER, { ownerId: CUSTOMER }, ''));
    await assertFails(getDoc(doc(as(CUSTOMER), 'repairs', 'legacy')));
    await assertFails(updateDoc(doc(as(CUSTOMER), 'repairs', 'legacy'), { status: 'delivered' }));
    await assertFails(deleteDoc(doc(as(CUSTOMER), 'repairs', 'legacy')));
    await assertSucceeds(getDoc(doc(as(OWNER), 'repairs', 'legacy')));
  });
});

describe("stores: an owner's users document lists its stores (the admin's business users)", () => {
  const listed = async (uid: string) => {
    const data = await stored(`users/${uid}`);
    return { storeIds: data?.storeIds, lastStoreId: data?.lastStoreId, businessKey: data?.businessKey };
  };

  it("opens a store only together with its owner's users document listing it", async () => {
    await assertFails(setDoc(doc(as(OWNER), 'stores', 'store-3'), { ownerId: OWNER }));
    await assertSucceeds(openStore(as(OWNER), OWNER, 'store-3', { ownerId: OWNER }, 'sharma mobile care'));
    await assertSucceeds(
      openStore(as(OWNER), OWNER, 'store-4', { ownerId: OWNER }, 'sharma mobile care', ['store-3']),
    );
    expect(await listed(OWNER)).toEqual({
      storeIds: ['store-3', 'store-4'],
      lastStoreId: 'store-4',
      businessKey: 'sharma mobile care',
    });
  });

  it('refuses a listing that is not a store opened in the same commit by its owner, or a wrong key', async () => {
    const users = (uid: string) => doc(as(uid), 'users', uid);
    // A store that exists already (its own, or another's), without opening it now.
    await assertFails(
      updateDoc(users(OWNER), {
        storeIds: ['store-1'],
        lastStoreId: 'store-1',
        businessKey: 'sharma mobile care',
      }),
    );
    await assertFails(
      updateDoc(users(OWNER), {
        storeIds: ['store-2'],
        lastStoreId: 'store-2',
        businessKey: 'sharma mobile care',
      }),
    );
    // A store that nobody creates.
    await assertFails(
      updateDoc(users(OWNER), {
        storeIds: ['store-9'],
        lastStoreId: 'store-9',
        businessKey: 'sharma mobile care',
      }),
    );
    // A key that is not the profile's, none at all, more stores than the one opened, or other fields.
    await assertFails(openStore(as(OWNER), OWNER, 'store-5', { ownerId: OWNER }, 'aaa first'));
    const batch = writeBatch(as(OWNER));
    batch.set(doc(as(OWNER), 'stores', 'store-5'), { ownerId: OWNER });
    batch.update(users(OWNER), { storeIds: ['store-5'], lastStoreId: 'store-5' });
    await assertFails(batch.commit());
    await assertFails(
      openStore(as(OWNER), OWNER, 'store-5', { ownerId: OWNER }, 'sharma mobile care', ['store-2']),
    );
    const withRole = writeBatch(as(OWNER));
    withRole.set(doc(as(OWNER), 'stores', 'store-5'), { ownerId: OWNER });
    withRole.update(users(OWNER), {
      storeIds: ['store-5'],
      lastStoreId: 'store-5',
      businessKey: 'sharma mobile care',
      role: 'sa',
    });
    await assertFails(withRole.commit());
    // Someone else's document.
    await assertFails(openStore(as(RIVAL), OWNER, 'store-5', { ownerId: RIVAL }, 'sharma mobile care'));
    expect(await listed(OWNER)).toEqual({
      storeIds: undefined,
      lastStoreId: undefined,
      businessKey: undefined,
    });
  });

  it('keeps the business key with the profile; an account without stores has none', async () => {
    await seed((db) =>
      updateDoc(doc(db, 'users', OWNER), { storeIds: ['store-1'], businessKey: 'sharma mobile care' }),
    );
    const owner = doc(as(OWNER), 'users', OWNER);
    await assertFails(updateDoc(owner, { businessName: 'Sharma Mobiles' }));
    await assertSucceeds(updateDoc(owner, { businessName: 'Sharma Mobiles', businessKey: 'sharma mobiles' }));
    await assertSucceeds(
      updateDoc(owner, { businessName: '', name: 'Rahul Sharma', businessKey: 'rahul sharma' }),
    );
    await assertSucceeds(updateDoc(owner, { city: 'Pune' }));
    await assertFails(updateDoc(owner, { storeIds: ['store-1', 'store-2'] }));
    await assertFails(updateDoc(owner, { lastStoreId: 'store-2' }));
    const customer = doc(as(CUSTOMER), 'users', CUSTOMER);
    await assertFails(updateDoc(customer, { businessKey: '' }));
    await assertFails(updateDoc(customer, { name: 'Cara', businessKey: 'cara' }));
    await assertSucceeds(updateDoc(customer, { name: 'Cara' }));
  });

  it('lets only a super admin count and page the business users', async () => {
    await seed(async (db) => {
      await updateDoc(doc(db, 'users', OWNER), { storeIds: ['store-1'], businessKey: 'sharma mobile care' });
      await updateDoc(doc(db, 'users', RIVAL), { storeIds: ['store-2'], businessKey: 'iyer' });
    });
    const businesses = (uid: string) =>
      query(collection(as(uid), 'users'), where('businessKey', '>=', ''), orderBy('businessKey'), limit(10));
    expect((await assertSucceeds(getCountFromServer(businesses(ADMIN)))).data().count).toBe(2);
    const page = await assertSucceeds(getDocs(businesses(ADMIN)));
    expect(page.docs.map((document) => document.id)).toEqual([RIVAL, OWNER]);
    await assertFails(getDocs(businesses(OWNER)));
    await assertFails(getCountFromServer(businesses(CUSTOMER)));
  });
});

describe('repairs: reads', () => {
  const repair = (id: string, data: Record<string, unknown>) =>
    seed((db) => setDoc(doc(db, 'repairs', id), { repairId: id.toUpperCase(), ...data }));

  it("opens a repair to the super admin, the store's owner and the verified customer only", async () => {
    for (const uid of [ADMIN, OWNER, CUSTOMER]) await assertSucceeds(getDoc(doc(as(uid), 'repairs', 'r1')));
    for (const uid of [CLAIMANT, RIVAL, DISTRIBUTOR, STAFF, NEWCOMER, null])
      await assertFails(getDoc(doc(as(uid), 'repairs', 'r1')));
  });

  it("never opens a repair to a profile mobile nobody verified (threat 4: Claude typed Cara's number)", async () => {
    expect((await stored(`users/${CLAIMANT}`))?.mobile).toBe('9876543210');
    await assertFails(getDoc(doc(as(CLAIMANT), 'repairs', 'r1')));
  });

  it('matches the verified number after normalising the stored one', async () => {
    for (const [id, mobile] of [
      ['n1', '+91 98765 43210'],
      ['n2', '098765-43210'],
      ['n3', '919876543210'],
      ['n4', '(98765) 43210'],
      ['n5', 9876543210],
    ] as const) {
      await repair(id, { storeId: 'store-2', customerMobile: mobile });
      await assertSucceeds(getDoc(doc(as(CUSTOMER), 'repairs', id)));
    }
    for (const [id, mobile] of [
      ['x1', '9876543211'],
      ['x2', ''],
      ['x3', '+44 9876543210'],
    ] as const) {
      await repair(id, { storeId: 'store-2', customerMobile: mobile });
      await assertFails(getDoc(doc(as(CUSTOMER), 'repairs', id)));
    }
  });

  it('reads the store from storeId, else the legacy store field (with businessId its owner); businessId only for a repair naming no store', async () => {
    await repair('s1', { store: 'store-1', businessId: OWNER, customerMobile: '9000000001' });
    await assertSucceeds(getDoc(doc(as(OWNER), 'repairs', 's1')));
    // `store` alone grants nothing (issue 15, finding 2): its businessId must be that store's owner.
    await repair('s0', { store: 'store-1', customerMobile: '9000000001' });
    await assertFails(getDoc(doc(as(OWNER), 'repairs', 's0')));
    await repair('s5', { store: 'store-1', businessId: RIVAL, customerMobile: '9000000001' });
    await assertFails(getDoc(doc(as(OWNER), 'repairs', 's5')));
    await repair('s2', { storeId: 'store-2', businessId: OWNER, customerMobile: '9000000001' });
    await assertFails(getDoc(doc(as(OWNER), 'repairs', 's2')));
    await assertSucceeds(getDoc(doc(as(RIVAL), 'repairs', 's2')));
    await repair('s3', { businessId: 'store-1', customerMobile: '9000000001' });
    await assertFails(getDoc(doc(as(OWNER), 'repairs', 's3')));
    await repair('s4', { storeId: 'store-deleted', businessId: OWNER, customerMobile: '9000000001' });
    await assertFails(getDoc(doc(as(OWNER), 'repairs', 's4')));
  });

  it('refuses to list repairs to anyone but a super admin or a store member (threat 3)', async () => {
    const repairs = (db: Firestore) => collection(db, 'repairs');
    for (const uid of [CUSTOMER, CLAIMANT, DISTRIBUTOR, RIVAL]) {
      await assertFails(getDocs(query(repairs(as(uid)), limit(20))));
      await assertFails(getDocs(query(repairs(as(uid)), where('repairId', '==', 'RPR-1001'), limit(20))));
      await assertFails(getCountFromServer(repairs(as(uid))));
    }
    await assertSucceeds(getDocs(query(repairs(as(OWNER)), where('storeId', '==', 'store-1'))));
    await assertFails(getDocs(query(repairs(as(RIVAL)), where('storeId', '==', 'store-1'))));
    await assertSucceeds(getDocs(query(repairs(as(ADMIN)), limit(100))));
  });

  it("reserves the admin's monthly counting queries to a super admin", async () => {
    const inNovember = (db: Firestore) =>
      query(
        collection(db, 'repairs'),
        where('storeId', 'in', ['store-1']),
        where('createdAt', '>=', Timestamp.fromDate(new Date('2026-11-01T00:00:00Z'))),
        where('createdAt', '<', Timestamp.fromDate(new Date('2026-12-01T00:00:00Z'))),
      );
    expect((await assertSucceeds(getDocs(inNovember(as(ADMIN))))).size).toBe(1);
    await assertSucceeds(getCountFromServer(collection(as(ADMIN), 'repairs')));
    await assertFails(getCountFromServer(collection(as(CUSTOMER), 'repairs')));
  });
});

describe('repairLookup: the existence-only index of Repair IDs', () => {
  const refs = (db: Firestore, key: string) => collection(db, 'repairLookup', key, 'refs');

  it('tells any signed-in account which repairs carry a Repair ID, and nothing more', async () => {
    const listed = await assertSucceeds(getDocs(query(refs(as(CLAIMANT), 'r-RPR-1001'), limit(20))));
    expect(listed.docs.map((ref) => ref.id)).toEqual(['r1']);
    expect(listed.docs[0]?.data()).toEqual({});
    await assertFails(getDocs(query(refs(as(null), 'r-RPR-1001'), limit(20))));
    await assertFails(getDocs(collection(as(CLAIMANT), 'repairLookup')));
  });

  it('takes an entry only with its repair, from a member of its store', async () => {
    await assertFails(setDoc(doc(refs(as(OWNER), 'r-RPR-9'), 'ghost'), {}));
    await assertFails(setDoc(doc(refs(as(CUSTOMER), 'r-RPR-1001'), 'r1'), {}));
    await assertFails(deleteDoc(doc(refs(as(CUSTOMER), 'r-RPR-1001'), 'r1')));
    await assertFails(deleteDoc(doc(refs(as(OWNER), 'r-RPR-1001'), 'r1')));
  });
});

describe('repairs: writes (threat 2, forged repairs)', () => {
  const newRepair = (overrides: Record<string, unknown> = {}) => ({
    repairId: 'RPR-2000',
    storeId: 'store-1',
    businessId: OWNER,
    customerMobile: '9876543210',
    ...overrides,
  });

  /** A repair and its index entry, in one commit: the only way a repair is written. */
  const create = (db: Firestore, id: string, data: Record<string, unknown>, key = `r-${data.repairId}`) => {
    const batch = writeBatch(db);
    batch.set(doc(db, 'repairs', id), data);
    batch.set(doc(db, 'repairLookup', key, 'refs', id), {});
    return batch.commit();
  };

  it("lets a store's owner create a repair with its index entry, and update it", async () => {
    await assertSucceeds(create(as(OWNER), 'r2', newRepair()));
    await assertSucceeds(updateDoc(doc(as(OWNER), 'repairs', 'r2'), { status: 'delivered' }));
    expect(await stored('repairLookup/r-RPR-2000/refs/r2')).toEqual({});
  });

  it('refuses a repair without its index entry, or an entry under another key', async () => {
    await assertFails(setDoc(doc(as(OWNER), 'repairs', 'r2'), newRepair()));
    await assertFails(create(as(OWNER), 'r2', newRepair(), 'r-RPR-9999'));
  });

  it('escapes slashes and percent signs in index keys', async () => {
    await assertSucceeds(create(as(OWNER), 'r3', newRepair({ repairId: 'A/1%' }), 'r-A%2F1%25'));
    await assertFails(create(as(OWNER), 'r4', newRepair({ repairId: 'B/2' }), 'r-B2'));
  });

  it("refuses a repair naming another shop's store, or a store that does not exist", async () => {
    await assertFails(create(as(OWNER), 'f1', newRepair({ storeId: 'store-2' })));
    await assertFails(create(as(OWNER), 'f2', newRepair({ storeId: 'store-2', businessId: RIVAL })));
    await assertFails(create(as(OWNER), 'f3', newRepair({ storeId: 'store-nowhere' })));
    await assertFails(create(as(OWNER), 'f4', newRepair({ storeId: '', store: '' })));
  });

  it("refuses a businessId that is not the store's owner", async () => {
    await assertFails(create(as(OWNER), 'f5', newRepair({ businessId: RIVAL })));
    await assertFails(create(as(OWNER), 'f6', newRepair({ businessId: 'store-1' })));
    const { businessId: _none, ...withoutBusiness } = newRepair();
    await assertFails(create(as(OWNER), 'f7', withoutBusiness));
  });

  it('refuses everyone but a member of the store', async () => {
    for (const uid of [CUSTOMER, RIVAL, DISTRIBUTOR, STAFF, ADMIN])
      await assertFails(create(as(uid), 'f8', newRepair()));
    await assertFails(updateDoc(doc(as(CUSTOMER), 'repairs', 'r1'), { status: 'delivered' }));
    await assertFails(updateDoc(doc(as(RIVAL), 'repairs', 'r1'), { status: 'delivered' }));
  });

  it('refuses moving a repair to another shop', async () => {
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1'), { storeId: 'store-2' }));
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1'), { storeId: 'store-2', businessId: RIVAL }));
  });

  it('moves the index entry with a changed Repair ID, in the same commit', async () => {
    const db = as(OWNER);
    await assertFails(updateDoc(doc(db, 'repairs', 'r1'), { repairId: 'RPR-1001-B' }));
    const batch = writeBatch(db);
    batch.update(doc(db, 'repairs', 'r1'), { repairId: 'RPR-1001-B' });
    batch.delete(doc(db, 'repairLookup', 'r-RPR-1001', 'refs', 'r1'));
    batch.set(doc(db, 'repairLookup', 'r-RPR-1001-B', 'refs', 'r1'), {});
    await assertSucceeds(batch.commit());
  });

  it('deletes a repair with its index entry, by its store only', async () => {
    await assertFails(deleteDoc(doc(as(OWNER), 'repairs', 'r1')));
    for (const uid of [ADMIN, RIVAL, CUSTOMER]) {
      const db = as(uid);
      const batch = writeBatch(db);
      batch.delete(doc(db, 'repairs', 'r1'));
      batch.delete(doc(db, 'repairLookup', 'r-RPR-1001', 'refs', 'r1'));
      await assertFails(batch.commit());
    }
    const db = as(OWNER);
    const batch = writeBatch(db);
    batch.delete(doc(db, 'repairs', 'r1'));
    batch.delete(doc(db, 'repairLookup', 'r-RPR-1001', 'refs', 'r1'));
    await assertSucceeds(batch.commit());
  });

  it('refuses a bloated repair', async () => {
    const bloated = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`field${i}`, i]));
    await assertFails(create(as(OWNER), 'f9', newRepair(bloated)));
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
