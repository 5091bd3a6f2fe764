import { parseRepairRecord } from '../../../domain/repairs/repair';
import {
  formatInvoiceNumber,
  invoiceCounterId,
  invoiceCounterStepProblem,
  parseInvoiceCounter,
  seriesOfKind,
} from '../../../domain/shop/invoice-number';
import { parseStoredInvoice } from '../../../domain/shop/invoice-record';
import { storeRefOf } from '../../../domain/shop/repair-store';
import { isStoreMember } from '../../../domain/stores/store';
import type { Principals, StoreLookup } from './device-access';
import { fieldsOfDoc } from './synced-documents';

/**
 * The sync gateway's checks of invoices and their counters (the `invoices` database:
 * `{repairDocId}:{invoiceId}`; `invoiceCounters`: `{storeId}_{series}`; docs/pouchdb.md "Invoices"), as
 * firestore.rules say them for repairs/{id}/invoices and invoiceCounters: written by a device that works
 * in the store (on the sync server: its owner's), in an account of the device's name; an invoice is
 * never edited or deleted; a counter is never deleted and moves by exactly one number
 * (invoice-number.ts invoiceCounterStepProblem), only once the document of its last number is on the
 * server (so no number is skipped), to a document not yet written; an invoice carries exactly the number
 * its series' counter on the server gives it. A device therefore writes the counter first (the commit
 * point), then the invoice. The shape (INVOICES, INVOICE_COUNTERS in JSON) is checked before this
 * (synced-documents.ts), and the validator (validators.ts) again after.
 */

type Doc = Readonly<Record<string, unknown>> & { readonly _id: string };

export interface InvoiceWrite {
  readonly doc: Doc;
  /** The winning version on the server, or null. */
  readonly current: Doc | null;
  readonly device: Principals;
  readonly stores: StoreLookup;
  /** Documents on the server (null when missing or deleted). */
  readonly repairOf: (repairDocId: string) => Promise<Doc | null>;
  readonly invoiceOf: (docId: string) => Promise<Doc | null>;
  readonly counterOf: (counterId: string) => Promise<Doc | null>;
}

const live = (doc: Doc | null): Doc | null => (doc === null || doc._deleted === true ? null : doc);

/** The store a document names, when this device works in it (with the account named `uid`, if given). */
async function storeProblem(
  write: InvoiceWrite,
  storeId: string,
  uid: string | null,
): Promise<string | null> {
  const store = storeId === '' ? null : await write.stores(storeId);
  if (store === null) return `the store ${storeId} does not exist on the server`;
  const { uids } = write.device;
  if (uid !== null && !uids.includes(uid))
    return 'an invoice is issued in the name of an account of this device';
  if (!(uid === null ? uids.some((u) => isStoreMember(store, u)) : isStoreMember(store, uid)))
    return `this device does not work in the store ${storeId}`;
  return null;
}

/** Why the device may not write this invoice or voucher, or null. */
export async function invoiceDocumentProblem(write: InvoiceWrite): Promise<string | null> {
  const { doc, device } = write;
  if (device.admin) return null;
  if (doc._deleted === true) return 'an invoice is never deleted';
  const stored = live(write.current);
  if (stored !== null)
    return JSON.stringify(fieldsOfDoc(doc)) === JSON.stringify(fieldsOfDoc(stored))
      ? null
      : 'an invoice is never edited';
  const invoice = parseStoredInvoice(fieldsOfDoc(doc));
  if (invoice === null) return 'this is not an invoice';
  if (doc._id !== `${invoice.repairDocId}:${invoice.id}`) return 'an invoice’s id is {repairDocId}:{id}';
  const refused = await storeProblem(write, invoice.storeId, invoice.issuedBy.uid);
  if (refused !== null) return refused;
  const repair = live(await write.repairOf(invoice.repairDocId));
  if (repair === null) return 'an invoice’s repair must be on the server first';
  if (storeRefOf(parseRepairRecord(repair._id, repair)) !== invoice.storeId)
    return "an invoice names its repair's store";
  const series = seriesOfKind(invoice.kind);
  const counterDoc = live(await write.counterOf(invoiceCounterId(invoice.storeId, series)));
  const counter = counterDoc === null ? null : parseInvoiceCounter(fieldsOfDoc(counterDoc));
  if (counter === null) return 'an invoice’s number comes from its series’ counter, written first';
  const names = counter.lastInvoiceId === invoice.id && counter.lastRepairDocId === invoice.repairDocId;
  const number = formatInvoiceNumber(counter.prefix, counter.fy, counter.lastSerial, series);
  if (
    !names ||
    invoice.number !== number ||
    invoice.financialYear !== counter.fy ||
    invoice.serial !== counter.lastSerial
  )
    return 'an invoice carries the number its series’ counter gives it';
  return null;
}

/**
 * Whether a counter write is made at a revision other than the server's current one: for a PUT the
 * database's own answer, 409 (the device lost the race for that number and takes the next); the gateway
 * gives it before judging the move, which would otherwise look like a skip. Replication's writes of such
 * a revision (a branch of the device's own) are refused by the move check (never a conflicting branch).
 */
export function isStaleWrite(doc: Doc, current: Doc | null): boolean {
  const stored = live(current);
  const rev = typeof doc._rev === 'string' ? doc._rev : null;
  return stored === null ? rev !== null : rev !== stored._rev;
}

/** Why the device may not write this invoice counter, or null. */
export async function invoiceCounterProblem(write: InvoiceWrite): Promise<string | null> {
  const { doc, device } = write;
  if (device.admin) return null;
  if (doc._deleted === true) return 'an invoice counter is never deleted';
  const after = parseInvoiceCounter(fieldsOfDoc(doc));
  if (after === null) return 'this is not an invoice counter';
  if (doc._id !== invoiceCounterId(after.storeId, after.series))
    return 'an invoice counter’s id is {storeId}_{series}';
  const refused = await storeProblem(write, after.storeId, null);
  if (refused !== null) return refused;
  const stored = live(write.current);
  const before = stored === null ? null : parseInvoiceCounter(fieldsOfDoc(stored));
  if (stored !== null && before === null) return 'the counter on the server is damaged';
  const step = invoiceCounterStepProblem(before, after);
  if (step !== null) return step;
  // Not skippable: the last number's document is on the server before the counter moves on.
  if (
    before !== null &&
    live(await write.invoiceOf(`${before.lastRepairDocId}:${before.lastInvoiceId}`)) === null
  )
    return 'the counter moves on only once the invoice of its last number is on the server';
  if (live(await write.invoiceOf(`${after.lastRepairDocId}:${after.lastInvoiceId}`)) !== null)
    return 'this invoice has its number already';
  const repair = live(await write.repairOf(after.lastRepairDocId));
  if (repair === null || storeRefOf(parseRepairRecord(repair._id, repair)) !== after.storeId)
    return "a counter's number goes to a repair of its store";
  return null;
}

/** A database's `{prefix}-{collection}` name for another collection of the same shop. */
export function siblingDb(db: string, collection: string): string {
  return db.replace(/-(invoices|invoiceCounters)$/, `-${collection}`);
}
