import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { addDevice, provisionShop, seedShop } from '../../src/adapters/pouchdb/sync-server/provision';
import { type SyncServer, startSyncServer } from '../../src/adapters/pouchdb/sync-server/server';
import type { SeedData } from '../../src/demo/seeder';
import { storedDues } from '../../src/domain/shop/repair-record';
import { reportFieldsAfterMove } from '../../src/domain/shop/report-fields';
import {
  PUBLIC_PROFILES,
  RECHARGE_TRANSACTIONS,
  REPAIRS,
  STORAGE_CONFIG,
  STORE_LINKS,
  STORES,
  SUPPORT,
  USERS,
} from '../../src/domain/stored/documents';
import {
  type DocumentSchema,
  type FieldSpec,
  fieldsOf,
  oversizeValue,
  sampleDocument,
  sampleValue,
  withValueAt,
  wrongTypeValue,
} from '../../src/domain/stored/schema';

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
  walker: ['uid:uid-walker'],
  // A member of staff of store-1, as the console knew them (or after the owner removed them).
  staffCounter: ['uid:uid-staff'],
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
      record: {
        email: 'owner@sync.test',
        role: 'business',
        name: 'Rahul Sharma',
        businessName: 'Sharma',
        panNumber: 'ABCDE1234F',
      },
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
      productName: 'Galaxy S21',
      status: 'received',
      imeiSerial: '490154203237518',
      conditionNotes: 'Back glass cracked; customer was rude at the counter',
      customerMobileBy: 'uid-owner',
      trackingToken: 'AAAAAAAAAAAAAAAAAAAAAA',
      history: [
        {
          kind: 'created',
          status: 'received',
          from: null,
          at: new Date('2026-11-20T10:00:00Z'),
          by: { uid: 'uid-owner', name: 'Rahul Sharma' },
          note: 'Staff note: check the unlock code twice',
          amountPaise: null,
        },
      ],
    },
    {
      id: 'r2',
      repairId: 'RPR-1002',
      storeId: 'store-2',
      businessId: 'uid-rival',
      customerMobile: '9000000000',
      deliveryCode: '7310',
      status: 'received',
    },
    { id: 'r3', repairId: 'RPR-1003', businessId: 'uid-owner', customerMobile: '9000000001' },
    { id: 'r4', repairId: 'RPR-1004', storeId: 'store-gone', customerMobile: '9000000002' },
    // A console repair stored without businessId, as the demo data set's are.
    {
      id: 'r5',
      repairId: 'RPR-1005',
      storeId: 'store-1',
      customerMobile: '9000000005',
      deliveryCode: '1357',
      status: 'received',
      paidPaise: 0,
      duePaise: 0,
      owing: false,
      trackingToken: 'BBBBBBBBBBBBBBBBBBBBBB',
      history: [
        {
          kind: 'created',
          status: 'received',
          from: null,
          at: new Date('2026-11-20T10:00:00Z'),
          by: { uid: 'uid-owner', name: 'Rahul Sharma' },
          note: '',
          amountPaise: null,
        },
      ],
    },
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
  // The default wait for a missing store (1 s per request in all): attack 15.7.8 measures it.
  server = await startSyncServer({ longpollMs: 1_000 });
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

const RAHUL = { uid: 'uid-owner', name: 'Rahul Sharma' };

/**
 * The next version of a repair as the shop console writes it: the change, one history entry of `kind`
 * by `by` carrying the new status, the timeline grown by a status change (and deliveredAt), updatedAt now.
 */
function nextVersion(
  doc: Record<string, unknown>,
  by: { uid: string; name: string },
  kind: string,
  change: Record<string, unknown> = {},
  entry: Record<string, unknown> = {},
): Record<string, unknown> {
  const at = new Date().toISOString();
  const status = (change.status ?? doc.status) as string;
  const moves = ['status', 'override', 'reopen'].includes(kind);
  const history = Array.isArray(doc.history) ? doc.history : [];
  const timeline = Array.isArray(doc.timeline) ? doc.timeline : [];
  // A payment's or refund's entry names its payment (issue 17).
  const named = kind === 'payment' || kind === 'refund' ? { paymentId: `pay-${history.length}` } : {};
  const next = {
    ...doc,
    ...change,
    updatedAt: at,
    history: [
      ...history,
      {
        kind,
        status,
        from: moves ? doc.status : null,
        at,
        by,
        note: '',
        amountPaise: null,
        ...named,
        ...entry,
      },
    ],
    // A status move: its timeline step, and the reports' deliveredAt (issue 18) unless the case sets it.
    ...(moves
      ? { timeline: [...timeline, { status, at }], deliveredAt: status === 'delivered' ? at : null }
      : {}),
    ...('deliveredAt' in change ? { deliveredAt: change.deliveredAt } : {}),
    // …and the reports' sums that move stores (report-fields.ts), unless the case sets them.
    ...(moves ? reportFieldsAfterMove(status, doc, new Date(at)) : {}),
    ...Object.fromEntries(
      Object.entries(change).filter(([key]) => key === 'salePaise' || key === 'turnaroundMs'),
    ),
  };
  // The dues fields as the console writes them (issue 17), unless the case sets them.
  return { ...next, ...storedDues(next), ...pickDues(change) };
}

function pickDues(change: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(change).filter(([key]) => key === 'duePaise' || key === 'owing'));
}

/** A new repair as the shop console creates it on a device of store-1's owner. */
function newConsoleRepair(id: string, repairId: string, extra: Record<string, unknown> = {}) {
  const at = new Date().toISOString();
  return {
    _id: id,
    repairId,
    storeId: 'store-1',
    businessId: 'uid-owner',
    customerName: 'Neha',
    customerNameLower: 'neha',
    customerMobile: '9123456789',
    customerMobileBy: 'uid-owner',
    productName: 'Redmi Note 12',
    productType: 'Mobile',
    problems: 'Screen broken',
    problemList: ['Screen broken'],
    status: 'received',
    deliveryCode: '1234',
    createdAt: at,
    updatedAt: at,
    imageUrls: [],
    paidPaise: 0,
    history: [
      { kind: 'created', status: 'received', from: null, at, by: RAHUL, note: '', amountPaise: null },
    ],
    timeline: [{ status: 'received', at }],
    createdBy: RAHUL,
    ...extra,
    ...storedDues({ status: 'received', paidPaise: 0, ...extra }),
  };
}

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
      expect(await changedIds('counter', 'repairs')).toEqual(['r1', 'r3', 'r5']);
      expect(await changedIds('rivalCounter', 'repairs')).toEqual(['r2']);
      expect(await changedIds('distributor', 'repairs')).toEqual([]);
      expect(await changedIds('adminDesk', 'repairs')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
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
      const written = await bulkWrite(
        'rivalCounter',
        'repairs',
        nextVersion(other, { uid: 'uid-rival', name: '' }, 'status', { status: 'inprogress' }),
      );
      expect(written?.error).toBeUndefined();
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
      expect(
        (await bulkWrite('counter', 'repairs', nextVersion(r1, RAHUL, 'status', { status: 'inprogress' })))
          ?.error,
      ).toBeUndefined();
    });

    it('allowed: an edit of a console repair stored without businessId (the demo’s) keeps it so; giving it one is refused', async () => {
      const r5 = await current('repairs', 'r5');
      const edited = nextVersion(r5, RAHUL, 'edit', { conditionNotes: 'Back cover loose' });
      const kept = await bulkWrite('counter', 'repairs', edited);
      expect(kept).toEqual(expect.objectContaining({ ok: true }));
      const now = await current('repairs', 'r5');
      expect(now.conditionNotes).toBe('Back cover loose');
      for (const businessId of ['uid-owner', 'uid-rival'])
        expect(
          (
            await bulkWrite(
              'counter',
              'repairs',
              nextVersion(now, RAHUL, 'edit', { conditionNotes: 'Again', businessId }),
            )
          )?.error,
        ).toBe('forbidden');
    });

    it("attack 2.s3: a staff member's device (current or removed) reads and writes none of the store's repairs: only the owner's devices sync it", async () => {
      // Staff do not sync yet (docs/pouchdb.md): the gateway's member of a store is its owner, so a
      // removal can leave no access behind on the server.
      expect(await changedIds('staffCounter', 'repairs')).toEqual([]);
      expect((await call('staffCounter', 'GET', `${db('repairs')}/r1`)).status).toBe(404);
      const staff = { uid: 'uid-staff', name: 'Sam Staff' };
      const r1 = await current('repairs', 'r1');
      expect(
        (
          await bulkWrite(
            'staffCounter',
            'repairs',
            nextVersion(r1, staff, 'status', { status: 'inprogress' }),
          )
        )?.error,
      ).toBeDefined();
      expect(
        (
          await bulkWrite('staffCounter', 'repairs', {
            _id: 'r-staff',
            repairId: 'SMC-1043',
            storeId: 'store-1',
            businessId: 'uid-owner',
            customerMobile: '9123400001',
          })
        )?.error,
      ).toBeDefined();
      expect((await current('repairs', 'r1')).status).toBe(r1.status);
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

    it("setup: a distributor's device opens no store; an owner's users document lists only a store it appends", async () => {
      const bulk = await bulkWrite('distributor', 'stores', {
        _id: 'store-dist',
        ownerId: 'uid-dist',
        name: 'Dev',
      });
      expect(bulk?.error).toBe('forbidden');
      const owner = await current('users', 'uid-owner');
      const listing = { storeIds: ['store-fresh2'], lastStoreId: 'store-fresh2', businessKey: 'sharma' };
      expect((await bulkWrite('counter', 'users', { ...owner, ...listing }))?.error).toBeUndefined();
      const after = await current('users', 'uid-owner');
      // Not two stores at once, not a list that drops one, not another account's document.
      const twice = { storeIds: ['store-fresh2', 'a', 'b'], lastStoreId: 'b', businessKey: 'sharma' };
      expect((await bulkWrite('counter', 'users', { ...after, ...twice }))?.error).toBe('forbidden');
      const dropped = { storeIds: ['c'], lastStoreId: 'c', businessKey: 'sharma' };
      expect((await bulkWrite('counter', 'users', { ...after, ...dropped }))?.error).toBe('forbidden');
      const rival = await current('users', 'uid-rival');
      const theirs = { storeIds: ['store-2'], lastStoreId: 'store-2', businessKey: 'iyer' };
      expect((await bulkWrite('counter', 'users', { ...rival, ...theirs }))?.error).toBe('forbidden');
    });
  });
});

// ---- issue 15, finding 7: the sync server ------------------------------------------------------------

/** A write answered per document (bulk) or as a whole (PUT, POST): its error and reason, if any. */
function refusal(answer: Answer): { error?: string; reason?: string } {
  if (Array.isArray(answer.body)) return (answer.body[0] ?? {}) as { error?: string; reason?: string };
  return answer.status >= 400 ? (answer.body as { error?: string; reason?: string }) : {};
}

/** The ids of a database's documents on the server, among `ids` (as its administrator). */
async function existing(collection: string, ids: readonly string[]): Promise<string[]> {
  const auth = `Basic ${btoa(`${server.admin.username}:${server.admin.password}`)}`;
  const response = await fetch(`${server.admin.url}${db(collection)}/_all_docs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: auth },
    body: JSON.stringify({ keys: ids }),
  });
  const { rows } = (await response.json()) as { rows: { id?: string; value?: { deleted?: boolean } }[] };
  return rows.flatMap((row) => (row.id && row.value && !row.value.deleted ? [row.id] : []));
}

/** A _local document as the server's administrator reads it (the status only). */
async function localStatus(collection: string, id: string): Promise<number> {
  const auth = `Basic ${btoa(`${server.admin.username}:${server.admin.password}`)}`;
  return (
    await fetch(`${server.admin.url}${db(collection)}/_local/${id}`, { headers: { Authorization: auth } })
  ).status;
}

const SIX_MB = 'x'.repeat(6 * 1024 * 1024);

describe('issue 15, finding 7: the sync server checks sizes first, refuses attachments, caps _local, and sends customers only what is theirs', () => {
  it('attack 15.7.1: a deleted document with a 6 MB body is refused, by _bulk_docs, PUT, POST and a replicated (new_edits: false) write', async () => {
    const r3 = await current('repairs', 'r3');
    const tombstone = { ...r3, _deleted: true, padding: SIX_MB };
    const bulk = refusal(await call('counter', 'POST', `${db('repairs')}/_bulk_docs`, { docs: [tombstone] }));
    expect(bulk.error).toBe('forbidden');
    expect(bulk.reason).toMatch(/at most 163840 bytes \(deleted ones too\)/);
    const put = await call('counter', 'PUT', `${db('repairs')}/r3`, tombstone);
    expect(put.status).toBe(403);
    expect(refusal(put).reason).toMatch(/bytes/);
    const post = await call('counter', 'POST', db('repairs'), tombstone);
    expect(post.status).toBe(403);
    const [, hash] = String(r3._rev).split('-');
    const replicated = await call('counter', 'POST', `${db('repairs')}/_bulk_docs`, {
      new_edits: false,
      docs: [
        {
          ...tombstone,
          _rev: `9-${'a'.repeat(32)}`,
          _revisions: { start: 9, ids: ['a'.repeat(32), hash] },
        },
      ],
    });
    expect(refusal(replicated).error).toBe('forbidden');
    // Smaller, but a tombstone still carries no body: the app deletes with {_id, _rev, _deleted} only.
    const small = refusal(
      await call('counter', 'POST', `${db('repairs')}/_bulk_docs`, {
        docs: [{ ...r3, _deleted: true, note: 'x'.repeat(1000) }],
      }),
    );
    expect(small.reason).toMatch(/a deletion carries no fields/);
    expect(await existing('repairs', ['r3'])).toEqual(['r3']);
    // The size check comes first, for every database: a 6 MB users document of the device's own account.
    const own = await current('users', 'uid-customer');
    const users = refusal(
      await call('asha', 'POST', `${db('users')}/_bulk_docs`, { docs: [{ ...own, name: SIX_MB }] }),
    );
    expect(users.reason).toMatch(/at most 16384 bytes/);
  });

  it('allowed: the owner’s device deletes a repair of its store with a bare tombstone', async () => {
    const made = await bulkWrite('counter', 'repairs', {
      _id: 'r-gone',
      repairId: 'SMC-1043',
      storeId: 'store-1',
      businessId: 'uid-owner',
    });
    expect(made?.error).toBeUndefined();
    expect(
      (await bulkWrite('counter', 'repairs', { _id: 'r-gone', _rev: made?.rev, _deleted: true }))?.error,
    ).toBeUndefined();
    expect(await existing('repairs', ['r-gone'])).toEqual([]);
  });

  it('attack 15.7.2: attachments are refused, inline and through the attachment endpoints', async () => {
    const inline = refusal(
      await call('counter', 'POST', `${db('repairs')}/_bulk_docs`, {
        docs: [
          {
            _id: 'r-att',
            repairId: 'SMC-1044',
            storeId: 'store-1',
            businessId: 'uid-owner',
            _attachments: { 'pixel.png': { content_type: 'image/png', data: btoa('x'.repeat(300)) } },
          },
        ],
      }),
    );
    expect(inline.error).toBe('forbidden');
    expect(inline.reason).toMatch(/attachments are not synced/i);
    const r1 = await current('repairs', 'r1');
    const endpoint = await call(
      'counter',
      'PUT',
      `${db('repairs')}/r1/photo.png?rev=${r1._rev}`,
      'x'.repeat(100),
    );
    expect(endpoint.status).toBe(403);
    expect(refusal(endpoint).reason).toMatch(/attachments are not synced/i);
    expect((await call('adminDesk', 'PUT', `${db('support')}/issue-1/a.txt?rev=1-x`, 'x')).status).toBe(403);
    expect((await call('counter', 'GET', `${db('repairs')}/r1/photo.png`)).status).toBe(403);
    expect(await existing('repairs', ['r-att'])).toEqual([]);
    expect((await current('repairs', 'r1'))._attachments).toBeUndefined();
  });

  it('attack 15.7.3: _local documents are capped in size and in number per device, and a device reads only its own', async () => {
    const big = await call('asha', 'PUT', `${db('repairs')}/_local/big`, { history: 'x'.repeat(5000) });
    expect(big.status).toBe(403);
    expect(refusal(big).reason).toMatch(/at most 4096 bytes/);
    for (let n = 0; n < 24; n += 1)
      expect((await call('asha', 'PUT', `${db('repairs')}/_local/flood-${n}`, { n })).status).toBe(201);
    // The 16 written last are kept; the oldest were dropped to make room.
    expect(await localStatus('repairs', 'flood-0')).toBe(404);
    expect(await localStatus('repairs', 'flood-7')).toBe(404);
    expect(await localStatus('repairs', 'flood-8')).toBe(200);
    expect(await localStatus('repairs', 'flood-23')).toBe(200);
    expect((await call('asha', 'GET', `${db('repairs')}/_local/flood-23`)).status).toBe(200);
    expect((await call('counter', 'GET', `${db('repairs')}/_local/flood-23`)).status).toBe(404);
    expect((await call('counter', 'DELETE', `${db('repairs')}/_local/flood-23`)).status).toBe(404);
    expect(await localStatus('repairs', 'flood-23')).toBe(200);
    // The gateway's own index of them is not a database devices reach.
    expect((await call('asha', 'GET', '/gateway-local-docs/_all_docs')).status).toBe(404);
  });

  it('attack 15.7.4: public profiles are capped: a long name or number, an extra field, another account’s profile', async () => {
    const own = await current('publicProfiles', 'uid-owner');
    for (const [change, field] of [
      [{ businessName: 'x'.repeat(201) }, 'businessName'],
      [{ phone: '9'.repeat(31) }, 'phone'],
      [{ upiId: 'rahul@okaxis' }, 'upiId'],
      [{ businessName: 12345 }, 'businessName'],
    ] as const) {
      const answer = refusal(
        await call('counter', 'POST', `${db('publicProfiles')}/_bulk_docs`, {
          docs: [{ ...own, ...change }],
        }),
      );
      expect(answer.error).toBe('forbidden');
      expect(answer.reason).toContain(field);
    }
    expect(
      (await bulkWrite('counter', 'publicProfiles', { _id: 'uid-rival', businessName: 'Iyer (closed)' }))
        ?.error,
    ).toBe('forbidden');
    expect((await current('publicProfiles', 'uid-owner')).businessName).toBe('Sharma Mobile Care');
  });

  it('allowed: an owner’s device edits its own public profile within its limits', async () => {
    const own = await current('publicProfiles', 'uid-owner');
    expect(
      (await bulkWrite('counter', 'publicProfiles', { ...own, businessName: 'Sharma Mobile Care, Bandra' }))
        ?.error,
    ).toBeUndefined();
  });

  it('attack 15.7.5: a repair that does not fit its write schema is refused, naming the field; unknown kinds are refused', async () => {
    const base = { repairId: 'SMC-1050', storeId: 'store-1', businessId: 'uid-owner' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ payLink: 'upi://pay?pa=staff@okaxis' }, /the field payLink is not allowed in repairs/],
      [{ createdAt: '2099-01-01T00:00:00.000Z' }, /createdAt: .* ahead of the server's time/],
      [{ imageUrls: Array.from({ length: 21 }, () => 'https://evil.example/pixel.png') }, /imageUrls/],
      [{ problemList: Array.from({ length: 10_000 }, () => 'Screen') }, /problemList/],
      [{ customerName: 'x'.repeat(201) }, /customerName/],
      [{ paidPaise: Number.MAX_SAFE_INTEGER }, /paidPaise/],
      [
        {
          history: [
            {
              kind: 'created',
              status: 'x'.repeat(41),
              from: null,
              at: new Date().toISOString(),
              by: { uid: 'uid-owner', name: 'Rahul' },
              note: '',
              amountPaise: null,
            },
          ],
        },
        /history\.0\.status/,
      ],
    ];
    for (const [index, [change, reason]] of cases.entries()) {
      const answer = refusal(
        await call('counter', 'POST', `${db('repairs')}/_bulk_docs`, {
          docs: [{ _id: `bad-${index}`, ...base, ...change }],
        }),
      );
      expect(answer.error, JSON.stringify(change).slice(0, 80)).toBe('forbidden');
      expect(answer.reason).toMatch(reason);
    }
    // An update is checked in the fields it changes.
    const r1 = await current('repairs', 'r1');
    expect(
      refusal(await call('counter', 'PUT', `${db('repairs')}/r1`, { ...r1, productName: 42 })).reason,
    ).toMatch(/productName/);
    // The shop console's device-only databases are no kinds the server takes.
    for (const name of [
      'storeMembers',
      'repairCounters',
      'tracking',
      'shopPrivate',
      'photos',
      'storeProfiles',
    ])
      expect((await call('counter', 'POST', `${db(name)}/_bulk_docs`, { docs: [{ _id: 'x' }] })).status).toBe(
        404,
      );
    // The config database holds the store links and the storage bucket only; devices write neither.
    expect(
      refusal(await call('adminDesk', 'PUT', `${db('config')}/payments`, { upiId: 'x@y' })).reason,
    ).toMatch(/no document of the config database/);
    expect(
      refusal(await call('counter', 'PUT', `${db('config')}/Urls`, { android: 'https://evil.example' }))
        .error,
    ).toBe('forbidden');
    expect(
      await existing(
        'repairs',
        cases.map((_, i) => `bad-${i}`),
      ),
    ).toEqual([]);
  });

  it('attack 15.7.6: the shop workflow holds on what a device pushes: status moves, append-only history in the writer’s name, money only with its entry, final repairs fixed, Repair IDs', async () => {
    const made = await bulkWrite('counter', 'repairs', newConsoleRepair('r-flow', 'SMC-1200'));
    expect(made?.error).toBeUndefined();
    let flow = await current('repairs', 'r-flow');
    const refusedWith = async (doc: Record<string, unknown>, reason: RegExp) => {
      const row = await bulkWrite('counter', 'repairs', doc);
      expect(row?.error, JSON.stringify(row)).toBe('forbidden');
      expect((row as { reason?: string }).reason).toMatch(reason);
    };
    // A move the workflow does not have, and a status changed without its entry.
    await refusedWith(
      nextVersion(flow, RAHUL, 'status', { status: 'delivered' }),
      /move from received to delivered/,
    );
    await refusedWith(
      { ...flow, status: 'inprogress', updatedAt: new Date().toISOString() },
      /history only grows/,
    );
    // History rewritten, grown by two, or written in someone else's name.
    const rewritten = nextVersion(flow, RAHUL, 'note');
    (rewritten.history as Record<string, unknown>[])[0] = {
      ...(flow.history as Record<string, unknown>[])[0],
      note: 'forged',
    };
    await refusedWith(rewritten, /history only grows/);
    // Two entries pushed at once are two writes: the second in another's name is refused.
    await refusedWith(
      nextVersion(nextVersion(flow, RAHUL, 'note'), { uid: 'uid-rival', name: '' }, 'note'),
      /in your own name.*entry 2 of the 2 pushed/,
    );
    // A console repair never loses its history (that would make it an apps' repair, out of the workflow).
    const { history: _dropped, ...withoutHistory } = flow;
    await refusedWith({ ...withoutHistory, status: 'delivered' }, /history only grows/);
    // A history shortened is no continuation of the server's.
    await refusedWith({ ...flow, history: [], updatedAt: new Date().toISOString() }, /history only grows/);
    await refusedWith(
      nextVersion(flow, { uid: 'uid-owner', name: 'Someone Else' }, 'note'),
      /in your own name/,
    );
    await refusedWith(nextVersion(flow, { uid: 'uid-rival', name: '' }, 'note'), /in your own name/);
    // Money moves only with a payment entry of the same amount; the estimate not with a status entry.
    await refusedWith(nextVersion(flow, RAHUL, 'edit', { paidPaise: 500_000 }), /paidPaise cannot change/);
    await refusedWith(
      nextVersion(flow, RAHUL, 'payment', { paidPaise: 500_000 }, { amountPaise: 100 }),
      /paidPaise moves by the amount/,
    );
    await refusedWith(
      nextVersion(flow, RAHUL, 'status', { status: 'inprogress', estimatePaise: 1 }),
      /estimatePaise cannot change/,
    );
    // Fixed fields: the Repair ID, the store, the delivery code.
    await refusedWith(nextVersion(flow, RAHUL, 'edit', { repairId: 'SMC-1201' }), /repairId is fixed/);
    await refusedWith(nextVersion(flow, RAHUL, 'edit', { deliveryCode: '0000' }), /deliveryCode is fixed/);
    // A new console repair cannot take a Repair ID another repair of the store holds, nor jam the store.
    await refusedWith(newConsoleRepair('r-dup', 'SMC-1200'), /already holds SMC-1200/);
    await refusedWith(newConsoleRepair('r-jam', 'SMC-9007199254740991'), /at most 7 digits/);
    await refusedWith(
      newConsoleRepair('r-late', 'SMC-1201', { createdAt: '2026-01-01T00:00:00.000Z' }),
      /server's time/,
    );
    // Delivered: fixed except an owner's reopen with a note.
    for (const to of ['inprogress', 'ready', 'delivered']) {
      expect(
        (await bulkWrite('counter', 'repairs', nextVersion(flow, RAHUL, 'status', { status: to })))?.error,
      ).toBeUndefined();
      flow = await current('repairs', 'r-flow');
    }
    await refusedWith(nextVersion(flow, RAHUL, 'edit', { productName: 'Another phone' }), /Delivered/);
    // Issue 17: money still moves on a delivered repair (one delivered on credit is paid later), by
    // its entry: taken, and refunded by the owner.
    const late = nextVersion(flow, RAHUL, 'payment', { paidPaise: 100 }, { amountPaise: 100 });
    expect((await bulkWrite('counter', 'repairs', late))?.error).toBeUndefined();
    await refusedWith(
      nextVersion(
        await current('repairs', 'r-flow'),
        RAHUL,
        'refund',
        { paidPaise: -100 },
        { amountPaise: 200, note: 'x' },
      ),
      /paidPaise/,
    );
    const back = nextVersion(
      await current('repairs', 'r-flow'),
      RAHUL,
      'refund',
      { paidPaise: 0 },
      { amountPaise: 100, note: 'Paid twice' },
    );
    expect((await bulkWrite('counter', 'repairs', back))?.error).toBeUndefined();
    flow = await current('repairs', 'r-flow');
    await refusedWith(nextVersion(flow, RAHUL, 'reopen', { status: 'inprogress' }), /with a note/);
    expect(
      (
        await bulkWrite(
          'counter',
          'repairs',
          nextVersion(flow, RAHUL, 'reopen', { status: 'inprogress' }, { note: 'Screen flickers again' }),
        )
      )?.error,
    ).toBeUndefined();
    expect((await current('repairs', 'r-flow')).status).toBe('inprogress');
    expect(await existing('repairs', ['r-dup', 'r-jam', 'r-late'])).toEqual([]);
  });

  it('allowed: a device back online pushes several changes in one revision (created, moved, paid), each judged as its own write', async () => {
    const created = newConsoleRepair('r-offline', 'SMC-1300', { paidPaise: 20_000 });
    const moved = nextVersion(created, RAHUL, 'status', { status: 'inprogress' });
    const paid = nextVersion(moved, RAHUL, 'payment', { paidPaise: 70_000 }, { amountPaise: 50_000 });
    const edited = nextVersion(paid, RAHUL, 'edit', { conditionNotes: 'Dent on the corner' });
    expect((await bulkWrite('counter', 'repairs', edited))?.error).toBeUndefined();
    const stored = await current('repairs', 'r-offline');
    const ready = nextVersion(stored, RAHUL, 'status', { status: 'ready' });
    expect((await bulkWrite('counter', 'repairs', nextVersion(ready, RAHUL, 'note')))?.error).toBeUndefined();
  });

  it('attack 15.7.6b: several changes pushed at once are refused when one of them is not allowed, or when the pushed fields are not what the entries say', async () => {
    const created = newConsoleRepair('r-offline-bad', 'SMC-1301');
    const skipped = nextVersion(created, RAHUL, 'status', { status: 'ready' });
    const row = await bulkWrite('counter', 'repairs', nextVersion(skipped, RAHUL, 'note'));
    expect(row?.error).toBe('forbidden');
    expect((row as { reason?: string }).reason).toMatch(
      /move from received to ready.*history entry 2 of the 3 pushed/,
    );
    const stored = await current('repairs', 'r-offline');
    const notes = nextVersion(nextVersion(stored, RAHUL, 'note'), RAHUL, 'note', { paidPaise: 999_999 });
    const money = await bulkWrite('counter', 'repairs', notes);
    expect((money as { reason?: string }).reason).toMatch(/paidPaise cannot change/);
    expect(await existing('repairs', ['r-offline-bad'])).toEqual([]);
  });

  it("allowed: the owner's device edits an apps' repair (no history) as the apps do", async () => {
    const apps = await current('repairs', 'r-new');
    expect(
      (await bulkWrite('counter', 'repairs', { ...apps, productName: 'Nokia 3310', status: 'inprogress' }))
        ?.error,
    ).toBeUndefined();
  });

  it('allowed: the owner’s device records a payment with its entry, and a refund', async () => {
    const flow = await current('repairs', 'r-flow');
    const paid = nextVersion(
      flow,
      RAHUL,
      'payment',
      { paidPaise: 50_000 },
      { amountPaise: 50_000, paymentId: 'r-flow-p1' },
    );
    expect((await bulkWrite('counter', 'repairs', paid))?.error).toBeUndefined();
    const after = await current('repairs', 'r-flow');
    const refunded = nextVersion(
      after,
      RAHUL,
      'refund',
      { paidPaise: 40_000 },
      { amountPaise: 10_000, note: 'Part not used' },
    );
    expect((await bulkWrite('counter', 'repairs', refunded))?.error).toBeUndefined();
    expect((await current('repairs', 'r-flow')).paidPaise).toBe(40_000);
  });

  it('attack 15.7.7: a customer’s device receives the customer-safe projection of its repair: no IMEI, notes, history or who typed the number', async () => {
    const hidden = ['imeiSerial', 'conditionNotes', 'history', 'customerMobileBy', 'trackingToken'];
    const single = (await call('asha', 'GET', `${db('repairs')}/r1`)).body as Record<string, unknown>;
    const feed = (
      (await call('asha', 'GET', `${db('repairs')}/_changes?include_docs=true`)).body as {
        results: { id: string; doc: Record<string, unknown> }[];
      }
    ).results.find((row) => row.id === 'r1')?.doc;
    const bulk = (
      (await call('asha', 'POST', `${db('repairs')}/_bulk_get?revs=true`, { docs: [{ id: 'r1' }] })).body as {
        results: { docs: { ok: Record<string, unknown> }[] }[];
      }
    ).results[0]?.docs[0]?.ok;
    const revs = (
      (await call('asha', 'GET', `${db('repairs')}/r1?open_revs=all&revs=true`)).body as {
        ok: Record<string, unknown>;
      }[]
    )[0]?.ok;
    for (const seen of [single, feed, bulk, revs]) {
      expect(seen).toBeDefined();
      for (const field of hidden) expect(seen, field).not.toHaveProperty(field);
      expect(seen).toMatchObject({ repairId: 'RPR-1001', productName: 'Galaxy S21' });
      // Her own repair's delivery code: the verified customer reads it (documents.ts, REPAIR_DELIVERY_CODE).
      expect(seen?.deliveryCode).toBe('4821');
    }
    expect(JSON.stringify([single, feed, bulk, revs])).not.toMatch(/490154203237518|rude|Staff note/);
    // The same through PouchDB's own replication, as her device syncs.
    const PouchDB = nodePouchDB();
    const local = new PouchDB(`asha-projection-${process.pid}-${Date.now()}`, { adapter: 'memory' });
    const remote = new PouchDB(`${server.url}${db('repairs')}`, {
      auth: { username: 'asha', password: PASSWORD },
      skip_setup: true,
    } as never);
    await local.replicate.from(remote);
    const replicated = (await local.get('r1')) as Record<string, unknown>;
    for (const field of hidden) expect(replicated, field).not.toHaveProperty(field);
    expect(replicated.repairId).toBe('RPR-1001');
    await Promise.all([local.destroy(), remote.close()]);
  });

  it('allowed: the owner’s device reads its repair whole (the delivery code, IMEI and history included)', async () => {
    const seen = (await call('counter', 'GET', `${db('repairs')}/r1`)).body as Record<string, unknown>;
    expect(seen).toMatchObject({ deliveryCode: '4821', imeiSerial: '490154203237518' });
    expect((seen.history as unknown[]).length).toBeGreaterThanOrEqual(1);
  });

  it('attack 15.7.8: a missing store costs a request at most 1 s, however many stores it names', async () => {
    const docs = Array.from({ length: 6 }, (_, n) => ({
      _id: `orphan-${n}`,
      repairId: `SMC-20${n}`,
      storeId: `store-missing-${n}`,
      businessId: 'uid-owner',
    }));
    const started = Date.now();
    const answer = await call('counter', 'POST', `${db('repairs')}/_bulk_docs`, { docs });
    const took = Date.now() - started;
    expect((answer.body as { error?: string }[]).map((row) => row.error)).toEqual(
      docs.map(() => 'forbidden'),
    );
    expect(took).toBeLessThan(1_600);
  });

  it('allowed: a member’s device pushes a new repair and an edit through replication, and pulls them back', async () => {
    const PouchDB = nodePouchDB();
    const local = new PouchDB(`counter-push-${process.pid}-${Date.now()}`, { adapter: 'memory' });
    const remote = new PouchDB(`${server.url}${db('repairs')}`, {
      auth: { username: 'counter', password: PASSWORD },
      skip_setup: true,
    } as never);
    await local.put(newConsoleRepair('r-synced', 'SMC-1100'));
    const pushed = await local.replicate.to(remote);
    expect(pushed.doc_write_failures).toBe(0);
    const stored = (await local.get('r-synced')) as Record<string, unknown>;
    await local.put(nextVersion(stored, RAHUL, 'edit', { productName: 'Redmi Note 12 Pro' }));
    expect((await local.replicate.to(remote)).doc_write_failures).toBe(0);
    expect((await current('repairs', 'r-synced')).productName).toBe('Redmi Note 12 Pro');
    const other = new PouchDB(`counter-pull-${process.pid}-${Date.now()}`, { adapter: 'memory' });
    await other.replicate.from(remote);
    expect(((await other.get('r-synced')) as Record<string, unknown>).customerName).toBe('Neha');
    await Promise.all([local.destroy(), other.destroy(), remote.close()]);
  });
});

// ---- the schema walk over HTTP ---------------------------------------------------------------------------

/** Values too big for a field: its own oversize, or each option's for a union (none for sizeless kinds). */
function oversizes(spec: FieldSpec, now: Date): unknown[] {
  if (spec.kind === 'union') return spec.options.flatMap((option) => oversizes(option, now));
  const value = oversizeValue(spec, () => (spec.kind === 'list' ? sampleValue(spec.of, 'json', now) : null));
  return value === null ? [] : [value];
}

interface WalkCase {
  readonly id: string;
  readonly what: string;
  readonly doc: Record<string, unknown>;
  /** What the refusal must name: the field's top-level name, or the extra field. */
  readonly names: string;
}

/**
 * For every field of a kind (maps' fields and list items included): the document with a wrong type
 * there, with an oversized value there, and, for the document and every map, an unknown extra field.
 */
function walkCases(schema: DocumentSchema, base: Record<string, unknown>, now: Date): WalkCase[] {
  const cases: WalkCase[] = [];
  const add = (what: string, doc: Record<string, unknown>, names: string) =>
    cases.push({ id: `walk-${schema.kind}-${cases.length}`, what, doc, names });
  add('an extra field', { ...base, zzExtra: 'x' }, 'zzExtra');
  for (const { path, spec } of fieldsOf(schema)) {
    const at = path.join('.');
    const top = path[0] as string;
    add(`${at}: wrong type`, withValueAt(schema, base, path, wrongTypeValue(spec), 'json', now), top);
    for (const value of oversizes(spec, now))
      add(`${at}: oversize`, withValueAt(schema, base, path, value, 'json', now), top);
    if (spec.kind === 'map' || spec.kind === 'keyed') {
      const inner = { ...(sampleValue(spec, 'json', now) as Record<string, unknown>), zzExtra: 'x' };
      add(`${at}: an extra field`, withValueAt(schema, base, path, inner, 'json', now), 'zzExtra');
    }
  }
  return cases;
}

describe('issue 15: the schema walk on the sync gateway over HTTP (every field: wrong type, oversize, extra field)', () => {
  const now = new Date();
  const kinds: {
    readonly collection: string;
    readonly schema: DocumentSchema;
    readonly device: DeviceName;
    readonly baseId: string;
    readonly base: Record<string, unknown>;
  }[] = [
    {
      collection: 'users',
      schema: USERS,
      device: 'walker',
      baseId: 'uid-walker',
      base: sampleDocument(USERS, 'json', now),
    },
    {
      collection: 'publicProfiles',
      schema: PUBLIC_PROFILES,
      device: 'walker',
      baseId: 'uid-walker',
      base: sampleDocument(PUBLIC_PROFILES, 'json', now),
    },
    {
      collection: 'stores',
      schema: STORES,
      device: 'walker',
      baseId: 'store-walker',
      base: { ...sampleDocument(STORES, 'json', now), ownerId: 'uid-walker' },
    },
    {
      collection: 'repairs',
      schema: REPAIRS,
      device: 'counter',
      baseId: 'repair-walker',
      base: { ...sampleDocument(REPAIRS, 'json', now), storeId: 'store-1', businessId: 'uid-owner' },
    },
    {
      collection: 'support',
      schema: SUPPORT,
      device: 'asha',
      baseId: 'issue-walker',
      base: sampleDocument(SUPPORT, 'json', now),
    },
    {
      collection: 'transactions',
      schema: RECHARGE_TRANSACTIONS,
      device: 'adminDesk',
      baseId: 'recharge-walker-0001',
      base: {
        ...sampleDocument(RECHARGE_TRANSACTIONS, 'json', now),
        distributorId: 'uid-dist',
        adminId: 'uid-admin',
        amount: 1,
        previousBalance: 600,
        newBalance: 601,
      },
    },
  ];

  // The configuration: one document per id (Urls, storage), which no device writes; the schema is
  // checked first all the same, so each refusal names the field.
  for (const [schema, id] of [
    [STORE_LINKS, 'Urls'],
    [STORAGE_CONFIG, 'storage'],
  ] as const) {
    it(`attack 15.schema.config/${id}: every field of ${schema.kind} (${id}), wrong type, oversize and an extra field, is refused by name`, async () => {
      const cases = walkCases(schema, sampleDocument(schema, 'json', now), now);
      const wrong: string[] = [];
      for (const c of cases) {
        const row = refusal(await call('adminDesk', 'PUT', `${db('config')}/${id}`, c.doc));
        if (row.error !== 'forbidden' || !row.reason?.includes(c.names))
          wrong.push(`${c.what}: ${JSON.stringify(row)}`);
      }
      expect(wrong).toEqual([]);
      expect(cases.length).toBeGreaterThan(2);
    });
  }

  for (const kind of kinds) {
    it(`attack 15.schema.${kind.collection}: every field of ${kind.schema.kind}, wrong type, oversize and an extra field, is refused by name`, async () => {
      const cases = walkCases(kind.schema, kind.base, now);
      const answer = await call(kind.device, 'POST', `${db(kind.collection)}/_bulk_docs`, {
        docs: cases.map((c) => ({ _id: c.id, ...c.doc })),
      });
      expect(answer.status).toBe(201);
      const byId = new Map(
        (answer.body as { id: string; error?: string; reason?: string }[]).map((r) => [r.id, r]),
      );
      const wrong = cases.flatMap((c) => {
        const row = byId.get(c.id);
        return row?.error === 'forbidden' && row.reason?.includes(c.names)
          ? []
          : [`${c.what}: ${JSON.stringify(row)}`];
      });
      expect(wrong).toEqual([]);
      expect(cases.length).toBeGreaterThan(2);
      expect(
        await existing(
          kind.collection,
          cases.map((c) => c.id),
        ),
      ).toEqual([]);
    });

    it(`allowed: the walk's starting ${kind.schema.kind} document itself is written`, async () => {
      const row = await bulkWrite(kind.device, kind.collection, { _id: kind.baseId, ...kind.base });
      expect(row?.error, JSON.stringify(row)).toBeUndefined();
    });
  }
});
