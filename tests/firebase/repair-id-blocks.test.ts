import {
  disableNetwork,
  doc,
  enableNetwork,
  getDoc,
  serverTimestamp,
  waitForPendingWrites,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FirestoreRepairIdBlocks,
  heldBlocksKey,
  memoryDeviceStorage,
} from '../../src/adapters/firebase/firestore-repair-id-blocks';
import { ShopAccessChecker } from '../../src/adapters/firebase/firestore-shop-data';
import { SHOP_MESSAGES } from '../../src/domain/shop/messages';
import { parseRepairId } from '../../src/domain/shop/repair-id';
import {
  blockHoldsRepairId,
  type HeldBlock,
  parseHeldBlocks,
  REPAIR_ID_BLOCK_SIZE,
  type RepairIdBlock,
} from '../../src/domain/shop/repair-id-blocks';
import { isPortError } from '../../src/ports/errors';
import { rejectionOf } from '../contract/fixtures';
import { PASSWORD } from '../contract/harness';
import { newRepair } from '../contract/shop-fixtures';
import {
  closeDevices,
  type Device,
  device,
  eventually,
  offlineShop,
  offlineSuite,
  uidOf,
} from './offline-devices';

/**
 * Job cards offline on Firebase (issue 20, ADR 0012) against the emulators and firestore.rules: each
 * device reserves blocks of Repair ID numbers while online (never overlapping, however many devices
 * reserve at once), numbers job cards from them with the network cut (the writes queue together and
 * land with the network, with the same IDs), and the rules refuse a number outside the member's own
 * block, or one already used, whatever a device's storage says. Node has no IndexedDB or localStorage:
 * each "device" here is a Firebase client with its cache and its storage in memory.
 */

/** What a device holds for store-1, as it keeps it. */
function heldBy(d: Device): HeldBlock[] {
  return parseHeldBlocks(JSON.parse(d.storage.getItem(heldBlocksKey(uidOf(d), 'store-1')) ?? '[]'));
}

/** Rewrites what a device holds for store-1 (a cloned profile, a tampered storage). */
function holdOn(d: Device, held: readonly HeldBlock[]): void {
  d.storage.setItem(heldBlocksKey(uidOf(d), 'store-1'), JSON.stringify(held));
}

describe('Repair ID blocks on Firebase (ADR 0012)', () => {
  let owner: Device;
  let staff: Device;
  const extra: Device[] = [];

  let suite: Awaited<ReturnType<typeof offlineSuite>>;
  beforeAll(async () => {
    suite = await offlineSuite();
  });
  afterAll(() => suite.seed.dispose());

  beforeEach(async () => {
    ({ owner, staff } = await offlineShop(suite));
  });
  afterEach(async () => {
    await closeDevices([owner, staff, ...extra.splice(0)]);
  });

  it('gives 20 reservations made at once by two members on ten devices each blocks that never overlap', async () => {
    const reservations: Promise<RepairIdBlock>[] = [];
    for (const member of [owner, staff]) {
      const access = await new ShopAccessChecker(member.backend.firestore, member.backend.auth).requireMember(
        'store-1',
      );
      for (let i = 0; i < 10; i++) {
        // Ten devices of this member: each its own storage (the client and its account are shared).
        const blocks = new FirestoreRepairIdBlocks(
          member.backend.firestore,
          memoryDeviceStorage(),
          () => member.backend.auth.currentUser?.uid ?? null,
        );
        reservations.push(blocks.reserve(access));
      }
    }
    const blocks = (await Promise.all(reservations)).sort((a, b) => a.first - b.first);
    expect(blocks).toHaveLength(20);
    // Contiguous from 1001, never overlapping: each block starts where the one before ended.
    blocks.forEach((block, i) => {
      expect(block.first).toBe(1001 + i * REPAIR_ID_BLOCK_SIZE);
      expect(block.last).toBe(block.first + REPAIR_ID_BLOCK_SIZE - 1);
      expect(block.prefix).toBe(blocks[0]?.prefix);
    });
    expect(blocks.filter((block) => block.uid === uidOf(owner))).toHaveLength(10);
    const counter = (await getDoc(doc(owner.backend.firestore, 'repairCounters', 'store-1'))).data();
    expect(counter).toMatchObject({ last: 1000 + 20 * REPAIR_ID_BLOCK_SIZE, lastIdBlock: blocks[19]?.first });
    // The next job card online takes the counter's next number, after every block.
    const next = await owner.backend.ports.shopRepairs.create('store-1', newRepair());
    expect(parseRepairId(next.repairId)?.number).toBe(1001 + 20 * REPAIR_ID_BLOCK_SIZE);
  });

  it('takes two job cards with the network cut, their IDs at once, and lands them with those IDs', async () => {
    expect(await staff.backend.ports.shopRepairs.prepareOffline('store-1')).toEqual({
      repairIdsHeld: REPAIR_ID_BLOCK_SIZE,
    });
    // Holding enough, it reserves nothing more.
    expect(await staff.backend.ports.shopRepairs.prepareOffline('store-1')).toEqual({
      repairIdsHeld: REPAIR_ID_BLOCK_SIZE,
    });
    await staff.backend.ports.shopRepairs.page('store-1', { limit: 20 });
    await disableNetwork(staff.backend.firestore);
    const first = await staff.backend.ports.shopRepairs.create(
      'store-1',
      newRepair({ customerName: 'Asha' }),
    );
    const second = await staff.backend.ports.shopRepairs.create(
      'store-1',
      // The heaviest job card (every field, an advance): within the rules' 1,000 expressions by a block too.
      newRepair({
        customerName: 'Ravi',
        imeiSerial: '490154203237518',
        problems: ['Screen broken', 'Battery problem'],
        otherProblem: 'Speaker crackles',
        accessories: ['charger', 'sim-tray', 'other'],
        otherAccessory: 'Pouch',
        conditionNotes: 'Scratches on the back',
        unlockCode: '2580',
        estimate: '1500',
        advancePaid: '500',
        promisedDate: '2099-12-01',
      }),
    );
    expect([first.repairId, second.repairId].map((id) => parseRepairId(id)?.number)).toEqual([1001, 1002]);
    expect(first).toMatchObject({ pendingSync: true, status: 'received', customerName: 'Asha' });
    expect(first.deliveryCode).toMatch(/^[0-9]{4}$/);
    expect(await staff.backend.ports.shopRepairs.prepareOffline('store-1')).toEqual({
      repairIdsHeld: REPAIR_ID_BLOCK_SIZE - 2,
    });
    // This device reads them back from its own copy; the owner's device has none of them yet.
    expect(await staff.backend.ports.shopRepairs.get(first.id)).toMatchObject({ repairId: first.repairId });
    expect((await owner.backend.ports.shopRepairs.page('store-1', { limit: 20 })).items).toEqual([]);

    // The outbox lists both until they land.
    expect(
      (await staff.backend.ports.shopRepairs.pendingChanges()).map((change) => [
        change.what,
        change.repairId,
      ]),
    ).toEqual([
      ['new repair', first.repairId],
      ['new repair', second.repairId],
    ]);
    await enableNetwork(staff.backend.firestore);
    await waitForPendingWrites(staff.backend.firestore);
    await eventually(
      async () => (await staff.backend.ports.shopRepairs.pendingChanges()).length === 0,
      'the outbox to empty',
    );
    const board = await owner.backend.ports.shopRepairs.page('store-1', { limit: 20 });
    expect(board.items.map((item) => item.repairId).sort()).toEqual([first.repairId, second.repairId].sort());
    expect(await owner.backend.ports.shopRepairs.get(first.id)).toMatchObject({
      repairId: first.repairId,
      deliveryCode: first.deliveryCode,
      pendingSync: false,
    });
    // Its tracking link and its lookup by Repair ID landed with it.
    expect(await owner.backend.ports.tracking.resolve(first.trackingToken)).toMatchObject({
      state: 'active',
    });
    const found = await owner.backend.ports.shopRepairs.search('store-1', {
      field: 'repairId',
      text: second.repairId,
      limit: 5,
    });
    expect(found.map((r) => r.id)).toEqual([second.id]);
    expect(await owner.backend.ports.shopRepairs.listPayments(second.id)).toMatchObject([
      { amountPaise: 50_000 },
    ]);
    expect(staff.logger.at('error')).toEqual([]);
  });

  it('uses the numbers a device holds online too, so a one-counter shop numbers 1001, 1002, …', async () => {
    await owner.backend.ports.shopRepairs.prepareOffline('store-1');
    const first = await owner.backend.ports.shopRepairs.create('store-1', newRepair());
    const second = await owner.backend.ports.shopRepairs.create('store-1', newRepair());
    expect([first, second].map((r) => [parseRepairId(r.repairId)?.number, r.pendingSync])).toEqual([
      [1001, false],
      [1002, false],
    ]);
    // Another device of the shop, holding none, takes the counter's next number: after the block.
    const other = await staff.backend.ports.shopRepairs.create('store-1', newRepair());
    expect(parseRepairId(other.repairId)?.number).toBe(1001 + REPAIR_ID_BLOCK_SIZE);
    expect(await owner.backend.ports.shopRepairs.prepareOffline('store-1')).toEqual({
      repairIdsHeld: REPAIR_ID_BLOCK_SIZE - 2,
    });
  });

  it('says a job card needs the network when the device holds no number offline, and keeps nothing', async () => {
    await staff.backend.ports.shopRepairs.page('store-1', { limit: 20 });
    await disableNetwork(staff.backend.firestore);
    expect(await staff.backend.ports.shopRepairs.prepareOffline('store-1')).toEqual({ repairIdsHeld: 0 });
    const error = await rejectionOf(staff.backend.ports.shopRepairs.create('store-1', newRepair()));
    expect(isPortError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toBe(SHOP_MESSAGES.createNeedsNetwork);
  });

  /**
   * A device whose storage claims numbers it may not use (cloned from another profile, or tampered
   * with): the job card is taken on the device, and refused by the rules when it reaches the server,
   * rolled back on the device and logged; the server keeps no repair with that number.
   */
  async function refusedOnArrival(d: Device, held: readonly HeldBlock[]): Promise<string> {
    holdOn(d, held);
    const logged = d.logger.at('error').length;
    await d.backend.ports.shopRepairs.page('store-1', { limit: 20 });
    await disableNetwork(d.backend.firestore);
    const created = await d.backend.ports.shopRepairs.create(
      'store-1',
      newRepair({ customerName: 'Forged' }),
    );
    expect(created.pendingSync).toBe(true);
    await enableNetwork(d.backend.firestore);
    await eventually(() => d.logger.at('error').length > logged, 'the refusal to be logged');
    const entry = d.logger.at('error')[logged];
    expect(entry?.message).toContain(`The new repair ${created.repairId}`);
    expect((entry?.cause as { code?: string } | undefined)?.code).toBe('permission-denied');
    await eventually(
      async () => (await d.backend.ports.shopRepairs.get(created.id).catch(() => null)) === null,
      "the device's copy to roll back",
    );
    return created.repairId;
  }

  it('refuses a number used twice (a cloned device), keeping the first repair that took it', async () => {
    await staff.backend.ports.shopRepairs.prepareOffline('store-1');
    const before = heldBy(staff);
    await staff.backend.ports.shopRepairs.page('store-1', { limit: 20 });
    await disableNetwork(staff.backend.firestore);
    const first = await staff.backend.ports.shopRepairs.create('store-1', newRepair());
    await enableNetwork(staff.backend.firestore);
    await waitForPendingWrites(staff.backend.firestore);
    // The same number again, after that repair is deleted too: never handed out twice.
    await owner.backend.ports.shopRepairs.delete(first.id);
    const again = await refusedOnArrival(staff, before);
    expect(again).toBe(first.repairId);
    expect((await owner.backend.ports.shopRepairs.page('store-1', { limit: 20 })).items).toEqual([]);
  });

  it("refuses a number from another member's block, or outside the member's own", async () => {
    await owner.backend.ports.shopRepairs.prepareOffline('store-1');
    await staff.backend.ports.shopRepairs.prepareOffline('store-1');
    const [ownersBlock] = heldBy(owner);
    const [staffsBlock] = heldBy(staff);
    if (ownersBlock === undefined || staffsBlock === undefined) throw new Error('no blocks reserved');
    expect(staffsBlock.first).toBe(ownersBlock.last + 1);
    // The owner's numbers claimed as staff's own.
    const stolen: HeldBlock = { ...ownersBlock, uid: staffsBlock.uid, next: ownersBlock.first };
    const beyond: HeldBlock = {
      ...staffsBlock,
      first: staffsBlock.last + 1,
      last: staffsBlock.last + 5,
      next: staffsBlock.last + 1,
    };
    for (const forged of [stolen, beyond]) {
      const repairId = `${forged.prefix}-${forged.next}`;
      // The domain's rule (the twin the local backends run) says no to the same cases.
      const real: RepairIdBlock | null = forged === stolen ? ownersBlock : null;
      expect(blockHoldsRepairId(real, repairId, 'store-1', staffsBlock.uid)).toBe(false);
      expect(await refusedOnArrival(staff, [forged])).toBe(repairId);
    }
    expect(
      blockHoldsRepairId(
        staffsBlock,
        `${staffsBlock.prefix}-${staffsBlock.first}`,
        'store-1',
        staffsBlock.uid,
      ),
    ).toBe(true);
    expect((await owner.backend.ports.shopRepairs.page('store-1', { limit: 20 })).items).toEqual([]);
  });

  it('refuses reservations that break the rules: too many numbers, for another member, without the counter, by a non-member', async () => {
    const db = staff.backend.firestore;
    const staffUid = uidOf(staff);
    const counterRef = doc(db, 'repairCounters', 'store-1');
    const blockRef = (first: number) => doc(db, 'repairIdBlocks', `store-1_${first}`);
    const reserve = async (
      first: number,
      last: number,
      options: { uid?: string; counter?: boolean } = {},
    ) => {
      const batch = writeBatch(db);
      batch.set(blockRef(first), {
        storeId: 'store-1',
        uid: options.uid ?? staffUid,
        prefix: 'SMC',
        first,
        last,
        reservedAt: serverTimestamp(),
      });
      if (options.counter !== false) batch.set(counterRef, { prefix: 'SMC', last, lastIdBlock: first });
      return batch.commit();
    };
    const refused = async (write: Promise<void>) => {
      const error = (await write.then(
        () => null,
        (e: unknown) => e,
      )) as { code?: string } | null;
      expect(error?.code).toBe('permission-denied');
    };
    await refused(reserve(1001, 1051));
    await refused(reserve(1001, 1020, { uid: uidOf(owner) }));
    await refused(reserve(1001, 1020, { counter: false }));
    await refused(reserve(1002, 1021));
    // The counter moved by a block that is not written with it.
    await refused(writeBatch(db).set(counterRef, { prefix: 'SMC', last: 1020, lastIdBlock: 1001 }).commit());
    // A good reservation passes; the block is then fixed.
    await reserve(1001, 1050);
    expect((await getDoc(blockRef(1001))).data()).toMatchObject({ uid: staffUid, first: 1001, last: 1050 });
    await refused(writeBatch(db).update(blockRef(1001), { last: 1060 }).commit());
    await refused(writeBatch(db).delete(blockRef(1001)).commit());

    // An account that is no member of the store reserves nothing.
    const stranger = device();
    extra.push(stranger);
    await stranger.backend.ports.auth.signIn('customer@contract.test', PASSWORD);
    const access = new ShopAccessChecker(stranger.backend.firestore, stranger.backend.auth);
    expect(isPortError(await rejectionOf(access.requireMember('store-1')), 'permission-denied')).toBe(true);
    const strangerBatch = writeBatch(stranger.backend.firestore);
    strangerBatch.set(doc(stranger.backend.firestore, 'repairIdBlocks', 'store-1_1051'), {
      storeId: 'store-1',
      uid: uidOf(stranger),
      prefix: 'SMC',
      first: 1051,
      last: 1060,
      reservedAt: serverTimestamp(),
    });
    strangerBatch.set(doc(stranger.backend.firestore, 'repairCounters', 'store-1'), {
      prefix: 'SMC',
      last: 1060,
      lastIdBlock: 1051,
    });
    await refused(strangerBatch.commit());
  });
});
