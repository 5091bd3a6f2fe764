import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import type { Seeder } from '../../../src/demo';
import { generateDemoData } from '../../../src/demo/demo-data';
import { ManualClock } from '../../../src/demo/manual-clock';
import type { SeedPayment } from '../../../src/demo/seeder';
import { parseShopRepair } from '../../../src/domain/shop/repair-record';
import { repairBelongsTo } from '../../../src/domain/shop/repair-store';
import { monthReportFromAll } from '../../../src/domain/shop/report-totals';
import { istMonth, monthBounds } from '../../../src/domain/shop/reports';
import type { Ports } from '../../../src/ports';
import { destroyAll, memoryBackend } from './helpers';

/**
 * What a report reads on the local backends (issue 18: never every repair of the month): PouchDB reads
 * reduce rows of its views and the store document of the owner check, memory its day totals; and both
 * give the demo data's months exactly what the read-everything oracle gives.
 */

const NOW = new Date('2026-11-20T10:00:00Z');
const DAY = 24 * 3600 * 1000;
const REPAIRS = 600;

/** `REPAIRS` repairs of store-1 over about three months (a third delivered, each paid once), and noise. */
async function seedStore(seeder: Seeder) {
  await seeder.account({ uid: 'owner', email: 'owner@x.test', password: 'Secret#123' });
  await seeder.user('owner', { role: 'business', name: 'Rahul' });
  await seeder.store({ id: 'store-1', ownerId: 'owner', name: 'Sharma Mobile Care' });
  const payments: SeedPayment[] = [];
  for (let i = 0; i < REPAIRS; i += 1) {
    const createdAt = new Date(NOW.getTime() - (REPAIRS - i) * (DAY / 7));
    const delivered = i % 3 === 0;
    const deliveredAt = new Date(createdAt.getTime() + (i % 5) * DAY);
    await seeder.repair({
      id: `r-${i}`,
      repairId: `SMC-${1001 + i}`,
      storeId: 'store-1',
      businessId: 'owner',
      customerName: `Customer ${i}`,
      status: delivered ? 'delivered' : 'received',
      problemList: [i % 2 === 0 ? 'Screen broken' : 'Cracked hinge'],
      estimatePaise: 100_000 + i,
      paidPaise: delivered ? 100_000 + i : 0,
      createdAt,
      updatedAt: createdAt,
      ...(delivered ? { deliveredAt } : {}),
    });
    if (delivered)
      payments.push({
        repairDocId: `r-${i}`,
        storeId: 'store-1',
        seq: 0,
        id: `r-${i}-p1`,
        kind: 'payment',
        amountPaise: 100_000 + i,
        mode: (['cash', 'upi', 'card'] as const)[i % 3] ?? 'cash',
        at: deliveredAt,
        by: { uid: 'owner', name: 'Rahul' },
        note: '',
      });
  }
  for (let i = 0; i < 100; i += 1)
    await seeder.repair({ id: `other-${i}`, repairId: `X-${i}`, storeId: 'store-9', createdAt: NOW });
  await seeder.shop({ members: [], trackingLinks: [], payments, counters: [], shopOnly: [] });
}

describe('reports on the local backends: what a month reads', () => {
  afterEach(destroyAll);

  it('PouchDB reads reduce rows and the store document, memory its day totals: never a repair', async () => {
    const pouch = await memoryBackend({ clock: new ManualClock(NOW) });
    const memory = createMemoryBackend({ clock: new ManualClock(NOW) });
    for (const seeder of [pouch.seeder, memory.seeder]) await seedStore(seeder);
    for (const ports of [pouch.ports, memory.ports]) await ports.auth.signIn('owner@x.test', 'Secret#123');
    const month = istMonth(new Date(NOW.getTime() - 20 * DAY));
    // Warm the views (their first query builds them).
    await pouch.ports.reports.monthReport('store-1', month);
    const before = { ...pouch.stats };
    const fromPouch = await pouch.ports.reports.monthReport('store-1', month);
    const docs = pouch.stats.docsRead - before.docsRead;
    const rows = pouch.stats.indexRowsRead - before.indexRowsRead;
    // The owner check's store document; rows: a few per metric, the money by mode and day.
    expect(docs).toBe(1);
    expect(rows).toBeLessThanOrEqual(10 + 4 * 31 + 4);
    const memoryBefore = memory.db.documentsRead;
    const fromMemory = await memory.ports.reports.monthReport('store-1', month);
    expect(memory.db.documentsRead - memoryBefore).toBeLessThanOrEqual(31 + 1);
    expect(fromMemory).toEqual(fromPouch);
    expect(fromPouch.received).toBeGreaterThan(150);
    expect(fromPouch.topProblems.map((p) => p.problem).sort()).toEqual(['Other', 'Screen broken']);
  });
});

const OWNER = { email: 'owner01@demo.test', password: 'Demo@1234' };

describe('reports on the demo data', () => {
  afterEach(destroyAll);

  it('PouchDB, memory and the read-everything oracle give each store and month the same report', async () => {
    const data = generateDemoData(NOW);
    const pouch = await memoryBackend({ clock: new ManualClock(NOW) });
    const memory = createMemoryBackend({ clock: new ManualClock(NOW) });
    for (const seeder of [pouch.seeder, memory.seeder] as Seeder[]) await seeder.load(data);
    const both: Ports[] = [pouch.ports, memory.ports];
    for (const ports of both) await ports.auth.signIn(OWNER.email, OWNER.password);
    const payments = data.shop?.payments ?? [];
    const stores = data.stores.filter(
      (store) => store.ownerId === data.accounts.find((a) => a.email === OWNER.email)?.uid,
    );
    expect(stores.length).toBeGreaterThanOrEqual(2);
    let delivered = 0;
    for (const store of stores) {
      const repairs = data.repairs
        .filter((record) => repairBelongsTo(record, store.id, store.ownerId))
        .map((record) => parseShopRepair(record.id, record));
      const ids = new Set(repairs.map((repair) => repair.id));
      for (let back = 0; back < 4; back += 1) {
        const month = istMonth(new Date(monthBounds(istMonth(NOW)).start.getTime() - back * 28 * DAY));
        const oracle = monthReportFromAll(
          store.id,
          repairs,
          payments.filter((payment) => ids.has(payment.repairDocId)),
          month,
        );
        for (const ports of both) expect(await ports.reports.monthReport(store.id, month)).toEqual(oracle);
        delivered += oracle.delivered;
      }
    }
    expect(delivered).toBeGreaterThan(0);
  });
});
