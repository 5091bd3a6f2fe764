import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
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
import { emulatorEndpoints } from './firebase-harness';
import { SHOP_RULES_PROJECT } from './projects';

/**
 * firestore.rules for the shop console, written against the rules directly (not through the adapters,
 * which check the same first): membership, the workflow, append-only history, staff who cannot
 * delete, the Repair ID counter, tracking links by get only, shop-only and payment documents, the
 * staff records and invitations (the e-mail index is gone).
 */
let env: RulesTestEnvironment;

const OWNER = 'uid-owner';
const STAFF = 'uid-staff';
const RIVAL = 'uid-rival';
const CUSTOMER = 'uid-customer';
const TOKEN = 'tok_AAAAAAAAAAAAAAAAAAAAAA';
const clients = new Map<string, Firestore>();

function as(uid: string | null): Firestore {
  const key = uid ?? '(signed out)';
  let db = clients.get(key);
  if (db === undefined) {
    const context =
      uid === null
        ? env.unauthenticatedContext()
        : env.authenticatedContext(uid, {
            email: `${uid.replace('uid-', '')}@shop.test`,
            email_verified: true,
            ...(uid === CUSTOMER ? { phone_number: '+919876543210' } : {}),
          });
    db = context.firestore() as unknown as Firestore;
    clients.set(key, db);
  }
  return db;
}

const at = Timestamp.fromMillis(Date.UTC(2026, 10, 20, 10));

function entry(kind: string, status: string, uid: string, from: string | null = null, note = '') {
  return { kind, status, from, at: Timestamp.now(), by: { uid, name: 'Someone' }, note, amountPaise: null };
}

const created = {
  kind: 'created',
  status: 'received',
  from: null,
  at,
  by: { uid: OWNER, name: 'Rahul' },
  note: '',
  amountPaise: null,
};

/** A repair of the shop console, as the adapter writes it. */
function shopRepair(overrides: Record<string, unknown> = {}) {
  return {
    repairId: 'SMC-1001',
    storeId: 'store-1',
    businessId: OWNER,
    customerName: 'Cara',
    customerNameLower: 'cara',
    customerMobile: '9876543210',
    status: 'received',
    deliveryCode: '4821',
    trackingToken: TOKEN,
    createdAt: at,
    updatedAt: at,
    history: [created],
    ...overrides,
  };
}

async function stored(path: string): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).data();
  });
  return data;
}

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
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    batch.set(doc(db, 'users', OWNER), { email: 'owner@shop.test', name: 'Rahul', storeIds: ['store-1'] });
    batch.set(doc(db, 'users', RIVAL), { email: 'rival@shop.test', name: 'Meera', storeIds: ['store-2'] });
    batch.set(doc(db, 'users', STAFF), { email: 'staff@shop.test', name: 'Sam' });
    batch.set(doc(db, 'stores', 'store-1'), { ownerId: OWNER, name: 'Sharma Mobile Care' });
    batch.set(doc(db, 'stores', 'store-2'), { ownerId: RIVAL, name: 'Iyer Electronics' });
    batch.set(doc(db, 'storeMembers', `store-1_${STAFF}`), {
      storeId: 'store-1',
      uid: STAFF,
      role: 'staff',
      email: 'staff@shop.test',
      name: 'Sam',
      addedAt: at,
      addedBy: OWNER,
    });
    batch.set(doc(db, 'repairs', 'r1'), shopRepair());
    batch.set(doc(db, 'repairLookup', 'r-SMC-1001', 'refs', 'r1'), {});
    batch.set(doc(db, 'repairs', 'r1', 'shop', 'private'), { unlockCode: '1234', storeId: 'store-1' });
    batch.set(doc(db, 'repairs', 'r1', 'payments', 'r1-p1'), {
      id: 'r1-p1',
      kind: 'payment',
      amountPaise: 50000,
      by: { uid: OWNER, name: 'Rahul' },
    });
    batch.set(doc(db, 'repairCounters', 'store-1'), { prefix: 'SMC', last: 1001, lastRepairDocId: 'r1' });
    batch.set(doc(db, 'tracking', TOKEN), {
      repairDocId: 'r1',
      storeId: 'store-1',
      revoked: false,
      view: { repairId: 'SMC-1001', status: 'received' },
    });
    await batch.commit();
  });
});

/** A status change as the adapter writes it: the status, updatedAt and one entry appended. */
function move(
  db: Firestore,
  to: string,
  added: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) {
  return updateDoc(doc(db, 'repairs', 'r1'), {
    status: to,
    updatedAt: Timestamp.now(),
    history: [created, ...added],
    ...extra,
  });
}

describe('shop repairs: the workflow', () => {
  it('lets staff make an allowed move with one entry in their name, and refuses a forbidden one', async () => {
    await assertFails(move(as(STAFF), 'ready', [entry('status', 'ready', STAFF, 'received')]));
    await assertFails(move(as(STAFF), 'delivered', [entry('status', 'delivered', STAFF, 'received')]));
    await assertFails(move(as(STAFF), 'teleported', [entry('status', 'teleported', STAFF, 'received')]));
    await assertSucceeds(move(as(STAFF), 'inprogress', [entry('status', 'inprogress', STAFF, 'received')]));
    expect((await stored('repairs/r1'))?.status).toBe('inprogress');
  });

  it('keeps history append-only: no rewrite, no two entries, no entry in another name, no status without an entry', async () => {
    const rewritten = { ...created, note: 'nothing happened' };
    await assertFails(
      updateDoc(doc(as(STAFF), 'repairs', 'r1'), {
        status: 'inprogress',
        history: [rewritten, entry('status', 'inprogress', STAFF, 'received')],
      }),
    );
    await assertFails(
      move(as(STAFF), 'inprogress', [
        entry('note', 'received', STAFF),
        entry('status', 'inprogress', STAFF, 'received'),
      ]),
    );
    await assertFails(move(as(STAFF), 'inprogress', [entry('status', 'inprogress', OWNER, 'received')]));
    const backdated = { ...entry('status', 'inprogress', STAFF, 'received'), at: Timestamp.fromMillis(0) };
    await assertFails(move(as(STAFF), 'inprogress', [backdated]));
    await assertFails(updateDoc(doc(as(STAFF), 'repairs', 'r1'), { status: 'inprogress' }));
    // Dropping the history altogether would turn the repair into an app's record: refused too.
    const { history: _history, ...withoutHistory } = shopRepair({ status: 'delivered' });
    await assertFails(setDoc(doc(as(OWNER), 'repairs', 'r1'), withoutHistory));
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1'), { history: [], status: 'inprogress' }));
  });

  it('keeps the Repair ID, store, business, delivery code and createdAt fixed; the token moves only with a tracking entry', async () => {
    const edit = (changes: Record<string, unknown>, kind = 'edit') =>
      updateDoc(doc(as(STAFF), 'repairs', 'r1'), {
        ...changes,
        history: [created, entry(kind, 'received', STAFF)],
      });
    await assertFails(edit({ repairId: 'SMC-9999' }));
    await assertFails(edit({ storeId: 'store-2' }));
    await assertFails(edit({ businessId: RIVAL }));
    await assertFails(edit({ deliveryCode: '0000' }));
    await assertFails(edit({ createdAt: Timestamp.now() }));
    await assertFails(edit({ trackingToken: '' }));
    await assertSucceeds(edit({ customerName: 'Cara C', customerNameLower: 'cara c' }));
  });

  it('delivers only with the stored code checked at this write, or an owner’s override with a reason', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await updateDoc(doc(context.firestore() as unknown as Firestore, 'repairs', 'r1'), { status: 'ready' });
    });
    const toDelivered = (db: Firestore, kind: string, uid: string, extra = {}, note = '') =>
      move(db, 'delivered', [entry(kind, 'delivered', uid, 'ready', note)], extra);
    await assertFails(toDelivered(as(STAFF), 'status', STAFF));
    await assertFails(
      toDelivered(as(STAFF), 'status', STAFF, { deliveryCheck: { code: '0000', at: serverTimestamp() } }),
    );
    // A code checked at another time (an old check left on the document) does not count.
    await assertFails(
      toDelivered(as(STAFF), 'status', STAFF, {
        deliveryCheck: { code: '4821', at: Timestamp.fromMillis(0) },
      }),
    );
    await assertFails(toDelivered(as(STAFF), 'override', STAFF, {}, 'Known customer'));
    await assertFails(toDelivered(as(OWNER), 'override', OWNER, {}, ''));
    await assertSucceeds(toDelivered(as(OWNER), 'override', OWNER, {}, 'Customer lost the code'));
  });

  it('delivers with the customer’s code, for staff too', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await updateDoc(doc(context.firestore() as unknown as Firestore, 'repairs', 'r1'), { status: 'ready' });
    });
    await assertSucceeds(
      move(as(STAFF), 'delivered', [entry('status', 'delivered', STAFF, 'ready')], {
        deliveryCheck: { code: '4821', at: serverTimestamp() },
      }),
    );
  });

  it('lets only the owner reopen a final status, with a note', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await updateDoc(doc(context.firestore() as unknown as Firestore, 'repairs', 'r1'), {
        status: 'delivered',
      });
    });
    await assertFails(
      move(as(STAFF), 'inprogress', [entry('reopen', 'inprogress', STAFF, 'delivered', 'Back')]),
    );
    await assertFails(move(as(OWNER), 'inprogress', [entry('reopen', 'inprogress', OWNER, 'delivered', '')]));
    await assertFails(move(as(OWNER), 'ready', [entry('reopen', 'ready', OWNER, 'delivered', 'Back')]));
    await assertFails(move(as(OWNER), 'inprogress', [entry('status', 'inprogress', OWNER, 'delivered')]));
    await assertSucceeds(
      move(as(OWNER), 'inprogress', [entry('reopen', 'inprogress', OWNER, 'delivered', 'Came back')]),
    );
  });

  it('lets an app’s repair (unknown status, no history) move to a known status with its first entry', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'repairs', 'app-1'), {
        repairId: 'X-1',
        storeId: 'store-1',
        businessId: OWNER,
        status: 'pending_qc',
      });
    });
    const write = (to: string) =>
      updateDoc(doc(as(STAFF), 'repairs', 'app-1'), {
        status: to,
        history: [entry('status', to, STAFF, 'pending_qc')],
      });
    await assertFails(write('pending_qc'));
    await assertSucceeds(write('ready'));
  });

  it('refuses every write of non-members', async () => {
    for (const uid of [RIVAL, CUSTOMER])
      await assertFails(move(as(uid), 'inprogress', [entry('status', 'inprogress', uid, 'received')]));
    await assertFails(move(as(null), 'inprogress', [entry('status', 'inprogress', 'x', 'received')]));
  });
});

describe('shop repairs: delete, reads, shop-only records and payments', () => {
  const deleteRepair = (db: Firestore) => {
    const batch = writeBatch(db);
    batch.delete(doc(db, 'repairs', 'r1'));
    batch.delete(doc(db, 'repairLookup', 'r-SMC-1001', 'refs', 'r1'));
    batch.delete(doc(db, 'repairs', 'r1', 'shop', 'private'));
    batch.delete(doc(db, 'repairs', 'r1', 'payments', 'r1-p1'));
    batch.delete(doc(db, 'tracking', TOKEN));
    return batch.commit();
  };

  it('refuses staff a delete; the owner deletes the repair with its records', async () => {
    await assertFails(deleteRepair(as(STAFF)));
    await assertFails(deleteDoc(doc(as(STAFF), 'repairs', 'r1')));
    await assertFails(deleteRepair(as(RIVAL)));
    // The shop-only record and payments never go without their repair.
    await assertFails(deleteDoc(doc(as(OWNER), 'repairs', 'r1', 'payments', 'r1-p1')));
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
    // The apps' older repairs name their store by `store`: members list those too, nobody else.
    await assertSucceeds(getDocs(query(collection(as(STAFF), 'repairs'), where('store', '==', 'store-1'))));
    await assertFails(getDocs(query(collection(as(RIVAL), 'repairs'), where('store', '==', 'store-1'))));
    // The customer still reads their own repair (the tracker), not its shop-only parts.
    await assertSucceeds(getDoc(doc(as(CUSTOMER), 'repairs', 'r1')));
  });

  it('records a payment only in the writer’s own name, and never edits one', async () => {
    const payment = (uid: string) => ({
      id: 'r1-p2',
      kind: 'payment',
      amountPaise: 100,
      by: { uid, name: 'x' },
    });
    await assertFails(setDoc(doc(as(STAFF), 'repairs', 'r1', 'payments', 'r1-p2'), payment(OWNER)));
    await assertFails(setDoc(doc(as(RIVAL), 'repairs', 'r1', 'payments', 'r1-p2'), payment(RIVAL)));
    await assertSucceeds(setDoc(doc(as(STAFF), 'repairs', 'r1', 'payments', 'r1-p2'), payment(STAFF)));
    await assertFails(updateDoc(doc(as(OWNER), 'repairs', 'r1', 'payments', 'r1-p2'), { amountPaise: 1 }));
  });
});

describe('shop repairs: the Repair ID counter', () => {
  /** A create as the adapter commits it: counter, repair, index entry, tracking link. */
  const create = (
    db: Firestore,
    uid: string,
    {
      id = 'r2',
      repairId = 'SMC-1002',
      last = 1002,
      counterDoc,
    }: { id?: string; repairId?: string; last?: number; counterDoc?: string } = {},
  ) => {
    const token = `tok_${id}_BBBBBBBBBBBBBBBBBBBB`;
    const batch = writeBatch(db);
    batch.set(doc(db, 'repairCounters', 'store-1'), {
      prefix: 'SMC',
      last,
      lastRepairDocId: counterDoc ?? id,
    });
    batch.set(
      doc(db, 'repairs', id),
      shopRepair({
        repairId,
        trackingToken: token,
        history: [{ ...created, by: { uid, name: 'x' }, at: Timestamp.now() }],
      }),
    );
    batch.set(doc(db, 'repairLookup', `r-${repairId}`, 'refs', id), {});
    batch.set(doc(db, 'tracking', token), { repairDocId: id, storeId: 'store-1', revoked: false, view: {} });
    return batch.commit();
  };

  it('moves only up, only with the repair that takes that Repair ID', async () => {
    await assertFails(updateDoc(doc(as(STAFF), 'repairCounters', 'store-1'), { last: 5000 }));
    await assertFails(
      updateDoc(doc(as(OWNER), 'repairCounters', 'store-1'), { last: 1000, lastRepairDocId: 'r1' }),
    );
    await assertFails(create(as(STAFF), STAFF, { repairId: 'SMC-1003' }));
    await assertFails(create(as(STAFF), STAFF, { last: 1001, repairId: 'SMC-1001' }));
    await assertFails(create(as(STAFF), STAFF, { counterDoc: 'r1' }));
    await assertFails(create(as(RIVAL), RIVAL));
    await assertSucceeds(create(as(STAFF), STAFF));
    expect(await stored('repairCounters/store-1')).toEqual({
      prefix: 'SMC',
      last: 1002,
      lastRepairDocId: 'r2',
    });
    // Skipping numbers (an app's repair already has one) is moving up too; going back is not.
    await assertSucceeds(create(as(OWNER), OWNER, { id: 'r3', repairId: 'SMC-1005', last: 1005 }));
    await assertFails(create(as(OWNER), OWNER, { id: 'r4', repairId: 'SMC-1004', last: 1004 }));
    await assertFails(deleteDoc(doc(as(OWNER), 'repairCounters', 'store-1')));
  });

  it('refuses a new repair of the console without the counter, in another status or with a forged entry', async () => {
    const batch = writeBatch(as(STAFF));
    batch.set(doc(as(STAFF), 'repairs', 'r9'), shopRepair({ repairId: 'SMC-1009', trackingToken: '' }));
    batch.set(doc(as(STAFF), 'repairLookup', 'r-SMC-1009', 'refs', 'r9'), {});
    await assertFails(batch.commit());
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

  it('are written only by members, never pointed at another repair, and stay revoked', async () => {
    await assertFails(updateDoc(doc(as(RIVAL), 'tracking', TOKEN), { view: { status: 'ready' } }));
    await assertFails(updateDoc(doc(as(null), 'tracking', TOKEN), { revoked: true }));
    await assertFails(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { repairDocId: 'other' }));
    await assertSucceeds(
      updateDoc(doc(as(STAFF), 'tracking', TOKEN), { view: { repairId: 'SMC-1001', status: 'received' } }),
    );
    await assertSucceeds(updateDoc(doc(as(STAFF), 'tracking', TOKEN), { revoked: true }));
    await assertFails(updateDoc(doc(as(OWNER), 'tracking', TOKEN), { revoked: false }));
    // A link for a repair that does not carry its token is refused.
    await assertFails(
      setDoc(doc(as(STAFF), 'tracking', 'tok_CCCCCCCCCCCCCCCCCCCCCC'), {
        repairDocId: 'r1',
        storeId: 'store-1',
        revoked: false,
        view: {},
      }),
    );
    await assertFails(deleteDoc(doc(as(OWNER), 'tracking', TOKEN)));
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
