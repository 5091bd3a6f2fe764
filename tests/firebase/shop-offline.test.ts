import { disableNetwork, enableNetwork, waitForPendingWrites } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../../src/domain/shop/invoice';
import { SHOP_MESSAGES } from '../../src/domain/shop/messages';
import { isPortError } from '../../src/ports/errors';
import { rejectionOf } from '../contract/fixtures';
import { newRepair } from '../contract/shop-fixtures';
import { type Device, eventually, offlineShopForEachTest } from './offline-devices';

/**
 * The shop console on Firebase with the network cut (docs/firebase.md, "Offline"): a client whose
 * network is disabled (disableNetwork: the SDK's offline state, with the same code paths as a lost
 * connection) answers reads from its cache, queues status changes and edits (marked pendingSync) and
 * sends them when the network returns; the rules refuse a queued move someone else made stale, and the
 * cache rolls back. Node has no IndexedDB: these clients keep the cache in memory.
 */
describe('the shop console on Firebase, offline', () => {
  let owner: Device;
  let staff: Device;
  offlineShopForEachTest((devices) => {
    ({ owner, staff } = devices);
  });

  it("answers the store's membership, board, search, counts and a repair's page from the cache", async () => {
    const ports = owner.backend.ports;
    const repair = await ports.shopRepairs.create('store-1', newRepair({ advancePaid: '200' }));
    await ports.shopRepairs.create('store-1', newRepair({ customerName: 'Meera Iyer' }));
    const read = async () => ({
      stores: await ports.shopMembers.myStores(),
      role: await ports.shopMembers.roleIn('store-1'),
      settings: await ports.shopMembers.settings('store-1'),
      board: await ports.shopRepairs.page('store-1', { limit: 20 }),
      search: await ports.shopRepairs.search('store-1', {
        field: 'repairId',
        text: repair.repairId,
        limit: 5,
      }),
      counts: await ports.shopRepairs.countByStatus('store-1'),
      repair: await ports.shopRepairs.get(repair.id),
      shopOnly: await ports.shopRepairs.getShopOnly(repair.id),
      payments: await ports.shopRepairs.listPayments(repair.id),
    });
    const online = await read();
    expect(online.board.items).toHaveLength(2);
    expect(online.counts.total).toBe(2);
    expect(online.payments).toHaveLength(1);

    await disableNetwork(owner.backend.firestore);
    const offline = await read();
    expect(offline).toEqual(online);
    expect(offline.repair?.pendingSync).toBe(false);
    expect(offline.board.items.every((item) => !item.pendingSync)).toBe(true);
  });

  it('queues a status change offline, marked pendingSync, and sends it when the network returns', async () => {
    const ports = owner.backend.ports;
    const created = await ports.shopRepairs.create('store-1', newRepair());
    expect(created.pendingSync).toBe(false);
    const before = await staff.backend.ports.tracking.resolve(created.trackingToken);
    if (before.state !== 'active') throw new Error('the new repair has no live link');
    await ports.shopRepairs.page('store-1', { limit: 20 });
    await ports.shopRepairs.get(created.id);

    await disableNetwork(owner.backend.firestore);
    const moved = await ports.shopRepairs.changeStatus(created.id, {
      expectedStatus: 'received',
      to: 'inprogress',
    });
    expect(moved).toMatchObject({ status: 'inprogress', pendingSync: true });
    expect(moved.history).toHaveLength(2);
    expect(moved.history[1]).toMatchObject({ kind: 'status', from: 'received', status: 'inprogress' });
    expect(await ports.shopRepairs.get(created.id)).toMatchObject({
      status: 'inprogress',
      pendingSync: true,
    });
    const board = await ports.shopRepairs.page('store-1', { limit: 20 });
    expect(board.items.find((item) => item.id === created.id)?.pendingSync).toBe(true);
    // The same checks as online, against this device's copy.
    expect(
      isPortError(
        await rejectionOf(
          ports.shopRepairs.changeStatus(created.id, { expectedStatus: 'received', to: 'ready' }),
        ),
        'conflict',
      ),
    ).toBe(true);
    const edited = await ports.shopRepairs.update(created.id, { conditionNotes: 'Back cover cracked' });
    expect(edited).toMatchObject({ conditionNotes: 'Back cover cracked', pendingSync: true });
    expect(edited.history).toHaveLength(3);

    // The server has none of it yet.
    expect(await staff.backend.ports.shopRepairs.get(created.id)).toMatchObject({
      status: 'received',
      conditionNotes: '',
    });

    await enableNetwork(owner.backend.firestore);
    await waitForPendingWrites(owner.backend.firestore);
    expect(await staff.backend.ports.shopRepairs.get(created.id)).toMatchObject({
      status: 'inprogress',
      conditionNotes: 'Back cover cracked',
      pendingSync: false,
    });
    expect(await ports.shopRepairs.get(created.id)).toMatchObject({
      status: 'inprogress',
      pendingSync: false,
    });
    expect(owner.logger.at('error')).toEqual([]);
    // The tracking link's view went with the repair (the shop's name it had is kept).
    const tracked = await staff.backend.ports.tracking.resolve(created.trackingToken);
    expect(tracked).toMatchObject({ state: 'active', view: { status: 'inprogress' } });
    if (tracked.state === 'active') expect(tracked.view.shop.name).toBe(before.view.shop.name);
  });

  it('has a queued move that another client made stale refused on sync, rolled back and logged', async () => {
    const ports = owner.backend.ports;
    const created = await ports.shopRepairs.create('store-1', newRepair());
    await ports.shopRepairs.get(created.id);

    await disableNetwork(owner.backend.firestore);
    const queued = await ports.shopRepairs.changeStatus(created.id, {
      expectedStatus: 'received',
      to: 'inprogress',
    });
    expect(queued.pendingSync).toBe(true);
    // Meanwhile, at the counter's other device:
    await staff.backend.ports.shopRepairs.changeStatus(created.id, {
      expectedStatus: 'received',
      to: 'cancelled',
    });

    await enableNetwork(owner.backend.firestore);
    await eventually(() => owner.logger.at('error').length > 0, 'the refusal to be logged');
    const [entry] = owner.logger.at('error');
    expect(entry?.message).toContain(`repair ${created.id} made offline was refused`);
    expect((entry?.cause as { code?: string } | undefined)?.code).toBe('permission-denied');
    await eventually(async () => {
      const now = await ports.shopRepairs.get(created.id);
      return now !== null && now.status === 'cancelled';
    }, "the cache to roll back to the server's copy");
    const after = await ports.shopRepairs.get(created.id);
    expect(after).toMatchObject({ status: 'cancelled', pendingSync: false });
    expect(after?.history.map((item) => item.status)).toEqual(['received', 'cancelled']);
  });

  it('opens a repair offline without the unlock code this device never read', async () => {
    const ports = owner.backend.ports;
    const created = await ports.shopRepairs.create('store-1', newRepair({ unlockCode: '2580' }));
    await ports.shopRepairs.get(created.id);
    await disableNetwork(owner.backend.firestore);
    expect(await ports.shopRepairs.getShopOnly(created.id)).toBeNull();
    expect((await ports.shopRepairs.get(created.id))?.id).toBe(created.id);
    await enableNetwork(owner.backend.firestore);
    expect(await ports.shopRepairs.getShopOnly(created.id)).toEqual({ unlockCode: '2580' });
  });

  it('refuses to create a repair offline, saying it needs the network', async () => {
    const ports = owner.backend.ports;
    await ports.shopMembers.myStores();
    await ports.shopRepairs.page('store-1', { limit: 20 });
    await disableNetwork(owner.backend.firestore);
    const error = await rejectionOf(ports.shopRepairs.create('store-1', newRepair()));
    expect(isPortError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toBe(SHOP_MESSAGES.createNeedsNetwork);
    await enableNetwork(owner.backend.firestore);
    expect((await ports.shopRepairs.page('store-1', { limit: 20 })).items).toEqual([]);
  });

  it('refuses to issue an invoice offline, saying it needs the network, and reads an issued one from the cache', async () => {
    const ports = owner.backend.ports;
    const invoices = owner.backend.ports.invoices;
    const created = await ports.shopRepairs.create('store-1', newRepair());
    await ports.shopRepairs.update(created.id, { finalPaise: 50_000 });
    expect(await invoices.invoiceOf(created.id)).toBeNull();
    await disableNetwork(owner.backend.firestore);
    const error = await rejectionOf(invoices.issue(created.id, { customerGstin: '' }));
    expect(isPortError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toBe(INVOICE_MESSAGES.needsNetwork);
    await enableNetwork(owner.backend.firestore);
    // Nothing was written offline: the first number is still free.
    const issued = await invoices.issue(created.id, { customerGstin: '' });
    expect(issued).toMatchObject({ kind: 'receipt', serial: 1 });
    await disableNetwork(owner.backend.firestore);
    expect(await invoices.invoiceOf(created.id)).toEqual(issued);
    expect(await invoices.issue(created.id, { customerGstin: '' })).toEqual(issued);
  });

  it("counts offline from the store's repairs this device has seen, with its own queued changes", async () => {
    const ports = owner.backend.ports;
    const first = await ports.shopRepairs.create('store-1', newRepair());
    await ports.shopRepairs.create('store-1', newRepair());
    await ports.shopRepairs.page('store-1', { limit: 20 });
    // A repair this device has not seen is not counted offline.
    await staff.backend.ports.shopRepairs.create('store-1', newRepair());
    expect((await ports.shopRepairs.countByStatus('store-1')).total).toBe(3);

    await disableNetwork(owner.backend.firestore);
    await ports.shopRepairs.changeStatus(first.id, { expectedStatus: 'received', to: 'inprogress' });
    const counts = await ports.shopRepairs.countByStatus('store-1');
    expect(counts.total).toBe(2);
    expect(counts.byStatus.received).toBe(1);
    expect(counts.byStatus.inprogress).toBe(1);
  });
});
