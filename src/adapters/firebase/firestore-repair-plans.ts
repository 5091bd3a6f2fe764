import {
  type DocumentData,
  type DocumentReference,
  type Firestore,
  runTransaction,
  serverTimestamp,
  Timestamp,
} from 'firebase/firestore';
import { historyEntry } from '../../domain/shop/history';
import { SHOP_MESSAGES } from '../../domain/shop/messages';
import { type PaymentPlan, planPayment } from '../../domain/shop/payments';
import { deliveredAtAfterMove, type ShopRepair, storedDues } from '../../domain/shop/repair-record';
import { reportFieldsAfterMove } from '../../domain/shop/report-fields';
import { DELIVERY_CODE_PATTERN, planStatusChange } from '../../domain/shop/status';
import { isFinalStatus, statusLabel } from '../../domain/shop/status-values';
import { DELIVERY_TRIES } from '../../domain/stored/documents';
import type { Clock } from '../../ports/clock';
import { isPortError, PortError } from '../../ports/errors';
import type { NewShopPayment, ShopRepairPatch, ShopStatusChange } from '../../ports/shop-repairs';
import { checkShopRepairUpdate, paymentRefusal } from '../local/local-rules';
import { applyShopPatch } from '../local/shop-rules';
import { toPortError } from './firebase-errors';
import { transactionGet } from './firestore-reads';
import { asRead } from './firestore-repair-writer';
import { type FirestoreShopAccess, shopRepairOf } from './firestore-shop-data';

/**
 * The next state of a repair for the Firestore repairs adapter's two updates (firestore-shop-repairs.ts):
 * a status change and an edit, each planned against the stored repair (in a transaction) or this
 * device's copy (queued offline), with the same checks as firestore.rules first, for clear messages.
 * Also the delivery code try a delivery by code commits before its move, and the edit's parts.
 */

/**
 * Stored repair fields an edit commits at once at most (firestore.rules' budget of 1,000 expressions
 * a request: every changed field's type and size is checked, and the member's edit was already near the
 * budget before issue 17's dues fields). Measured on the emulator: 4 stored fields in one edit pass,
 * 8 do not.
 */
const STORED_FIELDS_PER_WRITE = 4;

/** How many fields of the repairs document each patch key writes (the unlock code is kept apart). */
const STORED_FIELDS: Readonly<Record<keyof ShopRepairPatch, number>> = {
  customerName: 2, // + customerNameLower
  customerMobile: 2, // + customerMobileBy
  productType: 1,
  productName: 1,
  imeiSerial: 1,
  problemList: 3, // + problems, otherProblem
  accessories: 1,
  otherAccessory: 1,
  conditionNotes: 1,
  estimatePaise: 2, // + estimatedCost
  finalPaise: 1, // amount
  promisedDate: 1,
  unlockCode: 0,
};

/**
 * A patch in parts of at most STORED_FIELDS_PER_WRITE stored fields, each written as its own edit (with
 * its own 'edit' history entry): a large edit in one commit would exceed the rules' budget. The memory
 * and PouchDB families write any edit at once.
 */
export function patchParts(patch: ShopRepairPatch): ShopRepairPatch[] {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  const parts: Record<string, unknown>[] = [];
  let current: Record<string, unknown> = {};
  let weight = 0;
  for (const [key, value] of entries) {
    const cost = STORED_FIELDS[key as keyof ShopRepairPatch] ?? 1;
    if (weight > 0 && weight + cost > STORED_FIELDS_PER_WRITE) {
      parts.push(current);
      current = {};
      weight = 0;
    }
    current[key] = value;
    weight += cost;
  }
  if (Object.keys(current).length > 0 || parts.length === 0) parts.push(current);
  return parts as ShopRepairPatch[];
}

/** The stored history list as it is (Timestamps untouched), so that a rewrite keeps it equal. */
function storedHistory(raw: Readonly<Record<string, unknown>>): unknown[] {
  return Array.isArray(raw.history) ? [...raw.history] : [];
}

/**
 * The next state of a status change, planned against `raw` (the stored repair, or this device's copy
 * offline): the expected status, the workflow, one history entry and the timeline's step. Staff
 * never read the delivery code: the plan takes the typed one, and firestore.rules compare it with
 * shop/delivery (through the try written first, tryCode).
 */
export function planStatus(
  clock: Clock,
  id: string,
  raw: Record<string, unknown>,
  change: ShopStatusChange,
  access: FirestoreShopAccess,
  name: string,
): { repair: ShopRepair; next: Record<string, unknown> } {
  const stored = shopRepairOf(id, raw);
  if (stored.status !== change.expectedStatus)
    throw new PortError('conflict', 'This repair was changed meanwhile. Please look at it again.');
  const typed = (change.deliveryCode ?? '').replace(/\s/g, '');
  const repair: ShopRepair = {
    ...stored,
    deliveryCode: DELIVERY_CODE_PATTERN.test(typed)
      ? typed
      : DELIVERY_CODE_PATTERN.test(stored.deliveryCode)
        ? stored.deliveryCode
        : '0000',
  };
  const now = clock.now();
  const plan = planStatusChange(repair, change, { uid: access.uid, name, role: access.role }, now);
  if (!plan.ok)
    throw new PortError(
      plan.reason === 'owner-only' ? 'permission-denied' : 'failed-precondition',
      plan.message ?? 'This status change is not allowed.',
      { cause: plan },
    );
  const timeline = Array.isArray(raw.timeline) ? raw.timeline : [];
  const next: Record<string, unknown> = {
    ...raw,
    status: plan.value.status,
    updatedAt: serverTimestamp(),
    history: [...storedHistory(raw), plan.value.entry],
    timeline: [...timeline, { status: plan.value.status, at: plan.value.entry.at }],
    deliveredAt: deliveredAtAfterMove(plan.value.status, serverTimestamp()),
    // The reports' sums, from the entry's time (report-fields.ts; firestore.rules isReportKept).
    ...reportFieldsAfterMove(plan.value.status, raw, plan.value.entry.at),
  };
  Object.assign(next, storedDues(next));
  checkShopRepairUpdate(
    repair,
    { ...asRead(id, next, now), deliveryCode: repair.deliveryCode },
    access,
    'status',
    change,
  );
  return { repair, next };
}

/**
 * A delivery code try, committed before the move (firestore.rules count the tries and accept the
 * move only after a try of the right code by the same account in the last 2 minutes): the sixth try
 * within 15 minutes of a series' first is refused ('resource-exhausted').
 */
export async function tryCode(
  db: Firestore,
  clock: Clock,
  triesRef: DocumentReference<DocumentData>,
  uid: string,
  code: string,
): Promise<void> {
  let before: Record<string, unknown> | undefined;
  const exhausted = () => new PortError('resource-exhausted', SHOP_MESSAGES.deliveryPaused);
  try {
    await runTransaction(db, async (transaction) => {
      before = (await transactionGet(transaction, triesRef)).data();
      const firstAt = before?.firstAt instanceof Timestamp ? before.firstAt.toMillis() : null;
      const fresh =
        before === undefined ||
        firstAt === null ||
        clock.now().getTime() - firstAt >= DELIVERY_TRIES.pauseMinutes * 60_000;
      const tries = Number(before?.tries) || 0;
      if (!fresh && tries >= DELIVERY_TRIES.max) throw exhausted();
      transaction.set(triesRef, {
        tries: fresh ? 1 : tries + 1,
        firstAt: fresh ? serverTimestamp() : before?.firstAt,
        at: serverTimestamp(),
        code,
        by: uid,
      });
    });
  } catch (error) {
    if (isPortError(toPortError(error), 'permission-denied') && Number(before?.tries) >= DELIVERY_TRIES.max)
      throw exhausted();
    throw error;
  }
}

/** The next state of an edit, planned against `raw`; null when nothing changes. */
export function planEdit(
  clock: Clock,
  id: string,
  raw: Record<string, unknown>,
  patch: ShopRepairPatch,
  access: FirestoreShopAccess,
  name: string,
): { repair: ShopRepair; next: Record<string, unknown> | null } {
  const repair = shopRepairOf(id, raw);
  // Delivered and cancelled repairs are fixed (firestore.rules refuse the write as well).
  if (isFinalStatus(repair.status))
    throw new PortError('failed-precondition', SHOP_MESSAGES.repairFinalFixed(statusLabel(repair.status)));
  const { next, changed } = applyShopPatch(raw, patch, access.uid);
  if (changed.length === 0) return { repair, next: null };
  const now = clock.now();
  next.updatedAt = serverTimestamp();
  next.history = [
    ...storedHistory(raw),
    historyEntry('edit', repair.status, { uid: access.uid, name }, now, `Changed: ${changed.join(', ')}`),
  ];
  checkShopRepairUpdate(repair, asRead(id, next, now), access, 'edit');
  return { repair, next };
}

/**
 * The next state of a payment or refund (payments.ts planPayment), planned against `raw` in the
 * transaction that also creates its payments document: paidPaise, duePaise and owing moved, one
 * history entry naming the payment, updatedAt the server's time (firestore.rules isPaymentMove).
 */
export function planPaymentWrite(
  clock: Clock,
  id: string,
  raw: Record<string, unknown>,
  input: NewShopPayment,
  access: FirestoreShopAccess,
  name: string,
): { plan: PaymentPlan; next: Record<string, unknown> } {
  const repair = shopRepairOf(id, raw);
  const actor = { uid: access.uid, name, role: access.role };
  const planned = planPayment(repair, input, actor, access.store.id, clock.now());
  if (!planned.ok) throw paymentRefusal(planned);
  const { paidPaise, dues, entry } = planned.value;
  const next: Record<string, unknown> = {
    ...raw,
    paidPaise,
    ...dues,
    updatedAt: serverTimestamp(),
    history: [...storedHistory(raw), entry],
  };
  return { plan: planned.value, next };
}
