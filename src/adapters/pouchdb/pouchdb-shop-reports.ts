import { parseShopRepair } from '../../domain/shop/repair-record';
import { emptyReportDay, monthReportFromDays, type ReportDay } from '../../domain/shop/report-totals';
import { daysOfMonth, type MonthReport, type ReportMonth } from '../../domain/shop/reports';
import type {
  ExportQuery,
  PageOfReportPayments,
  ReportPayment,
  ShopReportRepository,
} from '../../ports/shop-reports';
import { requireStoreOwner } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import {
  checkExportQuery,
  checkReportMonth,
  comparePositions,
  encodePaymentCursor,
  type PaymentPosition,
} from '../local/report-rules';
import { guarded, type ViewRow } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { parsePayment } from './pouchdb-shop-docs';
import { pouchMembershipLookup } from './pouchdb-shop-membership';
import { REPORT_REPAIR_METRICS, VIEWS } from './pouchdb-views';

/**
 * The owner's reports on PouchDB (ports/shop-reports.ts), from the views of pouchdb-views.ts, never by
 * reading the month's repairs or payments:
 *  - reports/byMonth (repairs): grouped at level 4 over [store, claim, month], one reduce row per metric
 *    (received, each 'Top Problems' bucket, delivered, sales, turnaround) for the repairs naming the
 *    store ('' claim) and for the apps' repairs of its owner (claim: the owner);
 *  - reports/due (repairs): the owing repairs' total and count now, two reduce rows per claim;
 *  - reportPayments/byMonth (payments, and shopPrivate's older advances): grouped at level 4 over
 *    [store, month], one row per mode (and refunds) and day;
 *  - reportPayments/byTime: the export's pages by [store, taken at, repair, payment], both databases
 *    merged in that order; then only the page's payments and their repairs (Repair ID, customer) are
 *    read.
 * Owner only: staff 'permission-denied' (local-rules requireStoreOwner).
 */

const HIGH = {};

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);
const keyOf = (row: ViewRow): readonly unknown[] => (Array.isArray(row.key) ? row.key : []);

export class PouchShopReportRepository implements ShopReportRepository {
  private readonly lookup;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
  ) {
    this.lookup = pouchMembershipLookup(dbs);
  }

  monthReport(storeId: string, month: ReportMonth): Promise<MonthReport> {
    return guarded(async () => {
      const access = await requireStoreOwner(this.session, storeId, this.lookup);
      checkReportMonth(month);
      // The store's own repairs (storeId) and the apps' that name it by `store` with its owner.
      const claims = ['', ...(access.store.ownerId === '' ? [] : [access.store.ownerId])];
      const repairRows = (
        await Promise.all(
          claims.map((claim) =>
            this.dbs.repairs.query(VIEWS.reportsByMonth, {
              startkey: [storeId, claim, month],
              endkey: [storeId, claim, month, HIGH],
              reduce: true,
              group_level: 4,
            }),
          ),
        )
      ).flat();
      const dueRows = (
        await Promise.all(
          claims.map((claim) =>
            this.dbs.repairs.query(VIEWS.reportsDue, {
              startkey: [storeId, claim],
              endkey: [storeId, claim, HIGH],
              reduce: true,
              group_level: 3,
            }),
          ),
        )
      ).flat();
      const moneyRows = (
        await Promise.all(
          [this.dbs.payments, this.dbs.shopPrivate].map((db) =>
            db.query(VIEWS.reportPaymentsByMonth, {
              startkey: [storeId, month],
              endkey: [storeId, month, HIGH],
              reduce: true,
              group_level: 4,
            }),
          ),
        )
      ).flat();

      // The repairs' metrics are the month's (they make no daily figure): kept on its first day.
      const days = new Map<string, ReportDay>();
      const dayOf = (day: string) => {
        let totals = days.get(day);
        if (totals === undefined) {
          totals = emptyReportDay();
          days.set(day, totals);
        }
        return totals;
      };
      const month0 = dayOf(daysOfMonth(month)[0] as string);
      for (const row of repairRows) {
        const metric = String(keyOf(row)[3] ?? '');
        const value = numberOf(row.value);
        if (metric.startsWith(REPORT_REPAIR_METRICS.problem)) {
          const bucket = metric.slice(REPORT_REPAIR_METRICS.problem.length);
          month0.problems[bucket] = (month0.problems[bucket] ?? 0) + value;
        } else if (metric === REPORT_REPAIR_METRICS.received) month0.received += value;
        else if (metric === REPORT_REPAIR_METRICS.delivered) month0.delivered += value;
        else if (metric === REPORT_REPAIR_METRICS.sales) month0.salesPaise += value;
        else if (metric === REPORT_REPAIR_METRICS.turnaroundMs) month0.turnaroundMs += value;
        else if (metric === REPORT_REPAIR_METRICS.turnaroundRepairs) month0.turnaroundRepairs += value;
      }
      for (const row of moneyRows) {
        const [, , metric, day] = keyOf(row);
        if (typeof day !== 'string') continue;
        const totals = dayOf(day);
        const value = numberOf(row.value);
        if (metric === 'cash') totals.cashPaise += value;
        else if (metric === 'upi') totals.upiPaise += value;
        else if (metric === 'card') totals.cardPaise += value;
        else if (metric === 'refunds') totals.refundsPaise += value;
      }
      const due = { duePaise: 0, dueRepairs: 0 };
      for (const row of dueRows) {
        const metric = keyOf(row)[2];
        if (metric === 'duePaise') due.duePaise += numberOf(row.value);
        else if (metric === 'dueRepairs') due.dueRepairs += numberOf(row.value);
      }
      return monthReportFromDays(storeId, month, (day) => days.get(day), due);
    });
  }

  paymentsPage(storeId: string, query: ExportQuery): Promise<PageOfReportPayments> {
    return guarded(async () => {
      await requireStoreOwner(this.session, storeId, this.lookup);
      const { fromMs, toMs, limit, after } = checkExportQuery(query);
      const startkey =
        after === null ? [storeId, fromMs] : [storeId, after.atMs, after.repairDocId, after.paymentId];
      // Each database's next entries (the cursor's own, when there, dropped), merged in key order.
      const sources = [this.dbs.payments, this.dbs.shopPrivate] as const;
      const lists = await Promise.all(
        sources.map((db) =>
          db.query(VIEWS.reportPaymentsByTime, {
            startkey: after !== null && after.atMs < fromMs ? [storeId, fromMs] : startkey,
            endkey: [storeId, toMs],
            inclusive_end: false,
            limit: limit + 2,
          }),
        ),
      );
      const seen = new Set<string>();
      const positions: (PaymentPosition & { readonly source: number; readonly docId: string })[] = [];
      lists.forEach((rows, source) => {
        for (const row of rows) {
          const [, atMs, repairDocId, paymentId] = keyOf(row);
          if (typeof atMs !== 'number' || typeof repairDocId !== 'string' || typeof paymentId !== 'string')
            continue;
          const position = { atMs, repairDocId, paymentId };
          if (after !== null && comparePositions(position, after) <= 0) continue;
          positions.push({ ...position, source, docId: row.id ?? '' });
        }
      });
      positions.sort(comparePositions);
      // An entry kept in both databases (an older advance copied over) is listed once.
      const unique = positions.filter((position) => {
        const id = `${position.repairDocId}\u0000${position.paymentId}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
      const page = unique.slice(0, limit);
      const docs = await Promise.all(
        sources.map((db, source) => {
          const keys = page.filter((position) => position.source === source).map((p) => p.docId);
          return keys.length === 0 ? Promise.resolve([]) : db.allDocs({ keys, include_docs: true });
        }),
      );
      const byDocId = new Map(docs.flat().flatMap((row) => (row.doc ? [[row.id, row.doc] as const] : [])));
      const repairIds = [...new Set(page.map((position) => position.repairDocId))];
      const repairRows =
        repairIds.length === 0 ? [] : await this.dbs.repairs.allDocs({ keys: repairIds, include_docs: true });
      const repairs = new Map(
        repairRows.flatMap((row) => {
          if (!row.doc) return [];
          const repair = parseShopRepair(row.id, row.doc);
          return [[row.id, { repairId: repair.repairId, customerName: repair.customerName }] as const];
        }),
      );
      const items = page.flatMap((position): ReportPayment[] => {
        const doc = byDocId.get(position.docId);
        if (doc === undefined) return [];
        const repair = repairs.get(position.repairDocId) ?? { repairId: '', customerName: '' };
        return [{ ...parsePayment(position.repairDocId, doc), ...repair }];
      });
      const last = page[page.length - 1];
      const more = unique.length > limit || lists.some((rows) => rows.length === limit + 2);
      return {
        items,
        next:
          more && last !== undefined
            ? encodePaymentCursor({
                atMs: last.atMs,
                repairDocId: last.repairDocId,
                paymentId: last.paymentId,
              })
            : null,
      };
    });
  }
}
