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
  query,
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
import { MAX_AMOUNT_PAISE } from '../../src/domain/shop/amounts';
import { MAX_REPAIR_NUMBER } from '../../src/domain/shop/repair-id';
import { CREDIT_NOTE_PREFIX } from '../../src/domain/shop/status-values';
import {
  PAYMENTS,
  REPAIR_COUNTERS,
  REPAIR_DELIVERY_CODE,
  REPAIR_DELIVERY_TRIES,
  REPAIR_PRIVATE,
  REPAIRS,
  STORE_PROFILES,
  TRACKING,
} from '../../src/domain/stored/documents';
import {
  type DocumentSchema,
  fieldsOf,
  oversizeValue,
  withValueAt,
  wrongTypeValue,
} from '../../src/domain/stored/schema';
import { emulatorEndpoints } from '../firebase/firebase-harness';
import {
  CODE,
  CUSTOMER,
  clientOf,
  createShopRepair,
  type Data,
  entry,
  OWNER,
  patchDoc,
  paymentDoc,
  photoUrl,
  RIVAL,
  SNEAKY,
  SNEAKY_PHONE,
  STAFF,
  seedShopSurface,
  shopWrite,
  storedDoc,
  TOKEN,
  tryDoc,
  viewOf,
} from '../firebase/shop-surface-fixtures';

/**
 * Issue 15, findings 1–5 and 8, tried against firestore.rules on the Firestore emulator as the store's
 * own staff, a rival owner or a customer would: each attack ('attack 15.N …') beside the legitimate
 * write it must still allow ('allowed …'), and the schema walk of every document kind the shop console
 * writes (every field: a wrong type, one over its size, and an unknown extra field, each refused).
 * Its own project, so that it runs beside the other security suites.
 */
const PROJECT = 'demo-repairmate-shop-surface';
let env: RulesTestEnvironment;
const clients = new Map<string, Firestore>();
const as = (uid: string | null) => clientOf(env, clients, uid);
const stored = (path: string) => storedDoc(env, path);
const r1 = async () => (await stored('repairs/r1')) as Data;

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
});

describe('finding 1: staff redirect the customer’s payment', () => {
  it('attack 15.1.1: staff put their own UPI ID, phone or amount in the tracking view', async () => {
    const view = viewOf(await r1());
    for (const forged of [
      { ...view, payLink: 'upi://pay?pa=sam@okicici' },
      { ...view, shop: { name: 'Sam', phone: '9000000000' } },
      { ...view, estimatePaise: 1 },
      { ...view, paidPaise: 0, amount: 99999 },
    ])
      await assertFails(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { view: forged }));
    expect((await stored(`tracking/${TOKEN}`))?.view).toMatchObject({ estimatePaise: 150000 });
  });

  it('attack 15.1.2: staff write the store profile (UPI ID, phone, name)', async () => {
    for (const uid of [STAFF, RIVAL])
      await assertFails(
        setDoc(doc(as(uid), 'storeProfiles', 'store-1'), {
          ownerId: OWNER,
          name: 'Sharma Mobile Care',
          phone: '9000000000',
          upiId: 'sam@okicici',
          updatedAt: serverTimestamp(),
        }),
      );
    expect((await stored('storeProfiles/store-1'))?.upiId).toBe('sharmamobile@okaxis');
  });

  it('attack 15.1.3: a new link for the repair, or a revoked one revived, with a view of their own', async () => {
    const forged = { ...viewOf(await r1()), estimatePaise: 1 };
    await assertFails(
      setDoc(doc(as(STAFF), 'tracking', 'tok_DDDDDDDDDDDDDDDDDDDDDD'), {
        repairDocId: 'r1',
        storeId: 'store-1',
        revoked: false,
        view: forged,
      }),
    );
    await assertSucceeds(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { revoked: true }));
    await assertFails(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { revoked: false, view: forged }));
  });

  it('allowed 15.1: the owner saves the profile; staff write the view equal to the repair', async () => {
    await assertSucceeds(
      setDoc(doc(as(OWNER), 'storeProfiles', 'store-1'), {
        ownerId: OWNER,
        name: 'Sharma Mobile Care',
        phone: '9811111111',
        upiId: 'sharmamobile@okaxis',
        updatedAt: serverTimestamp(),
      }),
    );
    await assertSucceeds(
      shopWrite(as(STAFF), await r1(), { estimatePaise: 160000 }, entry('edit', 'received', STAFF)),
    );
    expect((await stored(`tracking/${TOKEN}`))?.view).toMatchObject({ estimatePaise: 160000 });
  });
});

describe('finding 2: other stores’ repairs through the apps’ `store` field', () => {
  it('attack 15.2.1: a rival writes `store: <someone else’s>` on its own repairs', async () => {
    const batch = writeBatch(as(RIVAL));
    batch.set(doc(as(RIVAL), 'repairs', 'rv1'), {
      repairId: 'IE-1',
      storeId: 'store-2',
      store: 'store-1',
      businessId: RIVAL,
    });
    batch.set(doc(as(RIVAL), 'repairLookup', 'r-IE-1', 'refs', 'rv1'), {});
    await assertFails(batch.commit());
  });

  it('attack 15.2.2: a repair naming a store only by `store`, with another business, gives that store nothing', async () => {
    await patchDoc(env, 'repairs/rv2', { repairId: 'IE-2', store: 'store-1', businessId: RIVAL });
    for (const uid of [OWNER, STAFF]) await assertFails(getDoc(doc(as(uid), 'repairs', 'rv2')));
    await assertFails(getDocs(query(collection(as(STAFF), 'repairs'), where('store', '==', 'store-1'))));
  });

  it('allowed 15.2: the apps’ repair naming its store by `store` with businessId its owner', async () => {
    await assertSucceeds(getDoc(doc(as(STAFF), 'repairs', 'legacy1')));
    await assertSucceeds(
      getDocs(
        query(
          collection(as(STAFF), 'repairs'),
          where('store', '==', 'store-1'),
          where('businessId', '==', OWNER),
        ),
      ),
    );
  });
});

describe('finding 3: a store’s Repair IDs jammed', () => {
  it('attack 15.3.1: the counter pushed far ahead, or to the largest safe number', async () => {
    for (const last of [Number.MAX_SAFE_INTEGER, MAX_REPAIR_NUMBER, 5000, 1003])
      await assertFails(createShopRepair(as(STAFF), STAFF, { last, repairId: `SMC-${last}` }));
    await assertFails(
      updateDoc(doc(as(STAFF), 'repairCounters', 'store-1'), { last: MAX_REPAIR_NUMBER + 1 }),
    );
    await assertFails(updateDoc(doc(as(OWNER), 'repairCounters', 'store-1'), { prefix: 'ZZZ' }));
    expect((await stored('repairCounters/store-1'))?.last).toBe(1001);
  });

  it('allowed 15.3: the next repair moves the counter by one', async () => {
    await assertSucceeds(createShopRepair(as(STAFF), STAFF));
    expect((await stored('repairCounters/store-1'))?.last).toBe(1002);
  });
});

describe('finding 4: money edited after the fact', () => {
  const pay = async (db: Firestore, uid: string, payment: Data, paid: number, amount = paid) =>
    shopWrite(
      db,
      await r1(),
      { paidPaise: paid },
      entry('payment', 'received', uid, null, '', { amountPaise: amount, paymentId: 'r1-p1' }),
      { also: (batch) => batch.set(doc(db, 'repairs', 'r1', 'payments', 'r1-p1'), payment) },
    );

  it('attack 15.4.1: paidPaise moved with no payment, another amount, or an edit entry', async () => {
    const before = await r1();
    await assertFails(shopWrite(as(STAFF), before, { paidPaise: 150000 }, entry('edit', 'received', STAFF)));
    await assertFails(pay(as(STAFF), STAFF, paymentDoc('r1-p1', STAFF, 100), 150000, 100));
    await assertFails(pay(as(STAFF), STAFF, paymentDoc('r1-p1', STAFF, 150000), 150000, 100));
  });

  it('attack 15.4.2: a payment over the bound, back-dated, with extra fields or someone else’s name', async () => {
    const big = MAX_AMOUNT_PAISE + 1;
    await assertFails(pay(as(STAFF), STAFF, paymentDoc('r1-p1', STAFF, big), big));
    await assertFails(
      pay(as(STAFF), STAFF, { ...paymentDoc('r1-p1', STAFF, 100), at: Timestamp.fromMillis(0) }, 100),
    );
    await assertFails(pay(as(STAFF), STAFF, { ...paymentDoc('r1-p1', STAFF, 100), bonus: true }, 100));
    await assertFails(
      pay(as(STAFF), STAFF, { ...paymentDoc('r1-p1', STAFF, 100), by: { uid: STAFF, name: 'Rahul' } }, 100),
    );
    // A refund by staff.
    await patchDoc(env, 'repairs/r1', { paidPaise: 1000 });
    await assertFails(
      shopWrite(
        as(STAFF),
        await r1(),
        { paidPaise: 900 },
        entry('refund', 'received', STAFF, null, 'x', { amountPaise: 100, paymentId: 'r1-p1' }),
        {
          also: (batch) =>
            batch.set(
              doc(as(STAFF), 'repairs', 'r1', 'payments', 'r1-p1'),
              paymentDoc('r1-p1', STAFF, 100, 'refund'),
            ),
        },
      ),
    );
  });

  it('attack 15.4.3: the estimate or final amount changed on a delivered or cancelled repair', async () => {
    for (const status of ['delivered', 'cancelled']) {
      await patchDoc(env, 'repairs/r1', { status });
      const before = await r1();
      for (const uid of [OWNER, STAFF]) {
        await assertFails(shopWrite(as(uid), before, { estimatePaise: 1 }, entry('edit', status, uid)));
        await assertFails(shopWrite(as(uid), before, { amount: 1 }, entry('edit', status, uid)));
      }
    }
  });

  it('allowed 15.4: a payment in the payer’s own name with the server’s time, and the owner’s reopen', async () => {
    await assertSucceeds(pay(as(STAFF), STAFF, paymentDoc('r1-p1', STAFF, 50000), 50000));
    expect((await r1()).paidPaise).toBe(50000);
    await patchDoc(env, 'repairs/r1', { status: 'delivered' });
    await assertSucceeds(
      shopWrite(
        as(OWNER),
        await r1(),
        { status: 'inprogress' },
        entry('reopen', 'inprogress', OWNER, 'delivered', 'Back'),
      ),
    );
  });
});

describe('finding 5: a repair frozen or bloated', () => {
  it('attack 15.5.1: createdAt in 2099, an oversized or foreign field, 10,000 problems', async () => {
    const edit = async (changes: Data) =>
      shopWrite(as(STAFF), await r1(), changes, entry('edit', 'received', STAFF));
    await assertFails(
      createShopRepair(as(STAFF), STAFF, { overrides: { createdAt: Timestamp.fromMillis(4102444800000) } }),
    );
    await assertFails(edit({ conditionNotes: 'x'.repeat(501) }));
    await assertFails(edit({ problemList: Array.from({ length: 10_000 }, (_, i) => `p${i}`) }));
    await assertFails(edit({ tracker: 'x' }));
    await assertFails(
      updateDoc(doc(as(STAFF), 'repairs', 'r1'), {
        history: [
          ...((await r1()).history as Data[]),
          { ...entry('note', 'received', STAFF), from: 'x'.repeat(41) },
        ],
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it('attack 15.5.2: imageUrls of another host, another repair’s path, or past MAX_PHOTOS', async () => {
    const edit = async (imageUrls: string[]) =>
      shopWrite(as(STAFF), await r1(), { imageUrls }, entry('photo', 'received', STAFF, null, 'Photo added'));
    await assertFails(edit(['https://evil.example/pixel.gif']));
    await assertFails(edit([photoUrl('r1', 'p1', 'attacker-bucket.firebasestorage.app')]));
    await assertFails(edit([photoUrl('r2')]));
    await assertFails(edit([photoUrl('r1', 'p1', undefined, 'store-2')]));
    await assertFails(edit([`${photoUrl('r1')}&x=https://evil.example`]));
    await assertFails(edit(Array.from({ length: 7 }, (_, i) => photoUrl('r1', `p${i}`))));
  });

  it('allowed 15.5: six photos of this project’s bucket under the repair’s own path', async () => {
    await assertSucceeds(
      shopWrite(
        as(STAFF),
        await r1(),
        { imageUrls: Array.from({ length: 6 }, (_, i) => photoUrl('r1', `p${i}`)) },
        entry('photo', 'received', STAFF, null, 'Photo added'),
      ),
    );
  });

  it('allowed 15.5.budget: the heaviest legitimate writes stay within the rules’ 1,000 expressions', async () => {
    // A create with every field and an advance; an edit of six patch fields (the adapter's part).
    await assertSucceeds(
      createShopRepair(as(STAFF), STAFF, {
        advance: 50000,
        overrides: {
          imeiSerial: '490154203237518',
          accessories: ['charger', 'sim-tray'],
          otherAccessory: 'Pouch',
          conditionNotes: 'Scratches',
          estimatedCost: 1500,
          promisedDate: '2026-12-01',
        },
      }),
    );
    await assertSucceeds(
      shopWrite(
        as(STAFF),
        await r1(),
        {
          customerName: 'Cara D',
          customerNameLower: 'cara d',
          customerMobile: '9876500000',
          customerMobileBy: STAFF,
          productName: 'Redmi Note 13',
          productType: 'Tablet',
          problems: 'Screen broken, Battery',
          problemList: ['Screen broken', 'Battery'],
          // 'Battery' is typed (not a common problem): the reports' 'Other' (issue 18).
          otherProblem: true,
        },
        entry('edit', 'received', STAFF),
      ),
    );
  });
});

describe('finding 8: the delivery code, removed staff, photos', () => {
  beforeEach(async () => {
    const before = await r1();
    await patchDoc(env, 'repairs/r1', {
      status: 'ready',
      timeline: [...(before.timeline as Data[]), { status: 'ready', at: Timestamp.now() }],
    });
  });
  // r1's ₹1,500 estimate is unpaid: delivered on credit, the note first (issue 17).
  const deliver = async (uid: string) =>
    shopWrite(
      as(uid),
      await r1(),
      { status: 'delivered' },
      entry('status', 'delivered', uid, 'ready', `${CREDIT_NOTE_PREFIX}Pays Friday`),
    );
  const tries = (uid: string) => doc(as(uid), 'repairs', 'r1', 'shop', 'tries');

  it('attack 15.8.1: staff read the delivery code, or deliver without the customer’s code', async () => {
    await assertFails(getDoc(doc(as(STAFF), 'repairs', 'r1', 'shop', 'delivery')));
    expect((await r1()).deliveryCode).toBeUndefined();
    await assertFails(deliver(STAFF));
    await assertSucceeds(setDoc(tries(STAFF), tryDoc(STAFF, '0000')));
    await assertFails(deliver(STAFF));
    // Another account's right try does not count for this one.
    await assertSucceeds(
      setDoc(tries(OWNER), tryDoc(OWNER, CODE, (await stored('repairs/r1/shop/tries')) as never)),
    );
    await assertFails(deliver(STAFF));
  });

  it('attack 15.8.2: guessing past 5 tries, or resetting the count', async () => {
    await assertSucceeds(setDoc(tries(STAFF), tryDoc(STAFF, '0001')));
    for (let n = 2; n <= 5; n++)
      await assertSucceeds(
        setDoc(tries(STAFF), tryDoc(STAFF, `000${n}`, (await stored('repairs/r1/shop/tries')) as never)),
      );
    const fifth = (await stored('repairs/r1/shop/tries')) as Data;
    await assertFails(setDoc(tries(STAFF), tryDoc(STAFF, CODE, fifth as never)));
    await assertFails(setDoc(tries(STAFF), tryDoc(STAFF, CODE)));
    await assertFails(setDoc(tries(STAFF), { ...tryDoc(STAFF, CODE), tries: 0 }));
    await assertFails(updateDoc(tries(OWNER), { tries: 1 }));
    await assertFails(deliver(STAFF));
  });

  it('attack 15.8.3: a removed member of staff reads a repair whose customerMobile they typed as their own', async () => {
    const own = SNEAKY_PHONE.replace('+91', '');
    await assertSucceeds(
      shopWrite(
        as(SNEAKY),
        await r1(),
        { customerMobile: own, customerMobileBy: SNEAKY },
        entry('edit', 'ready', SNEAKY),
      ),
    );
    await assertFails(
      shopWrite(
        as(SNEAKY),
        await r1(),
        { customerMobile: own, customerMobileBy: OWNER },
        entry('edit', 'ready', SNEAKY),
      ),
    );
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      const batch = writeBatch(db);
      batch.delete(doc(db, 'storeMembers', `store-1_${SNEAKY}`));
      await batch.commit();
    });
    await assertFails(getDoc(doc(as(SNEAKY), 'repairs', 'r1')));
    await assertFails(getDoc(doc(as(SNEAKY), 'repairs', 'r1', 'shop', 'delivery')));
  });

  it('allowed 15.8: the right code by the same account within 2 minutes; the owner’s override; the customer reads the code', async () => {
    await assertSucceeds(getDoc(doc(as(OWNER), 'repairs', 'r1', 'shop', 'delivery')));
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'repairs', 'r1', 'shop', 'delivery')));
    await assertSucceeds(setDoc(tries(STAFF), tryDoc(STAFF, CODE)));
    await assertSucceeds(deliver(STAFF));
  });
});

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

async function refusedEach(cases: readonly Case[], write: (data: Data) => Promise<unknown>) {
  for (const { what, data } of cases) {
    // A value the SDK itself will not send (a nested list) counts as refused too.
    const outcome = await Promise.resolve()
      .then(() => write(data))
      .then(
        () => 'allowed',
        () => 'refused',
      );
    expect(outcome, what).toBe('refused');
  }
}

describe('the schema walk (every field: wrong type, oversize, an extra field)', () => {
  it('attack 15.5.schema.storeProfiles: each refused; the owner’s write allowed', async () => {
    const base = {
      ownerId: OWNER,
      name: 'Sharma Mobile Care',
      phone: '9811111111',
      upiId: 'sharmamobile@okaxis',
      updatedAt: serverTimestamp(),
    };
    await refusedEach(walk(STORE_PROFILES, base), (data) =>
      setDoc(doc(as(OWNER), 'storeProfiles', 'store-1'), data),
    );
    await assertSucceeds(setDoc(doc(as(OWNER), 'storeProfiles', 'store-1'), base));
  });

  it('attack 15.5.schema.repairs: each refused on a new repair; the create allowed', async () => {
    // Each case is the field (with the maps and lists around it) placed on the new repair.
    let n = 0;
    await refusedEach(walk(REPAIRS, {}), (data) => {
      n += 1;
      return createShopRepair(as(STAFF), STAFF, {
        id: `w${n}`,
        transform: (repair) => ({ ...repair, ...data }),
      });
    });
    await assertSucceeds(createShopRepair(as(STAFF), STAFF));
  });

  it('attack 15.5.schema.repairPrivate, repairDelivery, repairCounters, tracking: each refused', async () => {
    const privateBase = { unlockCode: '1234', storeId: 'store-1' };
    await refusedEach(walk(REPAIR_PRIVATE, privateBase), (data) =>
      setDoc(doc(as(STAFF), 'repairs', 'r1', 'shop', 'private'), data),
    );
    await refusedEach(walk(REPAIR_DELIVERY_CODE, { code: '1111', storeId: 'store-1' }), (data) =>
      createShopRepair(as(STAFF), STAFF, { delivery: data }),
    );
    await refusedEach(walk(REPAIR_COUNTERS, { prefix: 'SMC', last: 1002, lastRepairDocId: 'r2' }), (data) =>
      createShopRepair(as(STAFF), STAFF, { counter: data }),
    );
    const trackingBase = { repairDocId: 'r1', storeId: 'store-1', revoked: false, view: viewOf(await r1()) };
    await refusedEach(walk(TRACKING, trackingBase), (data) =>
      setDoc(doc(as(STAFF), 'tracking', TOKEN), data),
    );
    await assertSucceeds(setDoc(doc(as(STAFF), 'repairs', 'r1', 'shop', 'private'), privateBase));
    await assertSucceeds(setDoc(doc(as(STAFF), 'tracking', TOKEN), trackingBase));
  });

  it('attack 15.5.schema.payments and repairDeliveryTries: each refused', async () => {
    const before = await r1();
    const pay = (data: Data) =>
      shopWrite(
        as(STAFF),
        before,
        { paidPaise: 100 },
        entry('payment', 'received', STAFF, null, '', { amountPaise: 100, paymentId: 'r1-p1' }),
        { also: (batch) => batch.set(doc(as(STAFF), 'repairs', 'r1', 'payments', 'r1-p1'), data) },
      );
    await refusedEach(walk(PAYMENTS, paymentDoc('r1-p1', STAFF, 100)), pay);
    await assertSucceeds(pay(paymentDoc('r1-p1', STAFF, 100)));
    await patchDoc(env, 'repairs/r1', { status: 'ready' });
    await refusedEach(walk(REPAIR_DELIVERY_TRIES, tryDoc(STAFF, CODE)), (data) =>
      setDoc(doc(as(STAFF), 'repairs', 'r1', 'shop', 'tries'), data),
    );
    await assertSucceeds(setDoc(doc(as(STAFF), 'repairs', 'r1', 'shop', 'tries'), tryDoc(STAFF, CODE)));
  });
});
