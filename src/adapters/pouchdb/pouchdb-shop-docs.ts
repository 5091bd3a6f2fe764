import { parseShopRepair, type ShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import { PortError } from '../../ports/errors';
import type { ShopPayment } from '../../ports/shop-repairs';
import {
  requireRepairOfStore,
  requireSignedIn,
  requireStoreMember,
  requireStoreOwner,
  type ShopAccess,
  type ShopMembershipLookup,
} from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { backoff, MAX_WRITE_ATTEMPTS, type StoredDoc } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { isDocId } from './pouchdb-shop-membership';

/**
 * The shop console's documents outside the repairs database, and the read-check-write loop its writes
 * share. Ids:
 *  - tracking: `link:{token}` (tokens are base64url and may start with '_', which PouchDB reserves);
 *  - shopPrivate: `unlock:{repairDocId}` (the unlock code) and `payment:{repairDocId}:{n}` (payments,
 *    n zero-padded), so a repair's payments are one primary-index range, never a scan;
 *  - repairCounters: the store's id (prefix, last number, the repair holding it);
 *  - shopDelivery: `tries:{repairDocId}` (the delivery code's tries, this device's; the code itself is
 *    on the repair document, which replicates, and is never handed to staff).
 */
export const triesDocId = (repairDocId: string) => `tries:${repairDocId}`;
export const linkDocId = (token: string) => `link:${token}`;
export const unlockDocId = (repairDocId: string) => `unlock:${repairDocId}`;
export const paymentDocId = (repairDocId: string, n: number) =>
  `payment:${repairDocId}:${String(n).padStart(4, '0')}`;
export const paymentRange = (repairDocId: string) => ({
  startkey: `payment:${repairDocId}:`,
  endkey: `payment:${repairDocId}:\uffff`,
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored payment, parsed. */
export function parsePayment(repairDocId: string, raw: Readonly<Record<string, unknown>>): ShopPayment {
  const by = (raw.by ?? {}) as { uid?: unknown; name?: unknown };
  const at = new Date(text(raw.at));
  return {
    id: text(raw.id),
    repairDocId,
    kind: raw.kind === 'refund' ? 'refund' : 'payment',
    amountPaise: Number(raw.amountPaise) || 0,
    mode: raw.mode === 'upi' || raw.mode === 'card' ? raw.mode : 'cash',
    at: Number.isNaN(at.getTime()) ? new Date(0) : at,
    by: { uid: text(by.uid), name: text(by.name) },
    note: text(raw.note),
    upiReference: text(raw.upiReference),
  };
}

/** A repair's payments, oldest first (one range of the shopPrivate database's primary index). */
export async function loadPayments(dbs: PouchDatabases, repairDocId: string): Promise<ShopPayment[]> {
  const rows = await dbs.shopPrivate.allDocs({ ...paymentRange(repairDocId), include_docs: true });
  return rows.flatMap((row) => (row.doc ? [parsePayment(repairDocId, row.doc)] : []));
}

/** The repair document, or null (ids PouchDB reserves name no repair). */
export async function loadRepairDoc(dbs: PouchDatabases, id: string): Promise<StoredDoc | null> {
  return isDocId(id) ? dbs.repairs.get(id) : null;
}

/** The caller's membership of a repair's store: 'not-found' when there is no such repair. */
export async function repairAccess(
  dbs: PouchDatabases,
  session: LocalSession,
  lookup: ShopMembershipLookup,
  id: string,
  owner = false,
): Promise<{ access: ShopAccess; doc: StoredDoc }> {
  requireSignedIn(session);
  const doc = await loadRepairDoc(dbs, id);
  if (doc === null) throw new PortError('not-found', 'No repair has this id.');
  const storeId = storeRefOf(parseShopRepair(id, doc));
  const access = owner
    ? await requireStoreOwner(session, storeId, lookup)
    : await requireStoreMember(session, storeId, lookup);
  return { access: requireRepairOfStore(doc, access), doc };
}

/**
 * Rewrites a repair at its revision: `change` gets the stored document (first the one given) and
 * returns the document to write (its _rev kept), after checking it; a 409 (another writer got there
 * first) reads it again and calls `change` again, which sees the new state (a stale status refuses).
 */
export async function rewriteRepair(
  dbs: PouchDatabases,
  id: string,
  first: StoredDoc,
  change: (doc: StoredDoc, repair: ShopRepair) => Record<string, unknown>,
): Promise<ShopRepair> {
  let doc: StoredDoc | null = first;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (doc === null) throw new PortError('not-found', 'No repair has this id.');
    const next = change(doc, parseShopRepair(id, doc));
    const rev = await dbs.repairs.put({ ...next, _id: id, ...(doc._rev ? { _rev: doc._rev } : {}) });
    if (rev !== null) return parseShopRepair(id, next);
    await backoff(attempt);
    doc = await dbs.repairs.get(id);
  }
  throw new PortError('unavailable', 'This repair is busy; try again.');
}

/** Writes a small document whatever its current revision (null deletes it); retries on a 409. */
export async function putLatest(
  collection: PouchDatabases['shopPrivate'],
  id: string,
  fields: Record<string, unknown> | null,
): Promise<void> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    const current = await collection.get(id);
    if (fields === null && current === null) return;
    const rev = current?._rev ? { _rev: current._rev } : {};
    const doc = fields === null ? { _id: id, ...rev, _deleted: true } : { ...fields, _id: id, ...rev };
    if ((await collection.put(doc)) !== null) return;
    await backoff(attempt);
  }
  throw new PortError('unavailable', 'The local database is busy; try again.');
}
