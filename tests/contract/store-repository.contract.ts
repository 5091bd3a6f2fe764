import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectPortError } from './expectations';
import { seedCast, seedStores, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';

export function storeRepositoryContract(makeHarness: HarnessFactory): void {
  describe('StoreRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedStores(h, await seedCast(h));
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

    it("lists an owner's stores, by id, to that owner and to a super admin", async () => {
      for (const key of ['admin', 'owner'] as const) {
        await signInAs(h, key);
        expect((await h.ports.stores.listByOwner('uid-owner')).map((store) => store.id)).toEqual([
          'store-1',
          'store-a',
          'store-b',
        ]);
      }
      await signInAs(h, 'admin');
      expect(await h.ports.stores.listByOwner('uid-nobody')).toEqual([]);
    });

    it("refuses an owner's store list to anyone else", async () => {
      for (const key of ['customer', 'rival', 'distributor'] as const) {
        await signInAs(h, key);
        await expectPortError(h.ports.stores.listByOwner('uid-owner'), 'permission-denied');
      }
    });

    it('requires a signed-in user', async () => {
      await expectPortError(h.ports.stores.get('store-a'), 'unauthenticated', 'permission-denied');
    });
  });
}
