import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_STORE_SETTINGS } from '../../src/domain/shop/settings';
import { expectPortError } from './expectations';
import { type Cast, type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { seedShop } from './shop-fixtures';

export function shopMembershipContract(makeHarness: HarnessFactory): void {
  describe('ShopMembershipRepository', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('lists the stores the signed-in account works in, with its role', async () => {
      await signInAs(h, 'owner');
      expect(await h.ports.shopMembers.myStores()).toEqual([
        { storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra', ownerId: cast.owner, role: 'owner' },
      ]);
      expect((await h.ports.shopMembers.roleIn('store-1'))?.role).toBe('owner');
      expect(await h.ports.shopMembers.roleIn('store-2')).toBeNull();
      await signInAs(h, 'staff');
      expect(await h.ports.shopMembers.myStores()).toEqual([
        { storeId: 'store-1', storeName: 'Sharma Mobile Care - Bandra', ownerId: cast.owner, role: 'staff' },
      ]);
      expect((await h.ports.shopMembers.roleIn('store-1'))?.role).toBe('staff');
      await signInAs(h, 'rival');
      expect((await h.ports.shopMembers.myStores()).map((m) => [m.storeId, m.role])).toEqual([
        ['store-2', 'owner'],
      ]);
      for (const key of ['customer', 'admin', 'distributor'] as const) {
        await signInAs(h, key);
        expect(await h.ports.shopMembers.myStores()).toEqual([]);
        expect(await h.ports.shopMembers.roleIn('store-1')).toBeNull();
      }
    });

    it("gives the store's members its settings, parsed, and nobody else", async () => {
      await h.seeder.store({
        id: 'store-1',
        ownerId: cast.owner,
        name: 'Sharma Mobile Care - Bandra',
        phone: '+91 98111 11111',
        address: 'Shop 3, Linking Road',
        gstin: '27aapfs1234c1z5',
        upiId: 'sharmamobile@okaxis',
        jobSheetTerms: 'No warranty on water damage.',
        messageTemplates: { ready: 'Ready: {repairId}', delivered: '  ', unknown: 'x' },
      });
      const expected = {
        phone: '9811111111',
        address: 'Shop 3, Linking Road',
        gstin: '27AAPFS1234C1Z5',
        upiId: 'sharmamobile@okaxis',
        jobSheetTerms: 'No warranty on water damage.',
        messageTemplates: { ready: 'Ready: {repairId}' },
      };
      for (const key of ['owner', 'staff'] as const) {
        await signInAs(h, key);
        expect(await h.ports.shopMembers.settings('store-1')).toEqual(expected);
      }
      // A store without settings reads as the defaults.
      await signInAs(h, 'rival');
      expect(await h.ports.shopMembers.settings('store-2')).toEqual(EMPTY_STORE_SETTINGS);
      await expectPortError(h.ports.shopMembers.settings('store-1'), 'permission-denied');
      for (const key of ['customer', 'admin'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(h.ports.shopMembers.settings('store-1'), 'permission-denied');
        await expectPortError(h.ports.shopMembers.settings('no-such-store'), 'permission-denied');
      }
      await h.ports.auth.signOut();
      await expectPortError(h.ports.shopMembers.settings('store-1'), 'unauthenticated');
    });

    it('needs a signed-in account', async () => {
      await expectPortError(h.ports.shopMembers.myStores(), 'unauthenticated');
      await expectPortError(h.ports.shopMembers.roleIn('store-1'), 'unauthenticated');
      await expectPortError(h.ports.shopMembers.listStaff('store-1'), 'unauthenticated');
      await expectPortError(h.ports.shopMembers.addStaffByEmail('store-1', 'x@y.z'), 'unauthenticated');
      await expectPortError(h.ports.shopMembers.removeStaff('store-1', cast.staff), 'unauthenticated');
    });

    it('lets only the owner list, add and remove staff', async () => {
      await signInAs(h, 'owner');
      const staff = await h.ports.shopMembers.listStaff('store-1');
      expect(staff.map((s) => [s.uid, s.email, s.name, s.addedBy])).toEqual([
        [cast.staff, 'staff@contract.test', 'Sam Staff', cast.owner],
      ]);
      for (const key of ['staff', 'rival', 'customer', 'admin'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(h.ports.shopMembers.listStaff('store-1'), 'permission-denied');
        await expectPortError(
          h.ports.shopMembers.addStaffByEmail('store-1', 'claimant@contract.test'),
          'permission-denied',
        );
        await expectPortError(h.ports.shopMembers.removeStaff('store-1', cast.staff), 'permission-denied');
      }
      await signInAs(h, 'owner');
      await expectPortError(h.ports.shopMembers.listStaff('store-nowhere'), 'permission-denied');
    });

    it('adds an existing account by e-mail (any case), once; refuses unknown e-mails and the owner', async () => {
      await signInAs(h, 'owner');
      const added = await h.ports.shopMembers.addStaffByEmail('store-1', '  Claimant@Contract.TEST ');
      expect(added).toMatchObject({
        storeId: 'store-1',
        uid: cast.claimant,
        email: 'claimant@contract.test',
      });
      const again = await h.ports.shopMembers.addStaffByEmail('store-1', 'claimant@contract.test');
      expect(again.uid).toBe(cast.claimant);
      expect((await h.ports.shopMembers.listStaff('store-1')).map((s) => s.uid).sort()).toEqual(
        [cast.claimant, cast.staff].sort(),
      );
      await expectPortError(
        h.ports.shopMembers.addStaffByEmail('store-1', 'nobody@contract.test'),
        'not-found',
      );
      await expectPortError(
        h.ports.shopMembers.addStaffByEmail('store-1', 'owner@contract.test'),
        'invalid-argument',
      );
    });

    it('removing staff takes their access away', async () => {
      await signInAs(h, 'staff');
      await h.ports.shopRepairs.page('store-1', { limit: 5 });
      await signInAs(h, 'owner');
      await h.ports.shopMembers.removeStaff('store-1', cast.staff);
      await h.ports.shopMembers.removeStaff('store-1', cast.staff);
      expect(await h.ports.shopMembers.listStaff('store-1')).toEqual([]);
      await signInAs(h, 'staff');
      expect(await h.ports.shopMembers.myStores()).toEqual([]);
      await expectPortError(h.ports.shopRepairs.page('store-1', { limit: 5 }), 'permission-denied');
    });
  });
}
