/**
 * The tracking page's view from a tracking document's `view` map with its values already plain
 * (Timestamps as Dates): shared by the SDK adapter (firestore-shop-data.ts trackingViewFromStored) and
 * the SDK-free REST reader (firestore-rest-tracking.ts). Imports nothing from firebase/*: the tracking
 * page's bundle depends on it (issue 19).
 */
import { statusLabel } from '../../domain/shop/status-values';
import { trackedRepairOf } from '../../domain/shop/tracked-repair';
import { type TrackingView, trackingView } from '../../domain/shop/tracking';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What the tracking page shows, from a stored view (plain values) and the store's profile (name,
 * phone, UPI ID): domain trackingView on the repair's fields, with the timeline the repair keeps. Null
 * when the document holds no view.
 */
export function trackingViewFromPlain(
  record: unknown,
  profile: Readonly<Record<string, unknown>> | undefined,
): TrackingView | null {
  if (typeof record !== 'object' || record === null) return null;
  const view = record as Record<string, unknown>;
  if (typeof view.repairId !== 'string' || typeof view.status !== 'string') return null;
  const repair = trackedRepairOf(view);
  const shop = { name: text(profile?.name), phone: text(profile?.phone), upiId: text(profile?.upiId) };
  const steps = Array.isArray(view.timeline) ? view.timeline : [];
  const timeline = steps.flatMap((step) => {
    const { status, at } = (step ?? {}) as { status?: unknown; at?: unknown };
    return typeof status === 'string' && at instanceof Date
      ? [{ status, label: statusLabel(status), at }]
      : [];
  });
  return { ...trackingView(repair, shop), timeline };
}
