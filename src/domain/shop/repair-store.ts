import type { Repair } from '../repairs/repair';
import { firstFilled } from '../shared/text';

/*
 * Which store a repair is of, read from its stored fields with plain functions (no schema library):
 * every backend's rules and indexes ask it, and so does the demo's answer to a tracking link on a
 * fresh phone (issue 19).
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The store a repair belongs to: storeId, else the legacy `store` field. businessId is never a store:
 * it names the owner (a uid), so no store created under someone's uid can take their repairs over.
 */
export function storeRefOf(repair: Pick<Repair, 'storeId' | 'store'>): string {
  return firstFilled(repair.storeId, repair.store);
}

/**
 * Whether a repair belongs to a store: it names it by `storeId`; or, naming none, by the apps' older
 * `store` field while its `businessId` is that store's owner. `store` alone grants nothing (a rival
 * could write any store's id there).
 */
export function repairBelongsTo(repair: object, storeId: string, storeOwnerId: string): boolean {
  if (storeId === '') return false;
  const { storeId: ownStore, store, businessId } = repair as Record<string, unknown>;
  return belongs({ storeId: ownStore, store, businessId }, storeId, storeOwnerId);
}

function belongs(
  repair: { readonly storeId: unknown; readonly store: unknown; readonly businessId: unknown },
  storeId: string,
  storeOwnerId: string,
): boolean {
  const named = text(repair.storeId);
  if (named !== '') return named === storeId;
  return text(repair.store) === storeId && storeOwnerId !== '' && text(repair.businessId) === storeOwnerId;
}
