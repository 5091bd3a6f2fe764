/*
 * The URLs of photos the local backends keep on the device. No imports: the tracker's screen reads
 * them, and stays small.
 */

/**
 * Where the local backends (memory, PouchDB attachments) say a photo is: a path of this site, so the
 * repair's imageUrls keep only safe URLs (isSafeImageUrl), and the page asks the backend for the
 * bytes (PhotoStore.open) rather than loading the path.
 */
export const LOCAL_PHOTO_PATH = '/local-photos/';

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The URL of a photo a local backend keeps: `/local-photos/{repairDocId}/{photoId}`. */
export function localPhotoUrl(repairDocId: string, photoId: string): string {
  if (!ID.test(repairDocId) || !ID.test(photoId)) throw new Error('A photo id is letters, digits, _ or -.');
  return `${LOCAL_PHOTO_PATH}${repairDocId}/${photoId}`;
}

/** The repair and photo a local photo URL names, or null when the URL is not one. */
export function parseLocalPhotoUrl(url: string): { repairDocId: string; photoId: string } | null {
  if (!url.startsWith(LOCAL_PHOTO_PATH)) return null;
  const [repairDocId = '', photoId = '', ...rest] = url.slice(LOCAL_PHOTO_PATH.length).split('/');
  if (rest.length > 0 || !ID.test(repairDocId) || !ID.test(photoId)) return null;
  return { repairDocId, photoId };
}
