import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import { SYNCED_COLLECTIONS } from '../../../src/adapters/pouchdb/pouchdb-databases';
import type { Seeder } from '../../../src/demo';
import { generateDemoData } from '../../../src/demo/demo-data';
import { ManualClock } from '../../../src/demo/manual-clock';
import type { Ports } from '../../../src/ports';
import type { ShopRepairQuery, ShopSearch } from '../../../src/ports/shop-repairs';
import { newRepair } from '../../contract/shop-fixtures';
import { destroyAll, memoryBackend } from './helpers';

const NOW = new Date('2026-11-10T10:00:00Z');

async function shopWithRepairs(count: number) {
  const clock = new ManualClock(NOW);
  const backend = await memoryBackend({ clock });
  const { seeder, ports } = backend;
  await seeder.account({ uid: 'owner', email: 'owner@x.test', password: 'Secret#123' });
  await seeder.user('owner', { role: 'business', name: 'Rahul' });
  await seeder.store({ id: 'store-1', ownerId: 'owner', name: 'Sharma Mobile Care' });
  for (let i = 0; i < 200; i++)
    await seeder.repair({ id: `other-${i}`, repairId: `X-${i}`, storeId: 'store-9', createdAt: new Date() });
  await ports.auth.signIn('owner@x.test', 'Secret#123');
  for (let i = 0; i < count; i++) {
    await ports.shopRepairs.create('store-1', newRepair({ customerName: `Name ${i}` }));
    clock.advance(1000);
  }
  return backend;
}

/** Documents and index rows one call reads (the store document of the membership check included). */
async function reads<T>(backend: Awaited<ReturnType<typeof shopWithRepairs>>, action: () => Promise<T>) {
  const before = { ...backend.stats };
  const result = await action();
  return {
    result,
    docs: backend.stats.docsRead - before.docsRead,
    rows: backend.stats.indexRowsRead - before.indexRowsRead,
  };
}

describe('PouchDB shop repairs: what a query reads', () => {
  afterEach(destroyAll);

  it('a page reads its items only, a count reads no repair, a search reads its hits', async () => {
    const backend = await shopWithRepairs(30);
    const shop = backend.ports.shopRepairs;
    // The owner's membership check reads the store document: one document per call; the owner reads
    // each item's delivery code too (kept apart from the repair).
    const first = await reads(backend, () => shop.page('store-1', { limit: 10 }));
    expect(first.result.items).toHaveLength(10);
    expect(first.docs).toBe(1 + 10 + 10);
    expect(first.rows).toBe(11);
    const second = await reads(backend, () => shop.page('store-1', { limit: 10, cursor: first.result.next }));
    expect(second.docs).toBe(1 + 10 + 10);
    expect(second.rows).toBe(12);
    const counts = await reads(backend, () => shop.countByStatus('store-1'));
    expect(counts.result.total).toBe(30);
    expect(counts.result.byStatus.received).toBe(30);
    expect(counts.docs).toBe(1);
    expect(counts.rows).toBeLessThanOrEqual(2);
    const found = await reads(backend, () =>
      shop.search('store-1', { field: 'name', text: 'name 1', limit: 50 }),
    );
    expect(found.result).toHaveLength(11);
    expect(found.docs).toBe(1 + 11 + 11);
    expect(found.rows).toBe(11);
  });
});

const OWNER = { email: 'owner01@demo.test', password: 'Demo@1234' };

describe('PouchDB shop indexes agree with the memory adapter on the demo data', () => {
  afterEach(destroyAll);

  it('pages, searches and counts a store alike, the apps’ repairs included', async () => {
    const data = generateDemoData(NOW);
    const pouch = await memoryBackend({ clock: new ManualClock(NOW) });
    const memory = createMemoryBackend({ clock: new ManualClock(NOW) });
    for (const seeder of [pouch.seeder, memory.seeder] as Seeder[]) {
      await seeder.load(data);
      await seeder.repair({ id: 'odd-1', repairId: 'ODD-1', storeId: 'store-sharma-1', status: ' Odd ' });
      await seeder.repair({
        id: 'odd-2',
        repairId: 'ODD-2',
        store: 'store-sharma-1',
        createdAt: '2026-11-04T10:00:00Z',
        customerMobile: '9876543210',
        imeiSerial: '356938035643809',
        customerNameLower: 'asha',
      } as never);
    }
    const both: Ports[] = [pouch.ports, memory.ports];
    for (const ports of both) await ports.auth.signIn(OWNER.email, OWNER.password);
    const same = async <T>(call: (ports: Ports) => Promise<T>) => {
      const [a, b] = await Promise.all(both.map(call));
      expect(a).toEqual(b);
      return a as T;
    };
    for (const storeId of ['store-sharma-1', 'store-sharma-2']) {
      const counts = await same((p) => p.shopRepairs.countByStatus(storeId));
      expect(counts.total).toBeGreaterThanOrEqual(3);
      const queries: ShopRepairQuery[] = [
        { limit: 3 },
        { limit: 50 },
        { limit: 2, status: 'received' },
        { limit: 2, status: 'delivered' },
        { limit: 2, status: ' Odd ' },
        { limit: 5, from: new Date('2026-10-01'), to: new Date('2026-11-05') },
        { limit: 5, to: new Date('2026-11-05') },
        { limit: 5, from: new Date('2026-11-01') },
      ];
      for (const query of queries) {
        let cursor: string | null = null;
        for (let step = 0; step < 20; step += 1) {
          const page = await same((p) => p.shopRepairs.page(storeId, { ...query, cursor }));
          cursor = page.next;
          if (cursor === null) break;
        }
      }
      const searches: ShopSearch[] = [
        { field: 'repairId', text: 'ODD-1', limit: 5 },
        { field: 'repairId', text: 'RPR-1001', limit: 5 },
        { field: 'mobile', text: '9876543210', limit: 5 },
        { field: 'imeiSerial', text: '3569', limit: 5 },
        { field: 'name', text: 'a', limit: 5 },
        { field: 'name', text: 'zz', limit: 5 },
      ];
      for (const search of searches) await same((p) => p.shopRepairs.search(storeId, search));
      if (storeId === 'store-sharma-1')
        expect(await pouch.ports.shopRepairs.search(storeId, searches[0] as ShopSearch)).toHaveLength(1);
    }
  });
});

describe('PouchDB shop databases', () => {
  afterEach(destroyAll);

  it('keeps the shop-only databases off the sync until the gateway checks them', () => {
    for (const name of ['storeMembers', 'repairCounters', 'tracking', 'shopPrivate'] as const)
      expect(SYNCED_COLLECTIONS).not.toContain(name);
    expect(SYNCED_COLLECTIONS).toContain('repairs');
  });

  it('keeps the counter across a reload: the next create takes the next number', async () => {
    const backend = await shopWithRepairs(2);
    const before = await backend.ports.shopRepairs.page('store-1', { limit: 5 });
    expect(before.items.map((r) => r.repairId)).toEqual(['SMC-1002', 'SMC-1001']);
    await backend.ports.shopRepairs.delete(before.items[0]?.id ?? '');
    const again = await backend.reopen();
    await again.ports.auth.signIn('owner@x.test', 'Secret#123');
    const created = await again.ports.shopRepairs.create('store-1', newRepair());
    expect(created.repairId).toBe('SMC-1003');
    expect(await again.ports.shopRepairs.getShopOnly(created.id)).toEqual({ unlockCode: '1234' });
    // The unlock code is not in the repairs document (which the tracker and the apps read).
    const doc = await again.databases.repairs.get(created.id);
    expect(JSON.stringify(doc)).not.toContain('unlockCode');
  });
});
