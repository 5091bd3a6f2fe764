import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  and,
  collection,
  deleteDoc,
  doc,
  documentId,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  or,
  orderBy,
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
import { emulatorEndpoints } from './firebase-harness';
import { SHOP_RULES_PROJECT } from './projects';
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
  RIVAL,
  STAFF,
  seedShopSurface,
  shopRepair,
  shopWrite,
  storedDoc,
  TOKEN,
  tryDoc,
  viewOf,
} from './shop-surface-fixtures';

/**
 * firestore.rules for the shop console, written against the rules directly (not through the adapters,
 * which check the same first): membership, the workflow, append-only history in the writer's own
 * name, staff who cannot delete, the Repair ID counter, delivery code tries, payments, tracking links
 * by get only, store profiles, shop-only records, the staff records and invitations (the e-mail index
 * is gone). The attacks of issue 15 and the schema walk are tests/security/shop-surface.security.test.ts.
 */
let env: RulesTestEnvironment;
const clients = new Map<string, Firestore>();
const as = (uid: string | null) => clientOf(env, clients, uid);
const stored = (path: string) => storedDoc(env, path);
const at = Timestamp.fromMillis(Date.UTC(2026, 10, 20, 10));

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: SHOP_RULES_PROJECT,
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

const r1 = async () => (await stored('repairs/r1')) as Data;
const move = async (db: Firestore, to: string, added: Data, changes: Data = {}) =>
  shopWrite(db, await r1(), { status: to, ...changes }, added);

describe('shop repairs: the workflow', () => {
  it('lets staff make an allowed move with one entry in their name, and refuses a forbidden one', async () => {
    await assertFails(move(as(STAFF), 'ready', entry('status', 'ready', STAFF, 'received')));
    await assertFails(move(as(STAFF), 'delivered', entry('status', 'delivered', STAFF, 'received')));
    await assertFails(move(as(STAFF), 'teleported', entry('status', 'teleported', STAFF, 'received')));
    await assertSucceeds(move(as(STAFF), 'inprogress', entry('status', 'inprogress', STAFF, 'received')));
    const after = await r1();
    expect(after.status).toBe('inprogress');
    expect((after.timeline as Data[]).map((step) => step.status)).toEqual(['received', 'inprogress']);
    expect((await stored(`tracking/${TOKEN}`))?.view).toMatchObject({ status: 'inprogress' });
  });

  it('keeps history append-only: no rewrite, no two entries, no entry in another name, no status without an entry', async () => {
    const before = await r1();
    const history = before.history as Data[];
    await assertFails(
      updateDoc(doc(as(STAFF), 'repairs', 'r1'), {
        status: 'inprogress',
        history: [
          { ...history[0], note: 'nothing happened' },
          entry('status', 'inprogress', STAFF, 'received'),
        ],
      }),
    );
    await assertFails(
      updateDoc(doc(as(STAFF), 'repairs', 'r1'), {
        history: [...history, entry('note', 'received', STAFF), entry('note', 'received', STAFF)],
        updatedAt: serverTimestamp(),
      }),
    );
    // Another account's uid, or the writer's uid under another name.
    await assertFails(move(as(STAFF), 'inprogress', entry('status', 'inprogress', OWNER, 'received')));
    await assertFails(
      move(as(STAFF), 'inprogress', {
        ...entry('status', 'inprogress', STAFF, 'received'),
        by: { uid: STAFF, name: 'Rahul' },
      }),
    );
    await assertFails(
      move(as(STAFF), 'inprogress', {
        ...entry('status', 'inprogress', STAFF, 'received'),
        at: Timestamp.fromMillis(0),
      }),
    );
    await assertFails(updateDoc(doc(as(STAFF), 'repairs', 'r1'), { status: 'inprogress' }));
    // Dropping the history altogether would turn the repair into an app's record: refused too.
    const { history: _history, ...withoutHistory } = shopRepair({ status: 'delivered' });
    await assertFails(setDoc(doc(as(OWNER), 'repairs', 'r1'), withoutHistory));
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1'), { history: [], status: 'inprogress' }));
    await assertSucceeds(
      shopWrite(
        as(STAFF),
        before,
        { conditionNotes: 'Scratch on the back' },
        entry('edit', 'received', STAFF),
      ),
    );
  });

  it('keeps the Repair ID, store, business, createdAt and createdBy fixed; the token moves only with a tracking entry', async () => {
    const edit = async (changes: Data, kind = 'edit') =>
      shopWrite(as(STAFF), await r1(), changes, entry(kind, 'received', STAFF));
    await assertFails(edit({ repairId: 'SMC-9999' }));
    await assertFails(edit({ storeId: 'store-2' }));
    await assertFails(edit({ businessId: RIVAL }));
    await assertFails(edit({ deliveryCode: '0000' }));
    await assertFails(edit({ createdAt: serverTimestamp() }));
    await assertFails(edit({ createdBy: { uid: STAFF, name: 'Sam' } }));
    await assertFails(edit({ trackingToken: '' }));
    await assertSucceeds(edit({ customerName: 'Cara C', customerNameLower: 'cara c' }));
  });

  it('lets only the owner reopen a final status, with a note; nothing else changes a delivered repair', async () => {
    await patchDoc(env, 'repairs/r1', { status: 'delivered' });
    const reopen = async (db: Firestore, to: string, added: Data) => move(db, to, added);
    await assertFails(
      reopen(as(STAFF), 'inprogress', entry('reopen', 'inprogress', STAFF, 'delivered', 'Back')),
    );
    await assertFails(reopen(as(OWNER), 'inprogress', entry('reopen', 'inprogress', OWNER, 'delivered', '')));
    await assertFails(reopen(as(OWNER), 'ready', entry('reopen', 'ready', OWNER, 'delivered', 'Back')));
    await assertFails(reopen(as(OWNER), 'inprogress', entry('status', 'inprogress', OWNER, 'delivered')));
    await assertFails(
      shopWrite(as(OWNER), await r1(), { customerName: 'Someone else' }, entry('edit', 'delivered', OWNER)),
    );
    await assertSucceeds(
      reopen(as(OWNER), 'inprogress', entry('reopen', 'inprogress', OWNER, 'delivered', 'Came back')),
    );
  });

  it('lets an app’s repair (unknown status, no history) move to a known status with its first entry', async () => {
    await patchDoc(env, 'repairs/app-1', {
      repairId: 'X-1',
      storeId: 'store-1',
      businessId: OWNER,
      status: 'pending_qc',
    });
    const before = (await stored('repairs/app-1')) as Data;
    const write = (to: string) =>
      shopWrite(as(STAFF), before, { status: to }, entry('status', to, STAFF, 'pending_qc'), { id: 'app-1' });
    await assertFails(write('pending_qc'));
    await assertSucceeds(write('ready'));
  });

  it('refuses every write of non-members', async () => {
    for (const uid of [RIVAL, CUSTOMER])
      await assertFails(move(as(uid), 'inprogress', entry('status', 'inprogress', uid, 'received')));
    await assertFails(move(as(null), 'inprogress', entry('status', 'inprogress', 'x', 'received')));
  });
});

describe('shop repairs: delivery with the customer’s code', () => {
  beforeEach(async () => {
    const ready = await r1();
    // Paid in full: nothing due, so no credit note (issue 17's 'Deliver on Credit' is payment-rules.test.ts').
    await patchDoc(env, 'repairs/r1', {
      status: 'ready',
      paidPaise: 150000,
      timeline: [...(ready.timeline as Data[]), { status: 'ready', at }],
    });
  });
  const triesRef = (db: Firestore) => doc(db, 'repairs', 'r1', 'shop', 'tries');
  const deliver = async (db: Firestore, uid: string) =>
    move(db, 'delivered', entry('status', 'delivered', uid, 'ready'));

  it('delivers after a try of the right code by the same account, for staff too', async () => {
    await assertFails(deliver(as(STAFF), STAFF));
    await assertSucceeds(setDoc(triesRef(as(STAFF)), tryDoc(STAFF, CODE)));
    await assertFails(deliver(as(OWNER), OWNER));
    await assertSucceeds(deliver(as(STAFF), STAFF));
    expect((await r1()).status).toBe('delivered');
  });

  it('refuses a delivery after a wrong try, or a try older than 2 minutes', async () => {
    await assertSucceeds(setDoc(triesRef(as(STAFF)), tryDoc(STAFF, '0000')));
    await assertFails(deliver(as(STAFF), STAFF));
    await patchDoc(env, 'repairs/r1/shop/tries', {
      tries: 1,
      firstAt: Timestamp.fromMillis(Date.now() - 3 * 60_000),
      at: Timestamp.fromMillis(Date.now() - 3 * 60_000),
      code: CODE,
      by: STAFF,
    });
    await assertFails(deliver(as(STAFF), STAFF));
  });

  it('counts tries: the sixth within 15 minutes is refused; a series starts again after them', async () => {
    await assertSucceeds(setDoc(triesRef(as(STAFF)), tryDoc(STAFF, '0001')));
    for (let n = 2; n <= 5; n++) {
      const before = (await stored('repairs/r1/shop/tries')) as Data;
      await assertFails(setDoc(triesRef(as(STAFF)), { ...tryDoc(STAFF, '0002', before as never), tries: 1 }));
      await assertSucceeds(setDoc(triesRef(as(STAFF)), tryDoc(STAFF, `000${n}`, before as never)));
    }
    const fifth = (await stored('repairs/r1/shop/tries')) as Data;
    expect(fifth.tries).toBe(5);
    await assertFails(setDoc(triesRef(as(STAFF)), tryDoc(STAFF, CODE, fifth as never)));
    await assertFails(setDoc(triesRef(as(STAFF)), tryDoc(STAFF, CODE)));
    await patchDoc(env, 'repairs/r1/shop/tries', { firstAt: Timestamp.fromMillis(Date.now() - 16 * 60_000) });
    await assertSucceeds(setDoc(triesRef(as(STAFF)), tryDoc(STAFF, CODE)));
    await assertSucceeds(deliver(as(STAFF), STAFF));
  });

  it("stores the reports' deliveredAt: the server's time of the delivery, cleared by a reopen, set by nothing else", async () => {
    const override = (changes: Data) =>
      move(as(OWNER), 'delivered', entry('override', 'delivered', OWNER, 'ready', 'Lost the code'), changes);
    await assertFails(override({ deliveredAt: null }));
    await assertFails(override({ deliveredAt: at }));
    await assertSucceeds(override({}));
    const delivered = await r1();
    expect(delivered.deliveredAt).toBeInstanceOf(Timestamp);
    expect(delivered.deliveredAt).toEqual(delivered.updatedAt);
    const reopen = (changes: Data) =>
      move(as(OWNER), 'inprogress', entry('reopen', 'inprogress', OWNER, 'delivered', 'Came back'), changes);
    await assertFails(reopen({ deliveredAt: delivered.deliveredAt }));
    await assertFails(reopen({ deliveredAt: serverTimestamp() }));
    await assertSucceeds(reopen({}));
    expect((await r1()).deliveredAt).toBeNull();
    // Nothing but a status move changes it: an edit, a note, an app's write.
    const open = await r1();
    await assertFails(
      shopWrite(as(OWNER), open, { deliveredAt: serverTimestamp() }, entry('note', 'inprogress', OWNER)),
    );
    await assertFails(
      shopWrite(
        as(OWNER),
        open,
        { customerName: 'Cara C', deliveredAt: serverTimestamp() },
        entry('edit', 'inprogress', OWNER),
      ),
    );
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1'), { deliveredAt: serverTimestamp() }));
  });

  it('takes an owner’s override with a reason, without any try', async () => {
    const override = (db: Firestore, uid: string, note: string) =>
      move(db, 'delivered', entry('override', 'delivered', uid, 'ready', note));
    await assertFails(override(as(STAFF), STAFF, 'Known customer'));
    await assertFails(override(as(OWNER), OWNER, ''));
    await assertSucceeds(override(as(OWNER), OWNER, 'Customer lost the code'));
  });

  it('gives the code to the owner, the verified customer and the super admin, never to staff', async () => {
    const code = (uid: string | null) => getDoc(doc(as(uid), 'repairs', 'r1', 'shop', 'delivery'));
    expect((await assertSucceeds(code(OWNER))).data()?.code).toBe(CODE);
    await assertSucceeds(code(CUSTOMER));
    await assertSucceeds(code('uid-admin'));
    for (const uid of [STAFF, RIVAL, null]) await assertFails(code(uid));
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1', 'shop', 'delivery'), { code: '0000' }));
  });
});

describe('shop repairs: delete, reads, shop-only records and payments', () => {
  const deleteRepair = (db: Firestore) => {
    const batch = writeBatch(db);
    batch.delete(doc(db, 'repairs', 'r1'));
    batch.delete(doc(db, 'repairLookup', 'r-SMC-1001', 'refs', 'r1'));
    batch.delete(doc(db, 'repairs', 'r1', 'shop', 'private'));
    batch.delete(doc(db, 'repairs', 'r1', 'shop', 'delivery'));
    batch.delete(doc(db, 'tracking', TOKEN));
    return batch.commit();
  };

  it('refuses staff a delete; the owner deletes the repair with its records', async () => {
    await assertFails(deleteRepair(as(STAFF)));
    await assertFails(deleteDoc(doc(as(STAFF), 'repairs', 'r1')));
    await assertFails(deleteRepair(as(RIVAL)));
    await assertFails(deleteDoc(doc(as(OWNER), 'repairs', 'r1', 'shop', 'private')));
    await assertSucceeds(deleteRepair(as(OWNER)));
    expect(await stored('repairs/r1')).toBeUndefined();
    expect((await stored('repairCounters/store-1'))?.last).toBe(1001);
  });

  it('gives the store’s members its repairs, unlock codes and payments, and nobody else', async () => {
    for (const uid of [OWNER, STAFF]) {
      await assertSucceeds(getDoc(doc(as(uid), 'repairs', 'r1')));
      await assertSucceeds(getDoc(doc(as(uid), 'repairs', 'r1', 'shop', 'private')));
      await assertSucceeds(getDocs(collection(as(uid), 'repairs', 'r1', 'payments')));
      await assertSucceeds(getDocs(query(collection(as(uid), 'repairs'), where('storeId', '==', 'store-1'))));
      await assertSucceeds(getDoc(doc(as(uid), 'repairCounters', 'store-1')));
    }
    await assertFails(getDoc(doc(as(RIVAL), 'repairs', 'r1')));
    for (const uid of [RIVAL, CUSTOMER, null]) {
      await assertFails(getDoc(doc(as(uid), 'repairs', 'r1', 'shop', 'private')));
      await assertFails(getDocs(collection(as(uid), 'repairs', 'r1', 'payments')));
      await assertFails(getDocs(query(collection(as(uid), 'repairs'), where('storeId', '==', 'store-1'))));
      await assertFails(getDoc(doc(as(uid), 'repairCounters', 'store-1')));
    }
    // The apps' older repairs name their store by `store`: members list those with businessId the
    // store's owner, nobody else.
    await assertSucceeds(
      getDocs(
        query(
          collection(as(STAFF), 'repairs'),
          where('store', '==', 'store-1'),
          where('businessId', '==', OWNER),
        ),
      ),
    );
    await assertFails(getDocs(query(collection(as(STAFF), 'repairs'), where('store', '==', 'store-1'))));
    await assertFails(getDocs(query(collection(as(RIVAL), 'repairs'), where('store', '==', 'store-1'))));
    // The customer still reads their own repair (the tracker), not its shop-only parts.
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'repairs', 'r1')));
  });

  it("lets the store's members run the dues khata's query (owing == true, oldest first), and nobody else", async () => {
    // As firestore-repair-queries.ts duesQuery asks it: the store's repairs as the board lists them.
    const dues = (uid: string | null) =>
      getDocs(
        query(
          collection(as(uid), 'repairs'),
          and(
            or(
              where('storeId', '==', 'store-1'),
              and(where('store', '==', 'store-1'), where('businessId', '==', OWNER)),
            ),
            where('owing', '==', true),
          ),
          orderBy('createdAt', 'asc'),
          orderBy(documentId(), 'asc'),
          limit(51),
        ),
      );
    for (const uid of [OWNER, STAFF]) await assertSucceeds(dues(uid));
    for (const uid of [RIVAL, CUSTOMER, null]) await assertFails(dues(uid));
  });

  it('records a payment only with the repair’s paidPaise and entry, in the writer’s own name, and never edits one', async () => {
    const pay = async (db: Firestore, uid: string, payment: Data, amount = 50000) =>
      shopWrite(
        db,
        await r1(),
        { paidPaise: amount },
        entry('payment', 'received', uid, null, '', { amountPaise: amount, paymentId: 'r1-p1' }),
        { also: (batch) => batch.set(doc(db, 'repairs', 'r1', 'payments', 'r1-p1'), payment) },
      );
    await assertFails(
      setDoc(doc(as(STAFF), 'repairs', 'r1', 'payments', 'r1-p1'), paymentDoc('r1-p1', STAFF, 50000)),
    );
    await assertFails(pay(as(STAFF), STAFF, paymentDoc('r1-p1', OWNER, 50000)));
    await assertFails(pay(as(RIVAL), RIVAL, paymentDoc('r1-p1', RIVAL, 50000)));
    await assertSucceeds(pay(as(STAFF), STAFF, paymentDoc('r1-p1', STAFF, 50000)));
    expect((await r1()).paidPaise).toBe(50000);
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1', 'payments', 'r1-p1'), { amountPaise: 1 }));
  });
});

describe('removed staff (issue 17: access ends at the next call, by the rules)', () => {
  it('refuses the same signed-in client every read and write once the owner removed them', async () => {
    const staff = as(STAFF);
    // Working in the store: this very client reads and writes.
    await assertSucceeds(getDoc(doc(staff, 'repairs', 'r1')));
    await assertSucceeds(getDocs(query(collection(staff, 'repairs'), where('storeId', '==', 'store-1'))));
    // The owner removes them (the staff page's 'Remove'): one delete of the membership record.
    await assertSucceeds(deleteDoc(doc(as(OWNER), 'storeMembers', `store-1_${STAFF}`)));
    // The next call of the same client, no sign-out between: every read and write is refused.
    await assertFails(getDoc(doc(staff, 'repairs', 'r1')));
    await assertFails(getDocs(query(collection(staff, 'repairs'), where('storeId', '==', 'store-1'))));
    await assertFails(getDoc(doc(staff, 'repairs', 'r1', 'shop', 'private')));
    await assertFails(getDocs(collection(staff, 'repairs', 'r1', 'payments')));
    await assertFails(getDoc(doc(staff, 'repairCounters', 'store-1')));
    await assertFails(move(staff, 'inprogress', entry('status', 'inprogress', STAFF, 'received')));
    await assertFails(createShopRepair(staff, STAFF));
    expect((await r1()).status).toBe('received');
    expect((await stored('repairCounters/store-1'))?.last).toBe(1001);
  });
});

describe('shop repairs: the Repair ID counter', () => {
  it('moves by exactly one, only with the repair that takes that Repair ID', async () => {
    await assertFails(updateDoc(doc(as(STAFF), 'repairCounters', 'store-1'), { last: 5000 }));
    await assertFails(
      updateDoc(doc(as(OWNER), 'repairCounters', 'store-1'), { last: 1000, lastRepairDocId: 'r1' }),
    );
    await assertFails(createShopRepair(as(STAFF), STAFF, { repairId: 'SMC-1003' }));
    await assertFails(createShopRepair(as(STAFF), STAFF, { last: 1003, repairId: 'SMC-1003' }));
    await assertFails(createShopRepair(as(STAFF), STAFF, { last: 1001, repairId: 'SMC-1001' }));
    await assertFails(createShopRepair(as(STAFF), STAFF, { counterDoc: 'r1' }));
    await assertFails(createShopRepair(as(RIVAL), RIVAL));
    await assertSucceeds(createShopRepair(as(STAFF), STAFF));
    expect(await stored('repairCounters/store-1')).toEqual({
      prefix: 'SMC',
      last: 1002,
      lastRepairDocId: 'r2',
    });
    await assertFails(deleteDoc(doc(as(OWNER), 'repairCounters', 'store-1')));
  });

  it('steps past a number an app’s repair of the store already holds, one at a time', async () => {
    await patchDoc(env, 'repairs/app-1002', { repairId: 'SMC-1002', storeId: 'store-1', businessId: OWNER });
    await assertFails(
      updateDoc(doc(as(STAFF), 'repairCounters', 'store-1'), { last: 1003, lastRepairDocId: 'app-1002' }),
    );
    await assertSucceeds(
      updateDoc(doc(as(STAFF), 'repairCounters', 'store-1'), { last: 1002, lastRepairDocId: 'app-1002' }),
    );
    await assertSucceeds(createShopRepair(as(STAFF), STAFF, { id: 'r3', repairId: 'SMC-1003', last: 1003 }));
  });

  it('refuses a new repair of the console without the counter, its delivery code apart, or in another status', async () => {
    const batch = writeBatch(as(STAFF));
    batch.set(doc(as(STAFF), 'repairs', 'r9'), shopRepair({ repairId: 'SMC-1009', trackingToken: '' }));
    batch.set(doc(as(STAFF), 'repairLookup', 'r-SMC-1009', 'refs', 'r9'), {});
    await assertFails(batch.commit());
    await assertFails(createShopRepair(as(STAFF), STAFF, { omitDelivery: true }));
    await assertFails(createShopRepair(as(STAFF), STAFF, { overrides: { deliveryCode: '1111' } }));
    await assertFails(createShopRepair(as(STAFF), STAFF, { overrides: { status: 'ready' } }));
    // Staff cannot write an app-style repair (no history) past the counter either.
    const legacy = writeBatch(as(STAFF));
    legacy.set(doc(as(STAFF), 'repairs', 'r8'), {
      repairId: 'SMC-1008',
      storeId: 'store-1',
      businessId: OWNER,
    });
    legacy.set(doc(as(STAFF), 'repairLookup', 'r-SMC-1008', 'refs', 'r8'), {});
    await assertFails(legacy.commit());
  });
});

describe('tracking links', () => {
  it('are read by exact token, signed out too, and never listed', async () => {
    expect((await assertSucceeds(getDoc(doc(as(null), 'tracking', TOKEN)))).data()?.repairDocId).toBe('r1');
    await assertFails(getDocs(collection(as(null), 'tracking')));
    await assertFails(getDocs(collection(as(OWNER), 'tracking')));
    await assertFails(getDocs(query(collection(as(STAFF), 'tracking'), where('storeId', '==', 'store-1'))));
  });

  it('are written only by members, mirror the repair, are never pointed at another repair, and stay revoked', async () => {
    const view = viewOf(await r1());
    // A view is only ever the repair's own fields (whoever writes it); revoking is the members'.
    await assertFails(updateDoc(doc(as(RIVAL), 'tracking', TOKEN), { view: { ...view, status: 'ready' } }));
    await assertFails(updateDoc(doc(as(RIVAL), 'tracking', TOKEN), { revoked: true }));
    await assertFails(updateDoc(doc(as(null), 'tracking', TOKEN), { revoked: true }));
    await assertFails(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { repairDocId: 'other' }));
    await assertFails(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { view: { ...view, status: 'ready' } }));
    await assertSucceeds(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { view }));
    await assertSucceeds(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { revoked: true }));
    await assertFails(updateDoc(doc(as(OWNER), 'tracking', TOKEN), { revoked: false }));
    // A link for a repair that does not carry its token is refused.
    await assertFails(
      setDoc(doc(as(STAFF), 'tracking', 'tok_CCCCCCCCCCCCCCCCCCCCCC'), {
        repairDocId: 'r1',
        storeId: 'store-1',
        revoked: false,
        view,
      }),
    );
    await assertFails(deleteDoc(doc(as(OWNER), 'tracking', TOKEN)));
  });
});

describe('store profiles', () => {
  const profile = (name: string, upiId = 'sharmamobile@okaxis') => ({
    ownerId: OWNER,
    name,
    phone: '9811111111',
    upiId,
    updatedAt: serverTimestamp(),
  });

  it('are read by anyone and written by the store’s owner only, with the server’s time', async () => {
    expect((await assertSucceeds(getDoc(doc(as(null), 'storeProfiles', 'store-1')))).data()?.upiId).toBe(
      'sharmamobile@okaxis',
    );
    await assertFails(getDocs(collection(as(null), 'storeProfiles')));
    await assertFails(setDoc(doc(as(STAFF), 'storeProfiles', 'store-1'), profile('Sharma')));
    await assertFails(setDoc(doc(as(RIVAL), 'storeProfiles', 'store-1'), profile('Sharma')));
    await assertFails(
      setDoc(doc(as(OWNER), 'storeProfiles', 'store-1'), { ...profile('Sharma'), updatedAt: at }),
    );
    await assertFails(setDoc(doc(as(OWNER), 'storeProfiles', 'store-1'), profile('Sharma', 'not a upi id')));
    await assertSucceeds(
      setDoc(doc(as(OWNER), 'storeProfiles', 'store-1'), profile('Sharma Mobile Care, Bandra')),
    );
    await assertFails(deleteDoc(doc(as(OWNER), 'storeProfiles', 'store-1')));
  });
});

describe('staff records and invitations', () => {
  /** A membership as the invited account writes it when it accepts. */
  const member = (
    storeId: string,
    uid: string,
    addedBy: string,
    email = `${uid.replace('uid-', '')}@shop.test`,
  ) => ({
    storeId,
    uid,
    role: 'staff',
    email,
    name: 'Cara',
    addedAt: serverTimestamp(),
    addedBy,
  });
  const invitation = (email: string, invitedBy = OWNER) => ({
    storeId: 'store-1',
    storeName: 'Sharma Mobile Care',
    email,
    invitedBy,
    invitedAt: serverTimestamp(),
  });
  const invite = (db: Firestore, email: string) =>
    setDoc(doc(db, 'invitations', `store-1_${email}`), invitation(email));
  /** The invited account's accept: its membership and the invitation's delete in one commit. */
  const accept = (
    db: Firestore,
    record: Record<string, unknown>,
    inviteId = `store-1_${String(record.email)}`,
  ) => {
    const batch = writeBatch(db);
    batch.set(doc(db, 'storeMembers', `store-1_${String(record.uid)}`), record);
    batch.delete(doc(db, 'invitations', inviteId));
    return batch.commit();
  };

  beforeEach(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'users', CUSTOMER), {
        email: 'customer@shop.test',
        name: 'Cara',
      });
    });
  });

  it('lets only the owner invite, with the server’s time and the store’s name, and never overwrite', async () => {
    await assertFails(
      setDoc(doc(as(STAFF), 'invitations', 'store-1_x@shop.test'), invitation('x@shop.test', STAFF)),
    );
    await assertFails(
      setDoc(doc(as(RIVAL), 'invitations', 'store-1_x@shop.test'), invitation('x@shop.test', RIVAL)),
    );
    await assertFails(
      setDoc(doc(as(OWNER), 'invitations', 'store-1_x@shop.test'), {
        ...invitation('x@shop.test'),
        invitedAt: at,
      }),
    );
    await assertFails(
      setDoc(doc(as(OWNER), 'invitations', 'store-1_x@shop.test'), {
        ...invitation('x@shop.test'),
        storeName: 'Other',
      }),
    );
    await assertFails(
      setDoc(doc(as(OWNER), 'invitations', 'store-1_y@shop.test'), invitation('x@shop.test')),
    );
    await assertFails(
      setDoc(doc(as(OWNER), 'invitations', 'store-1_X@shop.test'), invitation('X@shop.test')),
    );
    await assertSucceeds(invite(as(OWNER), 'x@shop.test'));
    await assertFails(invite(as(OWNER), 'x@shop.test'));
    await assertSucceeds(
      getDocs(query(collection(as(OWNER), 'invitations'), where('storeId', '==', 'store-1'))),
    );
    await assertFails(
      getDocs(query(collection(as(RIVAL), 'invitations'), where('storeId', '==', 'store-1'))),
    );
    await assertFails(
      getDocs(query(collection(as(STAFF), 'invitations'), where('storeId', '==', 'store-1'))),
    );
    await assertSucceeds(deleteDoc(doc(as(OWNER), 'invitations', 'store-1_x@shop.test')));
  });

  it('lets the invited account, verified, read and accept its invitation in the commit that deletes it', async () => {
    await assertSucceeds(invite(as(OWNER), 'customer@shop.test'));
    await assertSucceeds(
      getDocs(query(collection(as(CUSTOMER), 'invitations'), where('email', '==', 'customer@shop.test'))),
    );
    await assertFails(
      getDocs(query(collection(as(RIVAL), 'invitations'), where('email', '==', 'customer@shop.test'))),
    );
    // The membership alone, without deleting the invitation, is refused; so is another name or e-mail.
    await assertFails(
      setDoc(doc(as(CUSTOMER), 'storeMembers', `store-1_${CUSTOMER}`), member('store-1', CUSTOMER, OWNER)),
    );
    await assertFails(accept(as(CUSTOMER), { ...member('store-1', CUSTOMER, OWNER), name: 'Someone Else' }));
    await assertFails(accept(as(CUSTOMER), member('store-1', CUSTOMER, RIVAL)));
    await assertFails(accept(as(CUSTOMER), { ...member('store-1', CUSTOMER, OWNER), addedAt: at }));
    await assertSucceeds(accept(as(CUSTOMER), member('store-1', CUSTOMER, OWNER)));
    expect(await stored('invitations/store-1_customer@shop.test')).toBeUndefined();
    await assertFails(getDoc(doc(as(RIVAL), 'repairs', 'r1', 'shop', 'private')));
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'repairs', 'r1', 'shop', 'private')));
    // The member leaves; the owner removes staff.
    await assertSucceeds(deleteDoc(doc(as(CUSTOMER), 'storeMembers', `store-1_${CUSTOMER}`)));
    await assertFails(getDoc(doc(as(CUSTOMER), 'repairs', 'r1', 'shop', 'private')));
    await assertFails(deleteDoc(doc(as(RIVAL), 'storeMembers', `store-1_${STAFF}`)));
    await assertSucceeds(deleteDoc(doc(as(OWNER), 'storeMembers', `store-1_${STAFF}`)));
    await assertFails(getDoc(doc(as(STAFF), 'repairs', 'r1', 'shop', 'private')));
  });

  it('refuses staff records the owner writes, updates, and ids that name another store or account', async () => {
    await assertFails(
      setDoc(doc(as(OWNER), 'storeMembers', 'store-1_uid-new'), member('store-1', 'uid-new', OWNER)),
    );
    await assertFails(
      setDoc(doc(as(STAFF), 'storeMembers', `store-1_${STAFF}`), member('store-1', STAFF, OWNER)),
    );
    await assertFails(
      setDoc(doc(as(STAFF), 'storeMembers', `store-1_${STAFF}`), member('store-1', STAFF, OWNER), {
        merge: true,
      }),
    );
    await assertSucceeds(getDocs(query(collection(as(STAFF), 'storeMembers'), where('uid', '==', STAFF))));
    await assertFails(
      getDocs(query(collection(as(STAFF), 'storeMembers'), where('storeId', '==', 'store-1'))),
    );
    await assertSucceeds(
      getDocs(query(collection(as(OWNER), 'storeMembers'), where('storeId', '==', 'store-1'))),
    );
  });

  it('keeps no e-mail index: nobody reads, lists or writes emailIndex', async () => {
    const key = 'e-staff@shop.test';
    await assertFails(
      setDoc(doc(as(STAFF), 'emailIndex', key), { uid: STAFF, email: 'staff@shop.test', name: 'Sam' }),
    );
    await assertFails(getDoc(doc(as(OWNER), 'emailIndex', key)));
    await assertFails(getDocs(collection(as(OWNER), 'emailIndex')));
    await assertFails(getDoc(doc(as(null), 'emailIndex', key)));
  });
});
