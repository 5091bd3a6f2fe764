import { beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_COUNT_MESSAGES, SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import {
  LOCAL_PHOTO_PATH,
  localPhotoUrl,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  parseLocalPhotoUrl,
  photoProblem,
  photoProblemMessage,
  photosLeft,
} from '../../../src/domain/shop/photos';
import { NOW, signInAs, type World } from '../world';
import { createShopWorld, createThroughUseCase, typedCard } from './shop-world';

const jpeg = (seed = 1, size = 32, type = 'image/jpeg') =>
  new Blob([new Uint8Array(size).fill(seed)], { type });

let world: World;
beforeEach(async () => {
  ({ world } = await createShopWorld());
});

describe('photo rules', () => {
  it('keeps JPEG, PNG and WebP of at most 1 MiB, nothing empty', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(photoProblem({ type: 'IMAGE/PNG', size: MAX_PHOTO_BYTES })).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: 1 })).toBeNull();
    expect(photoProblem({ type: 'image/heic', size: 10 })).toBe('not-image');
    expect(photoProblem({ type: 'image/svg+xml', size: 10 })).toBe('not-image');
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toBe('not-image');
    expect(photoProblem({ type: 'image/jpeg', size: 0 })).toBe('empty');
    expect(photoProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toBe('too-large');
    expect(photoProblemMessage('not-image')).toBe(SHOP_MESSAGES.photoNotStorable);
    expect(photoProblemMessage('empty')).toBe(SHOP_MESSAGES.photoEmpty);
    expect(photoProblemMessage('too-large')).toBe(SHOP_MESSAGES.photoTooLarge);
    expect(photosLeft(0)).toBe(MAX_PHOTOS);
    expect(photosLeft(9)).toBe(0);
  });

  it('names local photos by a path of the site, and reads only well-formed ones back', () => {
    const url = localPhotoUrl('rep-1', 'ph_2');
    expect(url).toBe(`${LOCAL_PHOTO_PATH}rep-1/ph_2`);
    expect(parseLocalPhotoUrl(url)).toEqual({ repairDocId: 'rep-1', photoId: 'ph_2' });
    expect(parseLocalPhotoUrl('/local-photos/a/b/c')).toBeNull();
    expect(parseLocalPhotoUrl('/local-photos/../x')).toBeNull();
    expect(parseLocalPhotoUrl('https://example.com/local-photos/a/b')).toBeNull();
    expect(() => localPhotoUrl('a/b', 'c')).toThrow();
  });

  it('counts in its messages', () => {
    expect(PHOTO_COUNT_MESSAGES.noRoom(0)).toBe(
      'This repair already has 6 photos. Remove one to add another.',
    );
    expect(PHOTO_COUNT_MESSAGES.noRoom(1)).toBe('Please add at most 1 more photo (6 in all).');
    expect(PHOTO_COUNT_MESSAGES.notUploaded(2, 3)).toBe(
      "2 of 3 photos did not upload. They are listed under 'Photos' to try again.",
    );
  });
});

describe('createRepair with photos', () => {
  it('uploads the photos once the repair exists and lists their URLs', async () => {
    await signInAs(world, 'staff');
    const result = await world.useCases.shop.createRepair(
      'store-1',
      typedCard({ photos: [jpeg(1), jpeg(2)] }),
      NOW,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toBeUndefined();
    expect(result.value.photos.failed).toEqual([]);
    expect(result.value.photos.uploaded).toHaveLength(2);
    const stored = await world.ports.shopRepairs.get(result.value.repair.id);
    expect(stored?.imageUrls).toEqual(result.value.photos.uploaded.map((photo) => photo.url));
    expect(result.value.repair.imageUrls).toEqual(stored?.imageUrls);
  });

  it('keeps the repair when a photo fails, and reports which one with its image', async () => {
    await signInAs(world, 'owner');
    const heic = jpeg(3, 32, 'image/heic');
    const notABlob = { type: 'image/jpeg', name: 'x.jpg', size: 10 };
    const result = await world.useCases.shop.createRepair(
      'store-1',
      typedCard({ photos: [jpeg(1), heic, notABlob] }),
      NOW,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toBe(PHOTO_COUNT_MESSAGES.notUploaded(2, 3));
    expect(result.value.photos.uploaded).toHaveLength(1);
    expect(result.value.photos.failed).toEqual([
      { image: heic, index: 1, message: SHOP_MESSAGES.photoNotStorable, retryable: false },
      expect.objectContaining({ index: 2, message: SHOP_MESSAGES.photoUnreadable, retryable: false }),
    ]);
    expect((await world.ports.shopRepairs.get(result.value.repair.id))?.repairId).toBe('SMCB-1001');
  });

  it('reports an upload the backend could not take as one to retry, and logs why', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    world.db.outage = true;
    const added = await world.useCases.shop.addPhotos(repair.id, 0, [jpeg(1)]);
    world.db.outage = false;
    expect(added).toMatchObject({ ok: true, message: PHOTO_COUNT_MESSAGES.notUploaded(1, 1) });
    if (!added.ok) return;
    expect(added.value.failed).toEqual([
      expect.objectContaining({ index: 0, message: SHOP_MESSAGES.photoUploadFailed, retryable: true }),
    ]);
    expect(world.logger.entries.some((entry) => entry.message.includes('Uploading a photo'))).toBe(true);
    // The retry goes through.
    const retried = await world.useCases.shop.addPhotos(repair.id, 0, [added.value.failed[0]?.image as Blob]);
    expect(retried).toMatchObject({ ok: true, value: { failed: [] } });
  });
});

describe('addPhotos, removePhoto, openPhoto', () => {
  it('refuses nothing chosen and more than the repair has room for, before sending', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    expect(await world.useCases.shop.addPhotos(repair.id, 0, [])).toEqual({
      ok: false,
      fieldErrors: { photos: SHOP_MESSAGES.photosNoneChosen },
    });
    expect(await world.useCases.shop.addPhotos(repair.id, 5, [jpeg(1), jpeg(2)])).toEqual({
      ok: false,
      fieldErrors: { photos: PHOTO_COUNT_MESSAGES.noRoom(1) },
    });
    expect((await world.ports.shopRepairs.get(repair.id))?.imageUrls).toEqual([]);
  });

  it('says a seventh photo is one too many when the page counted wrong', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    const six = Array.from({ length: MAX_PHOTOS }, (_, i) => jpeg(i));
    expect(await world.useCases.shop.addPhotos(repair.id, 0, six)).toMatchObject({ ok: true });
    const seventh = await world.useCases.shop.addPhotos(repair.id, 0, [jpeg(7)]);
    expect(seventh).toMatchObject({
      ok: true,
      value: { uploaded: [], failed: [{ message: SHOP_MESSAGES.tooManyPhotos, retryable: false }] },
    });
  });

  it('removes a photo for members, and tells others why not', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    const added = await world.useCases.shop.addPhotos(repair.id, 0, [jpeg(1)]);
    const url = added.ok ? (added.value.uploaded[0]?.url ?? '') : '';
    await signInAs(world, 'rival');
    expect(await world.useCases.shop.removePhoto(repair.id, url)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.notStoreMember,
      reason: 'not-permitted',
    });
    await signInAs(world, 'staff');
    world.db.outage = true;
    expect(await world.useCases.shop.removePhoto(repair.id, url)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.photoRemoveFailed,
      reason: 'failed',
    });
    world.db.outage = false;
    expect(await world.useCases.shop.removePhoto(repair.id, url)).toEqual({ ok: true, value: undefined });
    expect((await world.ports.shopRepairs.get(repair.id))?.imageUrls).toEqual([]);
  });

  it('opens a local photo as its bytes, and leaves other URLs for the page to load', async () => {
    await signInAs(world, 'owner');
    const repair = await createThroughUseCase(world);
    const added = await world.useCases.shop.addPhotos(repair.id, 0, [jpeg(5, 40)]);
    const url = added.ok ? (added.value.uploaded[0]?.url ?? '') : '';
    const opened = await world.useCases.shop.openPhoto(url);
    expect(opened.ok && 'blob' in opened.value && opened.value.blob.size).toBe(40);
    const https = 'https://firebasestorage.googleapis.com/v0/b/b/o/p?alt=media&token=t';
    expect(await world.useCases.shop.openPhoto(https)).toEqual({ ok: true, value: { url: https } });
    world.db.outage = true;
    expect(await world.useCases.shop.openPhoto(url)).toEqual({
      ok: false,
      message: SHOP_MESSAGES.photoLoadFailed,
      reason: 'failed',
    });
  });
});
