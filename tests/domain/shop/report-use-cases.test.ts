import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import {
  checkExportRange,
  exportPaymentsCsv,
  exportRepairsCsv,
  loadMonthReport,
  REPORT_USE_CASE_MESSAGES,
  ReportExportError,
} from '../../../src/domain/shop/report-use-cases';
import type { MonthReport } from '../../../src/domain/shop/reports';
import { PortError } from '../../../src/ports/errors';
import type { ExportQuery, ReportPayment, ShopReportRepository } from '../../../src/ports/shop-reports';
import { signInAs, type World } from '../world';
import { createShopWorld, type ShopWorld } from './shop-world';

/*
 * The Reports use cases (src/domain/shop/report-use-cases.ts): the month's report with its messages,
 * and the two 'Download CSV' exports, whose streamed chunks are parsed back with csv-parse and compared
 * with the data (a name with a comma and a quote, an IMEI kept whole, a formula-like name neutralised,
 * pages joined in order). Repairs come from the memory backend's `page`; payments from a report port
 * that pages an array (the backends' own report ports have their contract suite).
 */

const STORE = 'store-1';

function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false }) as string[][];
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

/** IST wall time → instant. */
const ist = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`);

/** A report port over a list of payments, `limit` at a time, checking what it is asked. */
class ListedReports implements ShopReportRepository {
  readonly queries: ExportQuery[] = [];
  failAt: number | null = null;
  constructor(
    private readonly payments: readonly ReportPayment[],
    private readonly report?: MonthReport,
    private readonly refuse?: PortError,
  ) {}
  async monthReport(storeId: string, month: string): Promise<MonthReport> {
    if (this.refuse) throw this.refuse;
    if (this.report === undefined) throw new PortError('unavailable', 'down');
    return { ...this.report, storeId, month };
  }
  async paymentsPage(_storeId: string, query: ExportQuery) {
    this.queries.push(query);
    if (this.refuse) throw this.refuse;
    if (this.failAt !== null && this.queries.length > this.failAt) throw new PortError('unavailable', 'down');
    const inRange = this.payments.filter((p) => p.at >= query.from && p.at < query.to);
    const start = query.cursor ? Number(query.cursor) : 0;
    const items = inRange.slice(start, start + query.limit);
    const next = start + query.limit < inRange.length ? String(start + query.limit) : null;
    return { items, next };
  }
}

const by = { uid: 'uid-owner', name: 'Rahul Sharma' };

function payment(n: number, overrides: Partial<ReportPayment> = {}): ReportPayment {
  return {
    id: `pay-${n}`,
    repairDocId: `r-${n}`,
    repairId: `SMC-${1000 + n}`,
    customerName: `Customer ${n}`,
    kind: 'payment',
    amountPaise: 10_000 + n,
    mode: 'cash',
    at: ist('2026-03-02', `${String(8 + (n % 10)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`),
    by,
    note: '',
    upiReference: '',
    ...overrides,
  };
}

const SAMPLE_REPORT: MonthReport = {
  storeId: STORE,
  month: '2026-03',
  received: 4,
  delivered: 2,
  salesPaise: 300_000,
  collected: { cashPaise: 100_000, upiPaise: 50_000, cardPaise: 0, refundsPaise: 10_000, netPaise: 140_000 },
  duePaise: 20_000,
  dueRepairs: 1,
  averageTurnaroundDays: 2.5,
  topProblems: [{ problem: 'Screen broken', repairs: 3 }],
  daily: [],
};

let shopWorld: ShopWorld;
let world: World;

beforeEach(async () => {
  shopWorld = await createShopWorld();
  world = shopWorld.world;
});

describe('loadMonthReport', () => {
  it("answers the port's report for a 'YYYY-MM' month", async () => {
    const ports = { reports: new ListedReports([], SAMPLE_REPORT), logger: world.logger };
    expect(await loadMonthReport(ports, STORE, '2026-03')).toEqual({ ok: true, value: SAMPLE_REPORT });
  });

  it('refuses a month that is not YYYY-MM without asking the backend', async () => {
    const reports = new ListedReports([], SAMPLE_REPORT);
    const ports = { reports, logger: world.logger };
    for (const month of ['2026-13', '2026-3', '', 'March'])
      expect(await loadMonthReport(ports, STORE, month)).toEqual({
        ok: false,
        message: REPORT_USE_CASE_MESSAGES.monthInvalid,
        reason: 'failed',
      });
  });

  it("tells staff (the backend's permission-denied) that reports are the owner's", async () => {
    const ports = {
      reports: new ListedReports([], SAMPLE_REPORT, new PortError('permission-denied', 'staff')),
      logger: world.logger,
    };
    expect(await loadMonthReport(ports, STORE, '2026-03')).toEqual({
      ok: false,
      message: REPORT_USE_CASE_MESSAGES.ownerOnly,
      reason: 'not-permitted',
    });
  });

  it('says sign in when signed out, and keeps the cause of a backend that did not answer', async () => {
    const signedOut = {
      reports: new ListedReports([], SAMPLE_REPORT, new PortError('unauthenticated', 'x')),
      logger: world.logger,
    };
    expect(await loadMonthReport(signedOut, STORE, '2026-03')).toMatchObject({
      message: SHOP_MESSAGES.signInRequired,
    });
    const down = { reports: new ListedReports([]), logger: world.logger };
    expect(await loadMonthReport(down, STORE, '2026-03')).toEqual({
      ok: false,
      message: REPORT_USE_CASE_MESSAGES.loadFailed,
      reason: 'failed',
    });
    expect(
      world.logger.entries.some((entry) => entry.level === 'error' && /2026-03 report/.test(entry.message)),
    ).toBe(true);
  });
});

describe('checkExportRange', () => {
  it("takes 'From' and 'To' as whole days in India", () => {
    expect(checkExportRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      ok: true,
      value: {
        from: new Date('2026-02-28T18:30:00Z'),
        to: new Date('2026-03-31T18:30:00Z'),
        fromDay: '2026-03-01',
        toDay: '2026-03-31',
      },
    });
    expect(checkExportRange({ from: '2026-03-05', to: '2026-03-05' }).ok).toBe(true);
  });

  it('says what is wrong under each field', () => {
    expect(checkExportRange({ from: '', to: '' })).toEqual({
      ok: false,
      fieldErrors: { from: REPORT_USE_CASE_MESSAGES.fromRequired, to: REPORT_USE_CASE_MESSAGES.toRequired },
    });
    expect(checkExportRange({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      ok: false,
      fieldErrors: { from: REPORT_USE_CASE_MESSAGES.dateInvalid },
    });
    expect(checkExportRange({ from: '2026-03-10', to: '2026-03-09' })).toEqual({
      ok: false,
      fieldErrors: { to: REPORT_USE_CASE_MESSAGES.rangeBackwards },
    });
  });
});

describe('exportRepairsCsv', () => {
  async function seedRepairs(): Promise<void> {
    const owner = shopWorld.cast.owner;
    const base = { storeId: STORE, businessId: owner, productType: 'Mobile', status: 'received' };
    await world.seeder.repair({
      ...base,
      id: 'r-comma',
      repairId: 'SMC-1001',
      customerName: 'Sharma, "Raju" Kumar',
      customerMobile: '9876543210',
      productName: 'Galaxy M31',
      imeiSerial: '490154203237518',
      problemList: ['Screen broken', 'Battery problem'],
      estimatePaise: 130_000,
      amount: 1450.5,
      paidPaise: 100_000,
      status: 'delivered',
      createdAt: ist('2026-03-01', '00:10'),
      deliveredAt: ist('2026-03-04', '23:50'),
      history: [
        { kind: 'created', status: 'received', from: null, at: ist('2026-03-01', '00:10'), by, note: '' },
        { kind: 'status', status: 'delivered', from: 'ready', at: ist('2026-03-04', '23:50'), by, note: '' },
      ],
    });
    await world.seeder.repair({
      ...base,
      id: 'r-formula',
      repairId: 'SMC-1002',
      customerName: '=HYPERLINK("http://evil","x")',
      customerMobile: '+91 98111-22334',
      productName: 'iPhone 12',
      imeiSerial: '',
      problemList: ['Other'],
      estimatePaise: null,
      paidPaise: 0,
      createdAt: ist('2026-03-31', '23:59'),
    });
    // Outside the range: the day before and the day after, in India.
    await world.seeder.repair({
      ...base,
      id: 'r-before',
      repairId: 'SMC-0999',
      customerName: 'Before',
      customerMobile: '9000000001',
      productName: 'X',
      createdAt: ist('2026-02-28', '23:59'),
    });
    await world.seeder.repair({
      ...base,
      id: 'r-after',
      repairId: 'SMC-1999',
      customerName: 'After',
      customerMobile: '9000000002',
      productName: 'X',
      createdAt: ist('2026-04-01', '00:00'),
    });
    // Enough to need more than one page.
    for (let n = 0; n < 60; n += 1)
      await world.seeder.repair({
        ...base,
        id: `r-bulk-${n}`,
        repairId: `SMC-${1100 + n}`,
        customerName: `Bulk ${n}`,
        customerMobile: `98${String(n).padStart(8, '0')}`,
        productName: 'Redmi Note 10',
        estimatePaise: 50_000,
        paidPaise: 0,
        createdAt: ist(
          '2026-03-10',
          `${String(10 + Math.floor(n / 60)).padStart(2, '0')}:${String(n).padStart(2, '0')}`,
        ),
      });
  }

  it('streams the repairs received between From and To, which csv-parse reads back as the data', async () => {
    await seedRepairs();
    await signInAs(world, 'owner');
    const made = exportRepairsCsv(world.ports, STORE, { from: '2026-03-01', to: '2026-03-31' });
    if (!made.ok) throw new Error('refused');
    expect(made.value.fileName).toBe('repairs-2026-03-01-to-2026-03-31.csv');
    const chunks = await collect(made.value.chunks);
    expect(chunks.length).toBeGreaterThan(2); // the header, then one chunk per page
    const text = chunks.join('');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'Repair ID',
      'Received date',
      'Customer',
      'Mobile',
      'Device',
      'IMEI / Serial',
      'Problems',
      'Status',
      'Estimate',
      'Final amount',
      'Paid',
      'Due',
      'Delivered date',
    ]);
    expect(rows).toHaveLength(62);
    const ids = rows.map((row) => row[0]);
    expect(new Set(ids).size).toBe(62);
    expect(ids).not.toContain('SMC-0999');
    expect(ids).not.toContain('SMC-1999');
    const byId = new Map(rows.map((row) => [row[0], row]));
    expect(byId.get('SMC-1001')).toEqual([
      'SMC-1001',
      '2026-03-01',
      'Sharma, "Raju" Kumar',
      '9876543210',
      'Galaxy M31 (Mobile)',
      '="490154203237518"',
      'Screen broken; Battery problem',
      'Delivered',
      '1300.00',
      '1450.50',
      '1000.00',
      '450.50',
      '2026-03-04',
    ]);
    expect(byId.get('SMC-1002')).toEqual([
      'SMC-1002',
      '2026-03-31',
      `'=HYPERLINK("http://evil","x")`,
      '9811122334',
      'iPhone 12 (Mobile)',
      '',
      'Other',
      'Received',
      '',
      '',
      '0.00',
      '0.00',
      '',
    ]);
    expect(byId.get('SMC-1100')?.slice(8, 12)).toEqual(['500.00', '', '0.00', '500.00']);
  });

  it('reads one page at a time, only as the file takes them', async () => {
    await seedRepairs();
    await signInAs(world, 'owner');
    const pages: unknown[] = [];
    const ports = {
      logger: world.logger,
      shopRepairs: {
        ...world.ports.shopRepairs,
        page: (storeId: string, query: Parameters<typeof world.ports.shopRepairs.page>[1]) => {
          pages.push(query.cursor ?? null);
          return world.ports.shopRepairs.page(storeId, query);
        },
      },
    };
    const made = exportRepairsCsv(ports, STORE, { from: '2026-03-01', to: '2026-03-31' });
    if (!made.ok) throw new Error('refused');
    expect(pages).toHaveLength(0);
    await made.value.chunks.next(); // the header: nothing read yet
    expect(pages).toHaveLength(0);
    await made.value.chunks.next();
    expect(pages).toEqual([null]);
    await collect(made.value.chunks);
    expect(pages.length).toBe(2);
  });

  it("refuses a backwards range under 'To' and tells staff the export is the owner's", async () => {
    expect(exportRepairsCsv(world.ports, STORE, { from: '2026-03-02', to: '2026-03-01' })).toEqual({
      ok: false,
      fieldErrors: { to: REPORT_USE_CASE_MESSAGES.rangeBackwards },
    });
    await signInAs(world, 'rival');
    const made = exportRepairsCsv(world.ports, STORE, { from: '2026-03-01', to: '2026-03-31' });
    if (!made.ok) throw new Error('refused');
    const failure = await collect(made.value.chunks).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReportExportError);
    expect((failure as Error).message).toBe(REPORT_USE_CASE_MESSAGES.ownerOnly);
  });
});

describe('exportPaymentsCsv', () => {
  it('streams payments and refunds taken between From and To, oldest first, as csv-parse reads back', async () => {
    const payments = [
      ...Array.from({ length: 520 }, (_, n) => payment(n)),
      payment(900, {
        kind: 'refund',
        mode: 'upi',
        amountPaise: 50_000,
        customerName: 'Sharma, "Raju" Kumar',
        note: '-1 screen returned',
        at: ist('2026-03-31', '23:59'),
      }),
      payment(901, {
        amountPaise: 10_000,
        mode: 'upi',
        upiReference: '633412345678',
        customerName: '@admin',
        at: ist('2026-03-01', '00:00'),
      }),
      payment(902, { at: ist('2026-04-01', '00:00') }),
      payment(903, { at: ist('2026-02-28', '23:59') }),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    const reports = new ListedReports(payments);
    const made = exportPaymentsCsv({ reports, logger: world.logger }, STORE, {
      from: '2026-03-01',
      to: '2026-03-31',
    });
    if (!made.ok) throw new Error('refused');
    expect(made.value.fileName).toBe('payments-2026-03-01-to-2026-03-31.csv');
    const [header, ...rows] = parseCsv((await collect(made.value.chunks)).join(''));
    expect(header).toEqual([
      'Date',
      'Repair ID',
      'Customer',
      'Kind',
      'Mode',
      'Amount',
      'UPI Reference',
      'Taken by',
      'Note',
    ]);
    expect(reports.queries).toHaveLength(2);
    expect(reports.queries.map((query) => query.cursor ?? null)).toEqual([null, '500']);
    expect(reports.queries[0]?.from).toEqual(new Date('2026-02-28T18:30:00Z'));
    expect(reports.queries[0]?.to).toEqual(new Date('2026-03-31T18:30:00Z'));
    expect(rows).toHaveLength(522);
    expect(rows[0]).toEqual([
      '2026-03-01',
      'SMC-1901',
      "'@admin",
      'Payment',
      'UPI',
      '100.00',
      '633412345678',
      'Rahul Sharma',
      '',
    ]);
    expect(rows.at(-1)).toEqual([
      '2026-03-31',
      'SMC-1900',
      'Sharma, "Raju" Kumar',
      'Refund',
      'UPI',
      '-500.00',
      '',
      'Rahul Sharma',
      "'-1 screen returned",
    ]);
    const total = rows.reduce((sum, row) => sum + Math.round(Number(row[5]) * 100), 0);
    const expected = payments
      .filter((p) => p.at >= ist('2026-03-01', '00:00') && p.at < ist('2026-04-01', '00:00'))
      .reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amountPaise : p.amountPaise), 0);
    expect(total).toBe(expected);
  });

  it('fails with a message when a later page cannot be read, after the pages already given', async () => {
    const reports = new ListedReports(Array.from({ length: 600 }, (_, n) => payment(n)));
    reports.failAt = 1;
    const made = exportPaymentsCsv({ reports, logger: world.logger }, STORE, {
      from: '2026-03-01',
      to: '2026-03-31',
    });
    if (!made.ok) throw new Error('refused');
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const chunk of made.value.chunks) seen.push(chunk);
    })().catch((error: unknown) => error);
    expect(seen).toHaveLength(2);
    expect(failure).toBeInstanceOf(ReportExportError);
    expect((failure as Error).message).toBe(REPORT_USE_CASE_MESSAGES.exportFailed);
  });
});
