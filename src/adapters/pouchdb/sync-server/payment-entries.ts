import { parseRepairRecord } from '../../../domain/repairs/repair';
import { isPaymentId, UPI_REFERENCE_PATTERN } from '../../../domain/shop/payments';
import { storeRefOf } from '../../../domain/shop/repair-store';
import { isStoreMember } from '../../../domain/stores/store';
import type { Principals, StoreLookup } from './device-access';
import { SYNC_CLOCK_TOLERANCE_MS } from './repair-workflow';
import { fieldsOfDoc } from './synced-documents';

/**
 * The sync gateway's check of a payment entry a device pushes (the `payments` database: one immutable
 * document per payment or refund, `{repairDocId}:{paymentId}`; docs/adapters.md, "Payments on
 * PouchDB"), as firestore.rules `match /payments/{paymentId}` and isPaymentMove say it: written by a
 * member of the store it names (on the sync server: its owner, as repair-workflow.ts says), in the
 * writer's own name, a refund by the store's owner, never edited; deleted by the store's owner only. A
 * refund never takes what was paid below zero: the repair's paid on the server, or the sum of the
 * server's entries for it, whichever is more, must cover it (the repair's own push is judged by the
 * repair rule, which checks the sums). The shape (PAYMENTS, in JSON) is checked before this
 * (synced-documents.ts), and the validator (validators.ts) again after.
 */

type Doc = Readonly<Record<string, unknown>> & { readonly _id: string };

export interface PaymentEntryWrite {
  readonly doc: Doc;
  /** The winning version on the server, or null. */
  readonly current: Doc | null;
  readonly device: Principals;
  readonly stores: StoreLookup;
  readonly now: Date;
  /** The repair on the server (null when it is not there yet), and its entries there. */
  readonly repairOf: (repairDocId: string) => Promise<Doc | null>;
  readonly entriesOf: (repairDocId: string) => Promise<readonly Doc[]>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const amountOf = (doc: Readonly<Record<string, unknown>>): number =>
  typeof doc.amountPaise === 'number' ? doc.amountPaise : 0;

/** The repair and payment ids of an entry's document id, or null when it is not `{repairDocId}:{paymentId}`. */
export function entryIdParts(docId: string): { repairDocId: string; paymentId: string } | null {
  const at = docId.lastIndexOf(':');
  if (at <= 0) return null;
  const repairDocId = docId.slice(0, at);
  const paymentId = docId.slice(at + 1);
  return isPaymentId(paymentId) && !repairDocId.startsWith('_') ? { repairDocId, paymentId } : null;
}

/** Why the device may not write this payment entry, or null. */
export async function paymentEntryProblem(write: PaymentEntryWrite): Promise<string | null> {
  const { doc, current, device, stores, now } = write;
  if (device.admin) return null;
  const stored = current === null || current._deleted === true ? null : current;
  if (doc._deleted === true) {
    if (stored === null) return null;
    const store = await stores(text(stored.storeId));
    if (store === null || !device.uids.includes(store.ownerId))
      return "only the store's owner deletes a payment (with its repair)";
    return null;
  }
  if (stored !== null)
    return JSON.stringify(fieldsOfDoc(doc)) === JSON.stringify(fieldsOfDoc(stored))
      ? null
      : 'a payment is never edited';
  const parts = entryIdParts(doc._id);
  if (parts === null) return 'a payment entry’s id is {repairDocId}:{paymentId}';
  if (doc.id !== parts.paymentId) return 'a payment entry’s id field is its payment id';
  const storeId = text(doc.storeId);
  const store = storeId === '' ? null : await stores(storeId);
  if (store === null) return `the store ${storeId} does not exist on the server`;
  const by = (doc.by ?? {}) as Readonly<Record<string, unknown>>;
  const uid = text(by.uid);
  if (!device.uids.includes(uid)) return 'a payment is taken in the name of an account of this device';
  if (!isStoreMember(store, uid)) return `this device does not work in the store ${storeId}`;
  if (doc.kind === 'refund' && uid !== store.ownerId) return "only the store's owner refunds";
  const upi = text(doc.upiReference);
  if (upi !== '' && (doc.kind !== 'payment' || doc.mode !== 'upi' || !UPI_REFERENCE_PATTERN.test(upi)))
    return "a UPI reference is a 'upi' payment's 12 digits";
  const at = Date.parse(text(doc.at));
  if (Number.isNaN(at) || at < now.getTime() - SYNC_CLOCK_TOLERANCE_MS)
    return 'a payment pushed is at most a week old';
  const repair = await write.repairOf(parts.repairDocId);
  if (repair !== null && repair._deleted !== true) {
    if (storeRefOf(parseRepairRecord(repair._id, repair)) !== storeId)
      return "a payment names its repair's store";
    const history = Array.isArray(repair.history)
      ? (repair.history as Readonly<Record<string, unknown>>[])
      : [];
    const named = history.find((entry) => entry.paymentId === parts.paymentId);
    // The repair came first: its entry (judged by the repair rule) must be this payment's.
    if (named !== undefined)
      return named.kind === doc.kind &&
        amountOf(named) === amountOf(doc) &&
        text((named.by as Doc | undefined)?.uid) === uid
        ? null
        : 'the repair’s history names this payment with another kind, amount or writer';
  }
  if (doc.kind !== 'refund') return null;
  const entries = await write.entriesOf(parts.repairDocId);
  const sum = entries
    .filter((entry) => entry._deleted !== true && entry._id !== doc._id)
    .reduce((total, entry) => total + (entry.kind === 'refund' ? -amountOf(entry) : amountOf(entry)), 0);
  const paid = Math.max(sum, repair !== null && typeof repair.paidPaise === 'number' ? repair.paidPaise : 0);
  return amountOf(doc) > paid ? 'a refund never exceeds what was paid' : null;
}
