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
import { type ShopRepair, storedDues } from '../../domain/shop/repair-record';
import {
  DELIVERY_CODE_PATTERN,
  isFinalStatus,
  planStatusChange,
  statusLabel,
} from '../../domain/shop/status';
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

/** Member fields an edit commits at once at most (firestore.rules' budget of 1,000 expressions). */
const PATCH_FIELDS_PER_WRITE = 6;

/**
 * A patch in parts of at most PATCH_FIELDS_PER_WRITE fields (each stored as at most two fields),
 * each written as its own edit: a rules evaluation checks every changed field's type and size, and
 * a large edit in one commit would exceed the rules' budget.
 */
export function patchParts(patch: ShopRepairPatch): ShopRepairPatch[] {
  const all = Object.entries(patch).filter(([, value]) => value !== undefined);
  // The amounts go in a part of their own: that write also stores the dues fields, which the rules
  // recompute (isDuesKept).
  const money = all.filter(([name]) => (MONEY_PATCH_FIELDS as readonly string[]).includes(name));
  const entries = all.filter(([name]) => !(MONEY_PATCH_FIELDS as readonly string[]).includes(name));
  if (money.length === 0 && entries.length <= PATCH_FIELDS_PER_WRITE) return [patch];
  const parts: ShopRepairPatch[] = [];
  for (let i = 0; i < entries.length; i += PATCH_FIELDS_PER_WRITE)
    parts.push(Object.fromEntries(entries.slice(i, i + PATCH_FIELDS_PER_WRITE)) as ShopRepairPatch);
  if (money.length > 0) parts.push(Object.fromEntries(money) as ShopRepairPatch);
  return parts;
}

/** The patch fields the dues derive from. */
const MONEY_PATCH_FIELDS = ['estimatePaise', 'finalPaise'] as const;

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
  // The dues fields move with the amounts only (an edit of other fields leaves them: the rules' budget).
  if (MONEY_PATCH_FIELDS.some((field) => patch[field] !== undefined)) Object.assign(next, storedDues(next));
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
