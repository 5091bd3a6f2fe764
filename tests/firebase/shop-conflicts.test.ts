import { disableNetwork, enableNetwork, waitForPendingWrites } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { createUseCases } from '../../src/domain/use-cases';
import { newRepair } from '../contract/shop-fixtures';
import { testSettings } from '../domain/world';
import { type Device, eventually, offlineShopForEachTest } from './offline-devices';

/**
 * 'Changed on another device' on Firebase (issue 20): two devices edit one repair's estimate while
 * offline; the first to reconnect lands; the second's queued edit is refused by the rules on arrival
 * (its history is no longer the stored one) and rolled back by Firestore, but the device keeps it with
 * the value it was based on, the repair page's dossier shows both values, and the person's choice is
 * saved as a new edit. Nothing is silently lost.
 */
describe('a repair changed on two devices while offline, on Firebase', () => {
  let owner: Device;
  let staff: Device;
  offlineShopForEachTest((devices) => {
    ({ owner, staff } = devices);
  });

  /** Owner and staff open the repair online, as the console does, then both lose the network. */
  async function bothOpenThenGoOffline(repairDocId: string): Promise<void> {
    for (const d of [owner, staff]) {
      // As the console does when a store opens (the writer's name is read then, for the history).
      await d.backend.ports.shopRepairs.prepareOffline('store-1');
      await d.backend.ports.shopRepairs.get(repairDocId);
      await d.backend.ports.shopRepairs.getShopOnly(repairDocId);
      await disableNetwork(d.backend.firestore);
    }
  }

  async function bothEditOffline(): Promise<string> {
    const created = await owner.backend.ports.shopRepairs.create('store-1', newRepair({ estimate: '1000' }));
    await bothOpenThenGoOffline(created.id);
    const staffs = await staff.backend.ports.shopRepairs.update(created.id, {
      estimatePaise: 150_000,
      conditionNotes: 'Back cracked',
    });
    expect(staffs.pendingSync).toBe(true);
    expect((await staff.backend.ports.shopRepairs.pendingChanges()).map((change) => change.what)).toEqual([
      'change',
    ]);
    await owner.backend.ports.shopRepairs.update(created.id, { estimatePaise: 120_000 });
    // The owner reconnects first: theirs lands.
    await enableNetwork(owner.backend.firestore);
    await waitForPendingWrites(owner.backend.firestore);
    await enableNetwork(staff.backend.firestore);
    await eventually(
      async () => (await staff.backend.ports.shopRepairs.refusedChanges(created.id)).length > 0,
      "staff's refused edit to be kept",
    );
    return created.id;
  }

  it('keeps the refused edit with the value it was based on, and the dossier shows both values', async () => {
    const id = await bothEditOffline();
    const [kept] = await staff.backend.ports.shopRepairs.refusedChanges(id);
    expect(kept).toMatchObject({
      repairDocId: id,
      patch: { estimatePaise: 150_000, conditionNotes: 'Back cracked' },
      base: { estimatePaise: 100_000, conditionNotes: '' },
    });
    // The server has the owner's estimate, and none of staff's edit.
    await eventually(
      async () => (await staff.backend.ports.shopRepairs.get(id))?.estimatePaise === 120_000,
      "staff's copy to roll back",
    );
    const useCases = createUseCases(staff.backend.ports, testSettings());
    const dossier = await useCases.shop.repairDossier(id);
    if (!dossier.ok) throw new Error(dossier.message);
    expect(dossier.value.conflicts).toEqual([
      { changeId: kept?.id, field: 'conditionNotes', mine: 'Back cracked', saved: '', base: '' },
      { changeId: kept?.id, field: 'estimatePaise', mine: 150_000, saved: 120_000, base: 100_000 },
    ]);
    // Refused, it is no longer waiting in the outbox: it waits for the person's choice instead.
    expect(await staff.backend.ports.shopRepairs.pendingChanges()).toEqual([]);
    // Another account on the same device sees nothing of it.
    expect(await owner.backend.ports.shopRepairs.refusedChanges(id)).toEqual([]);
  });

  it("saves the person's choice per field as a new edit, and forgets the refused one", async () => {
    const id = await bothEditOffline();
    const [kept] = await staff.backend.ports.shopRepairs.refusedChanges(id);
    const useCases = createUseCases(staff.backend.ports, testSettings());
    // Staff keep their notes and the owner's estimate.
    expect(await useCases.shop.resolveRefusedChange(id, kept?.id ?? '', ['conditionNotes'])).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await staff.backend.ports.shopRepairs.refusedChanges(id)).toEqual([]);
    expect(await owner.backend.ports.shopRepairs.get(id)).toMatchObject({
      estimatePaise: 120_000,
      conditionNotes: 'Back cracked',
    });
    const dossier = await useCases.shop.repairDossier(id);
    expect(dossier.ok && dossier.value.conflicts).toEqual([]);
  });

  it('keeps a status move refused on arrival, for the repair page to say it was not saved', async () => {
    const created = await owner.backend.ports.shopRepairs.create('store-1', newRepair({ estimate: '1000' }));
    await bothOpenThenGoOffline(created.id);
    const moved = await staff.backend.ports.shopRepairs.changeStatus(created.id, {
      to: 'inprogress',
      expectedStatus: 'received',
    });
    expect(moved.pendingSync).toBe(true);
    await owner.backend.ports.shopRepairs.update(created.id, { estimatePaise: 120_000 });
    await enableNetwork(owner.backend.firestore);
    await waitForPendingWrites(owner.backend.firestore);
    await enableNetwork(staff.backend.firestore);
    await eventually(
      async () => (await staff.backend.ports.shopRepairs.refusedChanges(created.id)).length > 0,
      "staff's refused move to be kept",
    );
    const [kept] = await staff.backend.ports.shopRepairs.refusedChanges(created.id);
    expect(kept).toMatchObject({ patch: {}, move: { to: 'inprogress', from: 'received' } });
    await eventually(
      async () => (await staff.backend.ports.shopRepairs.get(created.id))?.status === 'received',
      'the saved status back on staff’s device',
    );
  });
});
