import { useSyncExternalStore } from 'react';
import type { FailedPhoto } from '../../../../domain/shop/photos';

/**
 * Photos that did not upload, per repair, kept in this tab until they are retried or dismissed: the
 * job card hands its failed uploads over before it opens the repair page, which lists them with
 * 'Retry'. They live in memory only (a Blob cannot go through the URL); a reload loses them, and the
 * page said so when they failed.
 */
const pending = new Map<string, readonly FailedPhoto[]>();
const listeners = new Set<() => void>();
const NONE: readonly FailedPhoto[] = [];

function changed() {
  for (const listener of listeners) listener();
}

/** Adds photos that did not upload to a repair's list. */
export function keepFailedPhotos(repairDocId: string, failed: readonly FailedPhoto[]): void {
  if (failed.length === 0) return;
  pending.set(repairDocId, [...(pending.get(repairDocId) ?? NONE), ...failed]);
  changed();
}

/** Takes one photo off a repair's list (retried, or dismissed). */
export function dropFailedPhoto(repairDocId: string, image: Blob): void {
  const left = (pending.get(repairDocId) ?? NONE).filter((item) => item.image !== image);
  if (left.length === 0) pending.delete(repairDocId);
  else pending.set(repairDocId, left);
  changed();
}

/** The photos of a repair that did not upload, as a React state. */
export function useFailedPhotos(repairDocId: string): readonly FailedPhoto[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending.get(repairDocId) ?? NONE,
  );
}
