import { canReadRepair } from '../../domain/repairs/access';
import { type HistoryActor, historyEntry } from '../../domain/shop/history';
import { MAX_PHOTOS, photoProblem, photoProblemMessage } from '../../domain/shop/photos';
import type { ShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo, storeRefOf } from '../../domain/shop/repair-store';
import type { UserProfile } from '../../domain/users/user';
import { PortError } from '../../ports/errors';
import { repairReaderOf, type ShopMembershipLookup, shopAccessOf, withEntry } from './local-rules';
import type { LocalSession } from './local-session';

/**
 * The photo rules the memory and PouchDB families enforce (the local twin of storage.rules and of the
 * Firestore rule on imageUrls): images only, at most MAX_PHOTO_BYTES, at most MAX_PHOTOS per repair,
 * written by the members of the repair's store, each add or removal one 'photo' entry in the history
 * by the writer; read by whoever may read the repair.
 */

/** Refuses what may not be stored ('invalid-argument', with the message the page shows). */
export function checkPhotoImage(image: { readonly type: string; readonly size: number }): void {
  const problem = photoProblem(image);
  if (problem !== null) throw new PortError('invalid-argument', photoProblemMessage(problem));
}

/** The imageUrls as stored (every string, safe or not: an app's URL counts towards the limit too). */
export function storedImageUrls(raw: Readonly<Record<string, unknown>>): string[] {
  return Array.isArray(raw.imageUrls)
    ? raw.imageUrls.filter((url): url is string => typeof url === 'string')
    : [];
}

/** Refuses a seventh photo ('failed-precondition'). */
export function checkPhotoRoom(raw: Readonly<Record<string, unknown>>): void {
  if (storedImageUrls(raw).length >= MAX_PHOTOS)
    throw new PortError('failed-precondition', `A repair has at most ${MAX_PHOTOS} photos.`);
}

/**
 * The repair document after a photo was added or removed: imageUrls with or without `url`, the time,
 * and one 'photo' entry by the writer (the status unchanged). Throws 'not-found' when a removed URL
 * is not the repair's. The caller judges the result (enforceRepairWrite) before storing it: a
 * delivered or cancelled repair's photos are fixed.
 */
export function photoWrite(
  raw: Readonly<Record<string, unknown>>,
  repair: ShopRepair,
  change: { readonly add: string } | { readonly remove: string },
  by: HistoryActor,
  now: Date,
): Record<string, unknown> {
  const urls = storedImageUrls(raw);
  let imageUrls: string[];
  let note: string;
  if ('add' in change) {
    checkPhotoRoom(raw);
    imageUrls = urls.includes(change.add) ? urls : [...urls, change.add];
    note = 'Photo added';
  } else {
    if (!urls.includes(change.remove)) throw new PortError('not-found', 'This repair has no such photo.');
    imageUrls = urls.filter((url) => url !== change.remove);
    note = 'Photo removed';
  }
  return {
    ...raw,
    imageUrls,
    updatedAt: now,
    history: withEntry(raw, historyEntry('photo', repair.status, by, now, note)),
  };
}

/**
 * Whether the signed-in account may see a repair's photos: a member of its store (owner or staff),
 * or whoever the repair read rule lets read it (the super admin, the customer whose verified number
 * matches). Throws 'unauthenticated' signed out.
 */
export async function mayReadPhotos(
  session: LocalSession,
  repair: ShopRepair,
  lookup: ShopMembershipLookup,
  loadProfile: (uid: string) => Promise<UserProfile | null>,
): Promise<boolean> {
  const storeId = storeRefOf(repair);
  const access = await shopAccessOf(session, storeId, lookup);
  // Members of the store the repair belongs to (the apps' `store` alone grants nothing).
  if (access !== null && repairBelongsTo(repair, access.store.id, access.store.ownerId)) return true;
  const reader = await repairReaderOf(session, loadProfile);
  return canReadRepair(reader, repair, storeId === '' ? null : await lookup.store(storeId));
}
