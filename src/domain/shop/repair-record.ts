import { z } from 'zod';
import { parseRepairRecord, type Repair } from '../repairs/repair';
import { storedText } from '../shared/stored-text';
import { asInstant } from '../shared/time';
import { ADVANCE_NOTE, paiseToRupees, repairDues, rupeesToPaise } from './amounts';
import {
  type HistoryActor,
  type HistoryEntry,
  historyEntry,
  parseHistory,
  type StoredTimelineStep,
  timelineAfter,
} from './history';
import { ACCESSORIES, type Accessory, type PhotoDraft, type ValidJobCard } from './job-card';
import { hasTypedProblem } from './problems';
import { parseRepairId } from './repair-id';
import { DELIVERY_CODE_PATTERN } from './status';
import { INITIAL_STATUS } from './status-values';
import { problemListOrText, storedPaiseOf, storedProblemListOf } from './tracked-repair';
import { isTrackingToken } from './tracking';

/**
 * The repairs document a job card becomes. It keeps every field of the spec's `repairs` (web-spec.md,
 * section 3) with its meaning, so a repair created on the web reads like the apps' repairs in the apps,
 * the customer tracker and the admin's monthly counts; the shop console's own fields come beside them.
 */
export interface NewRepairRecord {
  // The spec's fields.
  readonly repairId: string;
  readonly customerName: string;
  /** The 10 digits, as the apps store it and the tracker matches it. */
  readonly customerMobile: string;
  /** Who wrote customerMobile: that account never reads the repair as its customer. */
  readonly customerMobileBy: string;
  readonly status: string;
  /** The store the repair belongs to (the tracker's and the admin's store reference). */
  readonly storeId: string;
  /** The store owner's uid: the business whose name and number the tracker shows. */
  readonly businessId: string;
  /** 'Brand & Model'. */
  readonly productName: string;
  /** 'Device Type' as written: Mobile, Tablet, Laptop or Other. */
  readonly productType: string;
  /** The problems as one text, "Screen broken, Battery problem" (the apps' common shape). */
  readonly problems: string;
  /** The estimate in rupees (the spec's unit); absent when none was given. */
  readonly estimatedCost?: number;
  // The delivery code is not on the repair (which staff read): it is kept apart (NewRepairDraft.delivery,
  // repairs/{id}/shop/delivery). The apps' own repairs keep theirs in the spec's deliveryCode.
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Filled by the photo port after upload. */
  readonly imageUrls: readonly string[];
  // amount (the final amount, rupees) is not written until the shop sets it; the tracker then falls
  // back to estimatedCost, as it does for the apps' repairs.

  // The shop console's fields.
  readonly problemList: readonly string[];
  /** A problem not in COMMON_PROBLEMS is named ('Other' of the reports: report-fields.ts). */
  readonly otherProblem: boolean;
  readonly imeiSerial: string;
  readonly accessories: readonly Accessory[];
  readonly otherAccessory: string;
  readonly conditionNotes: string;
  readonly estimatePaise: number | null;
  /** Payments minus refunds so far, kept in step with the payments (part 2) for the dues list. */
  readonly paidPaise: number;
  /** The amount due, and whether the repair is in the dues khata (amounts.ts repairDues). */
  readonly duePaise: number;
  readonly owing: boolean;
  readonly promisedDate: string | null;
  readonly trackingToken: string;
  readonly history: readonly HistoryEntry[];
  /** The status steps the customer sees (documents.ts TIMELINE_STEP): the 'created' step at first. */
  readonly timeline: readonly StoredTimelineStep[];
  readonly createdBy: HistoryActor;
  /** The customer's name in lower case, for a prefix search by name. */
  readonly customerNameLower: string;
}

/**
 * What only the store's members may read: kept out of the repairs document, which the customer and the
 * super admin can read too (suggested home: repairs/{id}/shop/private).
 */
export interface ShopOnlyRecord {
  readonly unlockCode: string;
}

export const PAYMENT_MODES = ['cash', 'upi', 'card'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The advance taken at the counter, for the payments of part 2 (a payment is never edited). */
export interface AdvancePayment {
  readonly kind: 'payment';
  readonly amountPaise: number;
  readonly mode: PaymentMode;
  readonly at: Date;
  readonly by: HistoryActor;
  readonly note: string;
}

/** What the allocation gives a new repair, and who creates it when. */
export interface RepairAllocation {
  readonly storeId: string;
  /** The store owner's uid. */
  readonly businessId: string;
  /** From the Repair ID port, e.g. 'SMC-1042'. */
  readonly repairId: string;
  /** Four digits, from `generateDeliveryCode`. */
  readonly deliveryCode: string;
  /** From `generateTrackingToken`. */
  readonly trackingToken: string;
  readonly now: Date;
  readonly by: HistoryActor;
  /** How the advance was paid; cash unless said. */
  readonly advanceMode?: PaymentMode;
}

export interface NewRepairDraft {
  readonly record: NewRepairRecord;
  /** The delivery code, stored apart from the repair (repairs/{id}/shop/delivery): staff never read it. */
  readonly delivery: { readonly code: string; readonly storeId: string };
  readonly shopOnly: ShopOnlyRecord;
  /** The advance as a payment, or null when none was paid. */
  readonly advance: AdvancePayment | null;
  /** For the photo port to upload; their URLs then go to imageUrls. */
  readonly photos: readonly PhotoDraft[];
}

/**
 * Maps a checked job card and its allocation to what is stored. Throws on allocation facts that are
 * not well formed (a programming error of the caller, not a person's mistake).
 */
export function newRepairDraft(card: ValidJobCard, facts: RepairAllocation): NewRepairDraft {
  if (parseRepairId(facts.repairId)?.repairId !== facts.repairId)
    throw new RangeError(`Invalid Repair ID: ${facts.repairId}`);
  if (!DELIVERY_CODE_PATTERN.test(facts.deliveryCode)) throw new RangeError('Invalid delivery code');
  if (!isTrackingToken(facts.trackingToken)) throw new RangeError('Invalid tracking token');
  if (facts.storeId === '' || facts.businessId === '' || facts.by.uid === '')
    throw new RangeError('A new repair needs its store, its business and who creates it');
  const by = { uid: facts.by.uid, name: facts.by.name };
  const created = historyEntry('created', INITIAL_STATUS, by, facts.now);
  const record: NewRepairRecord = {
    repairId: facts.repairId,
    customerName: card.customerName,
    customerMobile: card.customerMobile,
    customerMobileBy: by.uid,
    status: INITIAL_STATUS,
    storeId: facts.storeId,
    businessId: facts.businessId,
    productName: card.brandModel,
    productType: card.deviceType,
    problems: card.problems.join(', '),
    ...(card.estimatePaise === null ? {} : { estimatedCost: paiseToRupees(card.estimatePaise) }),
    createdAt: facts.now,
    updatedAt: facts.now,
    imageUrls: [],
    problemList: [...card.problems],
    otherProblem: hasTypedProblem(card.problems),
    imeiSerial: card.imeiSerial,
    accessories: [...card.accessories],
    otherAccessory: card.otherAccessory,
    conditionNotes: card.conditionNotes,
    estimatePaise: card.estimatePaise,
    paidPaise: card.advancePaise,
    ...repairDues(INITIAL_STATUS, null, card.estimatePaise, card.advancePaise),
    promisedDate: card.promisedDate,
    trackingToken: facts.trackingToken,
    history: [created],
    timeline: timelineAfter([], created),
    createdBy: by,
    customerNameLower: card.customerName.toLowerCase(),
  };
  const advance: AdvancePayment | null =
    card.advancePaise > 0
      ? {
          kind: 'payment',
          amountPaise: card.advancePaise,
          mode: facts.advanceMode ?? 'cash',
          at: facts.now,
          by,
          note: ADVANCE_NOTE,
        }
      : null;
  return {
    record,
    delivery: { code: facts.deliveryCode, storeId: facts.storeId },
    shopOnly: { unlockCode: card.unlockCode },
    advance,
    photos: card.photos,
  };
}

/** A stored repair as the shop console reads it: the tracker's fields and the console's. */
export interface ShopRepair extends Repair {
  readonly problemList: readonly string[];
  readonly imeiSerial: string;
  readonly accessories: readonly Accessory[];
  readonly otherAccessory: string;
  readonly conditionNotes: string;
  /** estimatePaise, else the apps' estimatedCost in paise. */
  readonly estimatePaise: number | null;
  /** The final amount (the spec's amount, rupees) in paise. */
  readonly finalPaise: number | null;
  readonly paidPaise: number;
  /**
   * The amount due (final amount, else estimate, minus paid, never below zero) and whether the repair
   * is in the dues khata: computed from the amounts on every read (amounts.ts repairDues), the same
   * values every shop write stores in the repair's `duePaise` and `owing` for the dues index.
   */
  readonly duePaise: number;
  readonly owing: boolean;
  readonly promisedDate: string | null;
  /** '' when the repair has no tracking link (e.g. created in the apps). */
  readonly trackingToken: string;
  readonly history: readonly HistoryEntry[];
  /**
   * When a delivered repair was delivered (its last move to 'delivered'): the stored `deliveredAt`, else,
   * for a repair delivered before that field, the time of the timeline's last 'delivered' step; null
   * while it is not delivered (reopened repairs too), or when neither says.
   */
  readonly deliveredAt: Date | null;
  /**
   * This device changed the repair and the server does not have the change yet (Firestore's queued
   * offline writes). Not stored: the Firestore adapter sets it from each read; memory and PouchDB (the
   * device's own database) always say false.
   */
  readonly pendingSync: boolean;
}

const storedPaise = z.unknown().optional().transform(storedPaiseOf);

const storedShopFields = z.object({
  problemList: z.unknown().optional().transform(storedProblemListOf),
  imeiSerial: storedText,
  accessories: z
    .unknown()
    .optional()
    .transform((value) =>
      Array.isArray(value) ? ACCESSORIES.filter((key) => value.includes(key)) : ([] as Accessory[]),
    ),
  otherAccessory: storedText,
  conditionNotes: storedText,
  estimatePaise: storedPaise,
  paidPaise: storedPaise,
  promisedDate: storedText,
  trackingToken: storedText,
  history: z.unknown().optional().transform(parseHistory),
});

/**
 * Parses a stored repairs document for the shop console, tolerating the apps' records (which have none
 * of the console's fields): problems from the list, else split from the text; amounts from paise,
 * else from the spec's rupee fields.
 */
export function parseShopRepair(id: string, raw: unknown): ShopRepair {
  const repair = parseRepairRecord(id, raw);
  const shop = storedShopFields.parse(typeof raw === 'object' && raw !== null ? raw : {});
  const estimatePaise = shop.estimatePaise ?? rupeesToPaise(repair.estimatedCost);
  const finalPaise = rupeesToPaise(repair.amount);
  const paidPaise = shop.paidPaise ?? 0;
  return {
    ...repair,
    problemList: problemListOrText(shop.problemList, repair.problems),
    imeiSerial: shop.imeiSerial,
    accessories: shop.accessories,
    otherAccessory: shop.otherAccessory,
    conditionNotes: shop.conditionNotes,
    estimatePaise,
    finalPaise,
    paidPaise,
    ...repairDues(repair.status, finalPaise, estimatePaise, paidPaise),
    promisedDate: shop.promisedDate === '' ? null : shop.promisedDate,
    trackingToken: shop.trackingToken,
    history: shop.history,
    deliveredAt: deliveredAtOf(raw, repair.status),
    pendingSync: false,
  };
}

/** ShopRepair.deliveredAt from a stored repair (a Date, ISO text or a Timestamp). */
function deliveredAtOf(raw: unknown, status: string): Date | null {
  if (status.trim() !== 'delivered' || typeof raw !== 'object' || raw === null) return null;
  const { deliveredAt, timeline } = raw as { deliveredAt?: unknown; timeline?: unknown };
  const stored = asInstant(deliveredAt);
  if (stored !== null) return stored;
  const steps = Array.isArray(timeline) ? timeline : [];
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i] as { status?: unknown; at?: unknown } | null;
    if (step?.status === 'delivered') return asInstant(step.at);
  }
  return null;
}

/**
 * The `deliveredAt` a status move stores (repair-write-rules.ts deliveredAtProblem): the write's time
 * (`now`, or Firestore's server timestamp) for a move to 'delivered', else null (a reopen clears it).
 */
export function deliveredAtAfterMove<T>(status: string, now: T): T | null {
  return status === 'delivered' ? now : null;
}

/**
 * The dues fields a stored repairs document must carry (`duePaise`, `owing`): what repairDues gives
 * for its stored status and amounts, read as the shop console reads them. The backends write these on
 * every shop write; the write rules (repair-write-rules.ts) compare them.
 */
export function storedDues(fields: Readonly<Record<string, unknown>>): { duePaise: number; owing: boolean } {
  const repair = parseShopRepair('', fields);
  return { duePaise: repair.duePaise, owing: repair.owing };
}
