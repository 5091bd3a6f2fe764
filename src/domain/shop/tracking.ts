import type { Repair } from '../repairs/repair';
import { type PaymentLike, repairAmounts, rupeesToPaise } from './amounts';
import type { HistoryEntry } from './history';
import type { ShopRepair } from './repair-record';
import { statusLabel } from './status-values';
import { trackingPayLink } from './store-profile';
import { type TrackedRepair, trackedRepairOf } from './tracked-repair';

/**
 * The tracking link (`/t/$token`): a secret, unguessable token per repair that opens a customer-safe
 * view without sign-in. Randomness is injected (`RandomBytes`) so the domain stays pure and tests are
 * repeatable; the app passes `(n) => crypto.getRandomValues(new Uint8Array(n))`.
 */

/** n cryptographically random bytes. */
export type RandomBytes = (n: number) => Uint8Array;

/** 16 bytes = 128 bits, written as 22 base64url characters. */
export const TRACKING_TOKEN_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes as base64url without padding (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const count = Math.min(3, bytes.length - i);
    const triple = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    // 3 bytes → 4 characters, 2 → 3, 1 → 2.
    for (let k = 0; k <= count; k++) out += BASE64URL[(triple >> (18 - 6 * k)) & 63];
  }
  return out;
}

function bytesFrom(random: RandomBytes, n: number): Uint8Array {
  const bytes = random(n);
  if (!(bytes instanceof Uint8Array) || bytes.length !== n)
    throw new RangeError(`The random source gave ${bytes?.length} bytes instead of ${n}`);
  return bytes;
}

/** A new tracking token: 128 random bits, 22 URL-safe characters. */
export function generateTrackingToken(random: RandomBytes): string {
  return base64url(bytesFrom(random, TRACKING_TOKEN_BYTES));
}

/** The shape of a tracking token (22 to 128 base64url characters); says nothing about whether it exists. */
export function isTrackingToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** The tracking page's path for a token. */
export function trackingPath(token: string): string {
  return `/t/${encodeURIComponent(token)}`;
}

/** The full tracking link, e.g. `https://app.example/t/…`, from the site's origin. */
export function trackingLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${trackingPath(token)}`;
}

/**
 * A 4-digit delivery code ('0000' to '9999', each equally likely): two random bytes, drawn again when
 * they fall in the uneven last 5,536 values.
 */
export function generateDeliveryCode(random: RandomBytes): string {
  for (let attempt = 0; attempt < 64; attempt++) {
    const [high = 0, low = 0] = bytesFrom(random, 2);
    const value = high * 256 + low;
    if (value < 60_000) return String(value % 10_000).padStart(4, '0');
  }
  throw new RangeError('The random source never gave a usable value');
}

/** The shop as the tracking page shows it: its store profile (StoreProfileRepository). */
export interface TrackingShop {
  readonly name: string;
  readonly phone: string;
  /** For the payment button; '' when the shop has none. */
  readonly upiId: string;
}

export interface TimelineStep {
  readonly status: string;
  readonly label: string;
  readonly at: Date;
}

/** Everything the tracking page shows, and nothing else: no delivery code, no unlock code, no notes. */
export interface TrackingView {
  readonly repairId: string;
  /** From the store's profile only (ports/store-profiles.ts), never from what a member wrote. */
  readonly shop: TrackingShop;
  readonly device: { readonly type: string; readonly name: string };
  readonly problems: readonly string[];
  readonly status: string;
  readonly statusLabel: string;
  /** Status changes, oldest first, without notes or names. */
  readonly timeline: readonly TimelineStep[];
  readonly promisedDate: string | null;
  readonly estimatePaise: number | null;
  /** The final amount, once the shop has set it. */
  readonly finalPaise: number | null;
  readonly paidPaise: number;
  readonly duePaise: number;
  /** trackingPayLink(shop, this view): the UPI link for the amount due, or null (nothing due, no UPI ID). */
  readonly payLink: string | null;
}

const TIMELINE_KINDS: ReadonlySet<HistoryEntry['kind']> = new Set([
  'created',
  'status',
  'override',
  'reopen',
]);

/** The status timeline from the history; a repair without history shows its current status alone. */
export function statusTimeline(
  repair: Pick<ShopRepair, 'history' | 'status' | 'createdAt' | 'updatedAt'>,
): TimelineStep[] {
  const steps = repair.history
    .filter((entry) => TIMELINE_KINDS.has(entry.kind))
    .map((entry) => ({ status: entry.status, label: statusLabel(entry.status), at: entry.at }));
  if (steps.length > 0) return steps;
  const at = repair.updatedAt instanceof Date ? repair.updatedAt : repair.createdAt;
  return at === null ? [] : [{ status: repair.status, label: statusLabel(repair.status), at }];
}

/**
 * The customer-safe projection of a repair for its tracking link. Built field by field from an allow
 * list, so a field added to repairs later never leaks by default. `payments` (when the caller has
 * them) give the amount paid; otherwise the repair's own paidPaise.
 */
export function trackingView(
  repair: TrackedRepair,
  shop: TrackingShop,
  payments: readonly PaymentLike[] | null = null,
): TrackingView {
  const paid: readonly PaymentLike[] =
    payments ?? (repair.paidPaise > 0 ? [{ kind: 'payment', amountPaise: repair.paidPaise }] : []);
  const amounts = repairAmounts(repair.finalPaise, repair.estimatePaise, paid);
  return {
    repairId: repair.repairId,
    shop: { name: shop.name, phone: shop.phone, upiId: shop.upiId },
    device: { type: repair.productType, name: repair.productName },
    problems: [...repair.problemList],
    status: repair.status,
    statusLabel: statusLabel(repair.status),
    timeline: statusTimeline(repair),
    promisedDate: repair.promisedDate,
    estimatePaise: repair.estimatePaise,
    finalPaise: repair.finalPaise,
    paidPaise: amounts.paidPaise,
    duePaise: amounts.duePaise,
    payLink: trackingPayLink(shop, { repairId: repair.repairId, duePaise: amounts.duePaise }),
  };
}

/**
 * What the tracking page shows from a stored view (a tracking document's `view`, or a repair record:
 * the same field names, plain values, Timestamps as Dates) and the store's profile (name, phone, UPI
 * ID): trackingView on the repair's fields read by trackedRepairOf, with the timeline the repair keeps
 * (its `timeline` steps; none when it keeps none). Null when the record names no repair and status.
 * No schema library: the production build's REST reader, the Firestore SDK adapter and the demo's
 * answer on a fresh phone all build the view with it (issue 19).
 */
export function trackingViewOfStored(
  record: unknown,
  profile: { readonly name?: unknown; readonly phone?: unknown; readonly upiId?: unknown } | null | undefined,
): TrackingView | null {
  if (typeof record !== 'object' || record === null) return null;
  const view = record as Record<string, unknown>;
  if (typeof view.repairId !== 'string' || typeof view.status !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const shop = { name: text(profile?.name), phone: text(profile?.phone), upiId: text(profile?.upiId) };
  const steps = Array.isArray(view.timeline) ? view.timeline : [];
  const timeline = steps.flatMap((step) => {
    const { status, at } = (step ?? {}) as { status?: unknown; at?: unknown };
    return typeof status === 'string' && at instanceof Date
      ? [{ status, label: statusLabel(status), at }]
      : [];
  });
  return { ...trackingView(trackedRepairOf(view), shop), timeline };
}

/** The progress and money of a repair, as the tracking page and the signed-in customer's tracker show them. */
export interface RepairProgress {
  /** The final amount, else the estimate; null when the shop has given neither. */
  readonly totalPaise: number | null;
  readonly paidPaise: number;
  readonly duePaise: number;
  /** Something was to pay, and nothing is due any more ('Paid in full'). */
  readonly paidInFull: boolean;
  /** Status changes, oldest first, without notes or names. */
  readonly timeline: readonly TimelineStep[];
}

/** The tracking page's progress and money, from its customer-safe view. */
export function trackingProgress(view: TrackingView): RepairProgress {
  const totalPaise = view.finalPaise ?? view.estimatePaise;
  return {
    totalPaise,
    paidPaise: view.paidPaise,
    duePaise: view.duePaise,
    paidInFull: totalPaise !== null && totalPaise > 0 && view.duePaise === 0,
    timeline: view.timeline,
  };
}

/**
 * The same progress and money for a repair the signed-in customer reads (RepairRepository): the total
 * from the fields the console keeps in step (amount: the final, estimatedCost: the estimate, in
 * rupees), paid from its running total, the timeline from its stored steps (a repair without any shows
 * its current status alone, as the tracking page does).
 */
export function customerProgress(
  repair: Pick<
    Repair,
    'amount' | 'estimatedCost' | 'paidPaise' | 'timeline' | 'status' | 'createdAt' | 'updatedAt'
  >,
): RepairProgress {
  const paid = repair.paidPaise ?? 0;
  const amounts = repairAmounts(
    rupeesToPaise(repair.amount),
    rupeesToPaise(repair.estimatedCost),
    paid > 0 ? [{ kind: 'payment', amountPaise: paid }] : [],
  );
  const steps = (repair.timeline ?? []).map((step) => ({
    status: step.status,
    label: statusLabel(step.status),
    at: step.at,
  }));
  const at = repair.updatedAt instanceof Date ? repair.updatedAt : repair.createdAt;
  const timeline =
    steps.length > 0 || at === null
      ? steps
      : [{ status: repair.status, label: statusLabel(repair.status), at }];
  return {
    totalPaise: amounts.chargePaise,
    paidPaise: amounts.paidPaise,
    duePaise: amounts.duePaise,
    paidInFull: amounts.chargePaise !== null && amounts.chargePaise > 0 && amounts.duePaise === 0,
    timeline,
  };
}
