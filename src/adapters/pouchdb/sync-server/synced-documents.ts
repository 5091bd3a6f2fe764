import {
  INVOICE_COUNTERS,
  INVOICES,
  PAYMENTS,
  PUBLIC_PROFILES,
  RECHARGE_TRANSACTIONS,
  REPAIRS,
  STORAGE_CONFIG,
  STORE_LINKS,
  STORES,
  SUPPORT,
  USERS,
} from '../../../domain/stored/documents';
import { type DocumentSchema, type FieldSpec, schemaProblem } from '../../../domain/stored/schema';
import { STORE_LINKS_DOC } from '../pouchdb-app-config-repository';
import type { CollectionName } from '../pouchdb-databases';

/**
 * What the sync gateway checks of a document a device writes before anything else (writes.ts): its
 * size, its PouchDB fields, no attachments, and its shape by the domain's write schema
 * (src/domain/stored/documents.ts). And what a reader receives of a repair (`repairFor`).
 *
 * **The mapping of the synced databases onto the write schemas, in one place** (`schemaOf`): each synced
 * database holds one Firestore collection's documents under the same ids, with the same fields, in the
 * 'json' representation (instants as ISO-8601 text, as `toStored` writes them). The PouchDB documents
 * differ from Firestore's only where the schemas already say so ('PouchDB:' fields: users'
 * walletLedgerPaise and walletPending, support's editedAt, the ledger's ledgerPaise) and in two places
 * handled here:
 *  - `transactions` is Firestore's `rechargeTransactions`;
 *  - `config` holds Firestore's `Urls/{docId}` (the store links, id `Urls`) and `config/storage`
 *    (id `storage`) in one database; any other id there has no schema and is refused.
 * A repair's delivery code stays on the repair document on PouchDB (`deliveryCode`, which the schema
 * allows); Firestore's shop console keeps its copy apart (repairs/{id}/shop/delivery): here the gateway
 * leaves it out of what staff and customers of other repairs receive (`repairFor`).
 */

/** The write schema of a synced document, or null when none applies (nothing may be written there). */
export function schemaOf(collection: CollectionName, docId: string): DocumentSchema | null {
  switch (collection) {
    case 'users':
      return USERS;
    case 'publicProfiles':
      return PUBLIC_PROFILES;
    case 'stores':
      return STORES;
    case 'repairs':
      return REPAIRS;
    case 'support':
      return SUPPORT;
    case 'transactions':
      return RECHARGE_TRANSACTIONS;
    case 'payments':
      return PAYMENTS;
    case 'invoices':
      return INVOICES;
    case 'invoiceCounters':
      return INVOICE_COUNTERS;
    case 'config':
      return docId === STORE_LINKS_DOC ? STORE_LINKS : docId === 'storage' ? STORAGE_CONFIG : null;
    default:
      return null;
  }
}

/** The PouchDB fields a written document may carry (CouchDB refuses others; attachments are refused here). */
const POUCH_FIELDS: ReadonlySet<string> = new Set(['_id', '_rev', '_deleted', '_revisions']);
/** CouchDB's default revs_limit: a replicated revision history longer than this is not a device's. */
const MAX_REVISIONS = 1000;
/** A design document (the gateway's and the indexes'): the server administrator's only. */
const DESIGN_MAX_BYTES = 64 * 1024;
/** A timestamp a write sets may be ahead of the server's clock by this much (device clocks drift). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The largest document of a database (its schema's maxBytes; the largest of config's). */
export function maxBytesOf(collection: CollectionName, docId: string): number {
  if (docId.startsWith('_design/')) return DESIGN_MAX_BYTES;
  const schema = schemaOf(collection, docId);
  if (schema !== null) return schema.maxBytes;
  return Math.max(STORE_LINKS.maxBytes, STORAGE_CONFIG.maxBytes);
}

/** The size of a document as written: its JSON in UTF-8 bytes, every field counted (deleted or not). */
export function documentBytes(doc: Readonly<Record<string, unknown>>): number {
  const { _revisions: _history, ...rest } = doc;
  return Buffer.byteLength(JSON.stringify(rest), 'utf8');
}

type Doc = Readonly<Record<string, unknown>> & { readonly _id: string };

/**
 * Why a written document is refused before any other check, or null: too large (deleted ones too: a
 * tombstone replicates to every device), an attachment, a PouchDB field a device does not write, a
 * revision history longer than CouchDB keeps, or a deletion that carries fields (the app deletes with
 * `{_id, _rev, _deleted: true}` only).
 */
export function envelopeProblem(collection: CollectionName, doc: Doc): string | null {
  const max = maxBytesOf(collection, doc._id);
  const bytes = documentBytes(doc);
  if (bytes > max)
    return `the document is ${bytes} bytes; a ${collection} document is at most ${max} bytes (deleted ones too)`;
  if ('_attachments' in doc) return 'attachments are not synced: a document carries no _attachments';
  for (const key of Object.keys(doc))
    if (key.startsWith('_') && !POUCH_FIELDS.has(key)) return `the field ${key} is not allowed`;
  const history = doc._revisions as { ids?: unknown } | undefined;
  if (
    history !== undefined &&
    (typeof history !== 'object' ||
      history === null ||
      !Array.isArray(history.ids) ||
      history.ids.length > MAX_REVISIONS)
  )
    return `_revisions must list at most ${MAX_REVISIONS} revision ids`;
  if (doc._deleted === true) {
    const fields = Object.keys(doc).filter((key) => !key.startsWith('_'));
    if (fields.length > 0)
      return `a deletion carries no fields (found ${fields.slice(0, 3).join(', ')}): write {_id, _rev, _deleted: true}`;
  }
  return null;
}

/** The fields of a document without PouchDB's own. */
export function fieldsOfDoc(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!key.startsWith('_')) out[key] = value;
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The instants a value of a field holds (a list's items' and a map's fields' too), with their path. */
function instantsOf(spec: FieldSpec, value: unknown, path: string, out: [string, string][]): void {
  if (value === null || value === undefined) return;
  switch (spec.kind) {
    case 'timestamp':
      if (typeof value === 'string') out.push([path, value]);
      return;
    case 'list':
      if (Array.isArray(value))
        for (const [i, item] of value.entries()) instantsOf(spec.of, item, `${path}.${i}`, out);
      return;
    case 'map':
      if (typeof value === 'object')
        for (const [name, inner] of Object.entries(spec.fields))
          instantsOf(inner, (value as Record<string, unknown>)[name], `${path}.${name}`, out);
      return;
    case 'union':
      for (const option of spec.options)
        if (option.kind === 'timestamp' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
          out.push([path, value]);
          return;
        }
      return;
    default:
      return;
  }
}

/**
 * Why a document a device writes does not fit its kind's write schema, or null (the gateway answers
 * 403 with this reason, naming the field). A new document is checked whole; an update only in the
 * fields it changes (documents stored before the schemas, e.g. a users document without the sign-up
 * fields, can still be edited), as the Firestore rules check `affectedKeys`. Every instant the write sets
 * must not be ahead of the server's time (`now`) by more than CLOCK_SKEW_MS: an offline device writes
 * its own clock's time, but never 2099.
 */
export function shapeProblem(
  collection: CollectionName,
  doc: Doc,
  current: Doc | null,
  now: Date,
): string | null {
  if (doc._deleted === true || doc._id.startsWith('_design/')) return null;
  const schema = schemaOf(collection, doc._id);
  if (schema === null)
    return `no document of the ${collection} database may be written with the id ${doc._id}`;
  const fields = fieldsOfDoc(doc);
  const before = current === null || current._deleted === true ? null : fieldsOfDoc(current);
  const changed =
    before === null
      ? null
      : [...new Set([...Object.keys(fields), ...Object.keys(before)])].filter(
          (key) => !same(fields[key], before[key]),
        );
  const problem = schemaProblem(schema, fields, 'json', changed);
  if (problem !== null) return problem;
  const latest = now.getTime() + CLOCK_SKEW_MS;
  for (const name of changed ?? Object.keys(fields)) {
    const spec = schema.fields[name];
    if (spec === undefined) continue;
    const instants: [string, string][] = [];
    instantsOf(spec, fields[name], name, instants);
    for (const [path, value] of instants) {
      if (before !== null && spec.kind === 'list' && isUnchangedItem(before[name], path, name, value))
        continue;
      const at = Date.parse(value);
      if (Number.isNaN(at)) return `${path}: not an instant`;
      if (at > latest) return `${path}: ${value} is ahead of the server's time`;
    }
  }
  return null;
}

/** Whether a list item's instant (history.3.at) is the stored item's: only new items are judged. */
function isUnchangedItem(stored: unknown, path: string, name: string, value: string): boolean {
  if (!Array.isArray(stored)) return false;
  const steps = path.slice(name.length + 1).split('.');
  let node: unknown = stored;
  for (const step of steps) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[step];
  }
  return node === value;
}

// ---- what a reader receives of a repair ---------------------------------------------------------------

/**
 * How a device reads a repair:
 *  - 'full': the server's administrator, a super admin, the owner of the repair's store (or, for a
 *    repair that names no store, its business): the whole document, the delivery code included;
 *  - 'staff': a staff member of the store: all but the delivery code (on the sync server staff are not
 *    known yet, storeMembers does not replicate: no device reads as staff today);
 *  - 'customer': the customer whose verified number the repair names, and no more than that: the
 *    customer-safe projection (`CUSTOMER_FIELDS`), their own delivery code included.
 */
export type RepairReading = 'full' | 'staff' | 'customer';

/**
 * The fields of a repair its customer receives: what the customer's tracker shows (domain Repair) and
 * what the tracking page shows (TRACKING_VIEW_FIELDS), by an allow list, so that a field added to repairs
 * later never reaches customers by default. Never: imeiSerial, conditionNotes, accessories,
 * otherAccessory, history (staff names and notes), customerMobileBy, createdBy, trackingToken,
 * customerNameLower. The unlock code and payments are never on the repair.
 */
export const CUSTOMER_FIELDS: readonly string[] = [
  'repairId',
  'customerName',
  'customerMobile',
  'storeId',
  'store',
  'businessId',
  'productName',
  'productType',
  'problems',
  'problemList',
  'status',
  'amount',
  'estimatedCost',
  'estimatePaise',
  'paidPaise',
  'promisedDate',
  'deliveryCode',
  'createdAt',
  'updatedAt',
  'imageUrls',
  'timeline',
];

/** The repair a reader receives: PouchDB's own fields (revision, deletion, history) always kept. */
export function repairFor(doc: Doc, reading: RepairReading): Doc {
  if (reading === 'full' || doc._deleted === true) return doc;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === '_attachments') continue;
    if (key.startsWith('_')) out[key] = value;
    else if (reading === 'staff' ? key !== 'deliveryCode' : CUSTOMER_FIELDS.includes(key)) out[key] = value;
  }
  return out as Doc;
}
