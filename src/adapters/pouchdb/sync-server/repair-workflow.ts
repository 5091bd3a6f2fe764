import { parseRepairId } from '../../../domain/shop/repair-id';
import {
  repairWriteProblem as judgeRepairWrite,
  type RepairWrite,
  type StoredFields,
} from '../../../domain/shop/repair-write-rules';
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
 *    ID must instead be a canonical `PREFIX-n` with n ≤ MAX_REPAIR_NUMBER that no other repair of its
 *    store holds on the server (the gateway's view, `repairIdTaken`); the counter the rule asks for is
 *    that number's. Its delivery code is on the repair on PouchDB: it is passed as the document kept
 *    apart. A repair without a history is the apps' create (by the store's owner, as firestore.rules
 *    allows the apps): the schema, the store and the owner are checked, not the console's workflow.
 *  - **A payment or refund entry** stands for its payments document (which stays on the device): the
 *    rule then checks that paidPaise moves by exactly the entry's amount, in the writer's name, a refund
 *    by the owner.
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
  const base = {
    repairDocId: doc._id,
    writer: { uid: writer.uid, name: writer.name, role: 'owner' as const },
    store,
    now,
    representation: 'json' as const,
    toleranceMs: SYNC_CLOCK_TOLERANCE_MS,
  };

  if (before === null) {
    if (after.history === undefined) return null;
    const repairId = text(after.repairId);
    const parsed = parseRepairId(repairId);
    if (parsed === null || parsed.id !== repairId)
      return 'a new repair’s Repair ID is PREFIX-number, with at most 7 digits';
    if (await write.repairIdTaken(repairId))
      return `another repair of this store already holds ${repairId}: allocate a new Repair ID`;
    const { deliveryCode, ...rest } = after;
    const judged: RepairWrite = {
      ...base,
      before: null,
      after: rest,
      counter: {
        before: parsed.number > 1 ? { prefix: parsed.prefix, last: parsed.number - 1 } : null,
        after: { prefix: parsed.prefix, last: parsed.number, lastRepairDocId: doc._id },
      },
      delivery: deliveryCode === undefined ? null : { code: deliveryCode, storeId: store.id },
      payment: paymentStandIn(doc._id, after, store.id, now, null),
    };
    return messageOf(judged);
  }

  const history = Array.isArray(after.history) ? after.history : [];
  const entry = history[history.length - 1] as StoredFields | undefined;
  const judged: RepairWrite = {
    ...base,
    before,
    after,
    payment: paymentStandIn(doc._id, after, store.id, now, entry ?? null),
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
  };
  return messageOf(judged);
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
