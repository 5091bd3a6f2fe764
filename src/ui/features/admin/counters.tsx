import type { AdminTotals } from '../../../domain/admin/business-performance';
import { ADMIN_MESSAGES } from '../../../domain/admin/messages';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';

/**
 * The admin's two headline numbers: with their values, spinning while they load (`loading`), or '—'
 * when they could not be read (neither).
 */
export function Counters({ totals, loading = false }: { totals?: AdminTotals; loading?: boolean }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Counter
        label={ADMIN_MESSAGES.totalUsers}
        value={totals?.totalUsers}
        loading={loading}
        hint="Every account with a profile"
      />
      <Counter
        label={ADMIN_MESSAGES.totalBusinessUsers}
        value={totals?.totalBusinessUsers}
        loading={loading}
        hint="Accounts that own at least one store"
      />
    </dl>
  );
}

/** One of the admin's headline numbers, with a spinner while it loads and '—' when it could not. */
function Counter({
  label,
  value,
  loading,
  hint,
}: {
  label: string;
  value: number | undefined;
  loading: boolean;
  hint: string;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <svg
            aria-hidden="true"
            className="size-5"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="9" cy="8" r="4" />
            <path d="M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3" />
          </svg>
        </span>
        {label}
      </dt>
      <dd className="mt-3 text-3xl font-bold tabular-nums text-slate-900">
        {loading ? (
          <Spinner className="my-2 size-6 text-slate-400" />
        ) : (
          (value?.toLocaleString('en-IN') ?? '—')
        )}
      </dd>
      <dd className="mt-1 text-xs text-slate-500">{hint}</dd>
    </Card>
  );
}
