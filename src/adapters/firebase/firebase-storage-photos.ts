import {
  deleteObject,
  type FirebaseStorage,
  getDownloadURL,
  ref,
  StorageError,
  uploadBytes,
} from 'firebase/storage';
import { MAX_PHOTOS, photoProblem, photoProblemMessage } from '../../domain/shop/photos';
import { PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import type { PhotoStore, StoredPhoto } from '../../ports/shop-photos';

/**
 * The repair's side of a photo, on Firestore (firestore-repair-photos.ts): who may write, and the
 * URL in repairs/{id}.imageUrls. Kept apart so that the Storage side can be tested at the HTTP level
 * without Firestore (tests/adapters/firebase/storage-photos.test.ts).
 */
export interface RepairImageList {
  /**
   * The repair's store and its imageUrls, for a member of that store: 'not-found' when there is no
   * such repair, 'permission-denied' for anyone else, 'unauthenticated' signed out.
   */
  target(repairDocId: string): Promise<{ readonly storeId: string; readonly imageUrls: readonly string[] }>;
  /** Appends the URL to imageUrls (arrayUnion), refusing a seventh photo ('failed-precondition'). */
  add(repairDocId: string, url: string): Promise<void>;
  /** Takes the URL out of imageUrls (arrayRemove); 'not-found' when the repair does not have it. */
  remove(repairDocId: string, url: string): Promise<void>;
}

/** Where a repair's photo lives in the bucket (storage.rules matches the same path). */
export function photoPath(storeId: string, repairDocId: string, photoId: string): string {
  return `repairs/${storeId}/${repairDocId}/${photoId}`;
}

/** A StorageError as a PortError (storage.rules' refusal, a missing object, the network). */
export function storagePortError(error: unknown): PortError {
  if (error instanceof PortError) return error;
  if (error instanceof StorageError) {
    const code = error.code.replace(/^storage\//, '');
    if (code === 'unauthorized')
      return new PortError('permission-denied', 'Storage refused this photo.', { cause: error });
    if (code === 'unauthenticated')
      return new PortError('unauthenticated', 'Sign in first.', { cause: error });
    if (code === 'object-not-found')
      return new PortError('not-found', 'This photo no longer exists.', { cause: error });
    if (code === 'invalid-argument' || code === 'invalid-format' || code === 'invalid-url')
      return new PortError('invalid-argument', 'This photo could not be stored.', { cause: error });
    return new PortError('unavailable', 'The photo store could not be reached.', { cause: error });
  }
  return new PortError('unknown', 'The photo store failed.', { cause: error });
}

async function storageCall<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw storagePortError(error);
  }
}

/** A photo id: 22 base64url characters from the platform's random source. */
function newPhotoId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Photos on Firebase Storage (production): `repairs/{storeId}/{repairDocId}/{photoId}`, uploaded with
 * the SDK (a multipart upload with its content type), its download URL then appended to the repair's
 * imageUrls on Firestore, so the tracker and the apps show it. storage.rules repeats the checks:
 * members of the store write, images only, at most 1 MiB; reads follow the repair.
 *
 * Order of writes: the bytes, then the URL (a repair never names a missing object; when the URL
 * cannot be added, the object is deleted again); on removal the URL, then the bytes (an object left
 * behind by a failed delete is named nowhere, and is logged).
 */
export class FirebaseStoragePhotoStore implements PhotoStore {
  constructor(
    private readonly storage: FirebaseStorage,
    private readonly repairs: RepairImageList,
    private readonly logger: Logger,
  ) {}

  async upload(repairDocId: string, image: Blob): Promise<StoredPhoto> {
    const problem = photoProblem(image);
    const target = await this.repairs.target(repairDocId);
    if (problem !== null) throw new PortError('invalid-argument', photoProblemMessage(problem));
    if (target.imageUrls.length >= MAX_PHOTOS)
      throw new PortError('failed-precondition', `A repair has at most ${MAX_PHOTOS} photos.`);
    const contentType = image.type.toLowerCase();
    const object = ref(this.storage, photoPath(target.storeId, repairDocId, newPhotoId()));
    const url = await storageCall(async () => {
      await uploadBytes(object, image, { contentType, customMetadata: { repairDocId } });
      return getDownloadURL(object);
    });
    try {
      await this.repairs.add(repairDocId, url);
    } catch (error) {
      await deleteObject(object).catch((cause: unknown) =>
        this.logger.warn(
          `A photo of repair ${repairDocId} was stored but not listed; deleting it failed`,
          cause,
        ),
      );
      throw error;
    }
    return { url, contentType, size: image.size };
  }

  async remove(repairDocId: string, url: string): Promise<void> {
    const target = await this.repairs.target(repairDocId);
    if (!target.imageUrls.includes(url)) throw new PortError('not-found', 'This repair has no such photo.');
    await this.repairs.remove(repairDocId, url);
    // Only an object of this repair's folder is deleted (an app's URL elsewhere just leaves the list).
    let object: ReturnType<typeof ref> | null = null;
    try {
      object = ref(this.storage, url);
    } catch {
      object = null;
    }
    const folder = `repairs/${target.storeId}/${repairDocId}/`;
    if (object === null || !object.fullPath.startsWith(folder)) return;
    try {
      await deleteObject(object);
    } catch (error) {
      const failure = storagePortError(error);
      if (failure.code === 'not-found') return;
      this.logger.warn(`The photo ${object.fullPath} left repair ${repairDocId} but its bytes stay`, failure);
    }
  }

  /** Download URLs load as they are (the page's <img>): nothing to hand out. */
  async open(_url: string): Promise<Blob | null> {
    return null;
  }
}
