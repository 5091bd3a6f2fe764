import { afterAll, afterEach, beforeAll } from 'vitest';
import { createPouchBackend, type PouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { addDevice, provisionShop, seedShop } from '../../src/adapters/pouchdb/sync-server/provision';
import { type SyncServer, startSyncServer } from '../../src/adapters/pouchdb/sync-server/server';
import { ManualClock } from '../../src/demo/manual-clock';

/** Polls `probe` until it returns something other than null or false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** The shop owner's password on every counter, and each counter's device account's on the server. */
export const OWNER_PASSWORD = 'Secret#123';
export const DEVICE_PASSWORD = 'device-secret-1';

/**
 * A sync server (pouchdb-server in memory on loopback, behind the gateway) for the file's tests, and the
 * devices they open, destroyed after each test. Registers the hooks; `server()` once they ran.
 */
export function syncServerForFile(): { server: () => SyncServer; devices: PouchBackend[] } {
  let server: SyncServer | undefined;
  const devices: PouchBackend[] = [];
  beforeAll(async () => {
    server = await startSyncServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(async () => {
    await Promise.allSettled(devices.splice(0).map((backend) => backend.destroy()));
  });
  return {
    server: () => {
      if (server === undefined) throw new Error('the sync server starts in beforeAll');
      return server;
    },
    devices,
  };
}

/**
 * A shop on the sync server (its owner, uid-owner, and store-1 'Sharma Mobile Care' with `store`'s
 * fields) and two counters of it behind the gateway (devices of the owner's account, on PouchDB in
 * memory), the owner signed in on each. The counters are pushed on `devices` for the caller to destroy.
 * `remote(name)` opens one of the shop's databases on the server as its administrator.
 */
export async function shopWithTwoCounters(
  server: SyncServer,
  stem: string,
  devices: PouchBackend[],
  store: Record<string, unknown> = {},
): Promise<{ prefix: string; a: PouchBackend; b: PouchBackend; remote: (name: string) => PouchDB.Database }> {
  const prefix = `${stem}-${Date.now().toString(36)}`;
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
    stores: [{ id: 'store-1', ownerId: 'uid-owner', name: 'Sharma Mobile Care', ...store }],
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
    await backend.seeder.account({ uid: 'uid-owner', email: 'owner@sync.test', password: OWNER_PASSWORD });
    await waitFor('the store and its owner on the device', async () => {
      return (
        (await backend.databases.stores.get('store-1')) !== null &&
        (await backend.databases.users.get('uid-owner')) !== null
      );
    });
    await backend.ports.auth.signIn('owner@sync.test', OWNER_PASSWORD);
    return backend;
  };
  const remote = (name: string) =>
    new (nodePouchDB())(`${server.admin.url.replace(/\/+$/, '')}/${prefix}-${name}`, {
      auth: { username: server.admin.username, password: server.admin.password },
      skip_setup: true,
    } as never) as PouchDB.Database;
  return { prefix, a: await open('a'), b: await open('b'), remote };
}
