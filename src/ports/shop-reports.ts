import type { MonthReport, ReportMonth } from '../domain/shop/reports';
import type { ShopPayment } from './shop-repairs';

/** A payment or refund as the payments export lists it, with its repair's Repair ID and customer. */
export interface ReportPayment extends ShopPayment {
  readonly repairId: string;
  readonly customerName: string;
}

/** A range of days for an export: taken (payments) or received (repairs) within [from, to). */
export interface ExportQuery {
  readonly from: Date;
  readonly to: Date;
  /** 1 to MAX_EXPORT_PAGE_SIZE. */
  readonly limit: number;
  /** The `next` of the previous page; null or absent for the first. */
  readonly cursor?: string | null;
}

export const MAX_EXPORT_PAGE_SIZE = 500;

export interface PageOfReportPayments {
  readonly items: readonly ReportPayment[];
  readonly next: string | null;
}

/**
 * The owner's reports and exports (issue 18, owner-console.md "Reports"). The store's owner only: staff
 * and everyone else 'permission-denied', signed out 'unauthenticated' (and the rules and the sync
 * gateway refuse staff the reads these make). 'invalid-argument' for a month that is not 'YYYY-MM', a
 * bad range, limit or cursor.
 */
export interface ShopReportRepository {
  /**
   * The month's report (domain/shop/reports.ts MonthReport), computed from indexes or aggregations:
   * never by reading every repair or payment of the month (bench `shop-report`: at most 2% of the
   * read-everything baseline's reads at 10k repairs, with equal answers).
   */
  monthReport(storeId: string, month: ReportMonth): Promise<MonthReport>;
  /** The store's payments and refunds taken within [from, to), oldest first, one page at a time. */
  paymentsPage(storeId: string, query: ExportQuery): Promise<PageOfReportPayments>;
}
