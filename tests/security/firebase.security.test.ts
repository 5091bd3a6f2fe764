import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorRest } from '../../scripts/firebase-emulator-rest';
import type { FirebaseBackend } from '../../src/adapters/firebase/firebase-backend';
import { businessKeyOf, storeIdsOf } from '../../src/adapters/firebase/firestore-business';
import { emulatorBackend, emulatorEndpoints, emulatorSeeder } from '../firebase/firebase-harness';
import { AUTH_PROJECT } from '../firebase/projects';
import { ASHA_PHONE, MALLORY_PROFILE, PASSWORD, seedVictims } from './fixtures';

/**
 * docs/security.md's threats 1–6 and 8, tried as an attacker would: a real account signed up on the Auth
 * emulator (Mallory), with the Firebase SDK against the Firestore emulator running our firestore.rules,
 * and the data set as it stands after the backfill. Phone codes are read from the Auth emulator, as
 * if the attacker had the victim's phone. Each attack must fail; the allowed paths must work.
 */

const PROJECT = AUTH_PROJECT;
let rest: EmulatorRest;
let seeder: ReturnType<typeof emulatorSeeder>;
const clients: FirebaseBackend[] = [];

/** A fresh web client of the production adapters, signed in as `email`. */
async function client(email: string): Promise<FirebaseBackend> {
  const backend = emulatorBackend(emulatorEndpoints(), PROJECT);
  clients.push(backend);
  await backend.ports.auth.signIn(email, PASSWORD);
  return backend;
}

let mallory: FirebaseBackend;
let db: Firestore;

beforeAll(async () => {
  setLogLevel('silent');
  rest = new EmulatorRest(emulatorEndpoints());
  await rest.loadRules(PROJECT);
  seeder = emulatorSeeder(emulatorEndpoints(), PROJECT);
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((backend) => backend.dispose()));
  await seeder?.dispose();
});

/** The data set after the backfill: stores, public profiles, index entries, a tombstone. */
beforeEach(async () => {
  await Promise.all(clients.splice(0).map((backend) => backend.dispose()));
  await Promise.all([rest.clearFirestore(PROJECT), rest.clearAuth(PROJECT)]);
  await seedVictims(seeder);

  // Mallory: a real account, signed up through the web's own adapters, who typed Asha's number.
  mallory = emulatorBackend(emulatorEndpoints(), PROJECT);
  clients.push(mallory);
  const { uid } = await mallory.ports.auth.signUp('mallory@attack.test', PASSWORD);
  await mallory.ports.users.createProfile(uid, MALLORY_PROFILE());
  db = mallory.firestore;
}, 60_000);

/** Resolves when refused by the rules; fails the test when the write or read went through. */
async function refused(action: Promise<unknown>): Promise<void> {
  const outcome = await action.then(
    () => 'allowed',
    (error: { code?: string }) => error.code ?? 'error',
  );
  expect(outcome).toBe('permission-denied');
}

/** Opens a store as the rules require: with its owner's users document listing it, in one commit. */
async function openStore(target: Firestore, uid: string, storeId: string, data: Record<string, unknown>) {
  const profile = (await getDoc(doc(target, 'users', uid))).data() ?? {};
  const batch = writeBatch(target);
  batch.set(doc(target, 'stores', storeId), data);
  batch.update(doc(target, 'users', uid), {
    storeIds: [...storeIdsOf(profile), storeId],
    lastStoreId: storeId,
    businessKey: businessKeyOf(profile),
  });
  return batch.commit();
}

/** A repair and its index entry in one commit, as the rules require. */
function createRepair(target: Firestore, id: string, data: Record<string, unknown>) {
  const batch = writeBatch(target);
  batch.set(doc(target, 'repairs', id), data);
  batch.set(doc(target, 'repairLookup', `r-${data.repairId}`, 'refs', id), {});
  return batch.commit();
}

describe('threat 1: store squatting', () => {
  it("attack 1.1: a store created under the victim owner's uid gives no right over the owner's repairs", async () => {
    const me = mallory.auth.currentUser?.uid ?? '';
    await openStore(db, me, 'uid-owner', { ownerId: me });
    await refused(getDoc(doc(db, 'repairs', 'r3')));
    await refused(updateDoc(doc(db, 'repairs', 'r3'), { status: 'delivered' }));
    await refused(deleteDoc(doc(db, 'repairs', 'r3')));
    expect((await mallory.ports.repairs.findByRepairId('RPR-1003')).readable).toEqual([]);
  });

  it('attack 1.2: the id of a store that no longer exists (its tombstone) cannot be taken over', async () => {
    const me = mallory.auth.currentUser?.uid ?? '';
    await refused(setDoc(doc(db, 'stores', 'store-gone'), { ownerId: me }));
    await refused(updateDoc(doc(db, 'stores', 'store-gone'), { ownerId: me }));
    await refused(getDoc(doc(db, 'repairs', 'r4')));
  });

  it('attack 1.3: a store is never deleted or handed over, not even by its owner', async () => {
    const rahul = await client('rahul@attack.test');
    await refused(deleteDoc(doc(rahul.firestore, 'stores', 'store-1')));
    await refused(updateDoc(doc(rahul.firestore, 'stores', 'store-1'), { ownerId: 'uid-rival' }));
    await refused(updateDoc(doc(db, 'stores', 'store-1'), { ownerId: mallory.auth.currentUser?.uid ?? '' }));
  });
});

describe('threat 2: forged repairs', () => {
  beforeEach(async () => {
    const me = mallory.auth.currentUser?.uid ?? '';
    await openStore(db, me, 'store-mallory', {
      ownerId: me,
      name: 'M',
    });
  });

  it("attack 2.1: a repair naming another shop's store, or the victim as its business, is refused", async () => {
    const me = mallory.auth.currentUser?.uid ?? '';
    const forged = { repairId: 'RPR-1001', customerMobile: '9876543210', createdAt: new Date() };
    await refused(createRepair(db, 'f1', { ...forged, storeId: 'store-1', businessId: me }));
    await refused(createRepair(db, 'f2', { ...forged, storeId: 'store-1', businessId: 'uid-owner' }));
    await refused(createRepair(db, 'f3', { ...forged, storeId: 'store-mallory', businessId: 'uid-owner' }));
    await refused(createRepair(db, 'f4', { ...forged, businessId: me }));
    await refused(createRepair(db, 'f5', { ...forged, storeId: 'store-nowhere', businessId: me }));
  });

  it("attack 2.2: another shop's monthly count cannot be inflated", async () => {
    const me = mallory.auth.currentUser?.uid ?? '';
    for (const storeId of ['store-1', 'store-2'])
      await refused(
        createRepair(db, `c-${storeId}`, { repairId: 'X-1', storeId, businessId: me, createdAt: new Date() }),
      );
    const admin = await client('admin@attack.test');
    const now = new Date();
    const month = {
      from: new Date(now.getFullYear(), now.getMonth(), 1),
      to: new Date(now.getFullYear(), now.getMonth() + 1, 1),
    };
    expect(await admin.ports.repairs.countCreated(['store-1', 'store-2', 'uid-owner'], month)).toEqual({
      'store-1': 1,
      'store-2': 1,
      'uid-owner': 1,
    });
  });

  it("attack 2.3: flooding a Repair ID from one's own store hides nothing from the customer", async () => {
    const me = mallory.auth.currentUser?.uid ?? '';
    for (let n = 0; n < 22; n += 1)
      await createRepair(db, `a${String(n).padStart(2, '0')}`, {
        repairId: 'RPR-1001',
        storeId: 'store-mallory',
        businessId: me,
        customerMobile: '9000000009',
      });
    const asha = await client('asha@attack.test');
    const found = await asha.ports.repairs.findByRepairId('RPR-1001');
    expect(found.readable.map((repair) => repair.id)).toEqual(['r1']);
  });

  it('allowed: an owner creates a repair in its own store with its index entry, and edits it', async () => {
    const rahul = await client('rahul@attack.test');
    await createRepair(rahul.firestore, 'r-new', {
      repairId: 'SMC-1042',
      storeId: 'store-1',
      businessId: 'uid-owner',
      customerMobile: '9123400000',
    });
    await updateDoc(doc(rahul.firestore, 'repairs', 'r-new'), { status: 'ready' });
    expect((await rahul.ports.repairs.findByRepairId('SMC-1042')).readable.map((r) => r.id)).toEqual([
      'r-new',
    ]);
  });
});

describe('threat 3: downloading every repair', () => {
  it('attack 3.1: no list, count or single read of repairs reaches a customer but their own', async () => {
    const repairs = collection(db, 'repairs');
    await refused(getDocs(query(repairs, limit(20))));
    await refused(getDocs(query(repairs, where('repairId', '==', 'RPR-1001'), limit(20))));
    await refused(getDocs(query(repairs, where('storeId', '==', 'store-1'))));
    await refused(getCountFromServer(repairs));
    for (const id of ['r1', 'r2', 'r3', 'r4']) await refused(getDoc(doc(db, 'repairs', id)));
  });

  it('attack 3.2: the Repair ID index tells only that a repair exists, never its content', async () => {
    const refs = await getDocs(query(collection(db, 'repairLookup', 'r-RPR-1001', 'refs'), limit(20)));
    expect(refs.docs.map((ref) => [ref.id, ref.data()])).toEqual([['r1', {}]]);
    await refused(getDocs(collection(db, 'repairLookup')));
    expect(await mallory.ports.repairs.findByRepairId('RPR-1001')).toEqual({ total: 1, readable: [] });
  });

  it("allowed: the super admin reads every repair; an owner its store's", async () => {
    const admin = await client('admin@attack.test');
    for (const id of ['r1', 'r2', 'r3', 'r4']) await getDoc(doc(admin.firestore, 'repairs', id));
    const rahul = await client('rahul@attack.test');
    expect(
      (await getDocs(query(collection(rahul.firestore, 'repairs'), where('storeId', '==', 'store-1')))).size,
    ).toBe(1);
    expect((await rahul.ports.repairs.findByRepairId('RPR-1003')).readable.map((r) => r.id)).toEqual(['r3']);
  });
});

describe('threat 4: a mobile number trusted without proof', () => {
  it("attack 4.1: a profile that claims Asha's number opens none of her repairs", async () => {
    expect((await mallory.ports.users.get(mallory.auth.currentUser?.uid ?? ''))?.mobile).toBe('9876543210');
    expect((await mallory.ports.repairs.findByRepairId('RPR-1001')).readable).toEqual([]);
    await refused(getDoc(doc(db, 'repairs', 'r1')));
  });

  it("attack 4.2: asking for a code to Asha's number and guessing it fails", async () => {
    const id = await mallory.ports.auth.sendPhoneVerificationCode(ASHA_PHONE);
    const code = (await rest.lastPhoneCode(PROJECT, ASHA_PHONE)) ?? '000000';
    const guess = code === '123456' ? '654321' : '123456';
    await expect(mallory.ports.auth.confirmPhoneVerificationCode(id, guess)).rejects.toMatchObject({
      code: 'invalid-verification-code',
    });
    expect(mallory.ports.auth.currentUser()?.phoneNumber).toBeNull();
  });

  it('attack 4.3: even with the code texted to her phone, a number verified on her account stays hers', async () => {
    const id = await mallory.ports.auth.sendPhoneVerificationCode(ASHA_PHONE);
    const code = (await rest.lastPhoneCode(PROJECT, ASHA_PHONE)) ?? '';
    await expect(mallory.ports.auth.confirmPhoneVerificationCode(id, code)).rejects.toMatchObject({
      code: 'credential-already-in-use',
    });
    await refused(getDoc(doc(db, 'repairs', 'r1')));
  });

  it('allowed: a customer who proves their own number opens their repairs', async () => {
    const rahul = await client('rahul@attack.test');
    await createRepair(rahul.firestore, 'r-mal', {
      repairId: 'SMC-7',
      storeId: 'store-1',
      businessId: 'uid-owner',
      customerMobile: '9123499999',
    });
    const id = await mallory.ports.auth.sendPhoneVerificationCode('+919123499999');
    await mallory.ports.auth.confirmPhoneVerificationCode(
      id,
      (await rest.lastPhoneCode(PROJECT, '+919123499999')) ?? '',
    );
    expect((await mallory.ports.repairs.findByRepairId('SMC-7')).readable.map((r) => r.id)).toEqual([
      'r-mal',
    ]);
    const asha = await client('asha@attack.test');
    expect((await asha.ports.repairs.findByRepairId('RPR-1001')).readable.map((r) => r.id)).toEqual(['r1']);
  });
});

describe("threat 5: business owners' private fields", () => {
  it("attack 5.1: an owner's users document (PAN, GSTIN, address, e-mail) is closed to other accounts", async () => {
    await refused(getDoc(doc(db, 'users', 'uid-owner')));
    await refused(getDocs(query(collection(db, 'users'), where('role', '==', 'business'))));
    await refused(getDocs(collection(db, 'publicProfiles')));
  });

  it('allowed: the tracker shows the business name and number from the public profile', async () => {
    const card = await getDoc(doc(db, 'publicProfiles', 'uid-owner'));
    expect(card.data()).toEqual({ businessName: 'Sharma Mobile Care', phone: '9811111111' });
    const asha = await client('asha@attack.test');
    const [repair] = (await asha.ports.repairs.findByRepairId('RPR-1001')).readable;
    expect(repair?.deliveryCode).toBe('4821');
  });
});

describe('threat 6: profiles', () => {
  it('attack 6.1: a distributor cannot delete its document (and come back as a customer)', async () => {
    const dev = await client('dev@attack.test');
    await refused(deleteDoc(doc(dev.firestore, 'users', 'uid-dist')));
    await refused(deleteDoc(doc(db, 'users', mallory.auth.currentUser?.uid ?? '')));
  });

  it('attack 6.2: a self-edit takes only the profile’s fields, each capped', async () => {
    const mine = doc(db, 'users', mallory.auth.currentUser?.uid ?? '');
    await refused(updateDoc(mine, { junk: 'x'.repeat(900_000) }));
    await refused(updateDoc(mine, { name: 'x'.repeat(900_000) }));
    await refused(updateDoc(mine, { role: 'sa' }));
    await refused(updateDoc(mine, { walletBalance: 1_000_000 }));
    await refused(updateDoc(mine, { acceptedTerms: false }));
    await refused(updateDoc(doc(db, 'users', 'uid-asha'), { mobile: '9000000000' }));
  });

  it('allowed: an account edits its own profile fields', async () => {
    await mallory.ports.users.updateOwnProfile({ city: 'Mumbai', address: '2 Hill Road' });
    expect((await mallory.ports.users.get(mallory.auth.currentUser?.uid ?? ''))?.city).toBe('Mumbai');
  });
});

describe('threat 8: smaller holes', () => {
  it('attack 8.1: another account’s public profile cannot be written, nor one with private fields', async () => {
    await refused(setDoc(doc(db, 'publicProfiles', 'uid-owner'), { businessName: 'Fake', phone: '1' }));
    await refused(
      setDoc(doc(db, 'publicProfiles', mallory.auth.currentUser?.uid ?? ''), {
        businessName: 'M',
        phone: '1',
        panNumber: 'X',
      }),
    );
  });

  it('attack 8.2: an http:// or protocol-relative photo URL is never shown', async () => {
    const rahul = await client('rahul@attack.test');
    const record = {
      repairId: 'IMG-1',
      storeId: 'store-1',
      businessId: 'uid-owner',
      customerMobile: '9876543210',
      imageUrls: ['http://evil.example/a.jpg', '//evil.example/b.jpg', 'https://cdn.example/c.jpg'],
    };
    // firestore.rules take only this project's bucket URLs under the repair's path (issue 15,
    // finding 5); a repair stored before that (the seeder's) is still shown without the unsafe ones.
    await refused(createRepair(rahul.firestore, 'r-img', record));
    await seeder.repair({ id: 'r-img', ...record });
    const asha = await client('asha@attack.test');
    const [repair] = (await asha.ports.repairs.findByRepairId('IMG-1')).readable;
    expect(repair?.imageUrls).toEqual(['https://cdn.example/c.jpg']);
  });
});
