import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import type { StoredPhoto } from '../../ports/shop-photos';
import { done, invalid, type Outcome } from '../shared/validation';
import { MAX_PHOTOS } from './job-card';
import { PHOTO_COUNT_MESSAGES, SHOP_MESSAGES } from './messages';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';

/**
 * Photos of a repair (../shared/spec/owner-console.md: 'Photos', up to 6, resized in the browser
 * before upload). The rules every backend repeats (local adapters in code, Firebase in storage.rules),
 * and the use cases of the job card and the repair page.
 */

export { MAX_PHOTOS } from './job-card';

/** What a stored photo may be: the browser's resizer writes JPEG; PNG and WebP are kept as they are. */
export const STORED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The largest stored photo, in bytes (1 MiB; a 1600 px JPEG at 0.8 is usually 200–500 KB). */
export const MAX_PHOTO_BYTES = 1024 * 1024;

/** The browser resizes a picked photo to at most this many pixels on its longest side… */
export const PHOTO_MAX_EDGE = 1600;
/** …and writes it as JPEG at this quality. */
export const PHOTO_JPEG_QUALITY = 0.8;

/** An image about to be stored: a Blob (or File) satisfies it. */
export interface PhotoImage {
  readonly type: string;
  readonly size: number;
}

export type PhotoProblem = 'not-image' | 'too-large' | 'empty';

/** Why an image may not be stored, or null when it may. */
export function photoProblem(image: PhotoImage): PhotoProblem | null {
  if (!(STORED_PHOTO_TYPES as readonly string[]).includes(image.type.toLowerCase())) return 'not-image';
  if (!(image.size > 0)) return 'empty';
  if (image.size > MAX_PHOTO_BYTES) return 'too-large';
  return null;
}

/** The message a photo problem shows. */
export function photoProblemMessage(problem: PhotoProblem): string {
  if (problem === 'not-image') return SHOP_MESSAGES.photoNotStorable;
  if (problem === 'empty') return SHOP_MESSAGES.photoEmpty;
  return SHOP_MESSAGES.photoTooLarge;
}

/** How many more photos a repair with `current` photos takes. */
export function photosLeft(current: number): number {
  return Math.max(0, MAX_PHOTOS - current);
}

export { LOCAL_PHOTO_PATH, localPhotoUrl, parseLocalPhotoUrl } from './photo-urls';

// ───────────────────────────── use cases ─────────────────────────────

export type PhotoPorts = Pick<Ports, 'photos' | 'logger'>;

/** A photo that was not stored, and why (shown beside its thumbnail, with 'Retry' where it helps). */
export interface FailedPhoto<I = Blob> {
  readonly image: I;
  /** Its position among the images handed in. */
  readonly index: number;
  readonly message: string;
  /** False when retrying cannot help (not an image, too large, no room left, not permitted). */
  readonly retryable: boolean;
}

export interface PhotoUploadReport<I = Blob> {
  readonly uploaded: readonly StoredPhoto[];
  readonly failed: readonly FailedPhoto<I>[];
}

/** The message of an upload that stored some photos and not others ('' when all went through). */
export function uploadReportMessage(report: PhotoUploadReport<unknown>): string {
  const total = report.uploaded.length + report.failed.length;
  if (report.failed.length === 0) return '';
  return PHOTO_COUNT_MESSAGES.notUploaded(report.failed.length, total);
}

/**
 * Stores images one after the other for a repair that exists. Each image is checked first (type, size),
 * then handed to the port; a failure of one does not stop the others and is reported with its image,
 * so the page can show it and retry. Nothing is thrown for a port's error (logged, then reported).
 */
export async function uploadPhotos<I extends Blob>(
  ports: PhotoPorts,
  repairDocId: string,
  images: readonly I[],
): Promise<PhotoUploadReport<I>> {
  const uploaded: StoredPhoto[] = [];
  const failures: FailedPhoto<I>[] = [];
  for (const [index, image] of images.entries()) {
    const problem = photoProblem(image);
    if (problem !== null) {
      failures.push({ image, index, message: photoProblemMessage(problem), retryable: false });
      continue;
    }
    try {
      uploaded.push(await ports.photos.upload(repairDocId, image));
    } catch (error) {
      failures.push({ image, index, ...uploadFailure(ports, repairDocId, error) });
    }
  }
  return { uploaded, failed: failures };
}

/** A port's refusal of one upload: its message, and whether a retry may help. */
function uploadFailure(
  ports: PhotoPorts,
  repairDocId: string,
  error: unknown,
): { message: string; retryable: boolean } {
  if (isPortError(error, 'failed-precondition'))
    return { message: SHOP_MESSAGES.tooManyPhotos, retryable: false };
  if (isPortError(error, 'invalid-argument'))
    return { message: error.message || SHOP_MESSAGES.photoNotStorable, retryable: false };
  const outcome = shopPortFailure(
    ports,
    `Uploading a photo of repair ${repairDocId}`,
    error,
    SHOP_MESSAGES.photoUploadFailed,
  );
  return {
    message: outcome.message ?? SHOP_MESSAGES.photoUploadFailed,
    retryable: outcome.reason === 'failed' || outcome.reason === 'conflict',
  };
}

/**
 * Adds photos to a repair from its page. `current` is how many it shows now: more than MAX_PHOTOS in
 * all is refused before anything is sent (the backend refuses it again). Members of the repair's store.
 */
export async function addRepairPhotos<I extends Blob>(
  ports: PhotoPorts,
  repairDocId: string,
  current: number,
  images: readonly I[],
): Promise<Outcome<PhotoUploadReport<I>, 'photos'>> {
  if (images.length === 0) return invalid({ photos: SHOP_MESSAGES.photosNoneChosen });
  if (images.length > photosLeft(current))
    return invalid({ photos: PHOTO_COUNT_MESSAGES.noRoom(photosLeft(current)) });
  const report = await uploadPhotos(ports, repairDocId, images);
  const message = uploadReportMessage(report);
  return message === '' ? done(report) : done(report, message);
}

/** Removes one photo of a repair and its URL from imageUrls (members of the repair's store). */
export async function removeRepairPhoto(
  ports: PhotoPorts,
  repairDocId: string,
  url: string,
): Promise<Outcome<void, never, ShopFailureReason>> {
  try {
    await ports.photos.remove(repairDocId, url);
    return done();
  } catch (error) {
    return shopPortFailure(
      ports,
      `Removing a photo of repair ${repairDocId}`,
      error,
      SHOP_MESSAGES.photoRemoveFailed,
    );
  }
}

/**
 * What the page shows for a photo URL: `{ blob }` for a photo the backend keeps on the device (the
 * page shows it through an object URL), `{ url }` for one it loads itself (https, a path of the site).
 * Reading follows the repair's read rule.
 */
export async function openPhoto(
  ports: PhotoPorts,
  url: string,
): Promise<Outcome<{ readonly blob: Blob } | { readonly url: string }, never, ShopFailureReason>> {
  try {
    const blob = await ports.photos.open(url);
    return done(blob === null ? { url } : { blob });
  } catch (error) {
    return shopPortFailure(ports, `Opening photo ${url}`, error, SHOP_MESSAGES.photoLoadFailed);
  }
}
