import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { addDevice, provisionShop, seedShop } from '../../src/adapters/pouchdb/sync-server/provision';
import { type SyncServer, startSyncServer } from '../../src/adapters/pouchdb/sync-server/server';
import type { SeedData } from '../../src/demo/seeder';

/**
 * The sync server over HTTP, as a device (or an attacker holding a device's account) sees it: every
 * refusal of docs/security.md's threat 7, and the paths that must stay open. Each device has its own
 * account; its roles say whom it acts for.
 */

let server: SyncServer;
const PREFIX = 'shop';
const PASSWORD = 'device-secret';

const DEVICES = {
  counter: ['uid:uid-owner'],
  rivalCounter: ['uid:uid-rival'],
  asha: ['uid:uid-customer', 'phone:+919876543210'],
  claimant: ['uid:uid-claimant'],
  distributor: ['uid:uid-dist'],
  adminDesk: ['sa', 'uid:uid-admin'],
} as const;
type DeviceName = keyof typeof DEVICES;

const DATA: SeedData = {
  accounts: [],
  users: [
    { uid: 'uid-admin', record: { email: 'admin@sync.test', role: 'sa', name: 'Ada Admin' } },
    {
      uid: 'uid-customer',
      record: { email: 'asha@sync.test', role: 'user', name: 'Asha', mobile: '9876543210' },
    },
    {
      uid: 'uid-claimant',
      record: { email: 'claude@sync.test', role: 'user', name: 'Claude', mobile: '9876543210' },
    },
    {
      uid: 'uid-dist',
      record: { email: 'dist@sync.test', role: 'distributor', name: 'Dev', walletBalance: 500 },
    },
    {
      uid: 'uid-owner',
      record: { email: 'owner@sync.test', role: 'business', businessName: 'Sharma', panNumber: 'ABCDE1234F' },
    },
    { uid: 'uid-rival', record: { email: 'rival@sync.test', role: 'business', businessName: 'Iyer' } },
  ],
  publicProfiles: [{ uid: 'uid-owner', businessName: 'Sharma Mobile Care', phone: '9811111111' }],
  stores: [
    { id: 'store-1', ownerId: 'uid-owner', name: 'Sharma Mobile Care' },
    { id: 'store-2', ownerId: 'uid-rival', name: 'Iyer Electronics' },
  ],
  repairs: [
    {
      id: 'r1',
      repairId: 'RPR-1001',
      storeId: 'store-1',
      businessId: 'uid-owner',
      customerMobile: '98765 43210',
      deliveryCode: '4821',
    },
    {
      id: 'r2',
      repairId: 'RPR-1002',
      storeId: 'store-2',
      businessId: 'uid-rival',
      customerMobile: '9000000000',
      deliveryCode: '7310',
    },
    { id: 'r3', repairId: 'RPR-1003', businessId: 'uid-owner', customerMobile: '9000000001' },
    { id: 'r4', repairId: 'RPR-1004', storeId: 'store-gone', customerMobile: '9000000002' },
  ],
  supportIssues: [
    {
      id: 'issue-1',
      email: 'ravi@example.com',
      phone: '9000011111',
      issue: 'App crashes on login',
      status: 'active',
      createdAt: new Date('2026-11-20T10:00:00Z'),
    },
  ],
  transactions: [
    {
      id: 'recharge-seeded-0001',
      distributorId: 'uid-dist',
      distributorName: 'Dev',
      adminId: 'uid-admin',
      adminName: 'Ada Admin',
      amount: 500,
      previousBalance: 0,
      newBalance: 500,
      timestamp: new Date('2026-10-01T10:00:00Z'),
      description: 'Wallet recharge by admin',
    },
  ],
  storeLinks: { android: 'https://play.google.com/store/apps/details?id=com.repairmate.app' },
};

beforeAll(async () => {
  server = await startSyncServer({ storeWaitMs: 300, longpollMs: 1_000 });
  await provisionShop(server.admin, PREFIX);
  await seedShop(server.admin, PREFIX, DATA);
  for (const [name, roles] of Object.entries(DEVICES))
    await addDevice(server.admin, { name, password: PASSWORD, roles });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** An HTTP call to the gateway, as a device (or with no account: null). */
async function call(
  device: DeviceName | null,
  method: string,
  path: string,
  body?: unknown,
  password = PASSWORD,
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(device === null ? {} : { Authorization: `Basic ${btoa(`${device}:${password}`)}` }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed };
}

const db = (collection: string) => `/${PREFIX}-${collection}`;

/** The ids a device's changes feed hands it (what replication would bring to the device). */
async function changedIds(device: DeviceName, collection: string): Promise<string[]> {
  const answer = await call(device, 'GET', `${db(collection)}/_changes?style=all_docs`);
  expect(answer.status).toBe(200);
  return ((answer.body as { results: { id: string }[] }).results ?? [])
    .map((row) => row.id)
    .filter((id) => !id.startsWith('_design/'))
    .sort();
}

/** A write through _bulk_docs, as replication makes it; the per-document answer. */
async function bulkWrite(device: DeviceName, collection: string, doc: Record<string, unknown>) {
  const answer = await call(device, 'POST', `${db(collection)}/_bulk_docs`, { docs: [doc] });
  return (answer.body as { id: string; error?: string; ok?: boolean; rev?: string }[])[0];
}

async function current(collection: string, id: string): Promise<Record<string, unknown>> {
  const answer = await call('adminDesk', 'GET', `${db(collection)}/${id}`);
  return answer.body as Record<string, unknown>;
}

/** A ledger entry as a super admin's device writes it: ₹100 to Dev, from ₹500. */
const ledgerEntry = (overrides: Record<string, unknown> = {}) => ({
  _id: 'recharge-forged-0001',
  distributorId: 'uid-dist',
  distributorName: 'Dev',
  adminId: 'uid-admin',
  adminName: 'Ada Admin',
  amount: 100,
  previousBalance: 500,
  newBalance: 600,
  timestamp: new Date().toISOString(),
  description: 'Wallet recharge by admin',
  ledgerPaise: 10_000,
  ...overrides,
});

describe('the sync server over HTTP (threat 7, and threats 1, 2, 3 and 5 through sync)', () => {
  describe('every request is a device’s, with its own account', () => {
    it('attack 7.1: a request with no account or a wrong password is refused', async () => {
      expect((await call(null, 'GET', `${db('repairs')}/_changes`)).status).toBe(401);
      expect((await call('counter', 'GET', `${db('repairs')}/_changes`, undefined, 'guess')).status).toBe(
        401,
      );
      expect((await call(null, 'POST', `${db('support')}/_bulk_docs`, { docs: [] })).status).toBe(401);
    });

    it('attack 7.2: the database list, accounts, configuration, server-side replication and design documents are closed', async () => {
      for (const path of [
        '/_all_dbs',
        '/_users/_all_docs',
        '/_config',
        '/_replicate',
        '/_users/org.couchdb.user:counter',
      ])
        expect((await call('adminDesk', 'GET', path)).status).toBe(403);
      expect((await call('adminDesk', 'PUT', '/shop-evil')).status).toBe(404);
      expect((await call('adminDesk', 'DELETE', db('repairs'))).status).toBe(403);
      expect((await call('counter', 'PUT', `${db('repairs')}/_design/evil`, { views: {} })).status).toBe(403);
      expect((await call('counter', 'PUT', `${db('repairs')}/_security`, {})).status).toBe(403);
    });

    it('attack 7.3: there is no accounts database to read: password hashes never leave a device', async () => {
      expect((await call('adminDesk', 'GET', db('accounts'))).status).toBe(404);
      expect((await call('adminDesk', 'GET', `${db('accounts')}/_changes`)).status).toBe(404);
      expect((await call('adminDesk', 'GET', db('mail'))).status).toBe(404);
    });

    it('attack 7.4: a device cannot give itself roles', async () => {
      const signup = await fetch(`${server.url}/_users/org.couchdb.user:mallory`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'mallory', password: 'x', roles: ['sa', 'device'], type: 'user' }),
      });
      expect(signup.status).toBe(403);
    });
  });

  describe('threat 3: a device reads only the repairs its accounts may read', () => {
    it('attack 3.s1: each device gets, through the changes feed, only its repairs', async () => {
      expect(await changedIds('asha', 'repairs')).toEqual(['r1']);
      expect(await changedIds('claimant', 'repairs')).toEqual([]);
      expect(await changedIds('counter', 'repairs')).toEqual(['r1', 'r3']);
      expect(await changedIds('rivalCounter', 'repairs')).toEqual(['r2']);
      expect(await changedIds('distributor', 'repairs')).toEqual([]);
      expect(await changedIds('adminDesk', 'repairs')).toEqual(['r1', 'r2', 'r3', 'r4']);
    });

    it('attack 3.s2: other repairs are refused one by one, in bulk, and as a whole', async () => {
      expect((await call('counter', 'GET', `${db('repairs')}/r2`)).status).toBe(404);
      expect((await call('claimant', 'GET', `${db('repairs')}/r1`)).status).toBe(404);
      expect((await call('asha', 'GET', `${db('repairs')}/r1`)).status).toBe(200);
      const bulk = await call('counter', 'POST', `${db('repairs')}/_bulk_get?revs=true`, {
        docs: [{ id: 'r1' }, { id: 'r2' }],
      });
      const results = (bulk.body as { results: { id: string; docs: { ok?: unknown; error?: unknown }[] }[] })
        .results;
      expect(results.map((r) => [r.id, r.docs[0]?.ok !== undefined])).toEqual([
        ['r1', true],
        ['r2', false],
      ]);
      const openRevs = await call('counter', 'GET', `${db('repairs')}/r2?open_revs=all`);
      expect(JSON.stringify(openRevs.body)).not.toContain('7310');
      for (const path of ['_all_docs?include_docs=true', '_design/gateway/_view/storeRefs', '_find'])
        expect(
          (
            await call(
              'counter',
              path === '_find' ? 'POST' : 'GET',
              `${db('repairs')}/${path}`,
              path === '_find' ? { selector: {} } : undefined,
            )
          ).status,
        ).toBe(403);
    });

    it('attack 3.s3: a long poll never hands over an unreadable change', async () => {
      const since = (
        (await call('asha', 'GET', `${db('repairs')}/_changes?since=now`)).body as { last_seq: unknown }
      ).last_seq;
      const polled = call(
        'asha',
        'GET',
        `${db('repairs')}/_changes?feed=longpoll&since=${encodeURIComponent(String(since))}&timeout=5000`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const other = await current('repairs', 'r2');
      await bulkWrite('rivalCounter', 'repairs', { ...other, status: 'inprogress' });
      const answer = await polled;
      expect(answer.status).toBe(200);
      expect((answer.body as { results: unknown[] }).results).toEqual([]);
    });

    it('allowed: a customer’s device replicates that customer’s repairs (and only those)', async () => {
      const PouchDB = nodePouchDB();
      const local = new PouchDB(`asha-device-${process.pid}-${Date.now()}`, { adapter: 'memory' });
      const remote = new PouchDB(`${server.url}${db('repairs')}`, {
        auth: { username: 'asha', password: PASSWORD },
        skip_setup: true,
      } as never);
      await local.replicate.from(remote);
      const ids = (await local.allDocs()).rows
        .map((row) => row.id)
        .filter((id) => !id.startsWith('_design/'));
      expect(ids).toEqual(['r1']);
      await Promise.all([local.destroy(), remote.close()]);
    });
  });

  describe('threat 5: profiles stay private', () => {
    it('attack 5.s1: a device gets only its own accounts’ users documents (and every public profile)', async () => {
      expect(await changedIds('asha', 'users')).toEqual(['uid-customer']);
      expect(await changedIds('counter', 'users')).toEqual(['uid-owner']);
      expect((await call('asha', 'GET', `${db('users')}/uid-owner`)).status).toBe(404);
      expect(await changedIds('asha', 'publicProfiles')).toEqual(['uid-owner']);
      expect((await changedIds('adminDesk', 'users')).length).toBe(6);
    });

    it('attack 5.s2: the ledger reaches the distributor concerned and the super admin only, support issues the super admin only', async () => {
      expect(await changedIds('distributor', 'transactions')).toEqual(['recharge-seeded-0001']);
      expect(await changedIds('asha', 'transactions')).toEqual([]);
      expect(await changedIds('asha', 'support')).toEqual([]);
      expect(await changedIds('adminDesk', 'support')).toEqual(['issue-1']);
    });
  });

  describe('roles, balances and the ledger', () => {
    it('attack 7.5: a forged ledger entry is refused: not a super admin’s device, another admin, over the cap, totals off', async () => {
      expect(
        (
          await bulkWrite(
            'distributor',
            'transactions',
            ledgerEntry({
              amount: 10_00_00_000,
              newBalance: 10_00_00_500,
              ledgerPaise: 10_00_00_000_00,
              adminId: '',
            }),
          )
        )?.error,
      ).toBe('forbidden');
      expect((await bulkWrite('distributor', 'transactions', ledgerEntry({})))?.error).toBe('forbidden');
      expect(
        (await bulkWrite('adminDesk', 'transactions', ledgerEntry({ adminId: 'uid-someone-else' })))?.error,
      ).toBe('forbidden');
      expect(
        (
          await bulkWrite(
            'adminDesk',
            'transactions',
            ledgerEntry({ amount: 10_00_001, newBalance: 10_00_501, ledgerPaise: 10_00_00_100 }),
          )
        )?.error,
      ).toBe('forbidden');
      expect(
        (await bulkWrite('adminDesk', 'transactions', ledgerEntry({ newBalance: 5_000_000 })))?.error,
      ).toBe('forbidden');
      expect(
        (await bulkWrite('adminDesk', 'transactions', ledgerEntry({ description: 'Gift' })))?.error,
      ).toBe('forbidden');
      expect((await call('adminDesk', 'GET', `${db('transactions')}/recharge-forged-0001`)).status).toBe(404);
    });

    it('allowed: a super admin’s device records a recharge and changes the balance', async () => {
      const ok = await bulkWrite('adminDesk', 'transactions', ledgerEntry({ _id: 'recharge-genuine-0001' }));
      expect(ok?.error).toBeUndefined();
      const dist = await current('users', 'uid-dist');
      expect(
        (await bulkWrite('adminDesk', 'users', { ...dist, walletBalance: 600, walletLedgerPaise: 10_000 }))
          ?.error,
      ).toBeUndefined();
    });

    it('attack 7.6: a device cannot change a role or a wallet, or write another account’s profile', async () => {
      const own = await current('users', 'uid-customer');
      expect((await bulkWrite('asha', 'users', { ...own, role: 'sa' }))?.error).toBe('forbidden');
      const dist = await current('users', 'uid-dist');
      expect((await bulkWrite('distributor', 'users', { ...dist, walletBalance: 1_000_000 }))?.error).toBe(
        'forbidden',
      );
      const owner = await current('users', 'uid-owner');
      expect((await bulkWrite('asha', 'users', { ...owner, businessName: 'Mine' }))?.error).toBe('forbidden');
      expect((await bulkWrite('asha', 'users', { _id: 'uid-new', email: 'x@y.z', role: 'sa' }))?.error).toBe(
        'forbidden',
      );
      expect((await bulkWrite('asha', 'users', { ...own, _deleted: true }))?.error).toBe('forbidden');
      expect((await current('users', 'uid-customer')).role).toBe('user');
    });

    it('allowed: a device edits its own account’s profile fields, within limits', async () => {
      const own = await current('users', 'uid-customer');
      expect((await bulkWrite('asha', 'users', { ...own, city: 'Pune' }))?.error).toBeUndefined();
      const again = await current('users', 'uid-customer');
      expect((await bulkWrite('asha', 'users', { ...again, junk: 'x' }))?.error).toBe('forbidden');
      expect((await bulkWrite('asha', 'users', { ...again, address: 'x'.repeat(501) }))?.error).toBe(
        'forbidden',
      );
    });

    it('attack 7.7: oversize documents and bodies are refused', async () => {
      const own = await current('users', 'uid-customer');
      expect((await bulkWrite('asha', 'users', { ...own, name: 'x'.repeat(900_000) }))?.error).toBe(
        'forbidden',
      );
      const huge = await call(
        'asha',
        'POST',
        `${db('support')}/_bulk_docs`,
        `{"docs":[{"_id":"x","issue":"${'x'.repeat(9 * 1024 * 1024)}"}]}`,
      );
      expect(huge.status).toBe(413);
    });

    it('attack 7.8: a support issue is created active only, and edited from a super admin’s device only', async () => {
      const issue = {
        email: 'neha@example.com',
        phone: '9000022222',
        issue: 'Sync question',
        createdAt: new Date().toISOString(),
      };
      expect(
        (await bulkWrite('asha', 'support', { _id: 'issue-new', ...issue, status: 'active' }))?.error,
      ).toBeUndefined();
      expect(
        (await bulkWrite('asha', 'support', { _id: 'issue-done', ...issue, status: 'completed' }))?.error,
      ).toBe('forbidden');
      const stored = await current('support', 'issue-1');
      expect((await bulkWrite('asha', 'support', { ...stored, status: 'completed' }))?.error).toBe(
        'forbidden',
      );
      expect(
        (await bulkWrite('adminDesk', 'support', { ...stored, status: 'completed' }))?.error,
      ).toBeUndefined();
    });
  });

  describe('threats 1 and 2: stores and repairs', () => {
    it("allowed: a store's device writes its repairs, with businessId the store's owner", async () => {
      const made = await bulkWrite('counter', 'repairs', {
        _id: 'r-new',
        repairId: 'SMC-1042',
        storeId: 'store-1',
        businessId: 'uid-owner',
        customerMobile: '9123400000',
      });
      expect(made?.error).toBeUndefined();
      const r1 = await current('repairs', 'r1');
      expect((await bulkWrite('counter', 'repairs', { ...r1, status: 'ready' }))?.error).toBeUndefined();
    });

    it("attack 2.s1: a forged repair is refused: another shop's store, a store that does not exist, a businessId that is not the owner", async () => {
      const forged = { repairId: 'RPR-1001', customerMobile: '9876543210' };
      expect(
        (
          await bulkWrite('counter', 'repairs', {
            _id: 'f1',
            ...forged,
            storeId: 'store-2',
            businessId: 'uid-rival',
          })
        )?.error,
      ).toBe('forbidden');
      expect(
        (
          await bulkWrite('counter', 'repairs', {
            _id: 'f2',
            ...forged,
            storeId: 'store-nowhere',
            businessId: 'uid-owner',
          })
        )?.error,
      ).toBe('forbidden');
      expect(
        (
          await bulkWrite('counter', 'repairs', {
            _id: 'f3',
            ...forged,
            storeId: 'store-1',
            businessId: 'uid-rival',
          })
        )?.error,
      ).toBe('forbidden');
      expect(
        (
          await bulkWrite('asha', 'repairs', {
            _id: 'f4',
            ...forged,
            storeId: 'store-1',
            businessId: 'uid-owner',
          })
        )?.error,
      ).toBe('forbidden');
      expect(
        (await bulkWrite('counter', 'repairs', { _id: 'f5', ...forged, businessId: 'uid-owner' }))?.error,
      ).toBe('forbidden');
      for (const id of ['f1', 'f2', 'f3', 'f4', 'f5'])
        expect((await call('adminDesk', 'GET', `${db('repairs')}/${id}`)).status).toBe(404);
    });

    it("attack 2.s2: another shop's repair cannot be taken over or moved", async () => {
      const r2 = await current('repairs', 'r2');
      expect((await bulkWrite('counter', 'repairs', { ...r2, status: 'delivered' }))?.error).toBe(
        'forbidden',
      );
      const r1 = await current('repairs', 'r1');
      expect(
        (await bulkWrite('counter', 'repairs', { ...r1, storeId: 'store-2', businessId: 'uid-rival' }))
          ?.error,
      ).toBe('forbidden');
      expect((await bulkWrite('rivalCounter', 'repairs', { ...r1, _deleted: true }))?.error).toBe(
        'forbidden',
      );
    });

    it('attack 1.s1: a store cannot take an id repairs already name, change owner, or be deleted', async () => {
      expect((await bulkWrite('counter', 'stores', { _id: 'store-gone', ownerId: 'uid-owner' }))?.error).toBe(
        'forbidden',
      );
      expect(
        (await bulkWrite('rivalCounter', 'stores', { _id: 'store-fresh', ownerId: 'uid-owner' }))?.error,
      ).toBe('forbidden');
      const store = await current('stores', 'store-1');
      expect((await bulkWrite('counter', 'stores', { ...store, ownerId: 'uid-rival' }))?.error).toBe(
        'forbidden',
      );
      expect((await bulkWrite('counter', 'stores', { ...store, _deleted: true }))?.error).toBe('forbidden');
      expect(
        (await bulkWrite('counter', 'stores', { _id: 'store-fresh', ownerId: 'uid-owner', name: 'Andheri' }))
          ?.error,
      ).toBeUndefined();
      expect((await current('stores', 'store-1')).ownerId).toBe('uid-owner');
    });
  });
});
