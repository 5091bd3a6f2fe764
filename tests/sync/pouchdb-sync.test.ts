import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPouchBackend, type PouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { addDevice, provisionShop, seedShop } from '../../src/adapters/pouchdb/sync-server/provision';
import { type SyncServer, startSyncServer } from '../../src/adapters/pouchdb/sync-server/server';
import { ManualClock } from '../../src/demo/manual-clock';
import type { SeedData } from '../../src/demo/seeder';
import type { RechargeRequest } from '../../src/domain/wallet/wallet';
import { newRepair } from '../contract/shop-fixtures';
import { waitFor } from './sync-helpers';

/**
 * Two devices syncing through the sync server (pouchdb-server in memory behind the sync gateway, on
 * loopback), each with its own device account: concurrent recharges of one distributor and concurrent
 * edits of one support issue converge, by the rules of docs/pouchdb.md. The data set lives on the
 * server (its administrator loaded it); the accounts that sign people in stay on each device.
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

let sequence = 0;
const devices: PouchBackend[] = [];

/** A shop's databases on the server with the data set, and two admin devices allowed to sync them. */
async function shop(): Promise<string> {
  sequence += 1;
  const prefix = `rm${sequence}-${Date.now().toString(36)}`;
  await provisionShop(server.admin, prefix);
  const data: SeedData = {
    accounts: [],
    users: [
      { uid: 'uid-admin', record: { email: 'admin@sync.test', role: 'sa', name: 'Ada Admin' } },
      {
        uid: 'uid-dist',
        record: { email: 'dist@sync.test', role: 'distributor', name: 'Dev Distributor', walletBalance: 500 },
      },
    ],
    publicProfiles: [],
    stores: [],
    repairs: [],
    supportIssues: [
      {
        id: 'support-sync-1',
        email: 'ravi@example.com',
        phone: '9000011111',
        issue: 'App crashes on login',
        status: 'active',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      },
    ],
    transactions: [],
    storeLinks: null,
  };
  await seedShop(server.admin, prefix, data);
  for (const name of ['a', 'b'])
    await addDevice(server.admin, {
      name: `${prefix}-${name}`,
      password: DEVICE_PASSWORD,
      roles: ['sa', 'uid:uid-admin'],
    });
  return prefix;
}

interface Device {
  readonly backend: PouchBackend;
  readonly clock: ManualClock;
}

/** A device of the shop signed in to the sync server with its own account, and Ada's local account. */
async function device(label: 'a' | 'b', prefix: string, at: Date): Promise<Device> {
  const clock = new ManualClock(at);
  const gateway = new URL(server.url);
  gateway.username = `${prefix}-${label}`;
  gateway.password = DEVICE_PASSWORD;
  const backend = await createPouchBackend({
    PouchDB: nodePouchDB(),
    adapter: 'memory',
    prefix: `sync-${label}-${prefix}-${process.pid}`,
    clock,
    pbkdf2Iterations: 1000,
    syncUrl: gateway.toString(),
    syncPrefix: prefix,
  });
  devices.push(backend);
  await backend.seeder.account({ uid: 'uid-admin', email: 'admin@sync.test', password: PASSWORD });
  return { backend, clock };
}

const recharge = (amount: number, idempotencyKey: string): RechargeRequest => ({
  distributorId: 'uid-dist',
  amount,
  idempotencyKey,
  admin: { id: 'uid-admin', name: 'Ada Admin' },
});

/** Both devices see the same balance and ledger, and the stored document has no conflict left. */
async function converged(a: PouchBackend, b: PouchBackend, balance: number, ledgerSize: number) {
  return waitFor(`both devices at ₹${balance} with ${ledgerSize} recharges`, async () => {
    for (const backend of [a, b]) {
      if ((await backend.ports.users.get('uid-dist'))?.walletBalance !== balance) return false;
      if ((await backend.ports.wallet.latestFor('uid-dist', 50)).length !== ledgerSize) return false;
      const stored = await backend.databases.users.get('uid-dist', { conflicts: true });
      if ((stored?._conflicts?.length ?? 0) > 0 || stored?.walletPending !== undefined) return false;
    }
    return true;
  });
}

const pulled = (backend: PouchBackend) =>
  waitFor('the shop data on the device', async () => {
    const user = await backend.databases.users.get('uid-dist');
    const issue = await backend.databases.support.get('support-sync-1');
    return user !== null && issue !== null;
  });

describe('PouchDB live sync between two devices (through the sync gateway)', () => {
  afterEach(async () => {
    await Promise.allSettled(devices.splice(0).map((backend) => backend.destroy()));
  });

  it('converges after both devices recharged one distributor and edited one issue offline', {
    timeout: 90_000,
  }, async () => {
    const prefix = await shop();
    const a = await device('a', prefix, new Date(2026, 10, 21, 10, 0));
    const b = await device('b', prefix, new Date(2026, 10, 21, 10, 5));
    await Promise.all([pulled(a.backend), pulled(b.backend)]);
    const issueId = 'support-sync-1';

    // Offline: each device works on its own copy.
    await a.backend.sync?.stop();
    await b.backend.sync?.stop();
    await a.backend.ports.auth.signIn('admin@sync.test', PASSWORD);
    await b.backend.ports.auth.signIn('admin@sync.test', PASSWORD);
    await a.backend.ports.wallet.recharge(recharge(100, 'key-device-a-1'));
    await a.backend.ports.wallet.recharge(recharge(150, 'key-device-a-2'));
    await b.backend.ports.wallet.recharge(recharge(200, 'key-device-b-1'));
    // One request applied on both devices (the same idempotency key): it must count once.
    await a.backend.ports.wallet.recharge(recharge(50, 'key-same-on-both'));
    await b.backend.ports.wallet.recharge(recharge(50, 'key-same-on-both'));
    expect((await a.backend.ports.users.get('uid-dist'))?.walletBalance).toBe(800);
    expect((await b.backend.ports.users.get('uid-dist'))?.walletBalance).toBe(750);

    const original = { email: 'ravi@example.com', phone: '9000011111', issue: 'App crashes on login' };
    await a.backend.ports.support.update(issueId, { ...original, phone: '9000011112', status: 'completed' });
    b.clock.advance(60_000); // B edits later than A
    await b.backend.ports.support.update(issueId, {
      ...original,
      phone: '9000011113',
      issue: 'App crashes on login (Android 14 only)',
      status: 'active',
    });

    // Back online.
    a.backend.sync?.start();
    b.backend.sync?.start();
    await converged(a.backend, b.backend, 500 + 100 + 150 + 200 + 50, 4);

    // Every recharge in the ledger once, with the device that made it.
    for (const backend of [a.backend, b.backend]) {
      const ledger = await backend.ports.wallet.latestFor('uid-dist', 50);
      expect(ledger.map((t) => t.amount).sort((x, y) => x - y)).toEqual([50, 100, 150, 200]);
    }

    // The request applied on both devices left two revisions of its ledger document: one is kept.
    for (const backend of [a.backend, b.backend]) {
      await waitFor('the duplicate ledger revision removed', async () => {
        const doc = await backend.databases.transactions.get('recharge-key-same-on-both', {
          conflicts: true,
        });
        return doc !== null && (doc._conflicts?.length ?? 0) === 0;
      });
    }

    // The issue merged field by field: A's status, B's later phone and text.
    const merged = await waitFor('the merged support issue', async () => {
      const [onA, onB] = await Promise.all([a.backend.ports.support.list(), b.backend.ports.support.list()]);
      const [x, y] = [onA[0], onB[0]];
      return x && y && JSON.stringify(x) === JSON.stringify(y) && x.issue !== original.issue ? x : null;
    });
    expect(merged).toMatchObject({
      id: issueId,
      status: 'completed',
      phone: '9000011113',
      issue: 'App crashes on login (Android 14 only)',
      email: 'ravi@example.com',
    });
    const stored = await a.backend.databases.support.get(issueId, { conflicts: true });
    expect(stored?._conflicts ?? []).toEqual([]);

    // The server holds the converged document too (read as its administrator).
    const auth = { username: server.admin.username, password: server.admin.password };
    const onServer = new (nodePouchDB())(`${server.admin.url}/${prefix}-users`, {
      auth,
      skip_setup: true,
    } as never);
    const doc = await waitFor('the converged document on the server', async () => {
      const found = (await onServer.get('uid-dist', { conflicts: true })) as Record<string, unknown>;
      return found.walletBalance === 1000 && found._conflicts === undefined ? found : null;
    });
    expect(doc).toMatchObject({ walletBalance: 1000, walletLedgerPaise: 50_000 });
    // Design documents (the indexes) stay local: the server keeps only its validator and gateway index.
    await expect(onServer.get('_design/users')).rejects.toMatchObject({ status: 404 });
    // Accounts never leave a device.
    const accounts = await fetch(`${server.admin.url}/${prefix}-accounts`, {
      headers: { Authorization: `Basic ${btoa(`${auth.username}:${auth.password}`)}` },
    });
    expect(accounts.status).toBe(404);
    await onServer.close();
  });

  // As long as the offline case: on a loaded machine (CI beside other work) two devices' replication
  // and the gateway's checks have taken over 20 s where they usually take 5.
  it('converges when both devices recharge the same distributor at the same time, online', {
    timeout: 90_000,
  }, async () => {
    const prefix = await shop();
    const a = await device('a', prefix, new Date(2026, 10, 21, 11, 0));
    const b = await device('b', prefix, new Date(2026, 10, 21, 11, 0));
    await Promise.all([pulled(a.backend), pulled(b.backend)]);
    await a.backend.ports.auth.signIn('admin@sync.test', PASSWORD);
    await b.backend.ports.auth.signIn('admin@sync.test', PASSWORD);

    const amounts = [10, 20, 30, 40, 50, 60];
    await Promise.all(
      amounts.map((amount, index) =>
        (index % 2 === 0 ? a : b).backend.ports.wallet.recharge(
          recharge(amount, `key-live-${index}-${prefix}`),
        ),
      ),
    );
    await converged(a.backend, b.backend, 500 + 210, amounts.length);
    await Promise.all([a.backend.sync?.idle(), b.backend.sync?.idle()]);
    expect(a.backend.sync?.reconcileErrors).toBe(0);
    expect(b.backend.sync?.reconcileErrors).toBe(0);
  });
});

describe("the shop console's repairs through the sync gateway (issue 15, finding 7)", () => {
  afterEach(async () => {
    await Promise.allSettled(devices.splice(0).map((backend) => backend.destroy()));
  });

  it("an owner's device syncs a repair its shop console creates, and its customer's device receives the customer-safe projection", {
    timeout: 90_000,
  }, async () => {
    sequence += 1;
    const prefix = `shop${sequence}-${Date.now().toString(36)}`;
    await provisionShop(server.admin, prefix);
    await seedShop(server.admin, prefix, {
      accounts: [],
      users: [
        {
          uid: 'uid-owner',
          record: {
            email: 'owner@sync.test',
            role: 'business',
            name: 'Rahul Sharma',
            businessName: 'Sharma',
          },
        },
      ],
      publicProfiles: [],
      stores: [{ id: 'store-1', ownerId: 'uid-owner', name: 'Sharma Mobile Care' }],
      repairs: [],
      supportIssues: [],
      transactions: [],
      storeLinks: null,
    });
    await addDevice(server.admin, {
      name: `${prefix}-counter`,
      password: DEVICE_PASSWORD,
      roles: ['uid:uid-owner'],
    });
    await addDevice(server.admin, {
      name: `${prefix}-asha`,
      password: DEVICE_PASSWORD,
      roles: ['phone:+919876543210'],
    });
    const open = async (name: string) => {
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
      return backend;
    };
    const counter = await open('counter');
    await counter.seeder.account({ uid: 'uid-owner', email: 'owner@sync.test', password: PASSWORD });
    await waitFor(
      'the store on the device',
      async () => (await counter.databases.stores.get('store-1')) !== null,
    );
    await waitFor(
      'the owner on the device',
      async () => (await counter.databases.users.get('uid-owner')) !== null,
    );
    await counter.ports.auth.signIn('owner@sync.test', PASSWORD);

    const repair = await counter.ports.shopRepairs.create(
      'store-1',
      newRepair({ customerMobile: '9876543210', imeiSerial: '490154203237518' }, '4821'),
    );
    // (Status moves are not pushed here yet: PouchDB's changeStatus does not grow the timeline the
    // rule asks for, so the gateway refuses them; tests/security/sync-server.security.test.ts pushes
    // them as the rule has them.)

    const auth = { username: server.admin.username, password: server.admin.password };
    const onServer = new (nodePouchDB())(`${server.admin.url}/${prefix}-repairs`, {
      auth,
      skip_setup: true,
    } as never);
    const stored = await waitFor('the new repair on the server', async () => {
      if ((counter.sync?.denied.length ?? 0) > 0) throw new Error(JSON.stringify(counter.sync?.denied[0]));
      return (await onServer.get(repair.id).catch(() => null)) as Record<string, unknown> | null;
    });
    expect(stored).toMatchObject({
      repairId: repair.repairId,
      status: 'received',
      paidPaise: repair.paidPaise,
    });

    // Her device gets the repair without the shop's notes and numbers.
    const asha = await open('asha');
    const projected = await waitFor('the repair on her device', async () =>
      asha.databases.repairs.get(repair.id),
    );
    expect(projected).toMatchObject({ repairId: repair.repairId, status: 'received', deliveryCode: '4821' });
    for (const field of ['history', 'imeiSerial', 'conditionNotes', 'customerMobileBy', 'trackingToken'])
      expect(projected, field).not.toHaveProperty(field);
    await onServer.close();
  });
});
