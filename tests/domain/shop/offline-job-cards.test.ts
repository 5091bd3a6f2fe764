import { beforeEach, describe, expect, it } from 'vitest';
import { PortError } from '../../../src/ports/errors';
import { NOW, signInAs, type World } from '../world';
import { createShopWorld, typedCard } from './shop-world';

/**
 * Readying a device for job cards with the network cut (issue 20, ADR 0012): the use case asks the
 * repairs port (Firebase reserves Repair IDs while online; memory and PouchDB number on the device and
 * answer null), never fails, and a new job card readies the device again.
 */
let world: World;

beforeEach(async () => {
  ({ world } = await createShopWorld());
});

describe('prepareOfflineJobCards', () => {
  it('answers null where the backend numbers job cards on the device (no limit)', async () => {
    await signInAs(world, 'staff');
    expect(await world.useCases.shop.prepareOfflineJobCards('store-1')).toBeNull();
    expect(world.logger.at('error')).toEqual([]);
  });

  it('answers what the port says the device holds', async () => {
    await signInAs(world, 'staff');
    world.ports.shopRepairs.prepareOffline = async () => ({ repairIdsHeld: 17 });
    expect(await world.useCases.shop.prepareOfflineJobCards('store-1')).toBe(17);
  });

  it('never fails: a refusal or an outage is logged and answered as null', async () => {
    await signInAs(world, 'customer');
    expect(await world.useCases.shop.prepareOfflineJobCards('store-1')).toBeNull();
    expect((world.logger.at('error')[0]?.cause as PortError | undefined)?.code).toBe('permission-denied');
    await signInAs(world, 'staff');
    world.db.outage = true;
    expect(await world.useCases.shop.prepareOfflineJobCards('store-1')).toBeNull();
    expect(world.logger.at('error')).toHaveLength(2);
    expect(world.logger.at('error')[1]?.message).toBe(
      "Readying store store-1's job cards for the network cut",
    );
  });

  it('is asked again once a job card is created (the device may hold one number fewer)', async () => {
    await signInAs(world, 'staff');
    const asked: string[] = [];
    const port = world.ports.shopRepairs;
    port.prepareOffline = async (storeId) => {
      asked.push(storeId);
      return { repairIdsHeld: 4 };
    };
    const created = await world.useCases.shop.createRepair('store-1', typedCard(), NOW);
    expect(created.ok).toBe(true);
    expect(asked).toEqual(['store-1']);
    port.create = async () => {
      throw new PortError('unavailable', 'offline');
    };
    await world.useCases.shop.createRepair('store-1', typedCard(), NOW);
    // A job card that was not created readies nothing.
    expect(asked).toEqual(['store-1']);
  });
});
