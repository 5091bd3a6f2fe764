import {
  and,
  type CollectionReference,
  type DocumentData,
  documentId,
  getDocsFromCache,
  limit,
  or,
  orderBy,
  type QueryCompositeFilterConstraint,
  type QueryFilterConstraint,
  type QueryNonFilterConstraint,
  query,
  startAfter,
  Timestamp,
  where,
} from 'firebase/firestore';
import type { ShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo } from '../../domain/shop/repair-store';
import type { RepairStatus } from '../../domain/shop/status-values';
import { REPAIR_STATUSES } from '../../domain/shop/status-values';
import { PortError } from '../../ports/errors';
import type {
  DuesQuery,
  ShopPayment,
  ShopRepairQuery,
  ShopSearch,
  ShopStatusCounts,
} from '../../ports/shop-repairs';
import { isOffline } from './firestore-online-or-queue';
import { getCountFromServer } from './firestore-reads';
import { type FirestoreShopAccess, shopRepairOf } from './firestore-shop-data';

/**
 * The queries of the Firestore repairs adapter (firestore-shop-repairs.ts): one store's repairs as
 * firestore.rules let a member list them, a page of them behind an opaque cursor, a search, the counts
 * per status (on the server, or from this device's cache offline), and a stored payment parsed. Every
 * query is one store's, on a composite index (firestore.indexes.json).
 */

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored payment, parsed. */
export function parsePayment(repairDocId: string, raw: Readonly<Record<string, unknown>>): ShopPayment {
  const by = (raw.by ?? {}) as { uid?: unknown; name?: unknown };
  return {
    id: text(raw.id),
    repairDocId,
    kind: raw.kind === 'refund' ? 'refund' : 'payment',
    amountPaise: Number(raw.amountPaise) || 0,
    mode: raw.mode === 'upi' || raw.mode === 'card' ? raw.mode : 'cash',
    at: raw.at instanceof Date ? raw.at : new Date(0),
    by: { uid: text(by.uid), name: text(by.name) },
    note: text(raw.note),
    upiReference: text(raw.upiReference),
  };
}

export function encodeCursor(repair: ShopRepair): string {
  return `${repair.createdAt?.getTime() ?? 0}~${repair.id}`;
}

function decodeCursor(cursor: string): { at: Timestamp; id: string } {
  const match = /^(\d{1,15})~([^/]{1,1500})$/.exec(cursor);
  if (match === null) throw new PortError('invalid-argument', 'This page cursor is not valid.');
  return { at: Timestamp.fromMillis(Number(match[1])), id: match[2] ?? '' };
}

/** The document field each search looks in. */
const SEARCH_FIELDS = {
  repairId: 'repairId',
  mobile: 'customerMobile',
  // A range on customerMobile with the store's equality (firestore.indexes.json), never a scan.
  mobilePrefix: 'customerMobile',
  imeiSerial: 'imeiSerial',
  name: 'customerNameLower',
} as const;

/**
 * The repairs of one store: those naming it by `storeId`, and the apps' older records that name it by
 * `store` with businessId its owner (a `store` value alone grants nothing: firestore.rules list them
 * only so). A record naming another store by `storeId` is dropped from the answers (belongsTo).
 */
export function ofStore(access: FirestoreShopAccess): QueryCompositeFilterConstraint {
  return or(
    where('storeId', '==', access.store.id),
    and(where('store', '==', access.store.id), where('businessId', '==', access.store.ownerId)),
  );
}

/** The store a repair belongs to, as firestore.rules decide it (storeRefOf). */
export function belongsTo(repair: ShopRepair, access: FirestoreShopAccess): boolean {
  return repairBelongsTo(repair, access.store.id, access.store.ownerId);
}

/** One page of the store's repairs, newest first: one more than asked, to know whether a next exists. */
export function pageQuery(
  repairs: CollectionReference<DocumentData>,
  access: FirestoreShopAccess,
  request: ShopRepairQuery,
) {
  const filters: QueryFilterConstraint[] = [ofStore(access)];
  if (request.status !== undefined) filters.push(where('status', '==', request.status));
  if (request.from !== undefined) filters.push(where('createdAt', '>=', Timestamp.fromDate(request.from)));
  if (request.to !== undefined) filters.push(where('createdAt', '<', Timestamp.fromDate(request.to)));
  const constraints: QueryNonFilterConstraint[] = [
    orderBy('createdAt', 'desc'),
    orderBy(documentId(), 'desc'),
  ];
  if (request.cursor) {
    const cursor = decodeCursor(request.cursor);
    constraints.push(startAfter(cursor.at, cursor.id));
  }
  constraints.push(limit(request.limit + 1));
  return query(repairs, and(...filters), ...constraints);
}

/**
 * One page of the dues khata, oldest first: the store's repairs (ofStore: by storeId, or the apps'
 * older records by `store` with businessId its owner, as the board and firestore.rules list them) whose
 * stored `owing` is true, on the composite indexes (storeId | store, owing, createdAt, __name__). One
 * more than asked, to know whether a next page exists.
 */
export function duesQuery(
  repairs: CollectionReference<DocumentData>,
  access: FirestoreShopAccess,
  request: DuesQuery,
) {
  const constraints: QueryNonFilterConstraint[] = [orderBy('createdAt', 'asc'), orderBy(documentId(), 'asc')];
  if (request.cursor) {
    const cursor = decodeCursor(request.cursor);
    constraints.push(startAfter(cursor.at, cursor.id));
  }
  constraints.push(limit(request.limit + 1));
  return query(repairs, and(ofStore(access), where('owing', '==', true)), ...constraints);
}

/** A search of the store's repairs: exact for a Repair ID or a mobile, a prefix for the others. */
export function searchQuery(
  repairs: CollectionReference<DocumentData>,
  access: FirestoreShopAccess,
  search: ShopSearch,
) {
  const wanted = search.text;
  const field = SEARCH_FIELDS[search.field];
  if (field === undefined) throw new PortError('invalid-argument', 'This search field is not known.');
  const exact = search.field === 'repairId' || search.field === 'mobile';
  const filter = exact
    ? and(ofStore(access), where(field, '==', wanted))
    : and(ofStore(access), where(field, '>=', wanted), where(field, '<', `${wanted}\uf8ff`));
  const order = exact
    ? [orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc')]
    : [orderBy(field, 'asc'), orderBy('createdAt', 'asc')];
  return query(repairs, filter, ...order, limit(search.limit));
}

/**
 * The counts per status: count() aggregations on the server; from this device's cache when the client
 * knows it is offline (count() would still ask the server) or the server cannot be reached.
 */
export async function statusCounts(
  repairs: CollectionReference<DocumentData>,
  access: FirestoreShopAccess,
): Promise<ShopStatusCounts> {
  if (access.offline) return countInCache(repairs, access);
  try {
    return await countOnServer(repairs, access);
  } catch (error) {
    if (!isOffline(error)) throw error;
    return countInCache(repairs, access);
  }
}

/**
 * Offline, count() cannot run (it is the server's): the counts are then those of the store's
 * repairs this device has seen (in its cache), with its own queued changes.
 */
async function countInCache(
  repairs: CollectionReference<DocumentData>,
  access: FirestoreShopAccess,
): Promise<ShopStatusCounts> {
  const snapshot = await getDocsFromCache(query(repairs, ofStore(access)));
  const byStatus = Object.fromEntries(REPAIR_STATUSES.map((status) => [status, 0])) as Record<
    RepairStatus,
    number
  >;
  let total = 0;
  for (const document of snapshot.docs) {
    const repair = shopRepairOf(document.id, document.data());
    if (!belongsTo(repair, access)) continue;
    total += 1;
    if (repair.status in byStatus) byStatus[repair.status as RepairStatus] += 1;
  }
  return { byStatus, total };
}

/** The counts as count() aggregations on the server: all the store's repairs, and per known status. */
async function countOnServer(
  repairs: CollectionReference<DocumentData>,
  access: FirestoreShopAccess,
): Promise<ShopStatusCounts> {
  const [total, ...counts] = await Promise.all([
    getCountFromServer(query(repairs, ofStore(access))),
    ...REPAIR_STATUSES.map((status) =>
      getCountFromServer(query(repairs, and(ofStore(access), where('status', '==', status)))),
    ),
  ]);
  const byStatus = Object.fromEntries(
    REPAIR_STATUSES.map((status, i) => [status, counts[i]?.data().count ?? 0]),
  ) as Record<RepairStatus, number>;
  return { byStatus, total: total?.data().count ?? 0 };
}
