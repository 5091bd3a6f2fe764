import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../src/domain/shop/photos';
import { expectPortError } from './expectations';
import { type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { ownerCreates, seedShop } from './shop-fixtures';

/** A small "image" of known bytes (the port stores bytes; resizing is the browser's). */
function image(seed: number, type = 'image/jpeg', size = 64): Blob {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (seed * 31 + i) % 256;
  return new Blob([bytes], { type });
}

async function bytesOf(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}

/**
 * PhotoStore on the backends that keep photos on the device (memory, PouchDB attachments): their URLs
 * are paths of the site whose bytes `open` hands out. Firebase Storage is tested at the HTTP level
 * (tests/adapters/firebase/storage-photos.test.ts): its emulator cannot run on these machines.
 */
export function photoStoreContract(makeHarness: HarnessFactory): void {
  describe('PhotoStore', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('stores a photo, lists its URL in imageUrls with a history entry, and hands its bytes back', async () => {
      const repair = await ownerCreates(h);
      const stored = await h.ports.photos.upload(repair.id, image(1, 'image/webp'));
      expect(stored).toMatchObject({ contentType: 'image/webp', size: 64 });
      expect(stored.url.startsWith('/')).toBe(true);
      const after = await h.ports.shopRepairs.get(repair.id);
      expect(after?.imageUrls).toEqual([stored.url]);
      expect(after?.status).toBe('received');
      expect(after?.history.at(-1)).toMatchObject({ kind: 'photo', status: 'received', note: 'Photo added' });
      const opened = await h.ports.photos.open(stored.url);
      expect(opened?.type).toBe('image/webp');
      expect(await bytesOf(opened as Blob)).toEqual(await bytesOf(image(1)));
    });

    it("fixes a delivered or cancelled repair's photos: none added, none removed (issue 15)", async () => {
      const repair = await ownerCreates(h);
      const kept = await h.ports.photos.upload(repair.id, image(1));
      await h.ports.shopRepairs.changeStatus(repair.id, { to: 'cancelled', expectedStatus: 'received' });
      for (const key of ['owner', 'staff'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(h.ports.photos.upload(repair.id, image(2)), 'failed-precondition');
        await expectPortError(h.ports.photos.remove(repair.id, kept.url), 'failed-precondition');
      }
      const after = await h.ports.shopRepairs.get(repair.id);
      expect(after?.imageUrls).toEqual([kept.url]);
      expect(after?.history.at(-1)).toMatchObject({ kind: 'status', status: 'cancelled' });
      expect(await bytesOf((await h.ports.photos.open(kept.url)) as Blob)).toEqual(await bytesOf(image(1)));
    });

    it('lets staff add and remove; removal takes the URL and the bytes away', async () => {
      const repair = await ownerCreates(h);
      await signInAs(h, 'staff');
      const first = await h.ports.photos.upload(repair.id, image(1));
      const second = await h.ports.photos.upload(repair.id, image(2, 'image/png'));
      expect(first.url).not.toBe(second.url);
      await h.ports.photos.remove(repair.id, first.url);
      const after = await h.ports.shopRepairs.get(repair.id);
      expect(after?.imageUrls).toEqual([second.url]);
      expect(after?.history.at(-1)).toMatchObject({ kind: 'photo', note: 'Photo removed' });
      await expectPortError(h.ports.photos.open(first.url), 'not-found');
      await expectPortError(h.ports.photos.remove(repair.id, first.url), 'not-found');
      expect(await bytesOf((await h.ports.photos.open(second.url)) as Blob)).toEqual(await bytesOf(image(2)));
    });

    it('refuses other owners, customers, the super admin and the signed out as writers', async () => {
      const repair = await ownerCreates(h);
      const kept = await h.ports.photos.upload(repair.id, image(1));
      for (const who of ['rival', 'customer', 'admin'] as CastKey[]) {
        await signInAs(h, who);
        await expectPortError(h.ports.photos.upload(repair.id, image(2)), 'permission-denied');
        await expectPortError(h.ports.photos.remove(repair.id, kept.url), 'permission-denied');
      }
      await h.ports.auth.signOut();
      await expectPortError(h.ports.photos.upload(repair.id, image(2)), 'unauthenticated');
      await signInAs(h, 'owner');
      expect((await h.ports.shopRepairs.get(repair.id))?.imageUrls).toEqual([kept.url]);
    });

    it('refuses what is not an image, an empty file and one above the size cap', async () => {
      const repair = await ownerCreates(h);
      await expectPortError(
        h.ports.photos.upload(repair.id, image(1, 'application/pdf')),
        'invalid-argument',
      );
      await expectPortError(h.ports.photos.upload(repair.id, image(1, 'image/svg+xml')), 'invalid-argument');
      await expectPortError(h.ports.photos.upload(repair.id, image(1, 'image/jpeg', 0)), 'invalid-argument');
      await expectPortError(
        h.ports.photos.upload(repair.id, image(1, 'image/jpeg', MAX_PHOTO_BYTES + 1)),
        'invalid-argument',
      );
      const fits = await h.ports.photos.upload(repair.id, image(1, 'image/jpeg', MAX_PHOTO_BYTES));
      expect(fits.size).toBe(MAX_PHOTO_BYTES);
      expect((await h.ports.shopRepairs.get(repair.id))?.imageUrls).toEqual([fits.url]);
    });

    it(`keeps at most ${MAX_PHOTOS} photos per repair, also when uploads race`, async () => {
      const repair = await ownerCreates(h);
      const results = await Promise.allSettled(
        Array.from({ length: MAX_PHOTOS + 2 }, (_, i) => h.ports.photos.upload(repair.id, image(i))),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_PHOTOS);
      for (const result of results)
        if (result.status === 'rejected')
          expect(result.reason).toMatchObject({ code: 'failed-precondition' });
      const after = await h.ports.shopRepairs.get(repair.id);
      expect(after?.imageUrls).toHaveLength(MAX_PHOTOS);
      await expectPortError(h.ports.photos.upload(repair.id, image(9)), 'failed-precondition');
      // A refused upload leaves no bytes behind that a URL could name: every listed URL opens.
      for (const url of after?.imageUrls ?? []) expect((await h.ports.photos.open(url))?.size).toBe(64);
    });

    it('lets whoever reads the repair see its photos: members, its customer, the super admin', async () => {
      const repair = await ownerCreates(h);
      const stored = await h.ports.photos.upload(repair.id, image(3));
      for (const who of ['staff', 'customer', 'admin'] as CastKey[]) {
        await signInAs(h, who);
        expect((await h.ports.photos.open(stored.url))?.size).toBe(64);
      }
      await signInAs(h, 'rival');
      await expectPortError(h.ports.photos.open(stored.url), 'permission-denied');
      await h.ports.auth.signOut();
      await expectPortError(h.ports.photos.open(stored.url), 'unauthenticated');
    });

    it('answers null for a URL the page loads itself, and not-found for a repair that is gone', async () => {
      const repair = await ownerCreates(h);
      const stored = await h.ports.photos.upload(repair.id, image(1));
      expect(
        await h.ports.photos.open('https://firebasestorage.googleapis.com/v0/b/x/o/y?alt=media'),
      ).toBeNull();
      expect(await h.ports.photos.open('/demo/images/galaxy-s21-front.svg')).toBeNull();
      await expectPortError(h.ports.photos.upload('no-such-repair', image(1)), 'not-found');
      await h.ports.shopRepairs.delete(repair.id);
      await expectPortError(h.ports.photos.open(stored.url), 'not-found');
    });
  });
}
