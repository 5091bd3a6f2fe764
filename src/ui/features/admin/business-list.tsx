import type {
  BusinessPerformancePage,
  BusinessPerformanceRow,
} from '../../../domain/admin/business-performance';
import { ADMIN_MESSAGES } from '../../../domain/admin/messages';

/** Desktop: the businesses of one page as a table, with the month's repairs per business. */
export function BusinessTable({
  rows,
  period,
  page,
}: {
  rows: readonly BusinessPerformanceRow[];
  period: string;
  page: BusinessPerformancePage;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">
          Business users and their repairs created in {period},{' '}
          {ADMIN_MESSAGES.pageLabel(page.page, page.pageCount).toLowerCase()}
        </caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-5 py-3 sm:px-6">
              Business Name
            </th>
            <th scope="col" className="px-3 py-3">
              Owner Email
            </th>
            <th scope="col" className="px-3 py-3">
              Phone
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Stores
            </th>
            <th scope="col" className="px-5 py-3 text-right sm:px-6">
              Repairs <span className="whitespace-nowrap normal-case">({period})</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.uid} className="hover:bg-slate-50">
              <th scope="row" className="px-5 py-3 font-semibold text-slate-900 sm:px-6">
                {row.businessName || '-'}
              </th>
              <td className="break-all px-3 py-3 text-slate-700">{row.email || '-'}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-700">{row.phone || '-'}</td>
              <td className="px-3 py-3 text-right tabular-nums">{row.storeCount}</td>
              <td className="px-5 py-3 text-right font-semibold tabular-nums text-slate-900 sm:px-6">
                {row.repairs}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per business instead of a wide table. */
export function BusinessCards({ rows, period }: { rows: readonly BusinessPerformanceRow[]; period: string }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Business users">
      {rows.map((row) => (
        <li key={row.uid} className="px-5 py-4">
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 break-words font-semibold text-slate-900">{row.businessName || '-'}</h3>
            <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              {row.repairs} {row.repairs === 1 ? 'repair' : 'repairs'}
              <span className="sr-only"> in {period}</span>
            </span>
          </div>
          <p className="mt-1 break-all text-sm text-slate-700">{row.email || '-'}</p>
          <p className="mt-0.5 text-sm text-slate-500">
            {row.phone || '-'} · {row.storeCount} {row.storeCount === 1 ? 'store' : 'stores'}
          </p>
        </li>
      ))}
    </ul>
  );
}
