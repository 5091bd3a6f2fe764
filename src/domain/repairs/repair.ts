import { z } from 'zod';
import { formatRupees } from '../shared/money';
import { storedNumber, storedText } from '../shared/stored-text';
import { asText, firstFilled } from '../shared/text';
import { asInstant, formatDateTime } from '../shared/time';
import { storeRefOf } from '../shop/repair-store';
import { statusLabel } from '../shop/status-values';
import { storedProblemsTextOf } from '../shop/tracked-repair';

/** Statuses seen in the data; others may exist (the mobile apps own the workflow). */
export const KNOWN_REPAIR_STATUSES = ['sent_to_service_center', 'inprogress', 'delivered'] as const;

export interface Repair {
  /** The document id. */
  readonly id: string;
  /** The Repair ID people read and type (e.g. SMCB-1001), never the document id (docs/glossary.md). */
  readonly repairId: string;
  readonly customerMobile: string;
  readonly customerName: string;
  readonly storeId: string;
  readonly businessId: string;
  readonly store: string;
  readonly productName: string;
  readonly productType: string;
  readonly problems: string;
  readonly status: string;
  readonly amount: number | null;
  readonly estimatedCost: number | null;
  readonly deliveryCode: string;
  readonly createdAt: Date | null;
  /** Stored as text by some apps and as a timestamp by others. */
  readonly updatedAt: Date | string | null;
  readonly imageUrls: readonly string[];
  /**
   * What the shop console recorded as paid so far, in paise (the repair's running total); absent on
   * the mobile apps' repairs, which record no payments on the web.
   */
  readonly paidPaise?: number;
  /** The console's status steps (no names, no notes), oldest first; absent on the apps' repairs. */
  readonly timeline?: readonly { readonly status: string; readonly at: Date }[];
}

const problemsText = z.unknown().optional().transform(storedProblemsTextOf);

const imageList = z
  .unknown()
  .optional()
  .transform((value) =>
    Array.isArray(value)
      ? value.filter((url): url is string => typeof url === 'string' && isSafeImageUrl(url))
      : [],
  );

/** updatedAt: a timestamp, or text kept as written (ISO date text is read as a timestamp). */
function asUpdatedAt(value: unknown): Date | string | null {
  if (typeof value !== 'string') return asInstant(value);
  const text = value.trim();
  if (text === '') return null;
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? (asInstant(text) ?? text) : text;
}

const storedRepair = z.object({
  repairId: storedText,
  customerMobile: storedText,
  customerName: storedText,
  storeId: storedText,
  businessId: storedText,
  store: storedText,
  productName: storedText,
  productType: storedText,
  problems: problemsText,
  status: storedText,
  amount: storedNumber,
  estimatedCost: storedNumber,
  deliveryCode: storedText,
  createdAt: z.unknown().optional().transform(asInstant),
  updatedAt: z.unknown().optional().transform(asUpdatedAt),
  imageUrls: imageList,
  paidPaise: z
    .unknown()
    .optional()
    .transform((value) =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined,
    ),
  timeline: z
    .unknown()
    .optional()
    .transform((value) => {
      if (!Array.isArray(value)) return undefined;
      return value.flatMap((step: unknown) => {
        const status = asText((step as { status?: unknown } | null)?.status);
        const at = asInstant((step as { at?: unknown } | null)?.at);
        return status.trim() === '' || at === null ? [] : [{ status, at }];
      });
    }),
});

/** Parses a stored repairs document, tolerating the variants the mobile apps write. */
export function parseRepairRecord(id: string, raw: unknown): Repair {
  const { paidPaise, timeline, ...fields } = storedRepair.parse(
    typeof raw === 'object' && raw !== null ? raw : {},
  );
  // The console's fields only where stored: an app's repair reads as it always did.
  return {
    id,
    ...fields,
    ...(paidPaise !== undefined && { paidPaise }),
    ...(timeline !== undefined && { timeline }),
  };
}

/**
 * Only images the page may load safely are shown: https URLs, inline images, and paths of this site.
 * Plain http (mixed content, readable on the way), protocol-relative `//host` URLs and other schemes
 * (javascript:, file:) are dropped.
 */
export function isSafeImageUrl(url: string): boolean {
  return (
    /^https:\/\/[^/\s]/i.test(url) ||
    /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(url) ||
    (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\'))
  );
}

/**
 * What a repair counts under in the monthly report: its store, or, for a repair that names no store
 * (the mobile apps' oldest records), its business (businessId, the owner's uid).
 */
export function countKeyOf(repair: Pick<Repair, 'storeId' | 'store' | 'businessId'>): string {
  return firstFilled(storeRefOf(repair), repair.businessId);
}

/** The amount shown: amount, else estimatedCost, else '-'. */
export function displayAmount(repair: Pick<Repair, 'amount' | 'estimatedCost'>): string {
  const value = repair.amount ?? repair.estimatedCost;
  return value === null ? '-' : formatRupees(value);
}

/** updatedAt as shown: a timestamp formatted, text as it is, '-' when absent. */
export function displayUpdatedAt(repair: Pick<Repair, 'updatedAt'>): string {
  const { updatedAt } = repair;
  if (updatedAt === null) return '-';
  return typeof updatedAt === 'string' ? updatedAt : formatDateTime(updatedAt);
}

/**
 * A status as people read it in the tracker: the same labels as the shop console and the tracking link
 * (shop/status.ts: 'In Progress', 'Ready for Pickup', …); a value the apps write that the web does not
 * know is shown as written; '-' when blank.
 */
export function displayStatus(status: string): string {
  return statusLabel(status);
}
