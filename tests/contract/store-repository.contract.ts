import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPortError } from './expectations';
import { seedCast, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';

export function storeRepositoryContract(makeHarness: HarnessFactory): void {
  describe('StoreRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedCast(h);
      await h.seeder.store({ id: 'store-b', ownerId: 'uid-owner', name: 'Second Shop' });
      await h.seeder.store({ id: 'store-a', ownerId: 'uid-owner', name: 'First Shop' });
      await h.seeder.store({ id: 'store-c', ownerId: 'uid-other' });
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('gets a store by id, or null', async () => {
      await signInAs(h, 'customer');
      expect(await h.ports.stores.get('store-a')).toEqual({
        id: 'store-a',
        ownerId: 'uid-owner',
        name: 'First Shop',
      });
      expect(await h.ports.stores.get('store-c')).toEqual({ id: 'store-c', ownerId: 'uid-other', name: '' });
      expect(await h.ports.stores.get('store-zzz')).toBeNull();
    });

    it("lists an owner's stores, by id", async () => {
      await signInAs(h, 'admin');
      expect((await h.ports.stores.listByOwner('uid-owner')).map((store) => store.id)).toEqual([
        'store-a',
        'store-b',
      ]);
      expect(await h.ports.stores.listByOwner('uid-nobody')).toEqual([]);
    });

    it('requires a signed-in user', async () => {
      await expectPortError(h.ports.stores.get('store-a'), 'unauthenticated', 'permission-denied');
    });
  });
}
