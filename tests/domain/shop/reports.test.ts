import { describe, expect, it } from 'vitest';
import { COMMON_PROBLEMS } from '../../../src/domain/shop/problems';
import { parseShopRepair } from '../../../src/domain/shop/repair-record';
import {
  monthReportFromAll,
  problemBucket,
  problemBuckets,
  type ReportMoney,
  repairReportFacts,
} from '../../../src/domain/shop/report-totals';
import {
  averageTurnaroundDays,
  daysOfMonth,
  isReportMonth,
  istDay,
  istMonth,
  monthBounds,
  rankProblems,
} from '../../../src/domain/shop/reports';

/** The report's pure rules (domain/shop/reports.ts, report-totals.ts): IST months, buckets, the oracle. */

const ist = (local: string) => new Date(`${local}+05:30`);
const DAY = 24 * 60 * 60 * 1000;

describe('report months (IST)', () => {
  it("takes 'YYYY-MM' of years 2000 to 2999 only", () => {
    for (const month of ['2026-03', '2000-01', '2999-12']) expect(isReportMonth(month), month).toBe(true);
    for (const month of ['2026-3', '2026-13', '2026-00', '1999-12', '3000-01', '', ' 2026-03', '2026-03-01'])
      expect(isReportMonth(month), month).toBe(false);
    expect(isReportMonth(202603)).toBe(false);
    expect(() => monthBounds('2026-13')).toThrow(RangeError);
  });

  it('spans 00:00 IST on the first day to 00:00 IST on the next month’s first', () => {
    expect(monthBounds('2026-03')).toEqual({
      start: new Date('2026-02-28T18:30:00.000Z'),
      end: new Date('2026-03-31T18:30:00.000Z'),
    });
    expect(monthBounds('2026-12').end).toEqual(new Date('2026-12-31T18:30:00.000Z'));
    expect(istDay(ist('2026-03-31T23:30:00'))).toBe('2026-03-31');
    expect(istDay(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(istDay(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
    expect(istMonth(ist('2026-04-01T00:00:00'))).toBe('2026-04');
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    const march = daysOfMonth('2026-03');
    expect([march.length, march[0], march[30]]).toEqual([31, '2026-03-01', '2026-03-31']);
  });
});

describe("'Top Problems' and 'Average Turnaround'", () => {
  it("buckets the common problems as themselves and a typed one as 'Other', each once per repair", () => {
    for (const problem of COMMON_PROBLEMS) expect(problemBucket(problem)).toBe(problem);
    expect(problemBucket('Face ID not working')).toBe('Other');
    expect(problemBuckets(['Screen broken', 'Face ID', 'Speaker rattles', 'Screen broken', ' '])).toEqual([
      'Other',
      'Screen broken',
    ]);
    expect(rankProblems({ 'Screen broken': 2, Other: 2, 'Battery problem': 5, 'Water damage': 0 })).toEqual([
      { problem: 'Battery problem', repairs: 5 },
      { problem: 'Other', repairs: 2 },
      { problem: 'Screen broken', repairs: 2 },
    ]);
  });

  it('averages delivered − received in days, to one decimal; none delivered: null', () => {
    expect(averageTurnaroundDays(0, 0)).toBeNull();
    expect(averageTurnaroundDays(3 * DAY + 12 * 3600_000, 1)).toBe(3.5);
    expect(averageTurnaroundDays(DAY + 2 * DAY + 4 * DAY, 3)).toBe(2.3);
    expect(averageTurnaroundDays(0, 2)).toBe(0);
  });
});

const repair = (id: string, fields: Record<string, unknown>) =>
  parseShopRepair(id, { repairId: `SMC-${id}`, storeId: 'store-1', ...fields });

describe('monthReportFromAll (the read-everything oracle)', () => {
  const repairs = [
    // Received on the month's last day at 23:30 IST, delivered in April: counts as received in March.
    repair('1', {
      status: 'delivered',
      createdAt: ist('2026-03-31T23:30:00'),
      deliveredAt: ist('2026-04-02T11:30:00'),
      problemList: ['Screen broken', 'Face ID'],
      amount: 1500,
      paidPaise: 150_000,
    }),
    // Received and delivered in March (on credit: ₹500 of ₹2,000 due).
    repair('2', {
      status: 'delivered',
      createdAt: ist('2026-03-02T10:00:00'),
      deliveredAt: ist('2026-03-05T22:00:00'),
      problemList: ['Battery problem'],
      estimatePaise: 200_000,
      paidPaise: 150_000,
    }),
    // An advance at intake, not delivered: collected, never a sale.
    repair('3', {
      status: 'ready',
      createdAt: ist('2026-03-10T09:00:00'),
      problemList: ['Screen broken'],
      estimatePaise: 300_000,
      paidPaise: 50_000,
    }),
    // Delivered in March, then reopened: counts nowhere as a delivery.
    repair('4', {
      status: 'inprogress',
      createdAt: ist('2026-02-20T09:00:00'),
      deliveredAt: null,
      timeline: [{ status: 'delivered', at: ist('2026-03-03T10:00:00') }],
      problemList: ['Water damage'],
    }),
    // Received in February, delivered in March before the field existed (the timeline says when).
    repair('5', {
      status: 'delivered',
      createdAt: ist('2026-02-27T10:00:00'),
      timeline: [
        { status: 'received', at: ist('2026-02-27T10:00:00') },
        { status: 'delivered', at: ist('2026-03-01T00:10:00') },
      ],
      problemList: ['Charging problem'],
      amount: 800,
      paidPaise: 80_000,
    }),
  ];
  const money: ReportMoney[] = [
    { kind: 'payment', mode: 'cash', amountPaise: 50_000, at: ist('2026-03-10T09:00:00') },
    { kind: 'payment', mode: 'upi', amountPaise: 150_000, at: ist('2026-03-05T22:00:00') },
    { kind: 'payment', mode: 'card', amountPaise: 80_000, at: ist('2026-03-01T00:10:00') },
    { kind: 'refund', mode: 'upi', amountPaise: 20_000, at: ist('2026-03-05T23:59:00') },
    { kind: 'payment', mode: 'cash', amountPaise: 150_000, at: ist('2026-04-02T11:30:00') },
    // 23:59 IST on 28 February (18:29 UTC): February's.
    { kind: 'payment', mode: 'cash', amountPaise: 99_900, at: ist('2026-02-28T23:59:00') },
  ];

  it('counts a month by its IST days, sales only for deliveries, refunds off their day and mode', () => {
    const report = monthReportFromAll('store-1', repairs, money, '2026-03');
    expect(report).toMatchObject({
      storeId: 'store-1',
      month: '2026-03',
      received: 3,
      delivered: 2,
      // Repair 2's estimate and repair 5's final amount; repair 3's advance is no sale.
      salesPaise: 200_000 + 80_000,
      collected: {
        cashPaise: 50_000,
        upiPaise: 150_000,
        cardPaise: 80_000,
        refundsPaise: 20_000,
        netPaise: 260_000,
      },
      // Repairs 2 (₹500) and 3 (ready, ₹2,500) owe now.
      duePaise: 50_000 + 250_000,
      dueRepairs: 2,
    });
    // Repair 2: 3.5 days; repair 5: 1 day and 14 hours 10 minutes.
    const expected = (3.5 * DAY + (DAY + 14 * 3600_000 + 10 * 60_000)) / 2 / DAY;
    expect(report.averageTurnaroundDays).toBe(Math.round(expected * 10) / 10);
    expect(report.topProblems).toEqual([
      { problem: 'Screen broken', repairs: 2 },
      { problem: 'Battery problem', repairs: 1 },
      { problem: 'Other', repairs: 1 },
    ]);
    expect(report.daily).toHaveLength(31);
    expect(report.daily.filter((day) => day.netPaise !== 0)).toEqual([
      { day: '2026-03-01', netPaise: 80_000 },
      { day: '2026-03-05', netPaise: 130_000 },
      { day: '2026-03-10', netPaise: 50_000 },
    ]);
    expect(report.daily.reduce((sum, day) => sum + day.netPaise, 0)).toBe(report.collected.netPaise);
  });

  it('gives April the delivery of the repair received on 31 March at 23:30 IST', () => {
    const april = monthReportFromAll('store-1', repairs, money, '2026-04');
    expect(april).toMatchObject({ received: 0, delivered: 1, salesPaise: 150_000 });
    expect(april.averageTurnaroundDays).toBe(1.5);
    expect(april.collected.cashPaise).toBe(150_000);
    expect(monthReportFromAll('store-1', repairs, money, '2026-02').collected.cashPaise).toBe(99_900);
  });

  it('gives an empty month zeros, no turnaround and a zero for every day', () => {
    const empty = monthReportFromAll('store-1', [], [], '2026-06');
    expect(empty).toMatchObject({ received: 0, delivered: 0, salesPaise: 0, duePaise: 0, dueRepairs: 0 });
    expect(empty.averageTurnaroundDays).toBeNull();
    expect(empty.topProblems).toEqual([]);
    expect(empty.daily.every((day) => day.netPaise === 0)).toBe(true);
    expect(empty.daily).toHaveLength(30);
  });

  it("reads a repair's facts: its days, its sale, its turnaround and its buckets", () => {
    expect(repairReportFacts(repairs[0] as never)).toEqual({
      receivedDay: '2026-03-31',
      deliveredDay: '2026-04-02',
      salePaise: 150_000,
      turnaroundMs: DAY + 12 * 3600_000,
      problems: ['Other', 'Screen broken'],
      duePaise: 0,
      owing: false,
    });
    expect(repairReportFacts(repair('x', {})).receivedDay).toBeNull();
  });
});
