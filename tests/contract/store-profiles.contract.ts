import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_PROFILE_MESSAGES } from '../../src/domain/shop/store-profile';
import { expectPortError } from './expectations';
import { type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { seedShop } from './shop-fixtures';

const SHARMA = { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' };

export function storeProfilesContract(makeHarness: HarnessFactory): void {
  describe('StoreProfileRepository', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
      await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    it("lets the store's owner save it (values trimmed) and anyone read it, signed out too", async () => {
      await signInAs(h, 'owner');
      expect(await h.ports.storeProfiles.get('store-1')).toBeNull();
      const saved = await h.ports.storeProfiles.save('store-1', {
        name: ' Sharma Mobile Care ',
        phone: '9811111111 ',
        upiId: ' sharmamobile@okaxis',
      });
      expect(saved).toEqual({ storeId: 'store-1', ...SHARMA });
      await h.ports.auth.signOut();
      expect(await h.ports.storeProfiles.get('store-1')).toEqual({ storeId: 'store-1', ...SHARMA });
      for (const key of ['staff', 'rival', 'customer'] as CastKey[]) {
        await signInAs(h, key);
        expect(await h.ports.storeProfiles.get('store-1')).toEqual({ storeId: 'store-1', ...SHARMA });
      }
      expect(await h.ports.storeProfiles.get('store-2')).toBeNull();
      expect(await h.ports.storeProfiles.get('store-nowhere')).toBeNull();
    });

    it('saves again over the old values, and an empty UPI ID removes the Pay button’s target', async () => {
      await signInAs(h, 'owner');
      await h.ports.storeProfiles.save('store-1', SHARMA);
      const changed = await h.ports.storeProfiles.save('store-1', { ...SHARMA, phone: '', upiId: '' });
      expect(changed).toEqual({ storeId: 'store-1', name: SHARMA.name, phone: '', upiId: '' });
      expect(await h.ports.storeProfiles.get('store-1')).toEqual(changed);
    });

    it("refuses staff, another store's owner, customers and the super admin; the signed out", async () => {
      await signInAs(h, 'owner');
      await h.ports.storeProfiles.save('store-1', SHARMA);
      for (const key of ['staff', 'rival', 'customer', 'admin', 'distributor'] as CastKey[]) {
        await signInAs(h, key);
        await expectPortError(
          h.ports.storeProfiles.save('store-1', { ...SHARMA, upiId: 'staffmember@okaxis' }),
          'permission-denied',
        );
      }
      await h.ports.auth.signOut();
      await expectPortError(h.ports.storeProfiles.save('store-1', SHARMA), 'unauthenticated');
      expect(await h.ports.storeProfiles.get('store-1')).toEqual({ storeId: 'store-1', ...SHARMA });
    });

    it('refuses a store that does not exist, and bad values with the field’s message, changing nothing', async () => {
      await signInAs(h, 'owner');
      await expectPortError(h.ports.storeProfiles.save('store-nowhere', SHARMA), 'permission-denied');
      await h.ports.storeProfiles.save('store-1', SHARMA);
      const badUpi = await expectPortError(
        h.ports.storeProfiles.save('store-1', { ...SHARMA, upiId: 'not a upi id' }),
        'invalid-argument',
      );
      expect(badUpi.message).toBe(STORE_PROFILE_MESSAGES.upiIdInvalid);
      const noName = await expectPortError(
        h.ports.storeProfiles.save('store-1', { ...SHARMA, name: '  ' }),
        'invalid-argument',
      );
      expect(noName.message).toBe(STORE_PROFILE_MESSAGES.nameRequired);
      await expectPortError(
        h.ports.storeProfiles.save('store-1', { ...SHARMA, phone: 'call me' }),
        'invalid-argument',
      );
      await expectPortError(
        h.ports.storeProfiles.save('store-1', { ...SHARMA, name: 'x'.repeat(201) }),
        'invalid-argument',
      );
      expect(await h.ports.storeProfiles.get('store-1')).toEqual({ storeId: 'store-1', ...SHARMA });
    });
  });
}
