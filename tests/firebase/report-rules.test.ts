import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  count,
  doc,
  type Firestore,
  getAggregateFromServer,
  getDocs,
  orderBy,
  type Query,
  query,
  setLogLevel,
  sum,
  Timestamp,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRules } from '../../scripts/firebase-emulator-rest';
import { emulatorEndpoints } from './firebase-harness';
import { REPORT_RULES_PROJECT } from './projects';
import {
  ADMIN,
  CUSTOMER,
  clientOf,
  createShopRepair,
  type Data,
  entry,
  NAMES,
  OWNER,
  RIVAL,
  STAFF,
  seedShopSurface,
  shopRepair,
  shopWrite,
  storedDoc,
} from './shop-surface-fixtures';

/**
 * firestore.rules for the owner's reports (issue 18, owner-console.md "Reports"): the collection-group
 * query of a store's payments and refunds, and the count()/sum() aggregations over it, are its owner's
 * only. Staff, a rival owner, a customer, the super admin and the signed-out are refused, and nobody
 * runs it without naming the store. Aggregations over repairs are list queries too: each account
 * aggregates no more than it may list (staff their store's repairs, a rival nothing of it).
 */
let env: RulesTestEnvironment;
const clients = new Map<string, Firestore>();
const as = (uid: string | null) => clientOf(env, clients, uid);

const NOVEMBER = Timestamp.fromMillis(Date.UTC(2026, 9, 31, 18, 30));
const DECEMBER = Timestamp.fromMillis(Date.UTC(2026, 10, 30, 18, 30));
const at = (day: number) => Timestamp.fromMillis(Date.UTC(2026, 10, day, 6));

function payment(id: string, storeId: string, amountPaise: number, kind = 'payment', mode = 'cash'): Data {
  return {
    id,
    kind,
    amountPaise,
    mode,
    at: at(Number(id.slice(-1)) + 2),
    by: { uid: storeId === 'store-1' ? OWNER : RIVAL, name: NAMES[storeId === 'store-1' ? OWNER : RIVAL] },
    note: kind === 'refund' ? 'Part refund' : '',
    storeId,
  };
}

/** store-1's payments of November: ₹500 and ₹700 cash, ₹300 UPI, a ₹200 cash refund; store-2's ₹999. */
async function seedPayments(): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    batch.set(doc(db, 'repairs/r1/payments/r1-p1'), payment('r1-p1', 'store-1', 50_000));
    batch.set(doc(db, 'repairs/r1/payments/r1-p2'), payment('r1-p2', 'store-1', 70_000));
    batch.set(doc(db, 'repairs/r1/payments/r1-p3'), payment('r1-p3', 'store-1', 30_000, 'payment', 'upi'));
    batch.set(doc(db, 'repairs/r1/payments/r1-p4'), payment('r1-p4', 'store-1', 20_000, 'refund'));
    batch.set(
      doc(db, 'repairs/r2'),
      shopRepair({ repairId: 'IYE-1001', storeId: 'store-2', businessId: RIVAL, trackingToken: '' }),
    );
    batch.set(doc(db, 'repairs/r2/payments/r2-p1'), payment('r2-p1', 'store-2', 99_900));
    await batch.commit();
  });
}

/** The store's payments of November, oldest first (the payments export's page). */
const paymentsOf = (db: Firestore, storeId: string) =>
  query(
    collectionGroup(db, 'payments'),
    where('storeId', '==', storeId),
    where('at', '>=', NOVEMBER),
    where('at', '<', DECEMBER),
    orderBy('at', 'asc'),
  );

/** 'Collected' by cash in November: the sum and count of the store's cash payments (not refunds). */
const cashOf = (db: Firestore, storeId: string) =>
  getAggregateFromServer(
    query(
      collectionGroup(db, 'payments'),
      where('storeId', '==', storeId),
      where('kind', '==', 'payment'),
      where('mode', '==', 'cash'),
      where('at', '>=', NOVEMBER),
      where('at', '<', DECEMBER),
    ),
    { paise: sum('amountPaise'), entries: count() },
  );

const repairsCount = (q: Query) => getAggregateFromServer(q, { repairs: count() });

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: REPORT_RULES_PROJECT,
    firestore: { host, port: firestorePort, rules: readRules() },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  clients.clear();
  await seedShopSurface(env);
  await seedPayments();
});

describe("the store's payments across repairs (collection group)", () => {
  it("lets the store's owner list them and aggregate them, and gives the right figures", async () => {
    const listed = await assertSucceeds(getDocs(paymentsOf(as(OWNER), 'store-1')));
    expect(listed.docs.map((payment) => payment.id)).toEqual(['r1-p1', 'r1-p2', 'r1-p3', 'r1-p4']);
    expect(listed.docs.map((payment) => payment.ref.parent.parent?.id)).toEqual(['r1', 'r1', 'r1', 'r1']);
    const cash = await assertSucceeds(cashOf(as(OWNER), 'store-1'));
    expect(cash.data()).toEqual({ paise: 120_000, entries: 2 });
    // The rival owns store-2: its own store's payments only.
    expect((await assertSucceeds(cashOf(as(RIVAL), 'store-2'))).data()).toEqual({
      paise: 99_900,
      entries: 1,
    });
  });

  it("refuses staff the store's payments (list and sum), though they take payments", async () => {
    await assertFails(getDocs(paymentsOf(as(STAFF), 'store-1')));
    await assertFails(cashOf(as(STAFF), 'store-1'));
  });

  it('refuses a rival owner, a customer, the super admin and the signed-out', async () => {
    for (const uid of [RIVAL, CUSTOMER, ADMIN, null]) {
      await assertFails(getDocs(paymentsOf(as(uid), 'store-1')));
      await assertFails(cashOf(as(uid), 'store-1'));
    }
  });

  it('refuses a query that does not name the store, even to an owner', async () => {
    await assertFails(getDocs(query(collectionGroup(as(OWNER), 'payments'), orderBy('at', 'asc'))));
    await assertFails(
      getAggregateFromServer(query(collectionGroup(as(OWNER), 'payments'), where('kind', '==', 'payment')), {
        paise: sum('amountPaise'),
      }),
    );
  });
});

describe('aggregations over repairs and one repair’s payments: no more than a list', () => {
  it("lets staff aggregate what they may list (their store's repairs, one repair's payments), a rival nothing", async () => {
    const received = (db: Firestore) =>
      query(
        collection(db, 'repairs'),
        where('storeId', '==', 'store-1'),
        where('createdAt', '>=', NOVEMBER),
        where('createdAt', '<', DECEMBER),
      );
    expect((await assertSucceeds(repairsCount(received(as(OWNER))))).data()).toEqual({ repairs: 1 });
    expect((await assertSucceeds(repairsCount(received(as(STAFF))))).data()).toEqual({ repairs: 1 });
    await assertFails(repairsCount(received(as(RIVAL))));
    await assertFails(repairsCount(received(as(null))));
    const ofR1 = (db: Firestore) => collection(db, 'repairs/r1/payments');
    await assertSucceeds(getAggregateFromServer(ofR1(as(STAFF)), { paise: sum('amountPaise') }));
    await assertFails(getAggregateFromServer(ofR1(as(RIVAL)), { paise: sum('amountPaise') }));
  });
});

describe("the reports' stored sums on a repair (isReportKept, isOtherProblemKept)", () => {
  const r1 = async () => (await storedDoc(env, 'repairs/r1')) as Data;

  /** r1 ready and paid in full (₹1,500 estimate): a delivery owes nothing and needs no credit note. */
  async function readyAndPaid(): Promise<void> {
    await env.clearFirestore();
    const ready = shopRepair({ status: 'ready', paidPaise: 150_000, duePaise: 0, owing: false });
    await seedShopSurface(env, {
      ...ready,
      timeline: [...(ready.timeline as Data[]), { status: 'ready', at: (ready.timeline as Data[])[0]?.at }],
    });
  }

  it("a move to 'delivered' stores what it sold and its turnaround to the entry's time; a reopen clears them", async () => {
    await readyAndPaid();
    const added = entry('override', 'delivered', OWNER, 'ready', 'Lost the code');
    const deliver = async (changes: Data) =>
      shopWrite(as(OWNER), await r1(), { status: 'delivered', ...changes }, added);
    const createdMs = ((await r1()).createdAt as Timestamp).toMillis();
    const turnaround = (added.at as Timestamp).toMillis() - createdMs;
    await assertFails(deliver({ salePaise: 149_999 }));
    await assertFails(deliver({ salePaise: null }));
    await assertFails(deliver({ turnaroundMs: turnaround + 1 }));
    await assertFails(deliver({ turnaroundMs: null }));
    await assertSucceeds(deliver({}));
    expect(await r1()).toMatchObject({ salePaise: 150_000, turnaroundMs: turnaround });
    const reopened = entry('reopen', 'inprogress', OWNER, 'delivered', 'Came back');
    const reopen = async (changes: Data) =>
      shopWrite(as(OWNER), await r1(), { status: 'inprogress', ...changes }, reopened);
    await assertFails(reopen({ salePaise: 150_000 }));
    await assertFails(reopen({ turnaroundMs: turnaround }));
    await assertSucceeds(reopen({}));
    expect(await r1()).toMatchObject({ salePaise: null, turnaroundMs: null });
  });

  it('no edit, note or app write sets the sums', async () => {
    const open = await r1();
    await assertFails(shopWrite(as(OWNER), open, { salePaise: 1 }, entry('note', 'received', OWNER)));
    await assertFails(
      shopWrite(as(STAFF), open, { conditionNotes: 'x', turnaroundMs: 0 }, entry('edit', 'received', STAFF)),
    );
  });

  const typed = ['Screen broken', 'Phone fell in the sea'];

  it("takes an edit of the problems with otherProblem as the adapters write it ('Other')", async () => {
    // The rules do not judge the flag on an edit (their budget; the domain rule and the gateway do).
    const edit = async (changes: Data) =>
      shopWrite(as(STAFF), await r1(), changes, entry('edit', 'received', STAFF));
    await assertSucceeds(edit({ problemList: typed, problems: typed.join(', '), otherProblem: true }));
    await assertSucceeds(
      edit({ problemList: ['Water damage'], problems: 'Water damage', otherProblem: false }),
    );
  });

  it("otherProblem follows the problem list ('Other' of 'Top Problems') on a new repair, which has no sums", async () => {
    // r2 is the rival's (seedPayments): the new repair is r9.
    const created = (overrides: Data) => createShopRepair(as(STAFF), STAFF, { id: 'r9', overrides });
    await assertFails(created({ problemList: typed, problems: typed.join(', ') }));
    await assertFails(created({ otherProblem: true }));
    await assertFails(created({ salePaise: 0 }));
    await assertFails(created({ turnaroundMs: 0 }));
    await assertSucceeds(created({ problemList: typed, problems: typed.join(', '), otherProblem: true }));
  });

  it("keeps a staff member's fullest new repair within the rules' budget (typed problem, advance, every field)", async () => {
    const problems = ['Screen broken', 'Battery problem', 'Water damage', 'Phone fell in the sea'];
    await assertSucceeds(
      createShopRepair(as(STAFF), STAFF, {
        id: 'r9',
        advance: 50_000,
        overrides: {
          problemList: problems,
          problems: problems.join(', '),
          otherProblem: true,
          imeiSerial: '490154203237518',
          accessories: ['sim-tray', 'charger', 'back-cover', 'memory-card', 'other'],
          otherAccessory: 'Pouch',
          conditionNotes: 'Dent on the frame; scratches on the back.',
          promisedDate: '2026-12-01',
          productName: 'Galaxy S21',
        },
      }),
    );
  });
});
