import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRules } from '../../scripts/firebase-emulator-rest';
import { businessKeyOf, storeIdsOf } from '../../src/adapters/firebase/firestore-business';
import {
  PUBLIC_PROFILES,
  RECHARGE_TRANSACTIONS,
  REPAIR_LOOKUP_REFS,
  STORAGE_CONFIG,
  STORE_LINKS,
  STORES,
  SUPPORT,
  USERS,
} from '../../src/domain/stored/documents';
import {
  type DocumentSchema,
  fieldsOf,
  oversizeValue,
  sampleDocument,
  withValueAt,
  wrongTypeValue,
  zodOf,
} from '../../src/domain/stored/schema';
import { emulatorEndpoints } from '../firebase/firebase-harness';
import {
  ADMIN,
  BUCKET,
  clientOf,
  type Data,
  OWNER,
  seedShopSurface,
  storedDoc,
} from '../firebase/shop-surface-fixtures';

/**
 * Issue 15, finding 5, for the seed's document kinds (users, publicProfiles, stores,
 * rechargeTransactions, support, Urls, config/storage, repairLookup refs): the schema walk of
 * src/domain/stored/documents.ts against firestore.rules on the Firestore emulator. Every field gets
 * a wrong type, a value one over its size (where it has one) and the document an unknown extra field,
 * each refused ('attack 15.5.schema.<kind> …'), beside the legitimate write by the right account
 * ('allowed …'). Its own project, so that it runs beside the other security suites.
 */
const PROJECT = 'demo-repairmate-seed-schema';
const NEWCOMER = 'uid-newcomer';
const OPENER = 'uid-opener';
const DISTRIBUTOR = 'uid-dist';
const TX = 'recharge-AAAAAAAAAAAA';
let env: RulesTestEnvironment;
const clients = new Map<string, Firestore>();
const as = (uid: string | null) => clientOf(env, clients, uid);
const at = Timestamp.fromMillis(Date.UTC(2026, 10, 1));

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { host, port: firestorePort, rules: readRules() },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedShopSurface(env);
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    batch.set(doc(db, 'users', OPENER), { ...signUp(OPENER), role: 'user' });
    batch.set(doc(db, 'users', DISTRIBUTOR), { ...signUp(DISTRIBUTOR, 'distributor'), walletBalance: 250 });
    batch.set(doc(db, 'support', 'issue-1'), supportIssue(at));
    await batch.commit();
  });
});

/** Exactly what the web sign-up writes for `uid` (clientOf's e-mail). */
function signUp(uid: string, role = 'user'): Data {
  return {
    email: `${uid.replace('uid-', '')}@shop.test`,
    role,
    acceptedTerms: true,
    acceptedPrivacy: true,
    acceptedDate: '2026-11-01T10:00:00.000Z',
    name: 'Nisha Rao',
    mobile: '9876500001',
    address: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    businessName: '',
    gstNumber: '',
    panNumber: '',
    businessAddress: '',
  };
}

function supportIssue(createdAt: unknown): Data {
  return {
    email: 'ravi@example.com',
    phone: '9876500002',
    issue: 'The tracking page does not open',
    status: 'active',
    createdAt,
  };
}

/** A recharge of ₹100 by the super admin: the ledger entry and the balance, in one commit. */
function recharge(tx: Data): Promise<void> {
  const db = as(ADMIN);
  const batch = writeBatch(db);
  batch.set(doc(db, 'rechargeTransactions', TX), tx);
  batch.update(doc(db, 'users', DISTRIBUTOR), { walletBalance: 350, lastRechargeId: TX });
  return batch.commit();
}

const rechargeEntry = (): Data => ({
  distributorId: DISTRIBUTOR,
  distributorName: 'Nisha Rao',
  adminId: ADMIN,
  adminName: 'Ada',
  amount: 100,
  previousBalance: 250,
  newBalance: 350,
  timestamp: serverTimestamp(),
  description: 'Wallet recharge by admin',
});

/** Opens a store as the rules require: with its owner's users document listing it, in one commit. */
async function openStore(uid: string, storeId: string, data: Data): Promise<void> {
  const db = as(uid);
  const profile = (await storedDoc(env, `users/${uid}`)) ?? {};
  const batch = writeBatch(db);
  batch.set(doc(db, 'stores', storeId), data);
  batch.update(doc(db, 'users', uid), {
    storeIds: [...storeIdsOf(profile), storeId],
    lastStoreId: storeId,
    businessKey: businessKeyOf(profile),
  });
  return batch.commit();
}

// ---- the schema walk ----------------------------------------------------------------------------

type Case = { what: string; data: Data };

/** Every field of a kind: a wrong type, one over its size, and an unknown extra field. */
function walk(schema: DocumentSchema, base: Data): Case[] {
  const cases: Case[] = [{ what: 'an extra field', data: { ...base, zzExtra: 'x' } }];
  const place = (path: readonly string[], value: unknown) =>
    withValueAt(schema, base, path, value, 'domain', new Date());
  for (const { path, spec } of fieldsOf(schema)) {
    const field = path.join('.');
    cases.push({ what: `${field}: wrong type`, data: place(path, wrongTypeValue(spec)) });
    const oversize = oversizeValue(spec, () => 'x');
    if (oversize !== null) cases.push({ what: `${field}: oversize`, data: place(path, oversize) });
  }
  return cases;
}

async function refusedEach(cases: readonly Case[], write: (data: Data, n: number) => Promise<unknown>) {
  let n = 0;
  for (const { what, data } of cases) {
    n += 1;
    // A value the SDK itself will not send (a nested list) counts as refused too.
    const outcome = await Promise.resolve()
      .then(() => write(data, n))
      .then(
        () => 'allowed',
        () => 'refused',
      );
    expect(outcome, what).toBe('refused');
  }
}

describe('the schema walk of the seed’s kinds (every field: wrong type, oversize, an extra field)', () => {
  it('allowed 15.5.schema: sign-up, a profile edit, the public profile, a store opened and edited, a recharge, a support issue and its edit', async () => {
    // The heaviest create of the rules (isNewUser and usersNew): within the 1,000 expressions.
    await assertSucceeds(setDoc(doc(as(NEWCOMER), 'users', NEWCOMER), signUp(NEWCOMER)));
    await assertSucceeds(
      updateDoc(doc(as(NEWCOMER), 'users', NEWCOMER), { city: 'Mumbai', phone: '9811100000' }),
    );
    await assertSucceeds(
      setDoc(doc(as(OWNER), 'publicProfiles', OWNER), {
        businessName: 'Sharma Mobile Care',
        phone: '9811111111',
      }),
    );
    await assertSucceeds(
      openStore(OPENER, 'store-new', { ownerId: OPENER, name: 'Rao Repairs', createdAt: serverTimestamp() }),
    );
    await assertSucceeds(
      updateDoc(doc(as(OPENER), 'stores', 'store-new'), {
        phone: '9811122222',
        gstin: '27AAPFS1234C1ZD',
        upiId: 'rao@okaxis',
        messageTemplates: { ready: 'Your phone is ready' },
        repairIdPrefix: 'RAO',
      }),
    );
    await assertSucceeds(recharge(rechargeEntry()));
    await assertSucceeds(setDoc(doc(as(null), 'support', 'issue-2'), supportIssue(serverTimestamp())));
    await assertSucceeds(updateDoc(doc(as(ADMIN), 'support', 'issue-1'), { status: 'completed' }));
  });

  it('attack 15.5.schema.users: each refused at sign-up and in a profile edit', async () => {
    let n = 0;
    await refusedEach(walk(USERS, signUp(NEWCOMER)), (data) => {
      n += 1;
      return setDoc(doc(as(NEWCOMER), 'users', NEWCOMER), data);
    });
    expect(n).toBeGreaterThan(40);
    const stored = (await storedDoc(env, `users/${OPENER}`)) as Data;
    await refusedEach(walk(USERS, stored), (data) => setDoc(doc(as(OPENER), 'users', OPENER), data));
  });

  it('attack 15.5.schema.publicProfiles: each refused', async () => {
    await refusedEach(
      walk(PUBLIC_PROFILES, { businessName: 'Sharma Mobile Care', phone: '9811111111' }),
      (data) => setDoc(doc(as(OWNER), 'publicProfiles', OWNER), data),
    );
  });

  it('attack 15.5.schema.stores: each refused when the store is opened and when its owner edits it', async () => {
    await refusedEach(walk(STORES, { ownerId: OPENER, name: 'Rao Repairs' }), (data, n) =>
      openStore(OPENER, `store-w${n}`, data),
    );
    await refusedEach(walk(STORES, { ownerId: OWNER, name: 'Sharma Mobile Care' }), (data) =>
      setDoc(doc(as(OWNER), 'stores', 'store-1'), data),
    );
  });

  it('attack 15.5.schema.rechargeTransactions: each refused, with the balance change it records', async () => {
    await refusedEach(walk(RECHARGE_TRANSACTIONS, rechargeEntry()), recharge);
  });

  it('attack 15.5.schema.support: each refused on the public form and in the super admin’s edit', async () => {
    await refusedEach(walk(SUPPORT, supportIssue(serverTimestamp())), (data, n) =>
      setDoc(doc(as(null), 'support', `issue-w${n}`), data),
    );
    const stored = (await storedDoc(env, 'support/issue-1')) as Data;
    await refusedEach(walk(SUPPORT, stored), (data) => setDoc(doc(as(ADMIN), 'support', 'issue-1'), data));
  });

  it('attack 15.5.schema.Urls and config: each refused to every client, the super admin too; the administrator writes them', async () => {
    const links = { android: 'https://play.google.com/store/apps/details?id=app.repairmate', ios: '' };
    await refusedEach(walk(STORE_LINKS, links), (data) => setDoc(doc(as(ADMIN), 'Urls', 'links'), data));
    await assertFails(setDoc(doc(as(ADMIN), 'Urls', 'links'), links));
    await refusedEach(walk(STORAGE_CONFIG, { bucket: BUCKET }), (data) =>
      setDoc(doc(as(ADMIN), 'config', 'storage'), data),
    );
    await assertFails(setDoc(doc(as(ADMIN), 'config', 'storage'), { bucket: 'attacker-bucket' }));
    // The administrator's writes (console, Admin SDK, the backfill) go past the rules: they fit the schema.
    expect(zodOf(STORE_LINKS, 'json').safeParse(links).success).toBe(true);
    expect(zodOf(STORAGE_CONFIG, 'json').safeParse(sampleDocument(STORAGE_CONFIG, 'json')).success).toBe(
      true,
    );
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'Urls', 'links'), links);
    });
    expect((await getDoc(doc(as(null), 'Urls', 'links'))).data()).toEqual(links);
  });

  it('attack 15.5.schema.repairLookupRefs: a ref with any field refused; the empty ref allowed', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await deleteDoc(
        doc(context.firestore() as unknown as Firestore, 'repairLookup', 'r-SMC-1001', 'refs', 'r1'),
      );
    });
    const ref = () => doc(as(OWNER), 'repairLookup', 'r-SMC-1001', 'refs', 'r1');
    const cases = walk(REPAIR_LOOKUP_REFS, {});
    expect(cases.map((c) => c.what)).toEqual(['an extra field']);
    await refusedEach(cases, (data) => setDoc(ref(), data));
    await assertFails(setDoc(ref(), { repairId: 'SMC-1001' }));
    await assertSucceeds(setDoc(ref(), {}));
  });
});
