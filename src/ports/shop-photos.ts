/** A photo of a repair, as stored. */
export interface StoredPhoto {
  /** Where the page loads it (an https URL, or a path of this site for PouchDB attachments). */
  readonly url: string;
  readonly contentType: string;
  readonly size: number;
}

/**
 * Photos of repairs (interface only; no family implements it yet). Firebase Storage in production
 * (`storage.rules`), PouchDB attachments in the demo. The URLs go to the repair's imageUrls, so the
 * tracker and the apps show them.
 *
 * Security: members of the repair's store upload and remove (owner, staff); at most MAX_PHOTOS per
 * repair, images only, resized in the browser before upload; reading follows the repair's read rule.
 */
export interface PhotoStore {
  /** Stores one (already resized) image for a repair and appends its URL to the repair's imageUrls. */
  upload(repairDocId: string, image: Blob): Promise<StoredPhoto>;
  /** Removes a photo and its URL from imageUrls. */
  remove(repairDocId: string, url: string): Promise<void>;
}
