import { Link } from '@tanstack/react-router';
import type { ShopRepair } from '../../../../domain/shop/repair-record';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { formatDay, PendingSyncBadge, StatusBadge, StoreName } from '../shop-ui';

/** A repair of the board; a search across stores adds the store it belongs to. */
type BoardRepair = ShopRepair & { readonly storeName?: string };

/** The board's repairs: cards on a phone (one thumb reaches everything); `showStore` names each one's store. */
export function RepairCards({
  repairs,
  showStore = false,
}: {
  repairs: readonly BoardRepair[];
  showStore?: boolean;
}) {
  return (
    <ul className="space-y-3">
      {repairs.map((repair) => (
        <li key={repair.id}>
          <Link
            to="/shop/repairs/$id"
            params={{ id: repair.id }}
            className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 active:bg-slate-50"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-lg font-bold">{repair.repairId}</span>
              <span className="flex flex-wrap items-center justify-end gap-1">
                <PendingSyncBadge pending={repair.pendingSync} />
                <StatusBadge status={repair.status} />
              </span>
            </div>
            <p className="mt-1 font-medium text-slate-800">{repair.customerName}</p>
            <p className="text-sm text-slate-600">
              {repair.productName || repair.productType} · {formatDay(repair.createdAt)}
            </p>
            {showStore && repair.storeName !== undefined && (
              <p className="mt-1 text-sm font-medium text-slate-700">
                <StoreName name={repair.storeName} />
              </p>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The board's repairs: a table on a wider screen; `showStore` adds a 'Store' column. */
export function RepairTable({
  repairs,
  showStore = false,
}: {
  repairs: readonly BoardRepair[];
  showStore?: boolean;
}) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-4 py-3 font-semibold">Repair ID</th>
            {showStore && <th className="px-4 py-3 font-semibold">Store</th>}
            <th className="px-4 py-3 font-semibold">Customer</th>
            <th className="px-4 py-3 font-semibold">Mobile</th>
            <th className="px-4 py-3 font-semibold">Device</th>
            <th className="px-4 py-3 font-semibold">Status</th>
            <th className="px-4 py-3 font-semibold">Received</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {repairs.map((repair) => (
            <tr key={repair.id} className="hover:bg-slate-50">
              <td className="px-4 py-3 font-semibold">
                <Link
                  to="/shop/repairs/$id"
                  params={{ id: repair.id }}
                  className="text-brand-700 hover:underline"
                >
                  {repair.repairId}
                </Link>
              </td>
              {showStore && (
                <td className="px-4 py-3">
                  <StoreName name={repair.storeName ?? ''} />
                </td>
              )}
              <td className="px-4 py-3">{repair.customerName}</td>
              <td className="px-4 py-3">{repair.customerMobile}</td>
              <td className="px-4 py-3">{repair.productName || repair.productType}</td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap items-center gap-1">
                  <StatusBadge status={repair.status} />
                  <PendingSyncBadge pending={repair.pendingSync} />
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDay(repair.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Newer and Older pages of the board (the trail of cursors is in the URL). */
export function BoardPager({
  pageNumber,
  hasOlder,
  onNewer,
  onOlder,
}: {
  pageNumber: number;
  hasOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
}) {
  return (
    <nav aria-label="Pages of repairs" className="flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={pageNumber <= 1} onClick={onNewer}>
        <span aria-hidden="true">←</span> Newer
      </Button>
      <span className="text-sm font-medium text-slate-700" aria-live="polite">
        Page {pageNumber}
      </span>
      <Button variant="secondary" disabled={!hasOlder} onClick={onOlder}>
        Older <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
