import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPouchBackend, type PouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { addDevice, provisionShop, seedShop } from '../../src/adapters/pouchdb/sync-server/provision';
import { type SyncServer, startSyncServer } from '../../src/adapters/pouchdb/sync-server/server';
import { ManualClock } from '../../src/demo/manual-clock';
import { newPaymentId } from '../../src/domain/shop/payments';
import { newRepair } from '../contract/shop-fixtures';
import { waitFor } from './sync-helpers';

/**
 * Payments taken offline on two devices for one repair (issue 17, docs/adapters.md "Payments on
 * PouchDB"): each entry is its own document, so both replicate; the repair document comes back from
 * the sync with conflicting revisions, which each device merges (every payment counted once), and the
 * sync gateway takes the merge. Two counters of one shop (the owner's devices) behind the gateway, on
 * pouchdb-server in memory on loopback.
 */

const PASSWORD = 'Secret#123';
const DEVICE_PASSWORD = 'device-secret-1';

let server: SyncServer;

beforeAll(async () => {
  server = await startSyncServer();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const devices: PouchBackend[] = [];

afterEach(async () => {
  await Promise.allSettled(devices.splice(0).map((backend) => backend.destroy()));
});

async function shopWithTwoCounters(): Promise<{ prefix: string; a: PouchBackend; b: PouchBackend }> {
  const prefix = `pay-${Date.now().toString(36)}`;
  await provisionShop(server.admin, prefix);
  await seedShop(server.admin, prefix, {
    accounts: [],
    users: [
      {
        uid: 'uid-owner',
        record: { email: 'owner@sync.test', role: 'business', name: 'Rahul Sharma', businessName: 'Sharma' },
      },
    ],
    publicProfiles: [],
    stores: [{ id: 'store-1', ownerId: 'uid-owner', name: 'Sharma Mobile Care' }],
    repairs: [],
    supportIssues: [],
    transactions: [],
    storeLinks: null,
  });
  const open = async (name: string) => {
    await addDevice(server.admin, {
      name: `${prefix}-${name}`,
      password: DEVICE_PASSWORD,
      roles: ['uid:uid-owner'],
    });
    const gateway = new URL(server.url);
    gateway.username = `${prefix}-${name}`;
    gateway.password = DEVICE_PASSWORD;
    const backend = await createPouchBackend({
      PouchDB: nodePouchDB(),
      adapter: 'memory',
      prefix: `sync-${name}-${prefix}-${process.pid}`,
      clock: new ManualClock(new Date()),
      pbkdf2Iterations: 1000,
      syncUrl: gateway.toString(),
      syncPrefix: prefix,
    });
    devices.push(backend);
    await backend.seeder.account({ uid: 'uid-owner', email: 'owner@sync.test', password: PASSWORD });
    await waitFor('the store and its owner on the device', async () => {
      return (
        (await backend.databases.stores.get('store-1')) !== null &&
        (await backend.databases.users.get('uid-owner')) !== null
      );
    });
    await backend.ports.auth.signIn('owner@sync.test', PASSWORD);
    return backend;
  };
  return { prefix, a: await open('a'), b: await open('b') };
}

describe('payments taken offline on two devices for one repair (issue 17)', () => {
  it('both count after sync, once each, on both devices and on the server', {
    timeout: 120_000,
  }, async () => {
    const { prefix, a, b } = await shopWithTwoCounters();
    // ₹2,800 estimate, ₹500 advance, taken in on counter A; counter B gets it.
    const repair = await a.ports.shopRepairs.create('store-1', newRepair({}, '4821'));
    await waitFor('the repair and its advance on counter B', async () => {
      const there = await b.ports.shopRepairs.get(repair.id).catch(() => null);
      return there !== null && (await b.ports.shopRepairs.listPayments(repair.id)).length === 1;
    });

    // Both counters go offline, and each takes a payment on the repair.
    await Promise.all([a.sync?.stop(), b.sync?.stop()]);
    const onA = {
      id: newPaymentId(),
      kind: 'payment' as const,
      amountPaise: 100_000,
      mode: 'cash' as const,
      note: '',
    };
    const onB = {
      id: newPaymentId(),
      kind: 'payment' as const,
      amountPaise: 30_000,
      mode: 'upi' as const,
      note: '',
    };
    expect((await a.ports.shopRepairs.recordPayment(repair.id, onA)).repair.paidPaise).toBe(150_000);
    expect((await b.ports.shopRepairs.recordPayment(repair.id, onB)).repair.paidPaise).toBe(80_000);

    // Back online: both entries arrive everywhere, and the repair counts both, once.
    a.sync?.start();
    b.sync?.start();
    for (const [name, device] of [
      ['A', a],
      ['B', b],
    ] as const)
      await waitFor(
        `both payments on counter ${name}, the repair without conflicts`,
        async () => {
          const stored = await device.databases.repairs.get(repair.id, { conflicts: true });
          if (stored === null || (stored._conflicts?.length ?? 0) > 0) return false;
          const seen = await device.ports.shopRepairs.get(repair.id);
          const payments = await device.ports.shopRepairs.listPayments(repair.id);
          return seen?.paidPaise === 180_000 && payments.length === 3;
        },
        60_000,
      );
    for (const device of [a, b]) {
      const seen = await device.ports.shopRepairs.get(repair.id);
      expect(seen).toMatchObject({ paidPaise: 180_000, duePaise: 100_000, owing: false });
      const ids = (seen?.history ?? [])
        .filter((entry) => entry.kind === 'payment')
        .map((entry) => entry.paymentId);
      expect(ids.sort()).toEqual([onA.id, onB.id].sort());
      expect(
        (await device.ports.shopRepairs.listPayments(repair.id)).map((p) => p.amountPaise).sort(),
      ).toEqual([100_000, 30_000, 50_000].sort());
    }

    // The server holds the merged repair, and both entries.
    const auth = { username: server.admin.username, password: server.admin.password };
    const remote = (name: string) =>
      new (nodePouchDB())(`${server.admin.url}/${prefix}-${name}`, { auth, skip_setup: true } as never);
    const repairs = remote('repairs');
    const payments = remote('payments');
    const onServer = await waitFor('the merged repair on the server', async () => {
      const doc = (await repairs.get(repair.id).catch(() => null)) as Record<string, unknown> | null;
      return doc?.paidPaise === 180_000 ? doc : null;
    });
    expect(onServer).toMatchObject({ paidPaise: 180_000, duePaise: 100_000, owing: false });
    const named = (onServer.history as { paymentId?: string }[]).flatMap((entry) => entry.paymentId ?? []);
    expect(named.sort()).toEqual([onA.id, onB.id].sort());
    const entries = await payments.allDocs({ startkey: `${repair.id}:`, endkey: `${repair.id}:\uffff` });
    expect(entries.rows.map((row) => row.id).sort()).toEqual(
      [`${repair.id}:${repair.id}-p1`, `${repair.id}:${onA.id}`, `${repair.id}:${onB.id}`].sort(),
    );
    await repairs.close();
    await payments.close();
  });
});
