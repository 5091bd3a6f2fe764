import { asInstant } from '../../../domain/shared/time';
import { asAppendedMerge } from '../../../domain/shop/payment-merge';
import { counterBefore, parseStoredRepairId } from '../../../domain/shop/repair-id';
import { storedDues } from '../../../domain/shop/repair-record';
import {
  repairWriteProblem as judgeRepairWrite,
  type RepairWrite,
  type StoredFields,
} from '../../../domain/shop/repair-write-rules';
import { reportFieldsAfterMove } from '../../../domain/shop/report-fields';
import { REPAIRS } from '../../../domain/stored/documents';
import { fieldsChangedBy } from '../../../domain/stored/schema';
import { fieldsOfDoc } from './synced-documents';

/**
 * The shop's workflow on the sync server: the domain's one rule for repair writes
 * (src/domain/shop/repair-write-rules.ts, what firestore.rules and the local backends enforce), run on
 * what a device pushes. Only the repairs database replicates; the documents the rule also looks at in
 * the same commit stay on the device (the counter, the delivery code apart, the delivery tries, the
 * payments: docs/pouchdb.md, "The shop console"). **Where the sync server must differ, it is here and
 * only here:**
 *
 *  - **Writers are owners.** The gateway knows a store's owner (`uid:<ownerId>`), not its staff
 *    (storeMembers does not replicate), so every writer is judged with the role 'owner'.
 *  - **Times.** A device may push what it wrote offline: the times it sets are judged against the
 *    server's clock within SYNC_CLOCK_TOLERANCE_MS (never ahead of it by more than 5 minutes:
 *    synced-documents.ts), where Firestore has its exact server time.
 *  - **A new repair** of the shop console (one with a history) cannot show its counter move: its Repair
 *    ID must instead be a canonical `PREFIX-n` (repair-id.ts parseStoredRepairId) that no other repair of its
 *    store holds on the server (the gateway's view, `repairIdTaken`); the counter the rule asks for is
 *    that number's. Its delivery code is on the repair on PouchDB: it is passed as the document kept
 *    apart. A repair without a history is the apps' create (by the store's owner, as firestore.rules
 *    allows the apps): the schema, the store and the owner are checked, not the console's workflow;
 *    so is an update that leaves an apps' repair without a history (firestore.rules says the same), while
 *    a console repair never loses its history.
 *  - **A payment or refund entry** stands for its payments document (which stays on the device): the
 *    rule then checks that paidPaise moves by exactly the entry's amount, in the writer's name, a refund
 *    by the owner.
 *  - **Payments taken on two devices** (docs/adapters.md, "Payments on PouchDB"): a device that had
 *    both revisions of a repair pushes their merge (payment-merge.ts), whose history is the server's
 *    with the other device's payment entries interleaved by time. It is judged as the server's history
 *    with those entries appended, one write each (asAppendedMerge), and stored as merged.
 *  - **A delivery by code** by the owner: the code was checked on the device (the owner reads it and
 *    may deliver without it by an override anyway), so the try the rule asks for is the stored code's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How old the times a pushed write sets may be: a device may have been offline for a week. */
export const SYNC_CLOCK_TOLERANCE_MS = 7 * DAY_MS;

type Doc = Readonly<Record<string, unknown>> & { readonly _id: string };

export interface SyncRepairWrite {
  readonly doc: Doc;
  /** The winning revision on the server, or null for a new repair (deleted counts as none). */
  readonly current: Doc | null;
  /** The store the repair belongs to (update: the stored repair's; create: the one it names). */
  readonly store: { readonly id: string; readonly ownerId: string };
  /** The device's account that owns the store, with its users document's name. */
  readonly writer: { readonly uid: string; readonly name: string };
  readonly now: Date;
  /** Whether another repair of the store already holds this Repair ID (asked only for a new repair). */
  readonly repairIdTaken: (repairId: string) => Promise<boolean>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Why the workflow refuses this pushed repair, or null. Deletions are the device-access checks'. */
export async function repairWorkflowProblem(write: SyncRepairWrite): Promise<string | null> {
  const { doc, current, store, writer, now } = write;
  if (doc._deleted === true) return null;
  const after = fieldsOfDoc(doc);
  const before = current === null || current._deleted === true ? null : fieldsOfDoc(current);
  if (before === null) {
    if (after.history === undefined) return null;
    const repairId = text(after.repairId);
    if (parseStoredRepairId(repairId) === null)
      return 'a new repair’s Repair ID is PREFIX-number, with at most 7 digits';
    if (await write.repairIdTaken(repairId))
      return `another repair of this store already holds ${repairId}: allocate a new Repair ID`;
  }
  // The apps' repairs keep no history: an update that leaves both versions without one is the apps'
  // write (as firestore.rules has it), judged by the schema, the store and its owner only.
  if (before !== null && before.history === undefined && after.history === undefined) return null;
  const steps = stepsOf(before, after);
  for (const [index, step] of steps.entries()) {
    const problem = stepProblem(doc._id, step, store, writer, now);
    if (problem !== null)
      return steps.length === 1
        ? problem
        : `${problem} (history entry ${index + 1} of the ${steps.length} pushed)`;
  }
  return null;
}

interface Step {
  readonly before: StoredFields | null;
  readonly after: StoredFields;
  /** The history entry this step adds (null when the write adds none: the rule refuses it). */
  readonly entry: StoredFields | null;
}

const TIMELINE_KINDS = ['created', 'status', 'override', 'reopen'];
const EDIT_FIELDS = fieldsChangedBy(REPAIRS, 'member').filter((name) => name !== 'imageUrls');
const FIELDS_BY_KIND: Readonly<Record<string, readonly string[]>> = {
  edit: EDIT_FIELDS,
  photo: ['imageUrls'],
  tracking: ['trackingToken'],
};

/**
 * The writes a push stands for. Replication sends a document's latest revision only: a device that
 * changed a repair several times between two pushes (offline, or quickly) sends a history grown by
 * several entries. Each entry is then judged as its own write, from the server's version on: the
 * entry's status (and timeline step), a payment's or refund's amount, and the fields its kind may
 * change taken at their pushed values; the last step is the pushed document itself, so nothing else
 * may have changed. A history that does not continue the server's is judged as one write (refused).
 */
function stepsOf(before: StoredFields | null, pushedDoc: StoredFields): Step[] {
  const stored = Array.isArray(before?.history) ? (before.history as unknown[]) : [];
  const continuing = (doc: StoredFields) => {
    const list = Array.isArray(doc.history) ? (doc.history as unknown[]) : null;
    return (
      list !== null &&
      list.length > stored.length &&
      JSON.stringify(list.slice(0, stored.length)) === JSON.stringify(stored)
    );
  };
  // Payments merged from two devices: the server's history with the others appended.
  const after =
    !continuing(pushedDoc) && before !== null ? (asAppendedMerge(before, pushedDoc) ?? pushedDoc) : pushedDoc;
  const pushed = Array.isArray(after.history) ? (after.history as unknown[]) : null;
  if (!continuing(after)) return [{ before, after, entry: null }];
  const entries = (pushed as StoredFields[]).slice(stored.length);
  const timeline = Array.isArray(after.timeline) ? (after.timeline as unknown[]) : null;
  let steps = Array.isArray(before?.timeline) ? (before.timeline as unknown[]).length : 0;
  const net = (from: number) =>
    entries
      .slice(from)
      .reduce(
        (sum, entry) =>
          sum + (entry.kind === 'payment' ? amountOf(entry) : entry.kind === 'refund' ? -amountOf(entry) : 0),
        0,
      );
  const out: Step[] = [];
  let state: StoredFields | null = before;
  for (const [k, entry] of entries.entries()) {
    const last = k === entries.length - 1;
    if (TIMELINE_KINDS.includes(text(entry.kind))) steps += 1;
    let next: StoredFields;
    if (last) next = after;
    else {
      const base: Record<string, unknown> = { ...(state ?? after) };
      if (state === null && 'paidPaise' in after) base.paidPaise = numberOf(after.paidPaise) - net(1);
      base.history = (pushed as unknown[]).slice(0, stored.length + k + 1);
      base.status = entry.status;
      base.updatedAt = after.updatedAt;
      if (timeline !== null && TIMELINE_KINDS.includes(text(entry.kind)))
        base.timeline = timeline.slice(0, steps);
      // The reports' deliveredAt as that move stored it: its time for 'delivered', else cleared.
      if (TIMELINE_KINDS.includes(text(entry.kind))) {
        base.deliveredAt = entry.status === 'delivered' ? entry.at : null;
        // And the reports' sums that move stored (report-fields.ts), from the entry's time.
        const at = asInstant(entry.at) ?? new Date(Number.NaN);
        Object.assign(base, reportFieldsAfterMove(text(entry.status), base, at));
      }
      if (state !== null && entry.kind === 'payment')
        base.paidPaise = numberOf(state.paidPaise) + amountOf(entry);
      if (state !== null && entry.kind === 'refund')
        base.paidPaise = numberOf(state.paidPaise) - amountOf(entry);
      for (const field of FIELDS_BY_KIND[text(entry.kind)] ?? []) {
        if (field in after) base[field] = after[field];
        else delete base[field];
      }
      // The dues fields as that write stored them (the last step is the pushed document's own).
      next = { ...base, ...storedDues(base) };
    }
    out.push({ before: state, after: next, entry });
    state = next;
  }
  return out;
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);
const amountOf = (entry: StoredFields): number => numberOf(entry.amountPaise);

/** One write judged by the domain's rule, with what the server cannot see stood in for. */
function stepProblem(
  repairDocId: string,
  step: Step,
  store: SyncRepairWrite['store'],
  writer: SyncRepairWrite['writer'],
  now: Date,
): string | null {
  const base = {
    repairDocId,
    writer: { uid: writer.uid, name: writer.name, role: 'owner' as const },
    store,
    now,
    representation: 'json' as const,
    toleranceMs: SYNC_CLOCK_TOLERANCE_MS,
  };
  if (step.before === null) {
    const { deliveryCode, ...rest } = step.after;
    const parsed = parseStoredRepairId(text(step.after.repairId));
    if (parsed === null) return 'a new repair’s Repair ID is PREFIX-number, with at most 7 digits';
    return messageOf({
      ...base,
      before: null,
      after: rest,
      counter: {
        // The counter it stands for (the Repair ID rule's): none before the store's first number.
        before: counterBefore(parsed),
        after: { prefix: parsed.prefix, last: parsed.number, lastRepairDocId: repairDocId },
      },
      delivery: deliveryCode === undefined ? null : { code: deliveryCode, storeId: store.id },
      payment: paymentStandIn(repairDocId, step.after, store.id, now, null),
    });
  }
  const before = step.before;
  return messageOf({
    ...base,
    before,
    after: step.after,
    payment: step.entry === null ? null : paymentStandIn(repairDocId, step.after, store.id, now, step.entry),
    tries:
      typeof before.deliveryCode === 'string'
        ? {
            tries: 1,
            firstAt: now.toISOString(),
            at: now.toISOString(),
            code: before.deliveryCode,
            by: writer.uid,
          }
        : null,
  });
}

/**
 * The payments document a payment or refund entry stands for (it stays on the device): of the entry's
 * kind and amount, in the entry's writer's name, now. A new repair's advance (paidPaise with its one
 * 'created' entry) likewise.
 */
function paymentStandIn(
  repairDocId: string,
  after: StoredFields,
  storeId: string,
  now: Date,
  entry: StoredFields | null,
): StoredFields | null {
  if (entry === null) {
    const paid = after.paidPaise;
    if (typeof paid !== 'number' || paid <= 0) return null;
    const by = (after.createdBy ?? {}) as StoredFields;
    return standIn(`${repairDocId}-p1`, 'payment', paid, by, '', storeId, now);
  }
  if (entry.kind !== 'payment' && entry.kind !== 'refund') return null;
  const id = text(entry.paymentId) || `${repairDocId}-synced`;
  return standIn(
    id,
    entry.kind,
    entry.amountPaise,
    (entry.by ?? {}) as StoredFields,
    text(entry.note),
    storeId,
    now,
  );
}

function standIn(
  id: string,
  kind: 'payment' | 'refund',
  amountPaise: unknown,
  by: StoredFields,
  note: string,
  storeId: string,
  now: Date,
): StoredFields {
  return {
    id,
    kind,
    amountPaise,
    mode: 'cash',
    at: now.toISOString(),
    by: { uid: text(by.uid), name: text(by.name) },
    note,
    storeId,
  };
}

function messageOf(write: RepairWrite): string | null {
  return judgeRepairWrite(write)?.message ?? null;
}
