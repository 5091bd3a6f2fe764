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
  setLogLevel,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRules } from '../../scripts/firebase-emulator-rest';
import { CREDIT_NOTE_PREFIX } from '../../src/domain/shop/status-values';
import { emulatorEndpoints } from './firebase-harness';
import { PAYMENT_RULES_PROJECT } from './projects';
import {
  clientOf,
  type Data,
  entry,
  OWNER,
  paymentDoc,
  RIVAL,
  STAFF,
  seedShopSurface,
  shopRepair,
  shopWrite,
  storedDoc,
  TOKEN,
} from './shop-surface-fixtures';

/**
 * firestore.rules for payments, refunds, the dues fields and 'Deliver on Credit' (issue 17), written
 * against the rules directly: a payment document and the repair's paid, dues and history in one commit,
 * the sums checked; forged totals, edits and deletes of payments, staff refunds, removed staff, other
 * stores, forged dues fields and a delivery with money due without its note are refused. The repair
 * r1: ₹1,500 estimate, nothing paid, a live tracking link.
 */
let env: RulesTestEnvironment;
const clients = new Map<string, Firestore>();
const as = (uid: string | null) => clientOf(env, clients, uid);
const r1 = async () => (await storedDoc(env, 'repairs/r1')) as Data;

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: PAYMENT_RULES_PROJECT,
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

const reseed = async (overrides: Data) => {
  await env.clearFirestore();
  await seedShopSurface(env, shopRepair(overrides));
};

interface Pay {
  readonly id?: string;
  readonly kind?: 'payment' | 'refund';
  readonly amount?: number;
  /** paidPaise after (default: moved by the amount). */
  readonly paid?: number;
  /** Other repair fields written (e.g. forged dues). */
  readonly changes?: Data;
  /** The payments document (default: as the adapter writes it). */
  readonly payment?: Data | null;
  readonly note?: string;
}

/** A payment or refund as the Firestore adapter commits it, by `uid`. */
async function pay(uid: string, options: Pay = {}): Promise<void> {
  const db = as(uid);
  const before = await r1();
  const {
    id = 'pay-1',
    kind = 'payment',
    amount = 50_000,
    note = kind === 'refund' ? 'Part not used' : '',
  } = options;
  const paidBefore = Number(before.paidPaise ?? 0);
  const paid = options.paid ?? paidBefore + (kind === 'refund' ? -amount : amount);
  const payment =
    options.payment === undefined ? { ...paymentDoc(id, uid, amount, kind), note } : options.payment;
  return shopWrite(
    db,
    before,
    { paidPaise: paid, ...options.changes },
    entry(kind, String(before.status), uid, null, note, { amountPaise: amount, paymentId: id }),
    {
      also: (batch) =>
        payment === null ? undefined : batch.set(doc(db, 'repairs', 'r1', 'payments', id), payment),
    },
  );
}

describe('payments and refunds (firestore.rules isPaymentMove, isDuesKept)', () => {
  it('takes a member’s payment with its document, paid and the dues moved, the tracking view with it', async () => {
    await assertSucceeds(pay(STAFF));
    expect(await r1()).toMatchObject({ paidPaise: 50_000, duePaise: 100_000, owing: false });
    expect((await storedDoc(env, `tracking/${TOKEN}`))?.view).toMatchObject({ paidPaise: 50_000 });
    const upi = { ...paymentDoc('pay-2', OWNER, 10_000), mode: 'upi', upiReference: '412345678901' };
    await assertSucceeds(pay(OWNER, { id: 'pay-2', amount: 10_000, payment: upi }));
  });

  it('refuses forged totals: paid moved by another amount, a document of another amount, none at all', async () => {
    await assertFails(pay(STAFF, { paid: 60_000 }));
    await assertFails(pay(STAFF, { payment: paymentDoc('pay-1', STAFF, 40_000) }));
    await assertFails(pay(STAFF, { payment: null }));
    await assertFails(pay(STAFF, { payment: { ...paymentDoc('pay-1', STAFF, 50_000), kind: 'refund' } }));
    await assertFails(pay(STAFF, { payment: paymentDoc('pay-1', OWNER, 50_000) }));
    await assertFails(pay(STAFF, { payment: { ...paymentDoc('pay-1', STAFF, 50_000), storeId: 'store-2' } }));
    await assertFails(
      pay(STAFF, { payment: { ...paymentDoc('pay-1', STAFF, 50_000), upiReference: '412345678901' } }),
    );
    expect(await r1()).toMatchObject({ paidPaise: 0 });
  });

  it('refuses forged dues fields: duePaise or owing not what the amounts and status give', async () => {
    await assertFails(pay(STAFF, { changes: { duePaise: 0 } }));
    await assertFails(pay(STAFF, { changes: { duePaise: 100_001 } }));
    await assertFails(pay(STAFF, { changes: { owing: true } }));
    // An edit never stores them (isMemberEdit); the note after an edit of the amounts does, exactly.
    const before = await r1();
    await assertFails(
      shopWrite(
        as(STAFF),
        before,
        { estimatePaise: 200_000, duePaise: 200_000, owing: false },
        entry('edit', 'received', STAFF),
      ),
    );
    await assertSucceeds(
      shopWrite(as(STAFF), before, { estimatePaise: 200_000 }, entry('edit', 'received', STAFF)),
    );
    const edited = await r1();
    await assertFails(
      shopWrite(as(STAFF), edited, { duePaise: 150_000, owing: false }, entry('note', 'received', STAFF)),
    );
    await assertSucceeds(
      shopWrite(as(STAFF), edited, { duePaise: 200_000, owing: false }, entry('note', 'received', STAFF)),
    );
    await assertFails(shopWrite(as(STAFF), await r1(), { owing: true }, entry('note', 'received', STAFF)));
  });

  it('never edits or deletes a payment, and takes an id once', async () => {
    await assertSucceeds(pay(STAFF));
    for (const uid of [STAFF, OWNER])
      await assertFails(updateDoc(doc(as(uid), 'repairs', 'r1', 'payments', 'pay-1'), { amountPaise: 1 }));
    await assertFails(deleteDoc(doc(as(STAFF), 'repairs', 'r1', 'payments', 'pay-1')));
    await assertFails(deleteDoc(doc(as(OWNER), 'repairs', 'r1', 'payments', 'pay-1')));
    // The same id again (a retry that does not know the first landed) moves nothing.
    await assertFails(pay(STAFF));
    expect(await r1()).toMatchObject({ paidPaise: 50_000 });
  });

  it('lets only the owner refund, never below zero', async () => {
    await assertSucceeds(pay(STAFF, { amount: 50_000 }));
    await assertFails(pay(STAFF, { id: 'ref-1', kind: 'refund', amount: 10_000 }));
    await assertFails(pay(OWNER, { id: 'ref-1', kind: 'refund', amount: 50_001 }));
    await assertSucceeds(pay(OWNER, { id: 'ref-1', kind: 'refund', amount: 50_000 }));
    expect(await r1()).toMatchObject({ paidPaise: 0, duePaise: 150_000 });
  });

  it('refuses removed staff and another store’s owner', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      const batch = writeBatch(db);
      batch.delete(doc(db, 'storeMembers', `store-1_${STAFF}`));
      await batch.commit();
    });
    await assertFails(pay(STAFF));
    await assertFails(pay(RIVAL));
    await assertSucceeds(pay(OWNER));
  });

  it('takes money on a delivered repair (paid later), and clears owing when the due is paid', async () => {
    const at = Timestamp.fromMillis(Date.UTC(2026, 10, 20, 10));
    await reseed({
      status: 'delivered',
      duePaise: 150_000,
      owing: true,
      timeline: [{ status: 'delivered', at }],
    });
    await assertSucceeds(pay(STAFF, { amount: 100_000 }));
    expect(await r1()).toMatchObject({ duePaise: 50_000, owing: true });
    await assertFails(pay(STAFF, { id: 'pay-2', amount: 50_000, changes: { owing: true } }));
    await assertSucceeds(pay(STAFF, { id: 'pay-2', amount: 50_000 }));
    expect(await r1()).toMatchObject({ paidPaise: 150_000, duePaise: 0, owing: false });
  });
});

describe('the rules’ budget with the dues fields', () => {
  it('takes the adapter’s heaviest edit of amounts (dues untouched), then the note with the dues of a ready repair', async () => {
    const at = Timestamp.fromMillis(Date.UTC(2026, 10, 20, 10));
    await reseed({ status: 'ready', duePaise: 150_000, owing: true, timeline: [{ status: 'ready', at }] });
    // The adapter's heaviest parts (firestore-repair-plans.ts patchParts: 4 stored fields at most).
    const parts = [
      {
        customerName: 'Cara C',
        customerNameLower: 'cara c',
        problemList: ['Screen broken', 'Battery problem'],
        problems: 'Screen broken, Battery problem',
      },
      { estimatePaise: 300_000, estimatedCost: 3000, amount: 2500 },
    ];
    for (const fields of parts)
      await assertSucceeds(shopWrite(as(STAFF), await r1(), fields, entry('edit', 'ready', STAFF)));
    await assertSucceeds(
      shopWrite(
        as(STAFF),
        await r1(),
        { duePaise: 250_000, owing: true },
        entry('note', 'ready', STAFF, null, 'Amount due: ₹2,500.'),
      ),
    );
    expect(await r1()).toMatchObject({ duePaise: 250_000, owing: true });
  });
});

describe("'Deliver on Credit' (firestore.rules isCreditKept)", () => {
  const at = Timestamp.fromMillis(Date.UTC(2026, 10, 20, 10));
  const ready = { status: 'ready', duePaise: 150_000, owing: true, timeline: [{ status: 'ready', at }] };
  const override = async (note: string, changes: Data = {}) => {
    const before = await r1();
    return shopWrite(
      as(OWNER),
      before,
      { status: 'delivered', ...changes },
      entry('override', 'delivered', OWNER, 'ready', note),
    );
  };

  it('needs the credit note first in the entry while money is due; the repair stays owing', async () => {
    await reseed(ready);
    await assertFails(override('Customer lost the code'));
    await assertFails(override(`Customer lost the code — ${CREDIT_NOTE_PREFIX}pays Friday`));
    await assertFails(
      override(`${CREDIT_NOTE_PREFIX}pays Friday — Customer lost the code`, { owing: false }),
    );
    await assertSucceeds(override(`${CREDIT_NOTE_PREFIX}pays Friday — Customer lost the code`));
    expect(await r1()).toMatchObject({ status: 'delivered', duePaise: 150_000, owing: true });
  });

  it('needs no credit note when nothing is due', async () => {
    await reseed({ ...ready, paidPaise: 150_000, duePaise: 0, owing: false });
    await assertSucceeds(override('Customer lost the code'));
    expect(await r1()).toMatchObject({ status: 'delivered', owing: false });
  });
});
