import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { STORE_PROFILE_MESSAGES } from '../../../src/domain/shop/store-profile';
import { signInAs, type World } from '../world';
import { createShopWorld, createThroughUseCase, typedCard } from './shop-world';

let world: World;
let owner: string;

beforeEach(async () => {
  let cast: { owner: string };
  ({ world, cast } = await createShopWorld());
  owner = cast.owner;
});

const SHARMA = { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' };

describe("the store's public profile, in its owner's settings", () => {
  it("opens before the first save with a draft from the store's name and settings", async () => {
    await world.seeder.store({
      id: 'store-1',
      ownerId: owner,
      name: 'Sharma Mobile Care - Bandra',
      phone: '9811111111',
      upiId: 'sharmamobile@okaxis',
    });
    await signInAs(world, 'owner');
    expect(await world.useCases.shop.storeProfile('store-1')).toEqual({
      ok: true,
      value: {
        values: { name: 'Sharma Mobile Care - Bandra', phone: '9811111111', upiId: 'sharmamobile@okaxis' },
        saved: false,
      },
    });
  });

  it('saves it (trimmed) with a confirmation, and opens with what was saved', async () => {
    await signInAs(world, 'owner');
    expect(
      await world.useCases.shop.saveStoreProfile('store-1', { ...SHARMA, name: ' Sharma Mobile Care ' }),
    ).toEqual({ ok: true, value: { storeId: 'store-1', ...SHARMA }, message: STORE_PROFILE_MESSAGES.saved });
    expect(await world.useCases.shop.storeProfile('store-1')).toEqual({
      ok: true,
      value: { values: SHARMA, saved: true },
    });
  });

  it('puts each wrong value’s message under its field, and saves nothing', async () => {
    await signInAs(world, 'owner');
    expect(
      await world.useCases.shop.saveStoreProfile('store-1', { name: '', phone: 'call me', upiId: 'sharma' }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        name: STORE_PROFILE_MESSAGES.nameRequired,
        phone: STORE_PROFILE_MESSAGES.phoneInvalid,
        upiId: STORE_PROFILE_MESSAGES.upiIdInvalid,
      },
    });
    expect(await world.ports.storeProfiles.get('store-1')).toBeNull();
  });

  it('is the owner’s alone: staff and another owner are told so', async () => {
    for (const key of ['staff', 'rival']) {
      await signInAs(world, key);
      expect(await world.useCases.shop.storeProfile('store-1')).toEqual({
        ok: false,
        message: STORE_PROFILE_MESSAGES.ownerOnly,
        reason: 'not-permitted',
      });
      expect(
        await world.useCases.shop.saveStoreProfile('store-1', { ...SHARMA, upiId: 'sam@okaxis' }),
      ).toEqual({
        ok: false,
        message: STORE_PROFILE_MESSAGES.ownerOnly,
        reason: 'not-permitted',
      });
    }
    expect(await world.ports.storeProfiles.get('store-1')).toBeNull();
  });

  it('keeps the cause when the backend does not answer', async () => {
    await signInAs(world, 'owner');
    world.db.outage = true;
    expect(await world.useCases.shop.saveStoreProfile('store-1', SHARMA)).toEqual({
      ok: false,
      message: STORE_PROFILE_MESSAGES.saveFailed,
      reason: 'failed',
    });
    expect(await world.useCases.shop.storeProfile('store-1')).toMatchObject({
      ok: false,
      message: STORE_PROFILE_MESSAGES.loadFailed,
    });
    expect(world.logger.entries.filter((entry) => entry.level === 'error').length).toBe(2);
  });
});

describe('creating a repair when every Repair ID is used', () => {
  it('says so, and creates nothing', async () => {
    await world.seeder.shop({
      members: [],
      trackingLinks: [],
      payments: [],
      shopOnly: [],
      counters: [{ storeId: 'store-1', prefix: 'SMCB', last: 9_999_999 }],
    });
    await signInAs(world, 'staff');
    const outcome = await world.useCases.shop.createRepair('store-1', typedCard(), world.clock.now());
    expect(outcome).toEqual({ ok: false, message: SHOP_MESSAGES.repairIdsUsedUp, reason: 'ids-used-up' });
    expect((await world.ports.shopRepairs.countByStatus('store-1')).total).toBe(0);
  });

  it('says when the counter is damaged', async () => {
    await world.seeder.shop({
      members: [],
      trackingLinks: [],
      payments: [],
      shopOnly: [],
      counters: [{ storeId: 'store-1', prefix: 'smcb', last: 1001 }],
    });
    await signInAs(world, 'staff');
    const outcome = await world.useCases.shop.createRepair('store-1', typedCard(), world.clock.now());
    expect(outcome).toEqual({ ok: false, message: SHOP_MESSAGES.repairCounterInvalid, reason: 'failed' });
  });
});

describe('the delivery dialog, with the code judged by the backend', () => {
  it('puts a paused series of tries under the code field, and lets the owner override', async () => {
    await signInAs(world, 'staff');
    const repair = await createThroughUseCase(world);
    const move = (to: string, expectedStatus: string, extra: Record<string, unknown> = {}) =>
      world.useCases.shop.changeStatus(repair.id, { to, expectedStatus, ...extra });
    await move('inprogress', 'received');
    await move('ready', 'inprogress');
    const wrong = repair.deliveryCode === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++)
      expect(await move('delivered', 'ready', { deliveryCode: wrong, creditNote: 'Pays Friday' })).toEqual({
        ok: false,
        reason: 'wrong-code',
        message: SHOP_MESSAGES.deliveryCodeWrong,
        fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryCodeWrong },
      });
    expect(
      await move('delivered', 'ready', { deliveryCode: repair.deliveryCode, creditNote: 'Pays Friday' }),
    ).toEqual({
      ok: false,
      reason: 'tries-paused',
      message: SHOP_MESSAGES.deliveryPaused,
      fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryPaused },
    });
    await signInAs(world, 'owner');
    expect(
      await move('delivered', 'ready', {
        override: { reason: 'Customer known to us; ID checked' },
        creditNote: 'Pays Friday',
      }),
    ).toMatchObject({ ok: true, value: { status: 'delivered' } });
  });
});
