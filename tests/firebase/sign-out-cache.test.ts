import { disableNetwork, enableNetwork, waitForPendingWrites } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../contract/harness';
import { newRepair } from '../contract/shop-fixtures';
import { type Device, offlineShopForEachTest } from './offline-devices';

/**
 * Logout on a shared counter computer (issue 20): with nothing left to send, the person's Logout hands
 * over to a fresh page that signs out and deletes Firestore's cache before anything reads
 * (restartToClearCache, then signOutAndClearCache); with a change still queued, it signs out here and
 * keeps the cache, and the change goes with the account's next sign-in. A sign-out the app makes itself
 * (after a sign-up or a password reset) never clears.
 */
describe('Logout and the cached data of a shared computer, on Firebase', () => {
  let owner: Device;
  let staff: Device;
  offlineShopForEachTest((devices) => {
    ({ owner, staff } = devices);
  });

  it('keeps the cache while a change waits to be sent; the change goes with the next sign-in', async () => {
    const created = await owner.backend.ports.shopRepairs.create('store-1', newRepair({ estimate: '1000' }));
    await staff.backend.ports.shopRepairs.get(created.id);
    await staff.backend.ports.shopRepairs.prepareOffline('store-1');
    await disableNetwork(staff.backend.firestore);
    await staff.backend.ports.shopRepairs.update(created.id, { estimatePaise: 150_000 });
    expect(await staff.backend.ports.shopRepairs.pendingChanges()).toHaveLength(1);

    await staff.backend.ports.auth.signOut({ endSession: true });
    expect(staff.restarts()).toBe(0);
    expect(staff.backend.auth.currentUser).toBeNull();

    await enableNetwork(staff.backend.firestore);
    await staff.backend.ports.auth.signIn('staff@contract.test', PASSWORD);
    await waitForPendingWrites(staff.backend.firestore);
    expect((await owner.backend.ports.shopRepairs.get(created.id))?.estimatePaise).toBe(150_000);
  });

  it('hands a Logout with nothing to send to a fresh page, which signs out and clears', async () => {
    const left = owner.backend.ports.auth.signOut({ endSession: true });
    const settled = await Promise.race([
      left.then(() => 'resolved'),
      new Promise((resolve) => setTimeout(() => resolve('replaced'), 500)),
    ]);
    // This page is being replaced: its sign-out never returns, and the fresh page does the rest.
    expect(settled).toBe('replaced');
    expect(owner.restarts()).toBe(1);
    await owner.backend.signOutAndClearCache();
    expect(owner.backend.auth.currentUser).toBeNull();
  });

  it('never clears on a sign-out the app makes itself', async () => {
    await owner.backend.ports.auth.signOut();
    expect(owner.restarts()).toBe(0);
    expect(owner.backend.auth.currentUser).toBeNull();
  });
});
