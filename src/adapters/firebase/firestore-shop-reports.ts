import type { Auth } from 'firebase/auth';
import {
  and,
  collection,
  collectionGroup,
  count,
  type DocumentData,
  doc,
  documentId,
  type Firestore,
  limit,
  orderBy,
  type Query,
  type QueryFilterConstraint,
  type QueryNonFilterConstraint,
  query,
  startAfter,
  sum,
  Timestamp,
  where,
} from 'firebase/firestore';
import { COMMON_PROBLEMS } from '../../domain/shop/problems';
import { parseShopRepair } from '../../domain/shop/repair-record';
import {
  averageTurnaroundDays,
  daysOfMonth,
  type MonthReport,
  monthBounds,
  OTHER_PROBLEM,
  REPORT_MESSAGES,
  type ReportMonth,
  rankProblems,
} from '../../domain/shop/reports';
import { PortError } from '../../ports/errors';
import type {
  ExportQuery,
  PageOfReportPayments,
  ReportPayment,
  ShopReportRepository,
} from '../../ports/shop-reports';
import { checkExportQuery, checkReportMonth } from '../local/report-rules';
import { firestoreCall } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { getAggregateFromServer, getDoc, getDocs } from './firestore-reads';
import { ofStore, parsePayment } from './firestore-repair-queries';
import { type FirestoreShopAccess, SHOP_COLLECTIONS, ShopAccessChecker } from './firestore-shop-data';

/**
 * The owner's reports and payments export on Firestore (issue 18, owner-console.md "Reports"), from
 * aggregation queries only: never a read of every repair or payment of the month. A month report is
 * about 80 count()/sum() queries run at once, each billed 1 read per 1,000 index entries it matches:
 *  - repairs (the store's, as the board lists them: ofStore) created in the month: count();
 *  - delivered in the month (stored `deliveredAt`): count(), sum() of the delivered figures;
 *  - per common problem: count() with `problemList` array-contains, created in the month;
 *  - 'Due': sum(duePaise) and count() of the store's repairs with `owing` (the dues khata's index);
 *  - payments and refunds: the `payments` collection group by storeId, kind, mode and `at` (the
 *    month by mode, and each day's payments and refunds for the chart), sum(amountPaise).
 * The payments export is a collection-group query on storeId and `at`, page by page behind a cursor,
 * with one get per repair of the page for its Repair ID and customer. firestore.rules let only the
 * store's owner run the collection-group queries (staff are refused); the adapter checks it first.
 * Indexes: firestore.indexes.json (docs/shop.md, "Reports on Firestore").
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const PAYMENT_MODES = ['cash', 'upi', 'card'] as const;

/** A number an aggregation answered (sum() of no document is 0; average() of none is null). */
const figure = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** An export's page cursor: the last payment's `at` (seconds and nanoseconds) and its document path. */
function encodePaymentCursor(at: Timestamp, path: string): string {
  return `${at.seconds}.${String(at.nanoseconds).padStart(9, '0')}~${path}`;
}

function decodePaymentCursor(cursor: string): { at: Timestamp; path: string } {
  const match = /^(-?\d{1,12})\.(\d{9})~(repairs\/[^/]{1,1500}\/payments\/[^/]{1,1500})$/.exec(cursor);
  if (match === null) throw new PortError('invalid-argument', REPORT_MESSAGES.badCursor);
  return { at: new Timestamp(Number(match[1]), Number(match[2])), path: match[3] ?? '' };
}

export class FirestoreShopReportRepository implements ShopReportRepository {
  private readonly access: ShopAccessChecker;

  constructor(
    private readonly db: Firestore,
    auth: Auth,
  ) {
    this.access = new ShopAccessChecker(db, auth);
  }

  private repairs() {
    return collection(this.db, COLLECTIONS.repairs);
  }

  private payments() {
    return collectionGroup(this.db, SHOP_COLLECTIONS.payments);
  }

  /** The store's repairs matching `filters` (as the board lists them: by storeId, or the apps' by store). */
  private repairsWhere(
    access: FirestoreShopAccess,
    ...filters: QueryFilterConstraint[]
  ): Query<DocumentData> {
    return query(this.repairs(), and(ofStore(access), ...filters));
  }

  /** The store's payments or refunds taken in [start, end), of one mode or all. */
  private paymentsWhere(
    storeId: string,
    kind: 'payment' | 'refund',
    start: Date,
    end: Date,
    mode?: (typeof PAYMENT_MODES)[number],
  ): Query<DocumentData> {
    return query(
      this.payments(),
      where('storeId', '==', storeId),
      where('kind', '==', kind),
      ...(mode === undefined ? [] : [where('mode', '==', mode)]),
      where('at', '>=', Timestamp.fromDate(start)),
      where('at', '<', Timestamp.fromDate(end)),
    );
  }

  monthReport(storeId: string, month: ReportMonth): Promise<MonthReport> {
    return firestoreCall(async () => {
      const access = await this.access.requireOwner(storeId);
      checkReportMonth(month);
      const { start, end } = monthBounds(month);
      const created = [
        where('createdAt', '>=', Timestamp.fromDate(start)),
        where('createdAt', '<', Timestamp.fromDate(end)),
      ];
      const buckets = [...COMMON_PROBLEMS, OTHER_PROBLEM];
      const [received, delivered, due, problems, byMode, refunds, daily] = await Promise.all([
        getAggregateFromServer(this.repairsWhere(access, ...created), { repairs: count() }),
        this.deliveredIn(access, start, end),
        getAggregateFromServer(this.repairsWhere(access, where('owing', '==', true)), {
          repairs: count(),
          paise: sum('duePaise'),
        }),
        // 'Top Problems': one count() per common problem, and 'Other' by the stored otherProblem.
        Promise.all(
          buckets.map((problem) =>
            getAggregateFromServer(
              this.repairsWhere(
                access,
                problem === OTHER_PROBLEM
                  ? where('otherProblem', '==', true)
                  : where('problemList', 'array-contains', problem),
                ...created,
              ),
              { repairs: count() },
            ),
          ),
        ),
        Promise.all(
          PAYMENT_MODES.map((mode) => this.paise(this.paymentsWhere(storeId, 'payment', start, end, mode))),
        ),
        this.paise(this.paymentsWhere(storeId, 'refund', start, end)),
        // Each day's payments less refunds, for the chart: two sums a day, all at once.
        Promise.all(
          daysOfMonth(month).map(async (day, n) => {
            const dayStart = new Date(start.getTime() + n * DAY_MS);
            const dayEnd = new Date(dayStart.getTime() + DAY_MS);
            const [taken, refunded] = await Promise.all([
              this.paise(this.paymentsWhere(storeId, 'payment', dayStart, dayEnd)),
              this.paise(this.paymentsWhere(storeId, 'refund', dayStart, dayEnd)),
            ]);
            return { day, netPaise: taken - refunded };
          }),
        ),
      ]);
      const [cashPaise = 0, upiPaise = 0, cardPaise = 0] = byMode;
      return {
        storeId,
        month,
        received: received.data().repairs,
        delivered: delivered.repairs,
        salesPaise: delivered.salesPaise,
        collected: {
          cashPaise,
          upiPaise,
          cardPaise,
          refundsPaise: refunds,
          netPaise: cashPaise + upiPaise + cardPaise - refunds,
        },
        duePaise: figure(due.data().paise),
        dueRepairs: due.data().repairs,
        averageTurnaroundDays: averageTurnaroundDays(delivered.turnaroundMs, delivered.turnaroundRepairs),
        topProblems: rankProblems(
          Object.fromEntries(buckets.map((problem, i) => [problem, problems[i]?.data().repairs ?? 0])),
        ),
        daily,
      };
    });
  }

  /**
   * The repairs delivered in [start, end) (stored deliveredAt: the last delivery): how many, what they
   * sold and their turnarounds (the stored sums of report-fields.ts), and how many have a turnaround
   * (those without createdAt store null).
   */
  private async deliveredIn(access: FirestoreShopAccess, start: Date, end: Date) {
    const range = [
      where('deliveredAt', '>=', Timestamp.fromDate(start)),
      where('deliveredAt', '<', Timestamp.fromDate(end)),
    ];
    const [all, unknown] = await Promise.all([
      getAggregateFromServer(this.repairsWhere(access, ...range), {
        repairs: count(),
        sales: sum('salePaise'),
        turnaround: sum('turnaroundMs'),
      }),
      getAggregateFromServer(this.repairsWhere(access, where('turnaroundMs', '==', null), ...range), {
        repairs: count(),
      }),
    ]);
    const repairs = all.data().repairs;
    return {
      repairs,
      salesPaise: figure(all.data().sales),
      turnaroundMs: figure(all.data().turnaround),
      turnaroundRepairs: repairs - unknown.data().repairs,
    };
  }

  paymentsPage(storeId: string, request: ExportQuery): Promise<PageOfReportPayments> {
    return firestoreCall(async () => {
      await this.access.requireOwner(storeId);
      const { limit: size } = checkExportQuery({ ...request, cursor: null });
      const cursor = request.cursor ? decodePaymentCursor(request.cursor) : null;
      const constraints: QueryNonFilterConstraint[] = [orderBy('at', 'asc'), orderBy(documentId(), 'asc')];
      if (cursor !== null) constraints.push(startAfter(cursor.at, cursor.path));
      constraints.push(limit(size + 1));
      const snapshot = await getDocs(
        query(
          this.payments(),
          where('storeId', '==', storeId),
          where('at', '>=', Timestamp.fromDate(request.from)),
          where('at', '<', Timestamp.fromDate(request.to)),
          ...constraints,
        ),
      );
      const page = snapshot.docs.slice(0, size);
      // The page's repairs, one get each, for their Repair IDs and customers.
      const repairDocIds = [...new Set(page.map((payment) => payment.ref.parent.parent?.id ?? ''))];
      const repairs = new Map(
        await Promise.all(
          repairDocIds.map(async (id) => {
            const raw = id === '' ? undefined : plainData(await getDoc(doc(this.repairs(), id)));
            const repair = parseShopRepair(id, raw ?? {});
            return [id, { repairId: repair.repairId, customerName: repair.customerName }] as const;
          }),
        ),
      );
      const items: ReportPayment[] = page.map((payment) => {
        const repairDocId = payment.ref.parent.parent?.id ?? '';
        return {
          ...parsePayment(repairDocId, plainData(payment) ?? {}),
          ...(repairs.get(repairDocId) ?? { repairId: '', customerName: '' }),
        };
      });
      const last = page[page.length - 1];
      const lastAt = last?.get('at');
      return {
        items,
        next:
          snapshot.size > size && last !== undefined && lastAt instanceof Timestamp
            ? encodePaymentCursor(lastAt, last.ref.path)
            : null,
      };
    });
  }

  /** sum(amountPaise) of a payments query. */
  private async paise(payments: Query<DocumentData>): Promise<number> {
    const snapshot = await getAggregateFromServer(payments, { paise: sum('amountPaise') });
    return figure(snapshot.data().paise);
  }
}
