import { describe, expect, it } from 'vitest';
import {
  checkExportQuery,
  comparePositions,
  decodePaymentCursor,
  encodePaymentCursor,
} from '../../../src/adapters/local/report-rules';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import { MemoryReportIndexes } from '../../../src/adapters/memory/memory-shop-reports';
import { ManualClock } from '../../../src/demo/manual-clock';
import { newPaymentId } from '../../../src/domain/shop/payments';
import { parseShopRepair } from '../../../src/domain/shop/repair-record';
import { monthReportFromAll, monthReportFromDays } from '../../../src/domain/shop/report-totals';
import { istMonth } from '../../../src/domain/shop/reports';
import { isPortError } from '../../../src/ports/errors';
import { newRepair } from '../../contract/shop-fixtures';

/**
 * The memory backend's running report indexes (memory-shop-reports.ts): kept up to date write by write,
 * they equal a fresh build and the read-everything oracle; and the local export rules' cursor.
 */

const NOW = new Date('2026-11-20T06:00:00Z');
const DAY = 24 * 3600 * 1000;

describe('memory report indexes', () => {
  it('kept up to date by every write, they equal a fresh build and the oracle', async () => {
    const clock = new ManualClock(NOW);
    const backend = createMemoryBackend({ clock });
    const { seeder, ports, db } = backend;
    await seeder.account({ uid: 'owner', email: 'owner@x.test', password: 'Secret#123' });
    await seeder.user('owner', { role: 'business', name: 'Rahul' });
    await seeder.store({ id: 'store-1', ownerId: 'owner', name: 'Sharma Mobile Care' });
    await ports.auth.signIn('owner@x.test', 'Secret#123');
    const month = istMonth(NOW);
    // Read once first, so that what follows is applied write by write, not built afresh.
    await ports.reports.monthReport('store-1', month);
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const repair = await ports.shopRepairs.create(
        'store-1',
        newRepair({
          problems: [i % 2 === 0 ? 'Screen broken' : 'Battery problem'],
          otherProblem: i % 3 === 0 ? 'Face ID' : '',
        }),
      );
      ids.push(repair.id);
      clock.advance(DAY / 3);
      await ports.reports.monthReport('store-1', month);
    }
    for (const [i, id] of ids.entries()) {
      const go = (to: string, from: string, extra = {}) =>
        ports.shopRepairs.changeStatus(id, { to, expectedStatus: from, ...extra });
      await go('inprogress', 'received');
      if (i % 2 === 0) continue;
      await go('ready', 'inprogress');
      await ports.shopRepairs.recordPayment(id, {
        id: newPaymentId(),
        kind: 'payment',
        amountPaise: 100_000,
        mode: i % 4 === 1 ? 'upi' : 'card',
        note: '',
      });
      clock.advance(DAY / 2);
      await go('delivered', 'ready', { deliveryCode: '4821', creditNote: 'Pays later' });
      if (i % 3 === 0) {
        await go('inprogress', 'delivered', { note: 'Back again' });
        await ports.shopRepairs.recordPayment(id, {
          id: newPaymentId(),
          kind: 'refund',
          amountPaise: 30_000,
          mode: 'cash',
          note: 'Partly refunded',
        });
      }
      await ports.reports.monthReport('store-1', month);
    }
    await ports.shopRepairs.delete(ids[0] as string);

    const kept = await ports.reports.monthReport('store-1', month);
    const fresh = new MemoryReportIndexes(db).month('store-1', month);
    const rebuilt = monthReportFromDays('store-1', month, (day) => fresh.days.get(day), {
      duePaise: fresh.due?.duePaise ?? 0,
      dueRepairs: fresh.due?.dueRepairs ?? 0,
    });
    expect(kept).toEqual(rebuilt);
    const repairs = [...db.repairs].map(([id, raw]) => parseShopRepair(id, raw));
    const payments = [...db.payments.values()].flat().map((raw) => ({
      kind: raw.kind === 'refund' ? ('refund' as const) : ('payment' as const),
      mode: raw.mode as 'cash' | 'upi' | 'card',
      amountPaise: raw.amountPaise as number,
      at: raw.at as Date,
    }));
    expect(kept).toEqual(monthReportFromAll('store-1', repairs, payments, month));
    expect(kept.delivered).toBeGreaterThan(0);
    expect(kept.collected.refundsPaise).toBeGreaterThan(0);
    expect(kept.dueRepairs).toBeGreaterThan(0);
  });
});

describe('the local export rules', () => {
  const query = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z'), limit: 10 };

  it('round-trips a cursor and orders by time, repair, payment', () => {
    const position = { atMs: 1_772_300_000_000, repairDocId: 'repair-000012', paymentId: 'Ab_c-9' };
    expect(decodePaymentCursor(encodePaymentCursor(position))).toEqual(position);
    expect(checkExportQuery({ ...query, cursor: encodePaymentCursor(position) }).after).toEqual(position);
    expect(checkExportQuery(query)).toEqual({
      fromMs: query.from.getTime(),
      toMs: query.to.getTime(),
      limit: 10,
      after: null,
    });
    const sorted = [
      { atMs: 2, repairDocId: 'a', paymentId: 'b' },
      { atMs: 1, repairDocId: 'b', paymentId: 'a' },
      { atMs: 1, repairDocId: 'a', paymentId: 'z' },
      { atMs: 1, repairDocId: 'a', paymentId: 'c' },
    ].sort(comparePositions);
    expect(sorted.map((p) => `${p.atMs}${p.repairDocId}${p.paymentId}`)).toEqual([
      '1ac',
      '1az',
      '1ba',
      '2ab',
    ]);
  });

  it("refuses a bad cursor, range or page size with 'invalid-argument'", () => {
    for (const bad of [
      { ...query, cursor: '12.a' },
      { ...query, cursor: '12.a b.c' },
      { ...query, cursor: `12.${'x'.repeat(129)}.c` },
      { ...query, from: query.to },
      { ...query, limit: 501 },
    ]) {
      let thrown: unknown = null;
      try {
        checkExportQuery(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isPortError(thrown, 'invalid-argument'), JSON.stringify(bad)).toBe(true);
    }
  });
});
