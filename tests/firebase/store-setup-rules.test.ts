import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  doc,
  type Firestore,
  getDoc,
  serverTimestamp,
  setLogLevel,
  Timestamp,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRules } from '../../scripts/firebase-emulator-rest';
import { emulatorEndpoints } from './firebase-harness';
import { SETUP_RULES_PROJECT } from './projects';

/**
 * firestore.rules on opening a shop on the web and saving its settings (ShopMembershipRepository
 * createStore and saveSettings), against the rules directly: the store, its owner's users document
 * (ADR 0006) and its public profile in one commit, by whom, with what values; settings by the owner only.
 */

type Data = Record<string, unknown>;
let env: RulesTestEnvironment;
const clients = new Map<string, Firestore>();

const NEWBIE = 'uid-newbie'; // role user, no store: the web's sign-up
const OWNER = 'uid-owner'; // role business, owns store-1
const STAFF = 'uid-staff'; // staff of store-1
const DISTRIBUTOR = 'uid-distributor';
const ADMIN = 'uid-admin';

function as(uid: string): Firestore {
  let db = clients.get(uid);
  if (db === undefined) {
    db = env
      .authenticatedContext(uid, { email: `${uid.replace('uid-', '')}@setup.test`, email_verified: true })
      .firestore() as unknown as Firestore;
    clients.set(uid, db);
  }
  return db;
}

async function stored(path: string): Promise<Data | undefined> {
  let data: Data | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).data();
  });
  return data;
}

const STORE: Data = {
  ownerId: NEWBIE,
  name: 'Nisha Mobiles',
  storeName: 'Nisha Mobiles',
  phone: '9820012345',
  address: 'Shop 7, Station Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  gstin: '27AAPFU0939F1ZV',
  upiId: '9820012345@ybl',
  repairIdPrefix: 'NM',
};

/** What createStore commits: the store, the users document's ADR 0006 fields, the public profile. */
function openShop(
  uid: string,
  storeId: string,
  store: Data,
  options: { user?: string; before?: string[]; key?: string; profile?: Data | null } = {},
) {
  const db = as(uid);
  const user = options.user ?? uid;
  const batch = writeBatch(db);
  batch.set(doc(db, 'stores', storeId), { ...store, createdAt: serverTimestamp() });
  batch.update(doc(db, 'users', user), {
    storeIds: [...(options.before ?? []), storeId],
    lastStoreId: storeId,
    businessKey: options.key ?? 'nisha',
  });
  if (options.profile !== null)
    batch.set(doc(db, 'storeProfiles', storeId), {
      ownerId: store.ownerId,
      name: store.name,
      phone: store.phone,
      upiId: store.upiId,
      updatedAt: serverTimestamp(),
      ...(options.profile ?? {}),
    });
  return batch.commit();
}

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: SETUP_RULES_PROJECT,
    firestore: { host, port: firestorePort, rules: readRules() },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    const at = Timestamp.fromMillis(Date.UTC(2026, 10, 1));
    batch.set(doc(db, 'users', NEWBIE), { email: 'newbie@setup.test', role: 'user', name: 'Nisha' });
    batch.set(doc(db, 'users', OWNER), {
      email: 'owner@setup.test',
      role: 'business',
      name: 'Rahul',
      storeIds: ['store-1'],
      lastStoreId: 'store-1',
      businessKey: 'rahul',
    });
    batch.set(doc(db, 'users', STAFF), { email: 'staff@setup.test', role: 'staff', name: 'Sam' });
    batch.set(doc(db, 'users', DISTRIBUTOR), { email: 'd@setup.test', role: 'distributor', name: 'Priya' });
    batch.set(doc(db, 'users', ADMIN), { email: 'admin@setup.test', role: 'sa', name: 'Ada' });
    batch.set(doc(db, 'stores', 'store-1'), {
      ownerId: OWNER,
      name: 'Sharma Mobile Care',
      repairIdPrefix: 'SMC',
    });
    batch.set(doc(db, 'storeMembers', `store-1_${STAFF}`), {
      storeId: 'store-1',
      uid: STAFF,
      role: 'staff',
      email: 'staff@setup.test',
      name: 'Sam',
      addedAt: at,
      addedBy: OWNER,
    });
    await batch.commit();
  });
});

describe('opening a shop on the web', () => {
  it('lets an account of role user open a store with its users document and public profile in one commit', async () => {
    await assertSucceeds(openShop(NEWBIE, 'store-new', STORE));
    expect((await stored('stores/store-new'))?.ownerId).toBe(NEWBIE);
    expect(await stored(`users/${NEWBIE}`)).toMatchObject({
      storeIds: ['store-new'],
      lastStoreId: 'store-new',
      businessKey: 'nisha',
    });
    expect((await stored('storeProfiles/store-new'))?.upiId).toBe('9820012345@ybl');
  });

  it('lets an owner add a store, not with the prefix of the store it opened last (what the rules can see)', async () => {
    const mine = { ...STORE, ownerId: OWNER };
    await assertFails(
      openShop(OWNER, 'store-2', { ...mine, repairIdPrefix: 'SMC' }, { before: ['store-1'], key: 'rahul' }),
    );
    await assertSucceeds(
      openShop(OWNER, 'store-2', { ...mine, repairIdPrefix: 'SMCA' }, { before: ['store-1'], key: 'rahul' }),
    );
  });

  it('refuses distributors, super admins and staff accounts that own no store', async () => {
    for (const uid of [DISTRIBUTOR, ADMIN, STAFF])
      await assertFails(openShop(uid, `store-${uid}`, { ...STORE, ownerId: uid }, { key: 'x' }));
  });

  it('refuses a store set up for someone else, or with a forged ownerId', async () => {
    // The newbie writes the owner's users document and a store in the owner's name.
    await assertFails(
      openShop(
        NEWBIE,
        'store-x',
        { ...STORE, ownerId: OWNER },
        { user: OWNER, before: ['store-1'], key: 'rahul' },
      ),
    );
    // Its own users document, but the store names another owner.
    await assertFails(openShop(NEWBIE, 'store-x', { ...STORE, ownerId: OWNER }));
    // A store without the users document's listing, or the listing without a store it owns.
    const db = as(NEWBIE);
    const alone = writeBatch(db);
    alone.set(doc(db, 'stores', 'store-x'), STORE);
    await assertFails(alone.commit());
    const listingOnly = writeBatch(db);
    listingOnly.update(doc(db, 'users', NEWBIE), {
      storeIds: ['store-1'],
      lastStoreId: 'store-1',
      businessKey: 'nisha',
    });
    await assertFails(listingOnly.commit());
    // A public profile in another's name.
    await assertFails(openShop(NEWBIE, 'store-x', STORE, { profile: { ownerId: OWNER } }));
    expect(await stored('stores/store-x')).toBeUndefined();
  });

  it("refuses values the stores schema does not allow: a GSTIN's or UPI ID's shape, a prefix, an unknown field", async () => {
    for (const bad of [
      { gstin: 'NOT-A-GSTIN' },
      { gstin: '27aapfu0939f1zv' },
      { upiId: 'not a upi id' },
      { upiId: '@okaxis' },
      { repairIdPrefix: 'toolong' },
      { phone: 'call me' },
      { ownerId: NEWBIE, isAdmin: true },
    ])
      await assertFails(openShop(NEWBIE, 'store-x', { ...STORE, ...bad }, { profile: null }));
  });
});

describe('settings', () => {
  const settings = (db: Firestore, fields: Data, profile: Data = {}) => {
    const batch = writeBatch(db);
    batch.update(doc(db, 'stores', 'store-1'), fields);
    batch.set(doc(db, 'storeProfiles', 'store-1'), {
      ownerId: OWNER,
      name: 'Sharma Mobile Care',
      phone: '9811111111',
      upiId: 'sharmamobile@okaxis',
      updatedAt: serverTimestamp(),
      ...profile,
    });
    return batch.commit();
  };
  const good = {
    phone: '9811111111',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
    gstin: '27AAPFU0939F1ZV',
    upiId: 'sharmamobile@okaxis',
    jobSheetTerms: 'Collect within 15 days.',
    messageTemplates: { ready: 'Ready: {repairId}', paymentReminder: 'Please pay {amountDue}.' },
  };

  it("are saved by the store's owner with its public profile", async () => {
    await assertSucceeds(settings(as(OWNER), good));
    expect((await stored('stores/store-1'))?.messageTemplates).toEqual(good.messageTemplates);
  });

  it('are refused to staff and to everybody else, and never move the owner or the prefix to another', async () => {
    await assertFails(settings(as(STAFF), good));
    await assertFails(settings(as(NEWBIE), good));
    await assertFails(settings(as(OWNER), { ...good, ownerId: NEWBIE }));
    expect((await stored('stores/store-1'))?.city).toBeUndefined();
  });

  it('refuse bad GSTIN and UPI ID values, and templates of an unknown key', async () => {
    await assertFails(settings(as(OWNER), { ...good, gstin: '27AAPFU0939F1Z' }));
    await assertFails(settings(as(OWNER), { ...good, upiId: 'sharma mobile' }));
    await assertFails(settings(as(OWNER), good, { upiId: 'sharma mobile' }));
    await assertFails(settings(as(OWNER), { ...good, messageTemplates: { greeting: 'Hi' } }));
  });
});
