import { mergePaymentRevisions } from '../../domain/shop/payment-merge';
import { isPaymentId, planPayment } from '../../domain/shop/payments';
import { parseShopRepair } from '../../domain/shop/repair-record';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { NewShopPayment, ShopPayment } from '../../ports/shop-repairs';
import {
  enforceRepairWrite,
  paymentRefusal,
  repairWriteParties,
  type ShopAccess,
  withEntry,
} from '../local/local-rules';
import { backoff, fieldsOf, MAX_WRITE_ATTEMPTS, type StoredDoc, storedRecord } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { parsePayment, paymentRange } from './pouchdb-shop-docs';
import { losersOf } from './pouchdb-support-issue-repository';

/**
 * Payments and refunds on PouchDB (docs/adapters.md, "Payments on PouchDB"). Each entry is its own
 * immutable document in the `payments` database, id `{repairDocId}:{paymentId}`, which replicates: two
 * devices that take payments offline on one repair never write the same document. The repair
 * document still carries what the dues need (paidPaise, duePaise, owing) and one history entry per
 * payment; when two devices moved it apart, sync brings it back with conflicting revisions, and
 * `settleRepairConflict` merges them (domain/shop/payment-merge.ts): every payment entry counted once.
 * A recordPayment writes the entry first, then the repair at its revision (a 409 plans again); a retry
 * with the same id finds the entry and, once the repair names it, answers it.
 */

/** The payments document of an entry: `{repairDocId}:{paymentId}` (payment ids have no ':'). */
export const paymentEntryDocId = (repairDocId: string, paymentId: string) => `${repairDocId}:${paymentId}`;

/** A repair's entries in the payments database: one range of its primary index. */
export const paymentEntryRange = (repairDocId: string) => ({
  startkey: `${repairDocId}:`,
  endkey: `${repairDocId}:\uffff`,
});

/**
 * A repair's payments, oldest first (by time, then `seq`): the payments database's entries, and the
 * advances that earlier
 * versions kept in shopPrivate (`payment:{repairDocId}:{n}`), each id once.
 */
export async function loadPaymentEntries(dbs: PouchDatabases, repairDocId: string): Promise<ShopPayment[]> {
  const [entries, older] = await Promise.all([
    dbs.payments.allDocs({ ...paymentEntryRange(repairDocId), include_docs: true }),
    dbs.shopPrivate.allDocs({ ...paymentRange(repairDocId), include_docs: true }),
  ]);
  const byId = new Map<string, ShopPayment>();
  const seqs = new Map<string, number>();
  for (const row of [...older, ...entries])
    if (row.doc && row.doc._deleted !== true) {
      const payment = parsePayment(repairDocId, row.doc);
      byId.set(payment.id, payment);
      if (typeof row.doc.seq === 'number') seqs.set(payment.id, row.doc.seq);
    }
  const seqOf = (id: string) => seqs.get(id) ?? 0;
  return [...byId.values()].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || seqOf(a.id) - seqOf(b.id) || a.id.localeCompare(b.id),
  );
}

const namesPayment = (doc: Readonly<Record<string, unknown>>, paymentId: string) =>
  Array.isArray(doc.history) &&
  doc.history.some((entry) => (entry as { paymentId?: unknown } | null)?.paymentId === paymentId);

/**
 * Merges the conflicting revisions of a repair that differ only by payments (sync brought another
 * device's): writes the merge over the winner and deletes the others. Leaves any other conflict to the
 * winner. Answers the repair as it then is, or null when there is none.
 */
export async function settleRepairConflict(dbs: PouchDatabases, id: string): Promise<StoredDoc | null> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    const doc = await dbs.repairs.get(id, { conflicts: true });
    if (doc === null || (doc._conflicts?.length ?? 0) === 0) return doc;
    const losers = await losersOf(dbs.repairs, doc);
    const merged = mergePaymentRevisions(doc, losers);
    if (merged === null) return doc;
    const rev = await dbs.repairs.put({ ...merged, _id: id, ...(doc._rev ? { _rev: doc._rev } : {}) });
    if (rev !== null) {
      for (const loser of losers)
        if (loser._rev) await dbs.repairs.put({ _id: id, _rev: loser._rev, _deleted: true });
      return { ...merged, _id: id, _rev: rev } as StoredDoc;
    }
    await backoff(attempt);
  }
  throw new PortError('unavailable', 'This repair is busy; try again.');
}

/** The actor of a write: the caller's membership and users document name. */
export interface PaymentWriter {
  readonly access: ShopAccess;
  readonly name: string;
}

/**
 * Records a payment or refund on the repair `id` (PouchShopRepairRepository.recordPayment, after the
 * membership check): the entry document, then the repair at its revision, judged by the domain's rule
 * with the entry. Calls for one repair on this device run one after another (`queue`).
 */
export async function recordPaymentEntry(
  dbs: PouchDatabases,
  clock: Clock,
  id: string,
  input: NewShopPayment,
  writer: PaymentWriter,
): Promise<{ payment: ShopPayment; repair: Record<string, unknown> }> {
  if (!isPaymentId(input.id))
    throw paymentRefusal({ reason: 'invalid-id', message: 'This payment id is not valid.' });
  const { access, name } = writer;
  const entryId = paymentEntryDocId(id, input.id);
  let written = await dbs.payments.get(entryId);
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    const doc = await settleRepairConflict(dbs, id);
    if (doc === null) throw new PortError('not-found', 'No repair has this id.');
    const before = fieldsOf(doc);
    if (written !== null && namesPayment(before, input.id))
      return { payment: parsePayment(id, written), repair: before };
    const now = clock.now();
    const plan = planPayment(
      parseShopRepair(id, before),
      input,
      { uid: access.uid, name, role: access.role },
      access.store.id,
      now,
    );
    if (!plan.ok) {
      // An entry written by an earlier try that never reached its repair is not counted: it goes.
      if (written?._rev) await dbs.payments.put({ _id: entryId, _rev: written._rev, _deleted: true });
      throw paymentRefusal(plan);
    }
    // seq: its place among the repair's entries (the history's length before it), so entries taken
    // within one clock tick list in the order they were taken.
    const seq = Array.isArray(before.history) ? before.history.length : 0;
    const record = written === null ? storedRecord({ ...plan.value.payment, seq }) : fieldsOf(written);
    const after = {
      ...before,
      ...storedRecord({
        paidPaise: plan.value.paidPaise,
        ...plan.value.dues,
        updatedAt: now,
        history: withEntry(before, plan.value.entry),
      }),
    };
    enforceRepairWrite({
      repairDocId: id,
      before,
      after,
      ...repairWriteParties(access, name),
      now,
      representation: 'json',
      // Judged as taken now (an entry a lost try left behind keeps its own time, when it was taken).
      payment: { ...record, at: now.toISOString() },
    });
    if (written === null) {
      // A put without a revision: an entry with this id already there (a retry elsewhere) is a 409.
      if ((await dbs.payments.put({ ...record, _id: entryId })) === null) {
        written = await dbs.payments.get(entryId);
        continue;
      }
      written = await dbs.payments.get(entryId);
    }
    if ((await dbs.repairs.put({ ...after, _id: id, ...(doc._rev ? { _rev: doc._rev } : {}) })) !== null)
      return { payment: parsePayment(id, record), repair: after };
    await backoff(attempt);
  }
  throw new PortError('unavailable', 'This repair is busy; try again.');
}
