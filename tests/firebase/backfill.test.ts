import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  setLogLevel,
  where,
  writeBatch,
} from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRules } from '../../scripts/firebase-emulator-rest';
import { backfillFirestore, planBackfill } from '../../scripts/firestore-backfill';
import { emulatorEndpoints } from './firebase-harness';

/**
 * The migration of data the mobile apps wrote before the rules (scripts/firestore-backfill.ts), with
 * the Admin SDK on the emulator, then the rules on the result: the tracker finds the old repairs, the
 * business info is public, and orphaned store ids cannot be taken over.
 */
const PROJECT = 'demo-repairmate-backfill';
let env: RulesTestEnvironment;

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { host, port: firestorePort, rules: readRules() },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    batch.set(doc(db, 'users', 'uid-owner'), {
      role: 'business',
      name: 'Rahul',
      businessName: 'Sharma Mobile Care',
      phone: '9811111111',
      panNumber: 'ABCDE1234F',
    });
    batch.set(doc(db, 'users', 'uid-old'), { role: 'business', name: 'Old Shop', ownerNumber: '9800000001' });
    batch.set(doc(db, 'users', 'uid-asha'), {
      role: 'user',
      name: 'Asha',
      mobile: '9876543210',
      email: 'Asha@Example.com',
    });
    batch.set(doc(db, 'users', 'uid-twin-1'), { role: 'user', name: 'Twin', email: 'twin@example.com' });
    batch.set(doc(db, 'users', 'uid-twin-2'), { role: 'user', name: 'Twin', email: 'TWIN@example.com' });
    batch.set(doc(db, 'stores', 'store-1'), { ownerId: 'uid-owner' });
    batch.set(doc(db, 'stores', 'store-old'), { ownerId: 'uid-old' });
    batch.set(doc(db, 'repairs', 'r1'), {
      repairId: 'RPR-1',
      storeId: 'store-1',
      businessId: 'uid-owner',
      customerMobile: '9876543210',
    });
    batch.set(doc(db, 'repairs', 'r2'), {
      repairId: 'A/1',
      store: 'store-old',
      customerMobile: '9876543210',
    });
    batch.set(doc(db, 'repairs', 'r3'), {
      repairId: 'RPR-3',
      storeId: 'store-deleted',
      businessId: 'uid-owner',
      customerMobile: '9000000001',
    });
    batch.set(doc(db, 'repairs', 'r4'), {
      repairId: 'RPR-4',
      store: 'store-gone',
      businessId: 'nobody',
      customerMobile: '9000000002',
    });
    batch.set(doc(db, 'repairs', 'r5'), { repairId: 12345, storeId: 'store-1' });
    // The retired e-mail index (issue 15, finding 6), as the web wrote it before invitations.
    batch.set(doc(db, 'emailIndex', 'e-asha@example.com'), {
      uid: 'uid-asha',
      email: 'asha@example.com',
      name: 'Asha',
    });
    batch.set(doc(db, 'emailIndex', 'e-twin@example.com'), {
      uid: 'uid-twin-1',
      email: 'twin@example.com',
      name: 'Twin',
    });
    await batch.commit();
  });
});

afterAll(async () => {
  await env?.cleanup();
});

describe('the Firestore backfill', () => {
  it('plans index entries, public profiles and tombstones, and writes them with the Admin SDK, once', async () => {
    const app = initializeApp({ projectId: PROJECT }, `backfill-test-${Date.now()}`);
    try {
      const db = getFirestore(app);
      const dry = await backfillFirestore(db, { dryRun: true });
      expect([...dry.refs].sort()).toEqual([
        'repairLookup/r-A%2F1/refs/r2',
        'repairLookup/r-RPR-1/refs/r1',
        'repairLookup/r-RPR-3/refs/r3',
        'repairLookup/r-RPR-4/refs/r4',
      ]);
      expect(dry.publicProfiles).toEqual([
        { uid: 'uid-owner', businessName: 'Sharma Mobile Care', phone: '9811111111' },
        { uid: 'uid-old', businessName: 'Old Shop', phone: '9800000001' },
      ]);
      expect(dry.tombstones).toEqual([
        { id: 'store-deleted', ownerId: 'uid-owner' },
        { id: 'store-gone', ownerId: '' },
      ]);
      expect(dry.businesses).toEqual([
        { uid: 'uid-owner', storeIds: ['store-1', 'store-deleted'], businessKey: 'sharma mobile care' },
        { uid: 'uid-old', storeIds: ['store-old'], businessKey: 'old shop' },
      ]);
      // Every entry of the retired e-mail index goes; none is written.
      expect(dry.retiredEmailIndex).toEqual(['e-asha@example.com', 'e-twin@example.com']);
      await backfillFirestore(db);
      const again = await backfillFirestore(db, { dryRun: true });
      expect(again).toEqual({
        refs: [],
        publicProfiles: [],
        tombstones: [],
        businesses: [],
        retiredEmailIndex: [],
      });
      expect((await db.collection('emailIndex').get()).empty).toBe(true);
      expect((await db.doc('users/uid-old').get()).data()).toMatchObject({
        name: 'Old Shop',
        storeIds: ['store-old'],
        businessKey: 'old shop',
      });
      expect((await db.doc('users/uid-asha').get()).data()).not.toHaveProperty('storeIds');
    } finally {
      await deleteApp(app);
    }
  });

  it('leaves data the rules accept: the customer finds the old repairs, others see only the public profile, no one squats', async () => {
    const asha = env
      .authenticatedContext('uid-asha', { phone_number: '+919876543210' })
      .firestore() as unknown as Firestore;
    await assertSucceeds(getDoc(doc(asha, 'repairLookup', 'r-A%2F1', 'refs', 'r2')));
    await assertSucceeds(getDoc(doc(asha, 'repairs', 'r2')));
    expect((await getDoc(doc(asha, 'publicProfiles', 'uid-owner'))).data()).toEqual({
      businessName: 'Sharma Mobile Care',
      phone: '9811111111',
    });
    await assertFails(getDoc(doc(asha, 'users', 'uid-owner')));
    const mallory = env.authenticatedContext('uid-mallory').firestore() as unknown as Firestore;
    await assertFails(setDoc(doc(mallory, 'stores', 'store-gone'), { ownerId: 'uid-mallory' }));
    await assertFails(setDoc(doc(mallory, 'stores', 'store-deleted'), { ownerId: 'uid-mallory' }));
    await assertFails(getDoc(doc(mallory, 'repairs', 'r4')));
    const owner = env.authenticatedContext('uid-owner').firestore() as unknown as Firestore;
    await assertSucceeds(getDoc(doc(owner, 'repairs', 'r3')));
    // Nobody finds an account by its e-mail: the index is gone, and the rules refuse every read and write.
    await assertFails(getDoc(doc(owner, 'emailIndex', 'e-asha@example.com')));
    await assertFails(getDoc(doc(asha, 'emailIndex', 'e-asha@example.com')));
    await assertFails(getDocs(collection(owner, 'emailIndex')));
    await assertFails(
      setDoc(doc(asha, 'emailIndex', 'e-asha@example.com'), {
        uid: 'uid-asha',
        email: 'asha@example.com',
        name: 'Asha',
      }),
    );
    // The super admin finds the business users, in the table's order, with one query on users.
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'users', 'uid-admin'), { role: 'sa' });
    });
    const admin = env.authenticatedContext('uid-admin').firestore() as unknown as Firestore;
    const businesses = await assertSucceeds(
      getDocs(query(collection(admin, 'users'), where('businessKey', '>=', ''), orderBy('businessKey'))),
    );
    expect(businesses.docs.map((business) => business.id)).toEqual(['uid-old', 'uid-owner']);
  });

  it('is a pure plan over what the database holds', () => {
    expect(
      planBackfill({
        users: new Map(),
        stores: new Map([['s', { ownerId: 'uid-x' }]]),
        repairs: new Map([['r', { repairId: 'X', storeId: 's' }]]),
        publicProfiles: new Set(),
        refs: new Set(['repairLookup/r-X/refs/r']),
      }),
    ).toEqual({ refs: [], publicProfiles: [], tombstones: [], businesses: [], retiredEmailIndex: [] });
  });
});
