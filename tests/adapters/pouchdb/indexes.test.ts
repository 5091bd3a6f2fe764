import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import type { PouchBackend } from '../../../src/adapters/pouchdb/pouchdb-backend';
import type { SeedData, Seeder } from '../../../src/demo';
import { generateDemoData } from '../../../src/demo/demo-data';
import { ManualClock } from '../../../src/demo/manual-clock';
import { generateSyntheticData } from '../../../src/demo/synthetic-data';
import { periodRange } from '../../../src/domain/admin/report';
import type { Ports } from '../../../src/ports';
import { destroyAll, memoryBackend } from './helpers';

const NOW = new Date(2026, 10, 21, 10, 0);
const ADMIN = { email: 'admin@demo.test', password: 'Demo@1234' };

/** Reads one call makes, from the backend's counters. */
async function reads<T>(backend: PouchBackend, action: () => Promise<T>) {
  const before = { ...backend.stats };
  const result = await action();
  return {
    result,
    docs: backend.stats.docsRead - before.docsRead,
    rows: backend.stats.indexRowsRead - before.indexRowsRead,
  };
}

/** Repairs in the shapes the mobile apps write, beyond the demo data's. */
const ODD_REPAIRS = [
  {
    id: 'odd-1',
    repairId: 'ODD-1',
    storeId: '  ',
    businessId: 'store-sharma-1',
    createdAt: new Date(2026, 10, 3),
  },
  { id: 'odd-2', repairId: 'ODD-2', store: 'store-sharma-2', createdAt: '2026-11-04T10:00:00Z' },
  { id: 'odd-3', repairId: 'ODD-3', storeId: 'store-sharma-1', createdAt: new Date(2026, 10, 5).getTime() },
  {
    id: 'odd-4',
    repairId: 'ODD-4',
    storeId: 'store-sharma-1',
    createdAt: { seconds: new Date(2026, 10, 6).getTime() / 1000, nanoseconds: 5e8 },
  },
  { id: 'odd-5', repairId: 'ODD-5', storeId: 'store-sharma-1', createdAt: 'not a date' },
  { id: 'odd-6', repairId: 1234, storeId: 'store-sharma-1', createdAt: new Date(2026, 10, 7) },
  { id: 'odd-7', repairId: 'ODD-7', storeId: 42, createdAt: new Date(2026, 10, 8) },
];

async function loadBoth(
  data: SeedData,
): Promise<{ pouch: PouchBackend; memory: Ports; memorySeeder: Seeder }> {
  const pouch = await memoryBackend({ clock: new ManualClock(NOW) });
  const memory = createMemoryBackend({ clock: new ManualClock(NOW) });
  for (const seeder of [pouch.seeder, memory.seeder] as Seeder[]) {
    await seeder.load(data);
    for (const repair of ODD_REPAIRS) await seeder.repair(repair as never);
    await seeder.store({ id: '42', ownerId: 'demo-owner05' });
  }
  for (const ports of [pouch.ports, memory.ports]) await ports.auth.signIn(ADMIN.email, ADMIN.password);
  return { pouch, memory: memory.ports, memorySeeder: memory.seeder };
}

describe('PouchDB indexes agree with the domain parsers (memory adapter) on the demo data', () => {
  afterEach(destroyAll);

  it('counts repairs per store for every month, and pages, searches and lists users alike', async () => {
    const data = generateDemoData(NOW);
    const { pouch, memory } = await loadBoth(data);
    const storeIds = [
      ...data.stores.map((store) => store.id),
      ...data.users.map((user) => user.uid),
      '42',
      'business-closed-0001',
      'nowhere',
    ];
    for (let back = 0; back < 15; back += 1) {
      const month = new Date(NOW.getFullYear(), NOW.getMonth() - back, 1);
      const range = periodRange({ year: month.getFullYear(), month: month.getMonth() + 1 });
      expect(await pouch.ports.repairs.countCreated(storeIds, range)).toEqual(
        await memory.repairs.countCreated(storeIds, range),
      );
    }
    const thisMonth = periodRange({ year: 2026, month: 11 });
    const sharma = await pouch.ports.repairs.countCreated(['store-sharma-1', 'store-sharma-2'], thisMonth);
    expect((sharma['store-sharma-1'] ?? 0) + (sharma['store-sharma-2'] ?? 0)).toBe(5 + 5);

    for (const search of ['', 'sharma', 'ELECTRONICS', 'demo.test', 'owner1', 'zzz']) {
      for (const offset of [0, 10, 20]) {
        const query = { search, offset, limit: 10 };
        expect(await pouch.ports.users.pageBusinessUsers(query)).toEqual(
          await memory.users.pageBusinessUsers(query),
        );
      }
    }
    for (const role of ['sa', 'user', 'distributor', 'staff', 'business', 'nobody']) {
      expect(await pouch.ports.users.listByRole(role)).toEqual(await memory.users.listByRole(role));
    }
    expect(await pouch.ports.users.countAll()).toBe(28);
    expect(await pouch.ports.users.countBusinessUsers()).toBe(23);
    expect(await pouch.ports.users.countBusinessUsers()).toBe(await memory.users.countBusinessUsers());
    for (const id of ['RPR-1001', 'RPR-1002', 'ODD-1', 'ODD-6', '1234']) {
      expect(await pouch.ports.repairs.findByRepairId(id)).toEqual(await memory.repairs.findByRepairId(id));
    }
    expect(await pouch.ports.wallet.latest(10)).toEqual(await memory.wallet.latest(10));
    expect(await pouch.ports.support.list()).toEqual(await memory.support.list());
  });
});

describe('PouchDB keeps the business list up to date from the change feeds', () => {
  afterEach(destroyAll);

  it('answers after every kind of change as the memory adapter does, reading only what changed', async () => {
    const data = generateDemoData(NOW);
    const { pouch, memory, memorySeeder } = await loadBoth(data);
    const sharma = data.users.find((user) => user.uid === 'demo-owner01');
    const steps: [string, (seeder: Seeder) => Promise<void>][] = [
      [
        'a customer signs up',
        (seeder) => seeder.user('new-customer', { email: 'c@x.test', role: 'user', name: 'C' }),
      ],
      [
        'a new business opens its first store',
        async (seeder) => {
          await seeder.user('new-owner', {
            email: 'aaa@x.test',
            role: 'business',
            businessName: 'AAA Repairs',
          });
          await seeder.store({ id: 'store-new-1', ownerId: 'new-owner' });
        },
      ],
      [
        'a store whose owner has no users document',
        (seeder) => seeder.store({ id: 'store-ghost', ownerId: 'ghost' }),
      ],
      [
        'the owner then signs up',
        (seeder) => seeder.user('ghost', { email: 'ghost@x.test', name: 'Zed Ghost' }),
      ],
      [
        'a business is renamed',
        (seeder) => seeder.user('demo-owner01', { ...sharma?.record, businessName: 'Aardvark Mobiles' }),
      ],
      ['a store changes hands', (seeder) => seeder.store({ id: 'store-new-1', ownerId: 'demo-owner02' })],
    ];
    const compare = async () => {
      for (const search of ['', 'aa', 'ghost', 'x.test']) {
        for (const offset of [0, 10, 20]) {
          const query = { search, offset, limit: 10 };
          expect(await pouch.ports.users.pageBusinessUsers(query)).toEqual(
            await memory.users.pageBusinessUsers(query),
          );
        }
      }
      expect(await pouch.ports.users.countBusinessUsers()).toBe(await memory.users.countBusinessUsers());
      expect(await pouch.ports.users.countAll()).toBe(await memory.users.countAll());
    };
    await compare();
    for (const [, change] of steps) {
      await change(pouch.seeder);
      await change(memorySeeder);
      const counted = await reads(pouch, () => pouch.ports.users.countBusinessUsers());
      // The admin's own users document, and the documents that changed: no index is read again.
      expect(counted.docs).toBeLessThanOrEqual(3);
      expect(counted.rows).toBeLessThanOrEqual(2);
      await compare();
    }
    // The new business and the ghost came in; the new business left again with its only store.
    expect(await memory.users.countBusinessUsers()).toBe(23 + 1);
  });
});

describe('PouchDB queries read through indexes, not whole collections', () => {
  afterEach(destroyAll);

  const sizes = [
    { businesses: 30, storesPerBusiness: 2, customers: 100, repairs: 400 },
    { businesses: 30, storesPerBusiness: 2, customers: 1000, repairs: 4000 },
  ];

  it('reads the same documents whatever the size of the collections', async () => {
    const figures: Record<string, { docs: number; rows: number }>[] = [];
    const keep = ({ docs, rows }: { docs: number; rows: number }) => ({ docs, rows });
    for (const size of sizes) {
      const backend = await memoryBackend({ clock: new ManualClock(NOW) });
      await backend.seeder.load(generateSyntheticData(NOW, size));
      await backend.ports.auth.signIn(ADMIN.email, ADMIN.password);
      const admin = 1; // every admin-only call reads the caller's own users document
      const measured: Record<string, { docs: number; rows: number }> = {};

      const page = await reads(backend, () =>
        backend.ports.users.pageBusinessUsers({ search: '', offset: 10, limit: 10 }),
      );
      expect(page.result.items).toHaveLength(10);
      expect(page.docs).toBe(admin + 10);
      measured.page = keep(page);

      const storeIds = page.result.items.flatMap((item) => item.storeIds);
      const counts = await reads(backend, () =>
        backend.ports.repairs.countCreated(storeIds, periodRange({ year: 2026, month: 6 })),
      );
      expect(counts.docs).toBe(admin);
      expect(counts.rows).toBeLessThanOrEqual(storeIds.length);
      // One reduce row per store that has repairs that month: bounded by the page, not the collection.
      measured.counts = { docs: counts.docs, rows: 0 };

      const lookup = await reads(backend, () => backend.ports.repairs.findByRepairId('BR-7'));
      expect(lookup.result.readable.map((repair) => repair.id)).toEqual(['bench-repair-7']);
      // The reader's own users document (the read rule needs its role), and the repair.
      expect(lookup.docs + lookup.rows).toBe(admin + 1);
      measured.lookup = keep(lookup);

      const distributors = await reads(backend, () => backend.ports.users.listByRole('distributor'));
      expect(distributors.result).toHaveLength(2);
      expect(distributors.docs).toBe(admin + 2);
      measured.distributors = keep(distributors);

      const total = await reads(backend, () => backend.ports.users.countAll());
      expect(total.result).toBe(28 + size.businesses + size.customers);
      expect(total).toMatchObject({ docs: admin, rows: 1 });
      measured.total = keep(total);

      const business = await reads(backend, () => backend.ports.users.countBusinessUsers());
      expect(business.result).toBe(23 + size.businesses);
      expect(business.docs).toBe(admin);
      measured.business = keep(business);

      const latest = await reads(backend, () => backend.ports.wallet.latest(10));
      expect(latest.docs).toBe(admin + 1);
      measured.latest = keep(latest);
      figures.push(measured);
    }
    // Ten times the customers and repairs: the same documents and index rows are read.
    expect(figures[0]?.page?.rows).toBeLessThan(200);
    expect(figures[1]).toEqual(figures[0]);
  });

  it('keeps its indexes in design documents', async () => {
    const backend = await memoryBackend();
    const design = await backend.databases.repairs.get('_design/repairs');
    expect(Object.keys((design?.views ?? {}) as object).sort()).toEqual([
      'byCustomerMobile',
      'byRepairId',
      'createdByKey',
    ]);
    expect(await backend.databases.users.get('_design/users')).not.toBeNull();
    expect(await backend.databases.stores.get('_design/stores')).not.toBeNull();
    expect(await backend.databases.transactions.get('_design/ledger')).not.toBeNull();
    // Design documents are never read as data.
    await backend.seeder.account({ uid: 'uid-a', email: 'a@x.test', password: 'Secret#123' });
    await backend.seeder.user('uid-a', { email: 'a@x.test', role: 'sa' });
    await backend.ports.auth.signIn('a@x.test', 'Secret#123');
    expect(await backend.ports.users.get('_design/users')).toBeNull();
    expect(await backend.ports.stores.get('_design/stores')).toBeNull();
    expect(await backend.ports.users.countAll()).toBe(1);
  });
});
