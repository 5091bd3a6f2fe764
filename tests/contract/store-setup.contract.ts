import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreDetailsInput, StoreSettingsInput } from '../../src/domain/shop/store-setup';
import { expectPortError } from './expectations';
import { type Cast, type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { newRepair, seedShop } from './shop-fixtures';

/*
 * Opening a shop on the web and its settings (ShopMembershipRepository.createStore and saveSettings),
 * on every backend: who may, what is checked again below the domain, and that the new store is seen
 * where the apps, the tracker and the super admin look (stores.ownerId, the owner's users document
 * per ADR 0006, the store's public profile).
 */

const DETAILS: StoreDetailsInput = {
  name: 'Cara Mobile Point',
  phone: '+91 98200 12345',
  address: 'Shop 7, Station Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  gstin: '27AAPFU0939F1ZV',
  upiId: '9820012345@ybl',
  repairIdPrefix: 'cmp',
};

function settingsOf(overrides: Partial<StoreSettingsInput> = {}): StoreSettingsInput {
  const { repairIdPrefix: _prefix, ...details } = DETAILS;
  return {
    ...details,
    jobSheetTerms: 'Collect within 15 days.',
    messageTemplates: { ready: 'Ready: {repairId}', paymentReminder: 'Please pay {amountDue}.' },
    gstRatePercent: 12,
    sacCode: '998713',
    pricesIncludeTax: false,
    ...overrides,
  };
}

export function storeSetupContract(makeHarness: HarnessFactory): void {
  describe('ShopMembershipRepository: opening a store and its settings', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it('lets an account of role user open a store that the apps, the tracker and the admin see', async () => {
      await signInAs(h, 'customer');
      const opened = await h.ports.shopMembers.createStore(DETAILS);
      expect(opened).toMatchObject({ storeName: 'Cara Mobile Point', ownerId: cast.customer, role: 'owner' });
      expect(await h.ports.shopMembers.myStores()).toEqual([opened]);
      expect(await h.ports.stores.get(opened.storeId)).toEqual({
        id: opened.storeId,
        ownerId: cast.customer,
        name: 'Cara Mobile Point',
      });
      expect(await h.ports.shopMembers.settings(opened.storeId)).toMatchObject({
        phone: '9820012345',
        address: 'Shop 7, Station Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        gstin: '27AAPFU0939F1ZV',
        upiId: '9820012345@ybl',
        repairIdPrefix: 'CMP',
      });
      expect(await h.ports.storeProfiles.get(opened.storeId)).toEqual({
        storeId: opened.storeId,
        name: 'Cara Mobile Point',
        phone: '9820012345',
        upiId: '9820012345@ybl',
      });
      // The first repair is {PREFIX}-1001.
      const repair = await h.ports.shopRepairs.create(opened.storeId, newRepair());
      expect(repair.repairId).toBe('CMP-1001');
      // The super admin's business list (ADR 0006's fields on the users document) names it.
      await signInAs(h, 'admin');
      const page = await h.ports.users.pageBusinessUsers({ search: 'cara', offset: 0, limit: 10 });
      expect(page.items.map((b) => [b.profile.uid, b.storeIds])).toEqual([[cast.customer, [opened.storeId]]]);
    });

    it("lets an owner add a store whose prefix none of its stores' has", async () => {
      await signInAs(h, 'owner');
      const [first] = await h.ports.shopMembers.myStores();
      // store-1 'Sharma Mobile Care - Bandra' numbers its repairs SMCB-….
      await expectPortError(
        h.ports.shopMembers.createStore({ ...DETAILS, name: 'Sharma Two', repairIdPrefix: 'SMCB' }),
        'conflict',
      );
      const added = await h.ports.shopMembers.createStore({ ...DETAILS, repairIdPrefix: 'SMCX' });
      expect((await h.ports.shopMembers.myStores()).map((m) => m.storeId).sort()).toEqual(
        [first?.storeId, added.storeId].sort(),
      );
      await expectPortError(
        h.ports.shopMembers.createStore({ ...DETAILS, repairIdPrefix: 'smcx' }),
        'conflict',
      );
      // Another owner may use the same prefix.
      await signInAs(h, 'rival');
      await h.ports.shopMembers.createStore({ ...DETAILS, repairIdPrefix: 'SMCX' });
    });

    it('refuses distributors, super admins, staff accounts and the signed out', async () => {
      for (const key of ['distributor', 'admin', 'staff'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(h.ports.shopMembers.createStore(DETAILS), 'permission-denied');
        expect((await h.ports.shopMembers.myStores()).filter((m) => m.role === 'owner')).toEqual([]);
      }
      await h.ports.auth.signOut();
      await expectPortError(h.ports.shopMembers.createStore(DETAILS), 'unauthenticated');
    });

    it('checks the details again: state, pincode, GSTIN check character, UPI ID, prefix', async () => {
      await signInAs(h, 'customer');
      const bad: Partial<StoreDetailsInput>[] = [
        { name: '  ' },
        { phone: '12345' },
        { state: 'Atlantis' },
        { pincode: '011001' },
        { pincode: '41100' },
        { gstin: '27AAPFU0939F1ZO' },
        { upiId: 'not a upi id' },
        { repairIdPrefix: 'A' },
        { repairIdPrefix: 'AB1' },
        { city: '' },
      ];
      for (const change of bad)
        await expectPortError(h.ports.shopMembers.createStore({ ...DETAILS, ...change }), 'invalid-argument');
      expect(await h.ports.shopMembers.myStores()).toEqual([]);
      // Optional: no GSTIN, no UPI ID.
      const plain = await h.ports.shopMembers.createStore({ ...DETAILS, gstin: '', upiId: '' });
      expect((await h.ports.shopMembers.settings(plain.storeId)).upiId).toBe('');
    });

    it("saves settings for the store's owner only, with its public profile", async () => {
      await signInAs(h, 'owner');
      const saved = await h.ports.shopMembers.saveSettings('store-1', settingsOf());
      expect(saved).toMatchObject({
        phone: '9820012345',
        city: 'Pune',
        jobSheetTerms: 'Collect within 15 days.',
        messageTemplates: { ready: 'Ready: {repairId}', paymentReminder: 'Please pay {amountDue}.' },
        gstRatePercent: 12,
        sacCode: '998713',
        pricesIncludeTax: false,
      });
      expect(await h.ports.shopMembers.settings('store-1')).toEqual(saved);
      expect((await h.ports.stores.get('store-1'))?.name).toBe('Cara Mobile Point');
      expect(await h.ports.storeProfiles.get('store-1')).toEqual({
        storeId: 'store-1',
        name: 'Cara Mobile Point',
        phone: '9820012345',
        upiId: '9820012345@ybl',
      });
      await expectPortError(
        h.ports.shopMembers.saveSettings('store-1', settingsOf({ gstin: '27AAPFU0939F1ZO' })),
        'invalid-argument',
      );
      await expectPortError(
        h.ports.shopMembers.saveSettings('store-1', settingsOf({ gstRatePercent: 15 })),
        'invalid-argument',
      );
      await expectPortError(
        h.ports.shopMembers.saveSettings('store-1', settingsOf({ sacCode: '123456' })),
        'invalid-argument',
      );
      await expectPortError(
        h.ports.shopMembers.saveSettings('store-1', settingsOf({ upiId: '@okaxis' })),
        'invalid-argument',
      );
      for (const key of ['staff', 'rival', 'customer', 'admin'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(
          h.ports.shopMembers.saveSettings('store-1', settingsOf({ upiId: 'thief@ybl' })),
          'permission-denied',
        );
        await expectPortError(
          h.ports.shopMembers.saveSettings('no-such-store', settingsOf()),
          'permission-denied',
        );
      }
      await h.ports.auth.signOut();
      await expectPortError(h.ports.shopMembers.saveSettings('store-1', settingsOf()), 'unauthenticated');
      expect((await h.ports.storeProfiles.get('store-1'))?.upiId).toBe('9820012345@ybl');
    });
  });
}
