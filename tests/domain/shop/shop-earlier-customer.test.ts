import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import {
  EARLIER_CUSTOMER_NAMES,
  findEarlierCustomer,
  repairEditRefusal,
} from '../../../src/domain/shop/shop-use-cases';
import { signInAs, type World } from '../world';
import { createShopWorld, createThroughUseCase } from './shop-world';

let world: World;

beforeEach(async () => {
  ({ world } = await createShopWorld());
});

/** Creates a repair in store-1 for `name` at `mobile`, a minute after the one before. */
async function taken(name: string, mobile: string, storeId = 'store-1') {
  world.clock.advance(60_000);
  return createThroughUseCase(world, { customerName: name, customerMobile: mobile }, storeId);
}

describe('earlierCustomer', () => {
  it("gives the names of the store's earlier repairs for the number, newest first and each once", async () => {
    await signInAs(world, 'owner');
    await taken('Cara Customer', '9876543210');
    await taken('Cara  customer', '+91 98765 43210');
    await taken('Cara C', '098765-43210');
    await taken('Ravi Kumar', '9123456789');
    expect(await world.useCases.shop.earlierCustomer('store-1', '+91 98765-43210')).toEqual({
      ok: true,
      value: { mobile: '9876543210', names: ['Cara C', 'Cara customer'] },
    });
    expect(await world.useCases.shop.earlierCustomer('store-1', '91234 56789')).toEqual({
      ok: true,
      value: { mobile: '9123456789', names: ['Ravi Kumar'] },
    });
  });

  it('finds nobody for a number the store has not seen, and for what is not a mobile, without asking', async () => {
    await signInAs(world, 'staff');
    await taken('Cara Customer', '9876543210');
    expect(await world.useCases.shop.earlierCustomer('store-1', '9000000001')).toEqual({
      ok: true,
      value: { mobile: '9000000001', names: [] },
    });
    const search = vi.spyOn(world.ports.shopRepairs, 'search');
    for (const typed of ['98765', '', '1234567890', 'Cara'])
      expect(await world.useCases.shop.earlierCustomer('store-1', typed)).toEqual({
        ok: true,
        value: { mobile: null, names: [] },
      });
    expect(search).not.toHaveBeenCalled();
  });

  it("keeps to the store's own repairs, and offers a few names at most", async () => {
    await signInAs(world, 'owner');
    for (let n = 1; n <= EARLIER_CUSTOMER_NAMES + 2; n += 1) await taken(`Name ${n}`, '9876543210');
    const found = await world.useCases.shop.earlierCustomer('store-1', '9876543210');
    expect(found.ok && found.value.names).toEqual(['Name 5', 'Name 4', 'Name 3']);
    await signInAs(world, 'rival');
    await taken('Rival Customer', '9876543210', 'store-2');
    expect(await world.useCases.shop.earlierCustomer('store-2', '9876543210')).toEqual({
      ok: true,
      value: { mobile: '9876543210', names: ['Rival Customer'] },
    });
  });

  it('refuses a store the account does not work in, and the signed out', async () => {
    await signInAs(world, 'owner');
    await taken('Cara Customer', '9876543210');
    await signInAs(world, 'rival');
    expect(await world.useCases.shop.earlierCustomer('store-1', '9876543210')).toEqual({
      ok: false,
      message: SHOP_MESSAGES.notStoreMember,
      reason: 'not-permitted',
    });
    await world.ports.auth.signOut();
    expect(await world.useCases.shop.earlierCustomer('store-1', '9876543210')).toMatchObject({
      ok: false,
      reason: 'not-signed-in',
    });
  });

  it('says when the backend does not answer, and keeps the cause', async () => {
    await signInAs(world, 'staff');
    world.db.outage = true;
    expect(await world.useCases.shop.earlierCustomer('store-1', '9876543210')).toEqual({
      ok: false,
      message: SHOP_MESSAGES.earlierCustomerFailed,
      reason: 'failed',
    });
    expect(world.logger.at('error')[0]).toMatchObject({
      message: 'Looking up earlier customers of store store-1 failed',
      cause: expect.objectContaining({ code: 'unavailable' }),
    });
  });

  it('is the pure function over the search port (repairs in any order, blank names skipped)', async () => {
    const at = (minutes: number) => new Date(2026, 2, 15, 10, minutes);
    const search = vi.fn(async () => [
      { customerName: 'Older Name', createdAt: at(1) },
      { customerName: '  ', createdAt: at(9) },
      { customerName: 'Newer Name', createdAt: at(5) },
    ]);
    const ports = { shopRepairs: { search }, logger: world.logger } as unknown as Parameters<
      typeof findEarlierCustomer
    >[0];
    expect(await findEarlierCustomer(ports, 'store-9', '0 98765 43210')).toEqual({
      ok: true,
      value: { mobile: '9876543210', names: ['Newer Name', 'Older Name'] },
    });
    expect(search).toHaveBeenCalledWith('store-9', { field: 'mobile', text: '9876543210', limit: 20 });
  });
});

describe('repairEditRefusal', () => {
  it('keeps delivered and cancelled repairs as they were handed over; every other status is editable', () => {
    expect(repairEditRefusal('delivered')).toBe(SHOP_MESSAGES.repairFinalReadOnly('Delivered'));
    expect(repairEditRefusal('cancelled')).toBe(SHOP_MESSAGES.repairFinalReadOnly('Cancelled'));
    expect(repairEditRefusal('delivered')).toBe(
      'This repair is Delivered, so its details can no longer be edited. Only the shop owner can reopen it.',
    );
    for (const status of ['received', 'inprogress', 'sent_to_service_center', 'waiting_for_parts', 'ready'])
      expect(repairEditRefusal(status)).toBeNull();
    // A status an app wrote is not final: it stays editable.
    expect(repairEditRefusal('pending_pickup')).toBeNull();
  });
});
