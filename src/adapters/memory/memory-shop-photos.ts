import { localPhotoUrl, parseLocalPhotoUrl } from '../../domain/shop/photos';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { PhotoStore, StoredPhoto } from '../../ports/shop-photos';
import {
  enforceRepairWrite,
  repairWriteParties,
  requireRepairOfStore,
  requireSignedIn,
  requireStoreMember,
  type ShopAccess,
} from '../local/local-rules';
import { checkPhotoImage, mayReadPhotos, photoWrite, storedImageUrls } from '../local/photo-rules';
import type { MemoryDatabase } from './memory-database';
import { memoryMembershipLookup } from './memory-shop-membership';

/** The photos' bytes, per database (every PhotoStore on one database shares them). */
const PHOTOS = new WeakMap<MemoryDatabase, Map<string, Blob>>();

function photosOf(db: MemoryDatabase): Map<string, Blob> {
  let photos = PHOTOS.get(db);
  if (photos === undefined) {
    photos = new Map();
    PHOTOS.set(db, photos);
  }
  return photos;
}

/**
 * Photos in memory (unit and UI tests): the bytes in a map beside the database, the URL
 * (`/local-photos/{repairDocId}/{photoId}`) in the repair's imageUrls, written in the same JavaScript
 * turn as the check. The local photo rules (photo-rules.ts) decide who may write and read.
 */
export class MemoryPhotoStore implements PhotoStore {
  private readonly lookup;

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {
    this.lookup = memoryMembershipLookup(db);
  }

  private repairOf(repairDocId: string) {
    const raw = this.db.repairs.get(repairDocId);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    return { raw, repair: parseShopRepair(repairDocId, raw) };
  }

  private async writer(repairDocId: string) {
    requireSignedIn(this.db);
    const { raw, repair } = this.repairOf(repairDocId);
    const access = requireRepairOfStore(
      raw,
      await requireStoreMember(this.db, storeRefOf(repair), this.lookup),
    );
    return { uid: access.uid, name: this.db.profile(access.uid)?.name ?? '', access };
  }

  /** Judges the photo write (the domain's rule on repair writes), then stores it. */
  private write(
    repairDocId: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
    access: ShopAccess,
    name: string,
    now: Date,
  ): void {
    enforceRepairWrite({ repairDocId, before, after, ...repairWriteParties(access, name), now });
    this.db.repairs.set(repairDocId, after);
  }

  async upload(repairDocId: string, image: Blob): Promise<StoredPhoto> {
    await this.db.roundTrip();
    const by = await this.writer(repairDocId);
    checkPhotoImage(image);
    // Read the bytes before the write, so the check and the write below share one turn.
    const bytes = new Blob([await image.arrayBuffer()], { type: image.type.toLowerCase() });
    const { raw, repair } = this.repairOf(repairDocId);
    const url = localPhotoUrl(repairDocId, this.db.nextId('photo'));
    const now = this.clock.now();
    this.write(repairDocId, raw, photoWrite(raw, repair, { add: url }, by, now), by.access, by.name, now);
    photosOf(this.db).set(url, bytes);
    return { url, contentType: bytes.type, size: bytes.size };
  }

  async remove(repairDocId: string, url: string): Promise<void> {
    await this.db.roundTrip();
    const by = await this.writer(repairDocId);
    const { raw, repair } = this.repairOf(repairDocId);
    const now = this.clock.now();
    this.write(repairDocId, raw, photoWrite(raw, repair, { remove: url }, by, now), by.access, by.name, now);
    photosOf(this.db).delete(url);
  }

  async open(url: string): Promise<Blob | null> {
    const named = parseLocalPhotoUrl(url);
    if (named === null) return null;
    await this.db.roundTrip();
    requireSignedIn(this.db);
    const raw = this.db.repairs.get(named.repairDocId);
    if (raw === undefined) throw new PortError('not-found', 'This photo no longer exists.');
    const repair = parseShopRepair(named.repairDocId, raw);
    if (!(await mayReadPhotos(this.db, repair, this.lookup, async (uid) => this.db.profile(uid))))
      throw new PortError('permission-denied', 'Only those who may read this repair see its photos.');
    const bytes = photosOf(this.db).get(url);
    if (bytes === undefined || !storedImageUrls(raw).includes(url))
      throw new PortError('not-found', 'This photo no longer exists.');
    return bytes;
  }
}
