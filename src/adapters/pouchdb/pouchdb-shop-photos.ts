import { localPhotoUrl, parseLocalPhotoUrl } from '../../domain/shop/photos';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { PhotoStore, StoredPhoto } from '../../ports/shop-photos';
import { enforceRepairWrite, repairWriteParties, requireSignedIn } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { checkPhotoImage, mayReadPhotos, photoWrite, storedImageUrls } from '../local/photo-rules';
import { fieldsOf, guarded, isNotFound, storedRecord } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { randomId } from './pouchdb-password';
import { loadRepairDoc, putLatest, repairAccess, rewriteRepair } from './pouchdb-shop-docs';
import { pouchMembershipLookup } from './pouchdb-shop-membership';
import type { UserDocs } from './pouchdb-user-docs';

/** The photo's document in the photos database. */
export const photoDocId = (repairDocId: string, photoId: string) => `photo:${repairDocId}:${photoId}`;

/** The attachment's name on a photo document. */
const IMAGE = 'image';

/** Base64 of some bytes, in chunks (String.fromCharCode takes a bounded number of arguments). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Photos on PouchDB (the offline demo): one document per photo in the device-local `photos` database
 * (`photo:{repairDocId}:{photoId}`: repair, store, type, size, time), its image an attachment named
 * 'image'; the URL `/local-photos/{repairDocId}/{photoId}` in the repair's imageUrls, written at the
 * repair's revision with one 'photo' entry in its history (the shared local rules check both).
 * Attachments have no http URL: `open` hands out the bytes, and the page shows them through an object
 * URL. The photos database does not replicate (docs/pouchdb.md, "The shop console").
 */
export class PouchPhotoStore implements PhotoStore {
  private readonly lookup;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
  ) {
    this.lookup = pouchMembershipLookup(dbs);
  }

  private get photos() {
    return this.dbs.collection('photos');
  }

  upload(repairDocId: string, image: Blob): Promise<StoredPhoto> {
    return guarded(async () => {
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      checkPhotoImage(image);
      const contentType = image.type.toLowerCase();
      const by = { uid: access.uid, name: (await this.users.profile(access.uid))?.name ?? '' };
      const photoId = randomId(16);
      const url = localPhotoUrl(repairDocId, photoId);
      const id = photoDocId(repairDocId, photoId);
      // The bytes first: a repair never names a photo that is not there.
      await this.photos.put({
        _id: id,
        repairDocId,
        storeId: access.store.id,
        contentType,
        size: image.size,
        createdAt: this.clock.now().toISOString(),
        createdBy: access.uid,
        _attachments: {
          [IMAGE]: { content_type: contentType, data: toBase64(new Uint8Array(await image.arrayBuffer())) },
        },
      });
      try {
        await rewriteRepair(this.dbs, repairDocId, doc, (stored, repair) => {
          const now = this.clock.now();
          const before = fieldsOf(stored);
          const written = storedRecord(photoWrite(before, repair, { add: url }, by, now));
          enforceRepairWrite({
            repairDocId,
            before,
            after: written,
            ...repairWriteParties(access, by.name),
            now,
            representation: 'json',
          });
          return written;
        });
      } catch (error) {
        // The repair refused it (a seventh photo, a repair deleted meanwhile): no orphan bytes stay.
        await putLatest(this.photos, id, null);
        throw error;
      }
      return { url, contentType, size: image.size };
    });
  }

  remove(repairDocId: string, url: string): Promise<void> {
    return guarded(async () => {
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      const by = { uid: access.uid, name: (await this.users.profile(access.uid))?.name ?? '' };
      await rewriteRepair(this.dbs, repairDocId, doc, (stored, repair) => {
        const now = this.clock.now();
        const before = fieldsOf(stored);
        const written = storedRecord(photoWrite(before, repair, { remove: url }, by, now));
        enforceRepairWrite({
          repairDocId,
          before,
          after: written,
          ...repairWriteParties(access, by.name),
          now,
          representation: 'json',
        });
        return written;
      });
      const named = parseLocalPhotoUrl(url);
      if (named !== null && named.repairDocId === repairDocId)
        await putLatest(this.photos, photoDocId(repairDocId, named.photoId), null);
    });
  }

  open(url: string): Promise<Blob | null> {
    const named = parseLocalPhotoUrl(url);
    if (named === null) return Promise.resolve(null);
    return guarded(async () => {
      requireSignedIn(this.session);
      const doc = await loadRepairDoc(this.dbs, named.repairDocId);
      if (doc === null) throw new PortError('not-found', 'This photo no longer exists.');
      const repair = parseShopRepair(named.repairDocId, doc);
      const allowed = await mayReadPhotos(this.session, repair, this.lookup, (uid) =>
        this.users.profile(uid),
      );
      if (!allowed)
        throw new PortError('permission-denied', 'Only those who may read this repair see its photos.');
      if (!storedImageUrls(doc).includes(url))
        throw new PortError('not-found', 'This photo no longer exists.');
      const id = photoDocId(named.repairDocId, named.photoId);
      const meta = await this.photos.get(id);
      if (meta === null || storeRefOf(repair) !== meta.storeId)
        throw new PortError('not-found', 'This photo no longer exists.');
      let data: Blob | Uint8Array;
      try {
        data = (await this.photos.database.getAttachment(id, IMAGE)) as Blob | Uint8Array;
      } catch (error) {
        if (isNotFound(error)) throw new PortError('not-found', 'This photo no longer exists.');
        throw error;
      }
      const type = typeof meta.contentType === 'string' ? meta.contentType : 'image/jpeg';
      // The browser's PouchDB hands out a Blob, Node's a Buffer.
      return data instanceof Blob ? new Blob([data], { type }) : new Blob([new Uint8Array(data)], { type });
    });
  }
}
