import { arrayUnion, doc, updateDoc } from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FirebaseBackend } from '../../src/adapters/firebase/firebase-backend';
import { FirestoreRepairImageList } from '../../src/adapters/firebase/firestore-repair-photos';
import { SystemClock } from '../../src/adapters/system-clock';
import { MAX_PHOTOS } from '../../src/domain/shop/photos';
import { expectPortError } from '../contract/expectations';
import type { CastKey } from '../contract/fixtures';
import { type BackendHarness, type HarnessFactory, PASSWORD } from '../contract/harness';
import { ownerCreates, seedShop } from '../contract/shop-fixtures';
import { emulatorBackend, emulatorEndpoints } from './firebase-harness';

/**
 * The repair's side of a photo on Firestore (FirestoreRepairImageList) against firestore.rules on the
 * emulator: the URL appended and removed with one 'photo' history entry by the writer, six at most,
 * members only. (The Storage side is tested with msw: tests/adapters/firebase/storage-photos.test.ts.)
 * Called from contract.test.ts: the Auth emulator serves that file's project.
 */
export function repairPhotosOnFirestore(factory: HarnessFactory, project: string): void {
  describe('photos: imageUrls on Firestore (emulators)', () => {
    /** A download URL of this project's bucket (config/storage, seeded) under the repair's own path. */
    let repairDocId = '';
    const url = (n: number) =>
      `https://firebasestorage.googleapis.com/v0/b/${project}.firebasestorage.app/o/repairs%2Fstore-1%2F${repairDocId}%2Fp${n}?alt=media&token=t${n}`;
    let h: BackendHarness;
    let client: FirebaseBackend;
    let uids: Record<string, string>;
    beforeEach(async () => {
      h = await factory();
      const cast = await seedShop(h);
      uids = { ...cast } as unknown as Record<string, string>;
      client = emulatorBackend(emulatorEndpoints(), project);
    });
    afterEach(async () => {
      await client.ports.auth.signOut().catch(() => undefined);
      await client.dispose();
      await h.dispose();
    });
    const signIn = (key: CastKey) => client.ports.auth.signIn(`${key}@contract.test`, PASSWORD);
    const list = () => new FirestoreRepairImageList(client.firestore, client.auth, new SystemClock());

    it('appends and removes a URL with one photo entry by the writer, as the rules allow', async () => {
      const repair = await ownerCreates(h);
      repairDocId = repair.id;
      await signIn('staff');
      expect(await list().target(repair.id)).toEqual({ storeId: 'store-1', imageUrls: [] });
      await list().add(repair.id, url(1));
      await list().add(repair.id, url(2));
      let stored = await h.ports.shopRepairs.get(repair.id);
      expect(stored?.imageUrls).toEqual([url(1), url(2)]);
      expect(stored?.status).toBe('received');
      expect(stored?.history.at(-1)).toMatchObject({
        kind: 'photo',
        status: 'received',
        note: 'Photo added',
        by: { uid: uids.staff },
      });
      await list().remove(repair.id, url(1));
      stored = await h.ports.shopRepairs.get(repair.id);
      expect(stored?.imageUrls).toEqual([url(2)]);
      expect(stored?.history.at(-1)).toMatchObject({ kind: 'photo', note: 'Photo removed' });
      await expectPortError(list().remove(repair.id, url(1)), 'not-found');
    });

    it(`keeps ${MAX_PHOTOS} at most`, async () => {
      const repair = await ownerCreates(h);
      repairDocId = repair.id;
      await signIn('owner');
      for (let n = 1; n <= MAX_PHOTOS; n += 1) await list().add(repair.id, url(n));
      await expectPortError(list().add(repair.id, url(7)), 'failed-precondition');
      expect((await h.ports.shopRepairs.get(repair.id))?.imageUrls).toHaveLength(MAX_PHOTOS);
    });

    it('refuses another owner and the customer, in the adapter and in the rules', async () => {
      const repair = await ownerCreates(h);
      repairDocId = repair.id;
      for (const who of ['rival', 'customer'] as CastKey[]) {
        await signIn(who);
        await expectPortError(list().target(repair.id), 'permission-denied');
        await expectPortError(list().add(repair.id, url(1)), 'permission-denied');
        const direct = await updateDoc(doc(client.firestore, 'repairs', repair.id), {
          imageUrls: arrayUnion(url(1)),
        }).catch((error: unknown) => error);
        expect((direct as { code?: string }).code).toBe('permission-denied');
      }
      expect((await h.ports.shopRepairs.get(repair.id))?.imageUrls).toEqual([]);
      await client.ports.auth.signOut();
      await expectPortError(list().target(repair.id), 'unauthenticated');
      await signIn('owner');
      await expectPortError(list().target('no-such-repair'), 'not-found');
    });
  });
}
