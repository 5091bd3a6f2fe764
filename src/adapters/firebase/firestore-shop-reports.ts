import type { MonthReport, ReportMonth } from '../../domain/shop/reports';
import { PortError } from '../../ports/errors';
import type { ExportQuery, PageOfReportPayments, ShopReportRepository } from '../../ports/shop-reports';

/**
 * TEMPORARY, until h18-rf's Firestore reports land (issue 18): Ports has `reports` since the local
 * backends implement it (memory-shop-reports.ts, pouchdb-shop-reports.ts), and the Firebase backend must
 * compile. This class answers every call 'unavailable' with a plain message; h18-rf's
 * FirestoreShopReportRepository (aggregation queries over repairs and payments) replaces this file whole,
 * and tests/firebase/contract.test.ts then runs the report contract on the emulators
 * (REPORTS_ON_FIREBASE).
 */
export class FirestoreShopReportRepository implements ShopReportRepository {
  private refuse(): never {
    throw new PortError('unavailable', 'Reports are not available on this backend yet.');
  }

  async monthReport(_storeId: string, _month: ReportMonth): Promise<MonthReport> {
    return this.refuse();
  }

  async paymentsPage(_storeId: string, _query: ExportQuery): Promise<PageOfReportPayments> {
    return this.refuse();
  }
}
