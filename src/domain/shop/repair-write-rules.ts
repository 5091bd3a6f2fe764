import { asInstant } from '../shared/time';
import {
  HISTORY_ENTRY,
  MAX_HISTORY_ENTRIES,
  PAYMENTS,
  REPAIR_COUNTERS,
  REPAIR_DELIVERY_CODE,
  REPAIRS,
  TIMELINE_STEP,
} from '../stored/documents';
import { fieldsChangedBy, type Representation, schemaProblem, zodOf, zodOfField } from '../stored/schema';
import { formatPaise } from './amounts';
import { deliveryTryProves, parseDeliveryTries } from './delivery-tries';
import { SHOP_MESSAGES } from './messages';
import { parseLocalPhotoUrl } from './photo-urls';
import { hasTypedProblem } from './problems';
import { counterNextNumber } from './repair-id';
import { storedDues } from './repair-record';
import { repairBelongsTo } from './repair-store';
import { reportFieldsAfterMove } from './report-fields';
import {
  CREDIT_ENTRY_PATTERN,
  DELIVERY_CODE_PATTERN,
  isAllowedMove,
  REOPEN_TARGETS,
  type ShopRole,
} from './status';
import { INITIAL_STATUS, isFinalStatus, isRepairStatus, statusLabel } from './status-values';

/**
 * The one rule on every write of a repair by a client, as the Firestore rules say it (firestore.rules,
 * `match /repairs`): the memory and PouchDB families run it before each write, and the sync gateway
 * runs it on what a device pushes. It judges stored documents (the repairs document before and after,
 * and the documents written or read in the same commit), never the port's arguments, so it sees what
 * would be stored.
 *
 * A new repair (the shop console's create):
 *  - by a member of the store it names (`storeId`, with `businessId` its owner, no `store`), every field
 *    as REPAIRS says (types, sizes, no other field);
 *  - its Repair ID is the store's counter moved by exactly one (`prefix-last`, the next number by the
 *    Repair ID rule, repair-id.ts counterNextNumber; lastRepairDocId the new repair), its prefix fixed;
 *  - status 'received', one 'created' history entry by the writer in their own name, the timeline its
 *    one step, createdAt and updatedAt the server's time, createdBy the writer;
 *  - paidPaise 0, or an advance: a payment document of that amount in the same write;
 *  - the delivery code kept apart (repairs/{id}/shop/delivery), never on the repair.
 * An update, by a member of the repair's store (repairBelongsTo):
 *  - the Repair ID, store, business, createdAt, createdBy and the apps' deliveryCode never change;
 *  - the history grows by exactly one entry, by the writer in their own name, at about the server's
 *    time, carrying the repair's status; updatedAt is the server's time;
 *  - the entry's kind says what else may change: 'edit' the member's fields (customerMobileBy the writer
 *    when customerMobile changes), 'photo' imageUrls (this repair's photos only), 'status', 'override'
 *    and 'reopen' the status and its timeline step, 'payment' and 'refund' paidPaise by the entry's
 *    amount with its payment document in the same write (a refund: the owner), 'tracking' the token;
 *  - the status moves as the workflow allows; 'delivered' with a try of the stored delivery code by the
 *    writer in the last 2 minutes, or an owner's override with a reason;
 *  - a move to 'delivered' stores deliveredAt, the server's time; any other move (a reopen) clears it
 *    (null or absent); nothing else changes it, and a new repair has none (the reports' index);
 *  - 'delivered' with money due (the stored duePaise after the move) is a delivery on credit: its
 *    entry's note starts with CREDIT_NOTE_PREFIX and a note (status.ts CREDIT_ENTRY_PATTERN);
 *  - a delivered or cancelled repair is fixed except an owner's reopen, turning its tracking link
 *    off or anew, and payments and refunds (a delivered repair on credit is paid later);
 *  - a new repair, and every write that changes its status or paid, stores duePaise and owing as
 *    repairDues gives them (amounts.ts; the dues index); a member's edit never changes them, and an
 *    edit of a ready repair's amounts is followed by a 'note' write of them (payments.ts planDuesNote,
 *    within firestore.rules' budget); a payment's history entry names
 *    its payment document (paymentId), whose UPI reference is only a UPI payment's.
 */

/** How a refused write is answered (the ports' error codes). */
export type RepairWriteCode =
  | 'permission-denied'
  | 'invalid-argument'
  | 'failed-precondition'
  | 'resource-exhausted';

export interface RepairWriteProblem {
  readonly code: RepairWriteCode;
  readonly message: string;
}

export type StoredFields = Readonly<Record<string, unknown>>;

/** The signed-in account that writes: its uid, its users document's name, its role in the store. */
export interface RepairWriter {
  readonly uid: string;
  readonly name: string;
  /** null: not a member of the store. */
  readonly role: ShopRole | null;
}

export interface RepairWrite {
  readonly repairDocId: string;
  /** The stored repair, or null for a new one. */
  readonly before: StoredFields | null;
  /** The repair as the write would store it. */
  readonly after: StoredFields;
  readonly writer: RepairWriter;
  /**
   * The store the write is judged against (an update: the one the stored repair names, storeRefOf; a
   * create: the one it is created in), as its stores document says; null when it does not exist.
   */
  readonly store: { readonly id: string; readonly ownerId: string } | null;
  /** The server's time. */
  readonly now: Date;
  /** 'domain' (Dates: memory) or 'json' (ISO text: PouchDB, the sync gateway). Domain unless said. */
  readonly representation?: Representation;
  /** How far a time the write sets may be from `now` (0: exactly, the local families). */
  readonly toleranceMs?: number;
  /** A new repair: the store's counter before and after the write. */
  readonly counter?: { readonly before: StoredFields | null; readonly after: StoredFields | null };
  /**
   * repairs/{id}/shop/delivery: for a create, the one written with it; for a delivery by code, the
   * stored one (the apps' repairs keep their code on the repair instead).
   */
  readonly delivery?: StoredFields | null;
  /** repairs/{id}/shop/tries as stored when a delivery by code is written. */
  readonly tries?: StoredFields | null;
  /** The payment document written in the same commit (an advance, a payment, a refund). */
  readonly payment?: StoredFields | null;
  /** Whether a photo URL names a photo of this repair (local backends' paths unless said). */
  readonly isPhotoUrlOf?: (url: string, repairDocId: string) => boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Equal stored values: Dates by their time, lists and maps item by item, absent = undefined. */
export function sameStored(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameStored(item, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
    for (const key of keys) if (!sameStored(ra[key], rb[key])) return false;
    return true;
  }
  return a === b;
}

/** The top-level fields whose stored values differ. */
export function changedFields(before: StoredFields, after: StoredFields): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !sameStored(before[key], after[key]));
}

const FIXED = ['repairId', 'storeId', 'store', 'businessId', 'createdAt', 'createdBy', 'deliveryCode'];
const EDIT_FIELDS = fieldsChangedBy(REPAIRS, 'member').filter((name) => name !== 'imageUrls');
const ALWAYS = ['history', 'updatedAt'];
/** The dues fields: stored by every kind of write but a member's edit (firestore.rules isMemberEdit). */
const DUES = ['duePaise', 'owing'];
const TIMELINE_KINDS = ['created', 'status', 'override', 'reopen'];
/** What a status move stores for the reports (deliveredAt, and report-fields.ts's sums). */
const DELIVERY_FIELDS = ['deliveredAt', 'salePaise', 'turnaroundMs'];

/** What else each kind of history entry may change. */
const CHANGES_BY_KIND: Readonly<Record<string, readonly string[]>> = {
  edit: EDIT_FIELDS,
  photo: ['imageUrls'],
  status: ['status', 'timeline', ...DELIVERY_FIELDS, ...DUES],
  override: ['status', 'timeline', ...DELIVERY_FIELDS, ...DUES],
  reopen: ['status', 'timeline', ...DELIVERY_FIELDS, ...DUES],
  payment: ['paidPaise', ...DUES],
  refund: ['paidPaise', ...DUES],
  tracking: ['trackingToken', ...DUES],
  // The note after an edit of a ready repair's amounts stores its dues fields (payments.ts planDuesNote).
  note: [...DUES],
};

type Refusal = (code: RepairWriteCode, message: string) => RepairWriteProblem;
const problem: Refusal = (code, message) => ({ code, message });
const denied = (why: string) => problem('permission-denied', `This change is not allowed: ${why}.`);
const invalid = (why: string) => problem('invalid-argument', `This value is not allowed: ${why}.`);

function near(value: unknown, now: Date, toleranceMs: number): boolean {
  const at = value instanceof Date || typeof value === 'string' ? asInstant(value) : null;
  return at !== null && Math.abs(at.getTime() - now.getTime()) <= toleranceMs;
}

const DAY = 24 * 60 * 60 * 1000;

/** Judges a write of a repair: why it is refused, or null when the rules allow it. */
export function repairWriteProblem(write: RepairWrite): RepairWriteProblem | null {
  const { writer, store } = write;
  if (writer.uid === '' || writer.role === null || store === null)
    return denied('only members of the store write its repairs');
  if (store.ownerId === writer.uid && writer.role !== 'owner') return denied('the store owner is its owner');
  const fault = write.before === null ? newRepairProblem(write) : updateProblem(write, write.before);
  return fault ?? duesProblem(write.before, write.after);
}

/** What the dues fields derive from in a workflow write, and themselves (firestore.rules isWorkflowChange). */
const DUES_FIELDS = ['status', 'paidPaise', 'duePaise', 'owing'];

// Twin: firestore.rules isDuesKept (with amounts.ts repairDues); compared by tests/app/twin-rules.test.ts.
/**
 * The dues fields a shop write stores are the ones its status and amounts give (repairDues): a new
 * repair's, and an update's that changes the status, an amount, paid or the fields themselves.
 */
function duesProblem(before: StoredFields | null, after: StoredFields): RepairWriteProblem | null {
  if (before !== null) {
    // A member's edit never stores them (CHANGES_BY_KIND): the note after it does.
    const history = Array.isArray(after.history) ? after.history : [];
    const kind = text((history[history.length - 1] as Record<string, unknown> | undefined)?.kind);
    if (kind === 'edit' || kind === 'photo') return null;
    if (!changedFields(before, after).some((field) => DUES_FIELDS.includes(field))) return null;
  }
  const dues = storedDues(after);
  if (after.duePaise !== dues.duePaise || after.owing !== dues.owing)
    return denied(`duePaise and owing are what the amounts give (${dues.duePaise}, ${String(dues.owing)})`);
  return null;
}

function entryProblem(write: RepairWrite, entry: unknown, status: unknown): RepairWriteProblem | null {
  const representation = write.representation ?? 'domain';
  const checked = zodOfField(HISTORY_ENTRY, representation).safeParse(entry);
  if (!checked.success) return invalid(`the history entry: ${checked.error.issues[0]?.message ?? ''}`);
  const data = entry as Record<string, unknown>;
  const by = data.by as { uid: string; name: string };
  if (by.uid !== write.writer.uid || by.name !== write.writer.name)
    return denied('a history entry is written in your own name');
  if (!near(data.at, write.now, Math.max(DAY, write.toleranceMs ?? 0)))
    return denied("a history entry's time is within a day of the server's");
  if (data.status !== status) return denied("the history entry carries the repair's status");
  return null;
}

function timelineProblem(
  write: RepairWrite,
  before: unknown,
  after: unknown,
  entry: Record<string, unknown>,
): RepairWriteProblem | null {
  const previous = Array.isArray(before) ? before : [];
  const step = { status: entry.status, at: entry.at };
  if (!Array.isArray(after) || !sameStored(after, [...previous, step]))
    return denied('the timeline grows by the status change, at its time');
  const checked = zodOfField(TIMELINE_STEP, write.representation ?? 'domain').safeParse(step);
  if (!checked.success || after.length > MAX_HISTORY_ENTRIES) return invalid('the timeline');
  return null;
}

// Twin: firestore.rules isDeliveredAtKept; compared by tests/app/twin-rules.test.ts.
/**
 * The reports' index of deliveries: a status move to 'delivered' stores deliveredAt, the server's time
 * of the write (within the write's tolerance); any other move clears it (null or absent).
 */
function deliveredAtProblem(write: RepairWrite, after: StoredFields): RepairWriteProblem | null {
  const value = after.deliveredAt;
  if (after.status === 'delivered') {
    if (!near(value, write.now, write.toleranceMs ?? 0))
      return denied("deliveredAt is the server's time of the delivery");
    return null;
  }
  if (value !== undefined && value !== null)
    return denied('deliveredAt is cleared when the repair leaves delivered');
  return null;
}

// Twin: firestore.rules isReportKept and isOtherProblemKept; compared by tests/app/twin-rules.test.ts.
/**
 * The reports' sums (report-fields.ts): a status move stores salePaise and turnaroundMs as
 * reportFieldsAfterMove plans them from the move's entry (null on a move elsewhere than 'delivered');
 * otherProblem follows the problem list whenever either is written (`moved` false: an edit, a new repair).
 */
function reportFieldsProblem(
  before: StoredFields | null,
  after: StoredFields,
  entry: Record<string, unknown> | null,
): RepairWriteProblem | null {
  if (entry !== null) {
    const at = asInstant(entry.at) ?? new Date(Number.NaN);
    const expected = reportFieldsAfterMove(
      text(after.status),
      { ...after, createdAt: before?.createdAt },
      at,
    );
    if (
      (after.salePaise ?? null) !== expected.salePaise ||
      (after.turnaroundMs ?? null) !== expected.turnaroundMs
    )
      return denied(
        `salePaise and turnaroundMs are what the move gives (${String(expected.salePaise)}, ${String(expected.turnaroundMs)})`,
      );
    return null;
  }
  const changed = before === null ? ['problemList'] : changedFields(before, after);
  if (!changed.includes('problemList') && !changed.includes('otherProblem')) return null;
  if ((after.otherProblem ?? false) !== hasTypedProblem(after.problemList ?? []))
    return denied("otherProblem says whether a problem is not one of the common ones ('Other')");
  return null;
}

// Twin: firestore.rules isPaymentMove (and isWorkflowChange's paidPaise cap);
// compared by tests/app/twin-rules.test.ts.
function paymentProblem(
  write: RepairWrite,
  entry: Record<string, unknown>,
  kind: 'payment' | 'refund',
): RepairWriteProblem | null {
  const payment = write.payment;
  if (payment === undefined || payment === null)
    return denied('money moves only with its payment document in the same write');
  const schema = schemaProblem(PAYMENTS, payment, write.representation ?? 'domain');
  if (schema !== null) return invalid(`the payment: ${schema}`);
  const by = payment.by as { uid: string; name: string };
  if (payment.kind !== kind || payment.amountPaise !== entry.amountPaise)
    return denied('the payment document is of the same kind and amount as its history entry');
  if (by.uid !== write.writer.uid || by.name !== write.writer.name)
    return denied('a payment is taken in your own name');
  if (payment.storeId !== write.store?.id) return denied("a payment names its repair's store");
  if (!near(payment.at, write.now, write.toleranceMs ?? 0)) return denied("a payment's time is the server's");
  if (entry.paymentId !== undefined && entry.paymentId !== payment.id)
    return denied('the history entry names its payment');
  const upiReference = payment.upiReference;
  if (
    typeof upiReference === 'string' &&
    upiReference !== '' &&
    (kind !== 'payment' || payment.mode !== 'upi')
  )
    return denied("a UPI reference is only a 'upi' payment's");
  return null;
}

// Twin: firestore.rules isShopCreate and, for the counter, repairCounters isStep;
// compared by tests/app/twin-rules.test.ts.
function newRepairProblem(write: RepairWrite): RepairWriteProblem | null {
  const { after, writer, now } = write;
  const store = write.store as { id: string; ownerId: string };
  const representation = write.representation ?? 'domain';
  const tolerance = write.toleranceMs ?? 0;

  // The counter first: a store whose numbers are used up or whose counter is damaged creates nothing.
  const counter = write.counter;
  if (counter === undefined || counter.after === null)
    return denied("a new repair takes its Repair ID from the store's counter");
  const previous = counter.before;
  const next = counterNextNumber(previous);
  if (!next.ok) return problem(next.code, next.message);
  const counterSchema = schemaProblem(REPAIR_COUNTERS, counter.after, representation);
  if (counterSchema !== null) return invalid(`the counter: ${counterSchema}`);
  const expected = next.number;
  if (counter.after.last !== expected) return denied('the counter moves by exactly one');
  if (previous !== null && counter.after.prefix !== previous.prefix)
    return denied("the counter's prefix is fixed");
  if (counter.after.lastRepairDocId !== write.repairDocId)
    return denied('the counter names the repair it numbers');
  if (after.repairId !== `${text(counter.after.prefix)}-${String(expected)}`)
    return denied("the Repair ID is the counter's new number");

  const schema = schemaProblem(REPAIRS, after, representation);
  if (schema !== null) return invalid(schema);
  if (after.storeId !== store.id || after.businessId !== store.ownerId || after.store !== undefined)
    return denied('a new repair names its store by storeId, with businessId its owner');
  if (after.deliveryCode !== undefined) return denied('the delivery code is kept apart from the repair');
  const delivery = write.delivery;
  if (delivery === undefined || delivery === null)
    return denied('a new repair gets its delivery code in the same write');
  const deliverySchema = schemaProblem(REPAIR_DELIVERY_CODE, delivery, representation);
  if (deliverySchema !== null) return invalid(`the delivery code: ${deliverySchema}`);
  if (delivery.storeId !== store.id) return denied("the delivery code names the repair's store");
  if (after.status !== INITIAL_STATUS) return denied("a new repair is 'received'");
  if (after.deliveredAt !== undefined && after.deliveredAt !== null)
    return denied('a new repair is not delivered (deliveredAt)');
  if ((after.salePaise ?? null) !== null || (after.turnaroundMs ?? null) !== null)
    return denied('a new repair is not delivered (salePaise, turnaroundMs)');
  const problems = reportFieldsProblem(null, after, null);
  if (problems !== null) return problems;
  if (!near(after.createdAt, now, tolerance) || !near(after.updatedAt, now, tolerance))
    return denied("createdAt and updatedAt are the server's time");
  const history = Array.isArray(after.history) ? after.history : [];
  const entry = history[0] as Record<string, unknown> | undefined;
  if (history.length !== 1 || entry?.kind !== 'created' || entry.from !== null || entry.amountPaise !== null)
    return denied("a new repair's history is its one 'created' entry");
  const entryFault = entryProblem(write, entry, INITIAL_STATUS);
  if (entryFault !== null) return entryFault;
  const timelineFault = timelineProblem(write, [], after.timeline, entry);
  if (timelineFault !== null) return timelineFault;
  if (!sameStored(after.createdBy, { uid: writer.uid, name: writer.name }))
    return denied('createdBy is you, in your own name');
  if (after.customerMobile !== undefined && after.customerMobileBy !== writer.uid)
    return denied('customerMobileBy is who wrote the mobile number');
  const paid = typeof after.paidPaise === 'number' ? after.paidPaise : 0;
  if (paid > 0) {
    const advance = paymentProblem(write, { amountPaise: paid }, 'payment');
    if (advance !== null) return advance;
  } else if (write.payment !== undefined && write.payment !== null)
    return denied('a payment moves paidPaise by its amount');
  return photosProblem(write, [], after.imageUrls);
}

function photosProblem(write: RepairWrite, before: unknown, after: unknown): RepairWriteProblem | null {
  const previous = new Set(Array.isArray(before) ? before : []);
  const isOf =
    write.isPhotoUrlOf ?? ((url: string, id: string) => parseLocalPhotoUrl(url)?.repairDocId === id);
  for (const url of Array.isArray(after) ? after : [])
    if (!previous.has(url) && (typeof url !== 'string' || !isOf(url, write.repairDocId)))
      return denied("a photo is one of this repair's own");
  return null;
}

// Twin: firestore.rules isShopChange, isMemberEdit, isWorkflowChange;
// compared by tests/app/twin-rules.test.ts.
function updateProblem(write: RepairWrite, before: StoredFields): RepairWriteProblem | null {
  const { after, writer, now } = write;
  const store = write.store as { id: string; ownerId: string };
  const representation = write.representation ?? 'domain';
  if (!repairBelongsTo(before, store.id, store.ownerId))
    return denied('only members of its store write a repair');

  const changed = changedFields(before, after);
  for (const field of FIXED) if (changed.includes(field)) return denied(`${field} is fixed`);

  const previousHistory = Array.isArray(before.history) ? before.history : [];
  const history = Array.isArray(after.history) ? after.history : null;
  if (
    history === null ||
    history.length !== previousHistory.length + 1 ||
    !sameStored(history.slice(0, previousHistory.length), previousHistory)
  )
    return denied('the history only grows, by one entry in your name');
  if (history.length > MAX_HISTORY_ENTRIES) return invalid(`a history holds ${MAX_HISTORY_ENTRIES} entries`);
  const entry = history[history.length - 1] as Record<string, unknown>;
  const entryFault = entryProblem(write, entry, after.status);
  if (entryFault !== null) return entryFault;
  const kind = text(entry.kind);

  const from = text(before.status).trim();
  const money = kind === 'payment' || kind === 'refund';
  if (isFinalStatus(from) && kind !== 'reopen' && kind !== 'tracking' && !money)
    return problem('failed-precondition', SHOP_MESSAGES.repairFinalFixed(statusLabel(from)));

  const allowed = CHANGES_BY_KIND[kind];
  if (allowed === undefined) return denied(`a '${kind}' entry is not written on an existing repair`);
  const others = changed.filter((field) => !ALWAYS.includes(field) && !allowed.includes(field));
  if (others.length > 0) return denied(`${others.join(', ')} cannot change with a '${kind}' entry`);
  if (!near(after.updatedAt, now, write.toleranceMs ?? 0)) return denied("updatedAt is the server's time");

  const keys = changed.filter((field) => field !== 'history' && field !== 'timeline');
  const schema = schemaProblem(REPAIRS, after, representation, keys);
  if (schema !== null) return invalid(schema);

  if (changed.includes('customerMobile') && after.customerMobileBy !== writer.uid)
    return denied('customerMobileBy is who wrote the mobile number');
  if (changed.includes('customerMobileBy') && !changed.includes('customerMobile'))
    return denied('customerMobileBy changes with the mobile number');
  if (kind === 'edit') {
    const problems = reportFieldsProblem(before, after, null);
    if (problems !== null) return problems;
  }
  if (changed.includes('imageUrls')) {
    const photos = photosProblem(write, before.imageUrls, after.imageUrls);
    if (photos !== null) return photos;
  }

  if (kind === 'payment' || kind === 'refund') {
    if (kind === 'refund' && writer.role !== 'owner') return denied('only the owner refunds');
    if (typeof entry.paymentId !== 'string') return denied('a payment entry names its payment document');
    const amount = typeof entry.amountPaise === 'number' ? entry.amountPaise : 0;
    const paidBefore = typeof before.paidPaise === 'number' ? before.paidPaise : 0;
    if (after.paidPaise !== paidBefore + (kind === 'payment' ? amount : -amount))
      return denied('paidPaise moves by the amount of its payment or refund');
    const payment = paymentProblem(write, entry, kind);
    if (payment !== null) return payment;
  } else if (entry.amountPaise !== null) return denied('only a payment or refund entry has an amount');

  const statusChanged = changed.includes('status');
  if (TIMELINE_KINDS.includes(kind)) {
    if (!statusChanged) return denied('a status entry changes the status');
    const timeline = timelineProblem(write, before.timeline, after.timeline, entry);
    if (timeline !== null) return timeline;
    // The move is judged first (an attack's message stays the move's), then what it stores.
    const move = statusMoveProblem(write, before, entry, from, text(after.status));
    return move ?? deliveredAtProblem(write, after) ?? reportFieldsProblem(before, after, entry);
  }
  return null;
}

// Twin: firestore.rules isAllowedStatusChange (with statusMoves()) and isCreditKept (a delivery on
// credit); compared by tests/app/twin-rules.test.ts.
function statusMoveProblem(
  write: RepairWrite,
  before: StoredFields,
  entry: Record<string, unknown>,
  from: string,
  to: string,
): RepairWriteProblem | null {
  const { writer, now } = write;
  if (!isRepairStatus(to)) return denied('unknown status');
  if (entry.from !== from) return denied('the entry names the status it leaves');
  if (isFinalStatus(from)) {
    if (writer.role !== 'owner') return denied('only the owner reopens a repair');
    if (entry.kind !== 'reopen' || !REOPEN_TARGETS.includes(to) || text(entry.note).trim() === '')
      return denied('a reopen goes to Received or In Progress, with a note');
    return null;
  }
  if (entry.kind === 'reopen') return denied('only a delivered or cancelled repair is reopened');
  if (!isAllowedMove(from, to)) return denied(`the move from ${from} to ${to} is not allowed`);
  if (
    to === 'delivered' &&
    storedDues(write.after).duePaise > 0 &&
    !CREDIT_ENTRY_PATTERN.test(text(entry.note))
  )
    return problem(
      'failed-precondition',
      SHOP_MESSAGES.amountDueOnDelivery(formatPaise(storedDues(write.after).duePaise)),
    );
  if (entry.kind === 'override') {
    if (to !== 'delivered') return denied("an override only marks a repair 'Delivered'");
    if (writer.role !== 'owner' || text(entry.note).trim() === '')
      return denied('only the owner delivers without the code, with a reason');
    return null;
  }
  if (to !== 'delivered') return null;
  const code = text(write.delivery?.code) || text(before.deliveryCode);
  if (!DELIVERY_CODE_PATTERN.test(code))
    return problem('failed-precondition', SHOP_MESSAGES.deliveryCodeMissing);
  if (!deliveryTryProves(parseDeliveryTries(write.tries ?? null), writer.uid, code, now))
    return denied('a delivery needs a try of the right code by you in the last 2 minutes');
  return null;
}

/**
 * Judges a counter-only write (a number an app's repair already holds is skipped): the counter moves
 * by exactly one, its prefix fixed, to a number the repair `lastRepairDocId` already holds.
 */
export function counterSkipProblem(
  before: StoredFields | null,
  after: StoredFields,
  holder: StoredFields | null,
  representation: Representation = 'domain',
): RepairWriteProblem | null {
  const next = counterNextNumber(before);
  if (!next.ok) return problem(next.code, next.message);
  const schema = zodOf(REPAIR_COUNTERS, representation).safeParse(after);
  if (!schema.success) return invalid('the counter');
  const expected = next.number;
  if (after.last !== expected || (before !== null && after.prefix !== before.prefix))
    return denied('the counter moves by exactly one, its prefix fixed');
  if (holder === null || holder.repairId !== `${text(after.prefix)}-${String(expected)}`)
    return denied('a counter skips only a number a repair already holds');
  return null;
}
