import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SeedPayment, SeedRepairRecord } from '../../src/demo/seeder';
import { newPaymentId } from '../../src/domain/shop/payments';
import { parseShopRepair, storedDues } from '../../src/domain/shop/repair-record';
import { repairBelongsTo } from '../../src/domain/shop/repair-store';
import { monthReportFromAll } from '../../src/domain/shop/report-totals';
import { istDay, istMonth, monthBounds } from '../../src/domain/shop/reports';
import type { ReportPayment } from '../../src/ports/shop-reports';
import { expectPortError } from './expectations';
import { type Cast, type CastKey, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { ownerCreates, seedShop } from './shop-fixtures';

/**
 * ShopReportRepository (ports/shop-reports.ts; owner-console.md 'Reports', issue 18): a seeded month's
 * report is exactly what the read-everything oracle (domain/shop/report-totals.ts monthReportFromAll)
 * makes of the same repairs and payments; days and months are IST; refunds come off their day and mode;
 * an advance is collected, never a sale before delivery; a repair reopened and delivered again counts
 * once, in the month of its last delivery; the store's owner only; the payments export pages through
 * every entry of a range exactly once, with its Repair ID and customer.
 */

const OUTSIDERS: readonly CastKey[] = ['staff', 'rival', 'customer', 'admin', 'distributor'];

const ist = (local: string) => new Date(`${local}+05:30`);

interface SeededMoney {
  readonly id: string;
  readonly kind?: 'payment' | 'refund';
  readonly mode: 'cash' | 'upi' | 'card';
  readonly amountPaise: number;
  readonly at: string;
}

interface SeededRepair {
  readonly id: string;
  readonly store?: string;
  /** Names its store by the apps' `store` alone, with this businessId. */
  readonly byStoreFor?: string;
  readonly created: string;
  readonly status: string;
  readonly deliveredAt?: string | null;
  readonly timeline?: readonly (readonly [string, string])[];
  readonly problems: readonly string[];
  /** The final amount in rupees. */
  readonly amount?: number;
  readonly estimatePaise?: number;
  readonly money?: readonly SeededMoney[];
}

/** Three months of two stores: the edges of March 2026 in IST, deliveries, reopens and refunds. */
const SEEDED: readonly SeededRepair[] = [
  // 23:30 IST on 31 March: March's (18:00 UTC), with a typed problem ('Other').
  {
    id: 'rep-edge',
    created: '2026-03-31T23:30:00',
    status: 'received',
    problems: ['Screen broken', 'Face ID not working'],
    estimatePaise: 150_000,
  },
  // 00:05 IST on 1 April: April's, though still 31 March in UTC.
  { id: 'rep-april', created: '2026-04-01T00:05:00', status: 'received', problems: ['Battery problem'] },
  // 23:59 IST on 28 February: February's.
  { id: 'rep-feb', created: '2026-02-28T23:59:00', status: 'received', problems: ['Water damage'] },
  // Received in February, delivered and paid in March (UPI, with a refund the same evening).
  {
    id: 'rep-paid',
    created: '2026-02-20T10:00:00',
    status: 'delivered',
    deliveredAt: '2026-03-05T22:00:00',
    timeline: [
      ['received', '2026-02-20T10:00:00'],
      ['delivered', '2026-03-05T22:00:00'],
    ],
    problems: ['Charging problem'],
    amount: 1800,
    money: [
      { id: 'pay-paid-1', mode: 'upi', amountPaise: 200_000, at: '2026-03-05T22:00:00' },
      { id: 'pay-paid-2', kind: 'refund', mode: 'upi', amountPaise: 20_000, at: '2026-03-05T23:59:00' },
    ],
  },
  // Received and delivered in March on credit (₹1,500 of the ₹2,000 estimate paid in cash).
  {
    id: 'rep-credit',
    created: '2026-03-02T10:00:00',
    status: 'delivered',
    deliveredAt: '2026-03-06T12:00:00',
    timeline: [
      ['received', '2026-03-02T10:00:00'],
      ['delivered', '2026-03-06T12:00:00'],
    ],
    problems: ['Battery problem', 'Speaker / mic problem'],
    estimatePaise: 200_000,
    money: [{ id: 'pay-credit-1', mode: 'cash', amountPaise: 150_000, at: '2026-03-06T12:00:00' }],
  },
  // An advance at the counter, ready, not delivered: ₹500 collected, no sale; ₹2,500 due.
  {
    id: 'rep-advance',
    created: '2026-03-10T09:00:00',
    status: 'ready',
    problems: ['Screen broken'],
    estimatePaise: 300_000,
    money: [{ id: 'pay-advance-1', mode: 'cash', amountPaise: 50_000, at: '2026-03-10T09:00:00' }],
  },
  // Delivered in March, reopened: no delivery anywhere.
  {
    id: 'rep-reopened',
    created: '2026-03-01T11:00:00',
    status: 'inprogress',
    deliveredAt: null,
    timeline: [
      ['received', '2026-03-01T11:00:00'],
      ['delivered', '2026-03-03T10:00:00'],
      ['inprogress', '2026-03-04T10:00:00'],
    ],
    problems: ['Camera problem'],
    estimatePaise: 90_000,
  },
  // Delivered in March, reopened, delivered again in April (card, paid at the last delivery): April's.
  {
    id: 'rep-again',
    created: '2026-03-12T10:00:00',
    status: 'delivered',
    deliveredAt: '2026-04-03T18:00:00',
    timeline: [
      ['received', '2026-03-12T10:00:00'],
      ['delivered', '2026-03-20T10:00:00'],
      ['inprogress', '2026-03-28T10:00:00'],
      ['delivered', '2026-04-03T18:00:00'],
    ],
    problems: ['Display not working'],
    amount: 2500,
    money: [{ id: 'pay-again-1', mode: 'card', amountPaise: 250_000, at: '2026-04-03T18:00:00' }],
  },
  // Delivered in March before deliveredAt was stored: the timeline says when.
  {
    id: 'rep-legacy',
    created: '2026-02-25T10:00:00',
    status: 'delivered',
    timeline: [
      ['received', '2026-02-25T10:00:00'],
      ['delivered', '2026-03-01T00:10:00'],
    ],
    problems: ['Software / hanging'],
    amount: 800,
    money: [{ id: 'pay-legacy-1', mode: 'card', amountPaise: 80_000, at: '2026-03-31T23:45:00' }],
  },
  // The apps' repair naming the store by `store`, of its owner: the store's. Another business's: not.
  {
    id: 'rep-app',
    byStoreFor: 'uid-owner',
    created: '2026-03-15T10:00:00',
    status: 'received',
    problems: ['Buttons not working'],
  },
  {
    id: 'rep-app-other',
    byStoreFor: 'uid-rival',
    created: '2026-03-15T10:00:00',
    status: 'received',
    problems: ['Buttons not working'],
  },
  // The other store's repair and money.
  {
    id: 'rep-rival',
    store: 'store-2',
    created: '2026-03-15T10:00:00',
    status: 'delivered',
    deliveredAt: '2026-03-16T10:00:00',
    timeline: [
      ['received', '2026-03-15T10:00:00'],
      ['delivered', '2026-03-16T10:00:00'],
    ],
    problems: ['Screen broken'],
    amount: 1000,
    money: [{ id: 'pay-rival-1', mode: 'cash', amountPaise: 100_000, at: '2026-03-16T10:00:00' }],
  },
];

function seededRecord(repair: SeededRepair, n: number): SeedRepairRecord {
  const paid = (repair.money ?? []).reduce(
    (sum, money) => sum + (money.kind === 'refund' ? -money.amountPaise : money.amountPaise),
    0,
  );
  const record: Record<string, unknown> = {
    id: repair.id,
    repairId: `SMCB-${3001 + n}`,
    ...(repair.byStoreFor === undefined
      ? {
          storeId: repair.store ?? 'store-1',
          businessId: repair.store === 'store-2' ? 'uid-rival' : 'uid-owner',
        }
      : { store: repair.store ?? 'store-1', businessId: repair.byStoreFor }),
    customerName: `Report Customer ${n}`,
    customerNameLower: `report customer ${n}`,
    customerMobile: `91000000${String(n).padStart(2, '0')}`,
    productName: 'Galaxy S21',
    productType: 'Mobile',
    problems: repair.problems.join(', '),
    problemList: [...repair.problems],
    status: repair.status,
    ...(repair.amount === undefined ? {} : { amount: repair.amount }),
    ...(repair.estimatePaise === undefined
      ? {}
      : { estimatePaise: repair.estimatePaise, estimatedCost: repair.estimatePaise / 100 }),
    paidPaise: paid,
    createdAt: ist(repair.created),
    updatedAt: ist(repair.created),
    ...(repair.deliveredAt === undefined
      ? {}
      : { deliveredAt: repair.deliveredAt === null ? null : ist(repair.deliveredAt) }),
    ...(repair.timeline === undefined
      ? {}
      : { timeline: repair.timeline.map(([status, at]) => ({ status, at: ist(at) })) }),
  };
  return { ...record, ...storedDues(record) } as unknown as SeedRepairRecord;
}

function seededPayments(): SeedPayment[] {
  return SEEDED.flatMap((repair) =>
    (repair.money ?? []).map((money, seq) => ({
      repairDocId: repair.id,
      storeId: repair.store ?? 'store-1',
      seq,
      id: money.id,
      kind: money.kind ?? 'payment',
      amountPaise: money.amountPaise,
      mode: money.mode,
      at: ist(money.at),
      by: { uid: 'uid-owner', name: 'Rahul Sharma' },
      note: money.kind === 'refund' ? 'Part not needed' : '',
    })),
  );
}

/** Seeds SEEDED; answers the oracle's inputs: store-1's own repairs and their payments. */
async function seedMonths(h: BackendHarness) {
  const records = SEEDED.map(seededRecord);
  for (const record of records) await h.seeder.repair(record);
  const payments = seededPayments();
  await h.seeder.shop({ members: [], trackingLinks: [], payments, counters: [], shopOnly: [] });
  const own = records.filter((record) => repairBelongsTo(record, 'store-1', 'uid-owner'));
  const ownIds = new Set(own.map((record) => record.id));
  return {
    repairs: own.map((record) => parseShopRepair(record.id, record)),
    payments: payments.filter((payment) => ownIds.has(payment.repairDocId)),
    records,
  };
}

export function shopReportsContract(makeHarness: HarnessFactory): void {
  describe('ShopReportRepository', () => {
    let h: BackendHarness;
    let cast: Cast;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    describe('monthReport', () => {
      it("gives a seeded month exactly the read-everything oracle's answer, in IST days and months", async () => {
        const { repairs, payments } = await seedMonths(h);
        await signInAs(h, 'owner');
        for (const month of ['2026-02', '2026-03', '2026-04', '2026-05'])
          expect(await h.ports.reports.monthReport('store-1', month), month).toEqual(
            monthReportFromAll('store-1', repairs, payments, month),
          );
        const march = await h.ports.reports.monthReport('store-1', '2026-03');
        expect(march).toMatchObject({
          storeId: 'store-1',
          month: '2026-03',
          // rep-edge (23:30 IST on the 31st), rep-credit, rep-advance, rep-reopened, rep-again, rep-app.
          received: 6,
          // rep-paid, rep-credit, rep-legacy; not rep-reopened, not rep-again (delivered again in April).
          delivered: 3,
          salesPaise: 180_000 + 200_000 + 80_000,
          collected: {
            cashPaise: 150_000 + 50_000,
            upiPaise: 200_000,
            cardPaise: 80_000,
            refundsPaise: 20_000,
            netPaise: 460_000,
          },
          // rep-credit (₹500), rep-advance (ready, ₹2,500); not the other store's or business's.
          duePaise: 50_000 + 250_000,
          dueRepairs: 2,
        });
        expect(march.topProblems[0]).toEqual({ problem: 'Screen broken', repairs: 2 });
        expect(march.topProblems).toContainEqual({ problem: 'Other', repairs: 1 });
        expect(march.topProblems).toHaveLength(7);
        // The UPI refund comes off its own day (5 March) and the month's net (refundsPaise; the modes
        // are what was taken, as MonthCollections says); the card payment at 23:45 IST on the 31st is
        // March's.
        expect(march.daily.filter((day) => day.netPaise !== 0)).toEqual([
          { day: '2026-03-05', netPaise: 180_000 },
          { day: '2026-03-06', netPaise: 150_000 },
          { day: '2026-03-10', netPaise: 50_000 },
          { day: '2026-03-31', netPaise: 80_000 },
        ]);
        const april = await h.ports.reports.monthReport('store-1', '2026-04');
        // rep-again: delivered again in April, once; rep-april received at 00:05 IST on 1 April.
        expect(april).toMatchObject({ received: 1, delivered: 1, salesPaise: 250_000 });
        expect(april.collected.cardPaise).toBe(250_000);
        expect((await h.ports.reports.monthReport('store-1', '2026-02')).received).toBe(3);
      });

      it('counts the shop’s own writes: an advance is collected but no sale until delivered; a reopen and a second delivery count once; a refund comes off its day and the net', async () => {
        const repair = await ownerCreates(h);
        const month = istMonth(repair.createdAt as Date);
        const today = istDay(repair.createdAt as Date);
        const report = () => h.ports.reports.monthReport('store-1', month);
        const received = await report();
        expect(received).toMatchObject({
          received: 1,
          delivered: 0,
          salesPaise: 0,
          collected: { cashPaise: 50_000, upiPaise: 0, cardPaise: 0, refundsPaise: 0, netPaise: 50_000 },
          duePaise: 0,
          dueRepairs: 0,
          averageTurnaroundDays: null,
          topProblems: [{ problem: 'Screen broken', repairs: 1 }],
        });
        const go = (to: string, from: string, extra = {}) =>
          h.ports.shopRepairs.changeStatus(repair.id, { to, expectedStatus: from, ...extra });
        await go('inprogress', 'received');
        await go('ready', 'inprogress');
        // Ready with ₹2,300 due: in the khata.
        expect(await report()).toMatchObject({ duePaise: 230_000, dueRepairs: 1, delivered: 0 });
        await h.ports.shopRepairs.recordPayment(repair.id, {
          id: newPaymentId(),
          kind: 'payment',
          amountPaise: 230_000,
          mode: 'upi',
          note: '',
        });
        await go('delivered', 'ready', { deliveryCode: '4821' });
        const delivered = await report();
        expect(delivered).toMatchObject({
          received: 1,
          delivered: 1,
          salesPaise: 280_000,
          collected: { cashPaise: 50_000, upiPaise: 230_000, netPaise: 280_000 },
          duePaise: 0,
          dueRepairs: 0,
        });
        expect(delivered.averageTurnaroundDays).not.toBeNull();
        expect(delivered.averageTurnaroundDays as number).toBeLessThan(0.1);
        await go('inprogress', 'delivered', { note: 'Came back' });
        expect(await report()).toMatchObject({ delivered: 0, salesPaise: 0, averageTurnaroundDays: null });
        await go('ready', 'inprogress');
        await go('delivered', 'ready', { override: { reason: 'Customer lost the code' } });
        expect(await report()).toMatchObject({ received: 1, delivered: 1, salesPaise: 280_000 });
        await h.ports.shopRepairs.recordPayment(repair.id, {
          id: newPaymentId(),
          kind: 'refund',
          amountPaise: 20_000,
          mode: 'upi',
          note: 'Screen guard not fitted',
        });
        const refunded = await report();
        expect(refunded.collected).toEqual({
          cashPaise: 50_000,
          upiPaise: 230_000,
          cardPaise: 0,
          refundsPaise: 20_000,
          netPaise: 260_000,
        });
        expect(refunded.daily.find((day) => day.day === today)?.netPaise).toBe(260_000);
        expect(refunded.daily.reduce((sum, day) => sum + day.netPaise, 0)).toBe(260_000);
        // The other store sees none of it.
        await signInAs(h, 'rival');
        expect(await h.ports.reports.monthReport('store-2', month)).toMatchObject({
          received: 0,
          delivered: 0,
          collected: { netPaise: 0 },
        });
      });

      it("refuses staff, another store's owner and everyone else; signed out: unauthenticated", async () => {
        for (const key of OUTSIDERS) {
          await signInAs(h, key);
          await expectPortError(h.ports.reports.monthReport('store-1', '2026-03'), 'permission-denied');
        }
        await h.ports.auth.signOut();
        await expectPortError(h.ports.reports.monthReport('store-1', '2026-03'), 'unauthenticated');
      });

      it("refuses a month that is not 'YYYY-MM'", async () => {
        await signInAs(h, 'owner');
        for (const month of ['2026-13', '2026-3', '', '03-2026', '2026-03-01'])
          await expectPortError(h.ports.reports.monthReport('store-1', month), 'invalid-argument');
      });
    });

    describe('paymentsPage', () => {
      const march = monthBounds('2026-03');

      it('pages through every payment and refund taken in [from, to) exactly once, oldest first, with its Repair ID and customer', async () => {
        const { payments, records } = await seedMonths(h);
        await signInAs(h, 'owner');
        const seen: ReportPayment[] = [];
        let cursor: string | null = null;
        for (let pages = 0; pages < 20; pages += 1) {
          const page = await h.ports.reports.paymentsPage('store-1', {
            from: march.start,
            to: march.end,
            limit: 2,
            cursor,
          });
          expect(page.items.length).toBeLessThanOrEqual(2);
          seen.push(...page.items);
          cursor = page.next;
          if (cursor === null) break;
        }
        expect(cursor).toBeNull();
        const expected = payments
          .filter((p) => p.at >= march.start && p.at < march.end)
          .sort((a, b) => a.at.getTime() - b.at.getTime());
        expect(seen.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
        expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
        for (let i = 1; i < seen.length; i += 1)
          expect((seen[i] as ReportPayment).at.getTime()).toBeGreaterThanOrEqual(
            (seen[i - 1] as ReportPayment).at.getTime(),
          );
        const refund = seen.find((p) => p.id === 'pay-paid-2');
        const record = records.find((r) => r.id === 'rep-paid');
        expect(refund).toMatchObject({
          kind: 'refund',
          mode: 'upi',
          amountPaise: 20_000,
          repairDocId: 'rep-paid',
          repairId: record?.repairId,
          customerName: record?.customerName,
          note: 'Part not needed',
        });
        // The range's end is not in it: nothing taken at or after 00:00 IST on 1 April.
        const april = await h.ports.reports.paymentsPage('store-1', {
          from: march.end,
          to: monthBounds('2026-04').end,
          limit: 10,
        });
        expect(april.items.map((p) => p.id)).toEqual(['pay-again-1']);
        expect(april.next).toBeNull();
      });

      it('is for the owner only, and refuses a bad range, page size or cursor', async () => {
        const query = { from: march.start, to: march.end, limit: 10 };
        for (const key of OUTSIDERS) {
          await signInAs(h, key);
          await expectPortError(h.ports.reports.paymentsPage('store-1', query), 'permission-denied');
        }
        await h.ports.auth.signOut();
        await expectPortError(h.ports.reports.paymentsPage('store-1', query), 'unauthenticated');
        await signInAs(h, 'owner');
        expect(cast.owner).toBe('uid-owner');
        for (const bad of [
          { ...query, from: march.end, to: march.start },
          { ...query, to: march.start },
          { ...query, from: new Date(Number.NaN) },
          { ...query, limit: 0 },
          { ...query, limit: 501 },
          { ...query, limit: 1.5 },
          { ...query, cursor: 'not a cursor' },
        ])
          await expectPortError(h.ports.reports.paymentsPage('store-1', bad), 'invalid-argument');
      });
    });
  });
}
