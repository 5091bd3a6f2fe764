import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPouchBackend, type PouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { SYNCED_COLLECTIONS } from '../../src/adapters/pouchdb/pouchdb-databases';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { ManualClock } from '../../src/adapters/system-clock';
import type { RechargeRequest } from '../../src/domain/wallet/wallet';

/**
 * Two devices syncing through a CouchDB-compatible server (pouchdb-server, in memory, on loopback):
 * concurrent recharges of one distributor and concurrent edits of one support issue converge, by the
 * rules of docs/pouchdb.md.
 */

const PASSWORD = 'Secret#123';
const SERVER_BIN = resolve(__dirname, '../../node_modules/.bin/pouchdb-server');

let server: ChildProcess | null = null;
let serverDir = '';
let url = '';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitFor<T>(
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

beforeAll(async () => {
  const port = await freePort();
  // pouchdb-server writes config.json and log.txt into its working directory: keep them out of the repo.
  serverDir = mkdtempSync(join(tmpdir(), 'repairmate-sync-'));
  server = spawn(SERVER_BIN, ['--in-memory', '--port', String(port), '--host', '127.0.0.1', '--no-color'], {
    cwd: serverDir,
    stdio: 'ignore',
  });
  url = `http://127.0.0.1:${port}`;
  await waitFor('pouchdb-server', async () => (await fetch(url)).ok);
}, 60_000);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  if (serverDir) rmSync(serverDir, { recursive: true, force: true });
});

let sequence = 0;
const devices: PouchBackend[] = [];
const provisioned = new Set<string>();

/** Creates the server's databases of one shop, as its administrator does before devices sync. */
async function provision(remotePrefix: string): Promise<void> {
  if (provisioned.has(remotePrefix)) return;
  for (const collection of SYNCED_COLLECTIONS) {
    const response = await fetch(`${url}/${remotePrefix}-${collection}`, { method: 'PUT' });
    if (!response.ok && response.status !== 412)
      throw new Error(`could not create ${collection}: ${response.status}`);
  }
  provisioned.add(remotePrefix);
}

interface Device {
  readonly backend: PouchBackend;
  readonly clock: ManualClock;
}

async function device(label: string, remotePrefix: string, at: Date): Promise<Device> {
  await provision(remotePrefix);
  sequence += 1;
  const clock = new ManualClock(at);
  const backend = await createPouchBackend({
    PouchDB: nodePouchDB(),
    adapter: 'memory',
    prefix: `sync-${label}-${process.pid}-${Date.now().toString(36)}-${sequence}`,
    clock,
    pbkdf2Iterations: 1000,
    syncUrl: url,
    syncPrefix: remotePrefix,
  });
  devices.push(backend);
  return { backend, clock };
}

async function seedOn(backend: PouchBackend): Promise<string> {
  for (const [uid, record] of [
    ['uid-admin', { email: 'admin@sync.test', role: 'sa', name: 'Ada Admin' }],
    [
      'uid-dist',
      { email: 'dist@sync.test', role: 'distributor', name: 'Dev Distributor', walletBalance: 500 },
    ],
  ] as const) {
    await backend.seeder.account({ uid, email: record.email, password: PASSWORD });
    await backend.seeder.user(uid, record);
  }
  return backend.seeder.supportIssue({
    id: 'support-sync-1',
    email: 'ravi@example.com',
    phone: '9000011111',
    issue: 'App crashes on login',
    status: 'active',
    createdAt: new Date('2026-11-20T10:00:00Z'),
  });
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

describe('PouchDB live sync between two devices (pouchdb-server on loopback)', () => {
  afterEach(async () => {
    await Promise.allSettled(devices.splice(0).map((backend) => backend.destroy()));
  });

  it('converges after both devices recharged one distributor and edited one issue offline', async () => {
    const remote = `rm${sequence}-${Date.now().toString(36)}`;
    const a = await device('a', remote, new Date(2026, 10, 21, 10, 0));
    const b = await device('b', remote, new Date(2026, 10, 21, 10, 5));
    const issueId = await seedOn(a.backend);
    await waitFor('the seed data on device B', async () => {
      const account = await b.backend.databases.accounts.get('account:admin@sync.test');
      const user = await b.backend.databases.users.get('uid-dist');
      const issue = await b.backend.databases.support.get(issueId);
      return account !== null && user !== null && issue !== null;
    });

    // Offline: each device works on its own copy.
    await a.backend.sync?.stop();
    await b.backend.sync?.stop();
    await a.backend.ports.auth.signIn('admin@sync.test', PASSWORD);
    await b.backend.ports.auth.signIn('admin@sync.test', PASSWORD); // the account replicated
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

    // The server holds the converged document too.
    const server = new (nodePouchDB())(`${url}/${remote}-users`);
    const onServer = await waitFor('the converged document on the server', async () => {
      const doc = (await server.get('uid-dist', { conflicts: true })) as Record<string, unknown>;
      return doc.walletBalance === 1000 && doc._conflicts === undefined ? doc : null;
    });
    expect(onServer).toMatchObject({ walletBalance: 1000, walletLedgerPaise: 50_000 });
    // Design documents (the indexes) stay local: each side builds its own.
    await expect(server.get('_design/users')).rejects.toMatchObject({ status: 404 });
    await server.close();
  });

  it('converges when both devices recharge the same distributor at the same time, online', async () => {
    const remote = `rm${sequence}-${Date.now().toString(36)}`;
    const a = await device('a', remote, new Date(2026, 10, 21, 11, 0));
    const b = await device('b', remote, new Date(2026, 10, 21, 11, 0));
    await seedOn(a.backend);
    await waitFor('the seed data on device B', async () => {
      const account = await b.backend.databases.accounts.get('account:admin@sync.test');
      return account !== null && (await b.backend.databases.users.get('uid-dist')) !== null;
    });
    await a.backend.ports.auth.signIn('admin@sync.test', PASSWORD);
    await b.backend.ports.auth.signIn('admin@sync.test', PASSWORD);

    const amounts = [10, 20, 30, 40, 50, 60];
    await Promise.all(
      amounts.map((amount, index) =>
        (index % 2 === 0 ? a : b).backend.ports.wallet.recharge(
          recharge(amount, `key-live-${index}-${remote}`),
        ),
      ),
    );
    await converged(a.backend, b.backend, 500 + 210, amounts.length);
    await Promise.all([a.backend.sync?.idle(), b.backend.sync?.idle()]);
    expect(a.backend.sync?.reconcileErrors).toBe(0);
    expect(b.backend.sync?.reconcileErrors).toBe(0);
  });
});
