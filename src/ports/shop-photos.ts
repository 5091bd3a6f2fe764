/** A photo of a repair, as stored. */
export interface StoredPhoto {
  /**
   * What goes to the repair's imageUrls: an https URL (Firebase Storage's download URL), or for a
   * photo a local backend keeps on the device, a path of this site, `/local-photos/{repairDocId}/{photoId}`,
   * whose bytes `open` hands out.
   */
  readonly url: string;
  readonly contentType: string;
  readonly size: number;
}

/**
 * Photos of repairs: Firebase Storage in production (`storage.rules`), PouchDB attachments in the
 * demo, a map in memory. The URLs go to the repair's imageUrls, so the tracker and the apps read them.
 *
 * Security: members of the repair's store (owner, staff) upload and remove; at most MAX_PHOTOS per
 * repair (`failed-precondition` beyond), images only (JPEG, PNG, WebP) of at most MAX_PHOTO_BYTES,
 * resized in the browser before upload (`invalid-argument` otherwise); reading follows the repair's
 * read rule (members of its store, the super admin, the customer whose verified number matches).
 * A repair that does not exist is `not-found`; a caller who is not a member `permission-denied`,
 * signed out `unauthenticated`.
 */
export interface PhotoStore {
  /** Stores one (already resized) image for a repair and appends its URL to the repair's imageUrls. */
  upload(repairDocId: string, image: Blob): Promise<StoredPhoto>;
  /** Removes a photo and its URL from imageUrls (a URL the repair does not have is `not-found`). */
  remove(repairDocId: string, url: string): Promise<void>;
  /**
   * The image behind a URL of imageUrls that the page cannot load by itself (a photo a local backend
   * keeps on the device), for the page to show through an object URL; null for a URL the page loads
   * as it is (https, the demo's images). `not-found` when the photo is gone.
   */
  open(url: string): Promise<Blob | null>;
}
