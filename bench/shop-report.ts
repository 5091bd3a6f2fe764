import type { SeedData, SeedRepairRecord } from '../src/demo';
import { DEMO_PASSWORD } from '../src/demo/demo-data';
import type { SeedPayment } from '../src/demo/seeder';
import { asInstant } from '../src/domain/shared/time';
import { COMMON_PROBLEMS, hasTypedProblem } from '../src/domain/shop/problems';
import { parseShopRepair, storedDues } from '../src/domain/shop/repair-record';
import { repairBelongsTo } from '../src/domain/shop/repair-store';
import { reportFieldsAfterMove } from '../src/domain/shop/report-fields';
import { monthReportFromAll, type ReportMoney } from '../src/domain/shop/report-totals';
import { istMonth, type MonthReport } from '../src/domain/shop/reports';
import type { RawDocument } from './baseline';

/**
 * Scenario `shop-report` (issue 18, 'Reports'): one store holding the run's number of repairs (at most
 * REPORT_MAX_REPAIRS), about 14 a day over two years, with their payments: most delivered one to five
 * days after they came in and paid then by cash, UPI or card, a quarter with an advance at the counter,
 * one in fifty refunded in part, one in a hundred delivered on credit; problems from the common list, one
 * in seventeen with a typed one ('Other'). Every repair carries the fields its writes store (deliveredAt,
 * the dues fields and the reports' sums). Ours: the owner opens /shop/reports for the last whole month
 * (monthReport). The baseline: the read-everything way, every repair and every payment of the store read
 * (counted as the documents returned, on every backend) and folded by the pure oracle
 * (report-totals.ts monthReportFromAll). Both answers must be equal.
 */

export const REPORT_STORE = 'bench-report-store';
export const REPORT_OWNER = { uid: 'bench-report-owner', email: 'report-owner@bench.test' } as const;
/** The largest run the scenario is measured at (the issue's 10k; the 100k runs leave it out). */
export const REPORT_MAX_REPAIRS = 10_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** One repair every 100 minutes: 10k repairs span about 23 months. */
const STEP = 100 * MINUTE;
const TYPED_PROBLEM = 'Face ID not working';

/** The month the owner opens: the last whole month (IST) before `now`. */
export function reportMonthOf(now: Date): string {
  const month = istMonth(now);
  const [year, index] = month.split('-').map(Number) as [number, number];
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, '0')}`;
}

/** The store, its owner, `repairs` repairs (the newest a few minutes before `now`) and their payments. */
export function reportData(now: Date, repairs: number): SeedData {
  const records: SeedRepairRecord[] = [];
  const payments: SeedPayment[] = [];
  const modes = ['cash', 'upi', 'card'] as const;
  for (let n = 0; n < repairs; n += 1) {
    const id = `bench-report-${n}`;
    const createdAt = new Date(now.getTime() - (repairs - n) * STEP);
    const deliveredAt = new Date(createdAt.getTime() + (1 + (n % 5)) * DAY + (n % 7) * HOUR);
    const delivered = n % 20 !== 0 && deliveredAt.getTime() < now.getTime();
    const status = delivered ? 'delivered' : n % 20 === 0 ? 'ready' : 'inprogress';
    const billPaise = 50_000 + (n % 40) * 2_500;
    const problemList = [COMMON_PROBLEMS[n % 13] as string];
    if (n % 4 === 0 && n % 13 !== (n * 7) % 13) problemList.push(COMMON_PROBLEMS[(n * 7) % 13] as string);
    if (n % 17 === 0) problemList.push(TYPED_PROBLEM);
    const own: SeedPayment[] = [];
    const pay = (kind: 'payment' | 'refund', amountPaise: number, mode: (typeof modes)[number], at: Date) =>
      own.push({
        repairDocId: id,
        storeId: REPORT_STORE,
        seq: own.length,
        id: `${id}-p${own.length + 1}`,
        kind,
        amountPaise,
        mode,
        at,
        by: { uid: REPORT_OWNER.uid, name: 'Report Owner' },
        note: kind === 'refund' ? 'Part not needed' : '',
      });
    const advance = n % 4 === 0 ? 20_000 : 0;
    if (advance > 0) pay('payment', advance, 'cash', createdAt);
    // Delivered and paid then, but one in a hundred on credit; one in fifty refunded in part an hour later.
    if (delivered && n % 100 !== 7) {
      pay('payment', billPaise - advance, modes[n % 3] ?? 'cash', deliveredAt);
      if (n % 50 === 1) pay('refund', 5_000, 'upi', new Date(deliveredAt.getTime() + HOUR));
    }
    const paidPaise = own.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amountPaise : p.amountPaise), 0);
    const record: Record<string, unknown> = {
      id,
      repairId: `BRP-${1001 + n}`,
      storeId: REPORT_STORE,
      businessId: REPORT_OWNER.uid,
      customerName: `Report Customer ${n % 997}`,
      customerNameLower: `report customer ${n % 997}`,
      customerMobile: `8${String(100_000_000 + (n % 997)).padStart(9, '0')}`,
      productName: 'Bench Phone',
      productType: 'Mobile',
      problems: problemList.join(', '),
      problemList,
      otherProblem: hasTypedProblem(problemList),
      status,
      estimatedCost: billPaise / 100,
      estimatePaise: billPaise,
      // Two in three have a final amount (the same as the estimate); the others sell the estimate.
      ...(n % 3 === 0 ? {} : { amount: billPaise / 100 }),
      paidPaise,
      createdAt,
      updatedAt: delivered ? deliveredAt : createdAt,
      deliveredAt: delivered ? deliveredAt : null,
    };
    Object.assign(record, reportFieldsAfterMove(status, record, deliveredAt), storedDues(record));
    records.push(record as SeedRepairRecord);
    payments.push(...own);
  }
  return {
    accounts: [{ uid: REPORT_OWNER.uid, email: REPORT_OWNER.email, password: DEMO_PASSWORD }],
    users: [
      {
        uid: REPORT_OWNER.uid,
        record: {
          email: REPORT_OWNER.email,
          role: 'user',
          name: 'Report Owner',
          businessName: 'Bench Report',
        },
      },
    ],
    stores: [{ id: REPORT_STORE, ownerId: REPORT_OWNER.uid, name: 'Bench Report Store' }],
    publicProfiles: [],
    repairs: records,
    supportIssues: [],
    transactions: [],
    storeLinks: null,
    shop: { members: [], trackingLinks: [], payments, counters: [], shopOnly: [] },
  };
}

/**
 * The baseline's report from everything the store holds: its own repairs (repairBelongsTo) and the
 * payments and refunds of its repairs, as stored on the backend, folded by the oracle.
 */
export function baselineReport(
  month: string,
  repairs: readonly RawDocument[],
  payments: readonly RawDocument[],
): MonthReport {
  const own = repairs.filter((document) => repairBelongsTo(document.data, REPORT_STORE, REPORT_OWNER.uid));
  const ids = new Set(own.map((document) => document.id));
  const money: ReportMoney[] = payments
    .filter((document) => ids.has(String(document.data.repairDocId)))
    .map((document) => ({
      kind: document.data.kind === 'refund' ? 'refund' : 'payment',
      mode: document.data.mode === 'upi' || document.data.mode === 'card' ? document.data.mode : 'cash',
      amountPaise: Number(document.data.amountPaise) || 0,
      at: asInstant(document.data.at) ?? new Date(0),
    }));
  return monthReportFromAll(
    REPORT_STORE,
    own.map((document) => parseShopRepair(document.id, document.data)),
    money,
    month,
  );
}
