import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  doc,
  type Firestore,
  getDoc,
  serverTimestamp,
  Timestamp,
  type WriteBatch,
  writeBatch,
} from 'firebase/firestore';
import { asInstant } from '../../src/domain/shared/time';
import { storedDues } from '../../src/domain/shop/repair-record';
import { reportFieldsAfterMove } from '../../src/domain/shop/report-fields';
import { TRACKING_VIEW_FIELDS } from '../../src/domain/stored/documents';

/**
 * The shop console's documents as firestore.rules expect them (issue 15), for the rules tests
 * (shop-rules.test.ts) and the attack suite (tests/security/shop-surface.security.test.ts): a store
 * with its owner, a member of staff, a rival store, a customer with a verified number, a super admin;
 * repair r1 of the console (its delivery code apart, its tracking link mirroring it) and an app's
 * repair that names its store by `store` with businessId its owner.
 */
export const OWNER = 'uid-owner';
export const STAFF = 'uid-staff';
export const RIVAL = 'uid-rival';
export const CUSTOMER = 'uid-customer';
export const ADMIN = 'uid-admin';
/** A member of staff whose own verified number is the one they type in as a customer's. */
export const SNEAKY = 'uid-sneaky';
export const NAMES: Record<string, string> = {
  [OWNER]: 'Rahul',
  [STAFF]: 'Sam',
  [RIVAL]: 'Meera',
  [CUSTOMER]: 'Cara',
  [ADMIN]: 'Ada',
  [SNEAKY]: 'Sid',
};
export const TOKEN = 'tok_AAAAAAAAAAAAAAAAAAAAAA';
export const CODE = '4821';
export const BUCKET = 'demo-repairmate.firebasestorage.app';
export const CUSTOMER_PHONE = '+919876543210';
export const SNEAKY_PHONE = '+919822222222';

export type Data = Record<string, unknown>;

/** A client of the rules test environment signed in as `uid` (the customer with a verified number). */
export function clientOf(env: RulesTestEnvironment, cache: Map<string, Firestore>, uid: string | null) {
  const key = uid ?? '(signed out)';
  let db = cache.get(key);
  if (db === undefined) {
    const context =
      uid === null
        ? env.unauthenticatedContext()
        : env.authenticatedContext(uid, {
            email: `${uid.replace('uid-', '')}@shop.test`,
            email_verified: true,
            ...(uid === CUSTOMER ? { phone_number: CUSTOMER_PHONE } : {}),
            ...(uid === SNEAKY ? { phone_number: SNEAKY_PHONE } : {}),
          });
    db = context.firestore() as unknown as Firestore;
    cache.set(key, db);
  }
  return db;
}

/** A history entry as domain/shop/history.ts writes it, in `uid`'s own name. */
export function entry(
  kind: string,
  status: string,
  uid: string,
  from: string | null = null,
  note = '',
  extra: Data = {},
): Data {
  return {
    kind,
    status,
    from,
    at: Timestamp.now(),
    by: { uid, name: NAMES[uid] ?? '' },
    note,
    amountPaise: null,
    ...extra,
  };
}

/** The tracking view of a repair as stored: its customer-safe fields, null where it has none. */
export function viewOf(repair: Data): Data {
  return Object.fromEntries(TRACKING_VIEW_FIELDS.map((name) => [name, repair[name] ?? null]));
}

const createdEntry: Data = {
  kind: 'created',
  status: 'received',
  from: null,
  at: Timestamp.fromMillis(Date.UTC(2026, 10, 20, 10)),
  by: { uid: OWNER, name: 'Rahul' },
  note: '',
  amountPaise: null,
};

/** Repair r1 of the console as stored. */
export function shopRepair(overrides: Data = {}): Data {
  return {
    repairId: 'SMC-1001',
    storeId: 'store-1',
    businessId: OWNER,
    customerName: 'Cara',
    customerNameLower: 'cara',
    customerMobile: '9876543210',
    customerMobileBy: OWNER,
    productName: 'Redmi Note 12',
    productType: 'Mobile',
    problems: 'Screen broken',
    problemList: ['Screen broken'],
    status: 'received',
    estimatePaise: 150000,
    paidPaise: 0,
    trackingToken: TOKEN,
    createdAt: createdEntry.at,
    updatedAt: createdEntry.at,
    imageUrls: [],
    history: [createdEntry],
    timeline: [{ status: 'received', at: createdEntry.at }],
    createdBy: { uid: OWNER, name: 'Rahul' },
    ...overrides,
  };
}

/** Seeds the shop (rules disabled). `r1` may be given in another state. */
export async function seedShopSurface(env: RulesTestEnvironment, r1: Data = shopRepair()): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    const at = Timestamp.fromMillis(Date.UTC(2026, 10, 1));
    batch.set(doc(db, 'users', OWNER), { email: 'owner@shop.test', name: 'Rahul', storeIds: ['store-1'] });
    batch.set(doc(db, 'users', RIVAL), { email: 'rival@shop.test', name: 'Meera', storeIds: ['store-2'] });
    batch.set(doc(db, 'users', CUSTOMER), { email: 'customer@shop.test', name: 'Cara' });
    batch.set(doc(db, 'users', ADMIN), { email: 'admin@shop.test', name: 'Ada', role: 'sa' });
    batch.set(doc(db, 'stores', 'store-1'), { ownerId: OWNER, name: 'Sharma Mobile Care' });
    batch.set(doc(db, 'stores', 'store-2'), { ownerId: RIVAL, name: 'Iyer Electronics' });
    batch.set(doc(db, 'storeProfiles', 'store-1'), {
      ownerId: OWNER,
      name: 'Sharma Mobile Care',
      phone: '9811111111',
      upiId: 'sharmamobile@okaxis',
      updatedAt: at,
    });
    batch.set(doc(db, 'config', 'storage'), { bucket: BUCKET });
    for (const uid of [STAFF, SNEAKY]) {
      batch.set(doc(db, 'users', uid), { email: `${uid.replace('uid-', '')}@shop.test`, name: NAMES[uid] });
      batch.set(doc(db, 'storeMembers', `store-1_${uid}`), {
        storeId: 'store-1',
        uid,
        role: 'staff',
        email: `${uid.replace('uid-', '')}@shop.test`,
        name: NAMES[uid],
        addedAt: at,
        addedBy: OWNER,
      });
    }
    batch.set(doc(db, 'repairs', 'r1'), r1);
    batch.set(doc(db, 'repairLookup', 'r-SMC-1001', 'refs', 'r1'), {});
    batch.set(doc(db, 'repairs', 'r1', 'shop', 'private'), { unlockCode: '1234', storeId: 'store-1' });
    batch.set(doc(db, 'repairs', 'r1', 'shop', 'delivery'), { code: CODE, storeId: 'store-1' });
    batch.set(doc(db, 'repairCounters', 'store-1'), { prefix: 'SMC', last: 1001, lastRepairDocId: 'r1' });
    batch.set(doc(db, 'tracking', TOKEN), {
      repairDocId: 'r1',
      storeId: 'store-1',
      revoked: false,
      view: viewOf(r1),
    });
    // An app's repair naming its store only by `store`, with businessId its owner.
    batch.set(doc(db, 'repairs', 'legacy1'), {
      repairId: 'SMC-0042',
      store: 'store-1',
      businessId: OWNER,
      customerMobile: '9000000001',
      status: 'received',
    });
    batch.set(doc(db, 'repairLookup', 'r-SMC-0042', 'refs', 'legacy1'), {});
    await batch.commit();
  });
}

/** A document as stored (rules disabled). */
export async function storedDoc(env: RulesTestEnvironment, path: string): Promise<Data | undefined> {
  let data: Data | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).data();
  });
  return data;
}

/** Changes a stored document (rules disabled). */
export async function patchDoc(env: RulesTestEnvironment, path: string, data: Data): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    batch.set(doc(db, path), data, { merge: true });
    await batch.commit();
  });
}

const TIMELINE_KINDS = new Set(['created', 'status', 'override', 'reopen']);

/**
 * A write of the console as the adapter commits it: the changes, one entry appended, updatedAt the
 * server's time, a timeline step with a status change, and the live link's view mirroring the result.
 * `also` adds writes to the same batch; `view` overrides what the tracking document gets.
 */
export function shopWrite(
  db: Firestore,
  before: Data,
  changes: Data,
  added: Data,
  options: { id?: string; also?: (batch: WriteBatch) => void; view?: Data | null } = {},
): Promise<void> {
  const id = options.id ?? 'r1';
  const history = [...((before.history as Data[]) ?? []), added];
  const next: Data = { ...before, ...changes, history };
  if (TIMELINE_KINDS.has(String(added.kind)) && next.status !== before.status)
    next.timeline = [...((before.timeline as Data[]) ?? []), { status: next.status, at: added.at }];
  // The dues fields as the adapter stores them with a change of the status or paid (issue 17; an edit
  // leaves them), unless the case sets them.
  const moves = ['status', 'paidPaise'].some((key) => key in changes);
  // A status move stores the reports' deliveredAt as the adapter does (the server's time for
  // 'delivered', else cleared), unless the case sets it.
  const moved = next.timeline !== before.timeline;
  const update: Data = {
    ...(moves ? storedDues(next) : {}),
    ...(moved ? { deliveredAt: next.status === 'delivered' ? serverTimestamp() : null } : {}),
    // …and the reports' sums (report-fields.ts: the sale, the turnaround to the entry's time).
    ...(moved
      ? reportFieldsAfterMove(String(next.status), before, asInstant(added.at) ?? new Date(Number.NaN))
      : {}),
    ...changes,
    history,
    updatedAt: serverTimestamp(),
  };
  if (next.timeline !== before.timeline) update.timeline = next.timeline;
  const batch = writeBatch(db);
  batch.update(doc(db, 'repairs', id), update);
  const token = String(next.trackingToken ?? '');
  if (options.view !== null && token !== '')
    batch.update(doc(db, 'tracking', token), { view: options.view ?? viewOf(next) });
  options.also?.(batch);
  return batch.commit();
}

/** A payment document as the adapter writes it. */
export function paymentDoc(id: string, uid: string, amountPaise: number, kind = 'payment'): Data {
  return {
    id,
    kind,
    amountPaise,
    mode: 'cash',
    at: serverTimestamp(),
    by: { uid, name: NAMES[uid] ?? '' },
    note: '',
    storeId: 'store-1',
  };
}

/** A delivery code try as the adapter writes it (the first of a series unless `previous` is given). */
export function tryDoc(uid: string, code: string, previous?: { tries: number; firstAt: unknown }): Data {
  return {
    tries: previous === undefined ? 1 : previous.tries + 1,
    firstAt: previous === undefined ? serverTimestamp() : previous.firstAt,
    at: serverTimestamp(),
    code,
    by: uid,
  };
}

/** A photo URL of this project's bucket under a repair's path. */
export function photoUrl(repairDocId: string, photoId = 'p1', bucket = BUCKET, storeId = 'store-1') {
  return `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/repairs%2F${storeId}%2F${repairDocId}%2F${photoId}?alt=media&token=abc-123`;
}

/**
 * A new repair of the console as the adapter commits it: counter, repair, index entry, delivery code,
 * tracking link; `advance` adds the advance's payment entry and document.
 */
export function createShopRepair(
  db: Firestore,
  uid: string,
  options: {
    id?: string;
    repairId?: string;
    last?: number;
    counterDoc?: string;
    advance?: number;
    overrides?: Data;
    omitDelivery?: boolean;
    /** The repair as written (after the overrides), e.g. with a field replaced by a schema walk. */
    transform?: (repair: Data) => Data;
    counter?: Data;
    delivery?: Data;
  } = {},
): Promise<void> {
  const id = options.id ?? 'r2';
  const repairId = options.repairId ?? 'SMC-1002';
  const token = `tok_${id}_BBBBBBBBBBBBBBBBBBBB`;
  const created = entry('created', 'received', uid);
  const history: Data[] = [created];
  const written = shopRepair({
    repairId,
    trackingToken: token,
    customerMobileBy: uid,
    createdBy: { uid, name: NAMES[uid] ?? '' },
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    history,
    timeline: [{ status: 'received', at: created.at }],
    paidPaise: options.advance ?? 0,
    ...options.overrides,
  });
  // The dues fields as the adapter stores them (issue 17), unless the case sets them.
  const withDues = { ...storedDues(written), ...written };
  const repair = options.transform ? options.transform(withDues) : withDues;
  const batch = writeBatch(db);
  batch.set(
    doc(db, 'repairCounters', 'store-1'),
    options.counter ?? {
      prefix: 'SMC',
      last: options.last ?? 1002,
      lastRepairDocId: options.counterDoc ?? id,
    },
  );
  batch.set(doc(db, 'repairs', id), repair);
  batch.set(doc(db, 'repairLookup', `r-${repairId}`, 'refs', id), {});
  if (options.omitDelivery !== true)
    batch.set(
      doc(db, 'repairs', id, 'shop', 'delivery'),
      options.delivery ?? { code: '1111', storeId: 'store-1' },
    );
  if (options.advance !== undefined)
    batch.set(doc(db, 'repairs', id, 'payments', `${id}-p1`), paymentDoc(`${id}-p1`, uid, options.advance));
  batch.set(doc(db, 'tracking', token), {
    repairDocId: id,
    storeId: 'store-1',
    revoked: false,
    view: viewOf(repair),
  });
  return batch.commit();
}
