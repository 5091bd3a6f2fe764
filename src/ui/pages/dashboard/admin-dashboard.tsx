import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type {
  BusinessPerformancePage,
  BusinessPerformanceRow,
} from '../../../domain/admin/business-performance';
import { ADMIN_MESSAGES } from '../../../domain/admin/messages';
import {
  ADMIN_PAGE_SIZE,
  type AdminFilter,
  type AdminSearchParams,
  adminFilterSchema,
  currentPeriod,
  MAX_SEARCH_LENGTH,
  monthName,
  yearChoices,
} from '../../../domain/admin/report';
import type { UserProfile } from '../../../domain/users/user';
import { useService, useSettings } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Card, CardHeader } from '../../components/card';
import { cx } from '../../components/cx';
import { EmptyState } from '../../components/empty-state';
import { SelectField, TextField } from '../../components/fields';
import { LoadingBlock, Spinner } from '../../components/spinner';
import { unwrap } from './query-result';
import { useMediaQuery } from './use-media-query';

/** How long the search box waits after the last keystroke before it filters. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The super admin's dashboard: counters, and every business with its repairs in a chosen month. The
 * table's filter (month, year, search, page) lives in the URL, so a view can be shared and reloaded.
 */
export function AdminDashboard({ viewer }: { viewer: UserProfile }) {
  const { productName } = useSettings();
  const admin = useService('admin');
  const clock = useService('clock');
  const [now] = useState(() => clock.now());
  const search = useSearch({ from: '/dashboard' });
  const filter = adminFilterSchema(now).parse(search);
  const navigate = useNavigate({ from: '/dashboard' });

  const updateSearch = (patch: Partial<AdminSearchParams>, replace = false) =>
    navigate({ search: (previous) => withoutBlanks({ ...previous, ...patch }), replace });

  const totals = useQuery({
    queryKey: ['admin', 'totals', viewer.uid],
    queryFn: async () => unwrap(await admin.totals(viewer)).totals,
    retry: false,
  });
  const performance = useQuery({
    queryKey: [
      'admin',
      'performance',
      viewer.uid,
      filter.year,
      filter.month,
      filter.search.trim(),
      filter.page,
    ],
    queryFn: async () => unwrap(await admin.businessPerformance(viewer, filter)).page,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const failed = totals.isError || performance.isError;
  const retrying = totals.isFetching || performance.isFetching;

  const retry = () => {
    if (totals.isError) void totals.refetch();
    if (performance.isError) void performance.refetch();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">
            Welcome back{viewer.name.trim() ? `, ${viewer.name.trim()}` : ''}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
            {ADMIN_MESSAGES.dashboardTitle(productName)}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Everyone on {productName} at a glance, and how busy each business has been.
          </p>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:shrink-0">
          <ButtonLink to="/support-admin" variant="secondary">
            View Support Issues
          </ButtonLink>
          <ButtonLink to="/distributor-recharge">Recharge Distributors</ButtonLink>
        </div>
      </div>

      {failed && (
        <Alert>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{ADMIN_MESSAGES.loadFailed}</span>
            <Button variant="secondary" size="sm" onClick={retry} busy={retrying}>
              Retry
            </Button>
          </div>
        </Alert>
      )}

      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Counter
          label={ADMIN_MESSAGES.totalUsers}
          value={totals.data?.totalUsers}
          loading={totals.isPending}
          hint="Every account with a profile"
        />
        <Counter
          label={ADMIN_MESSAGES.totalBusinessUsers}
          value={totals.data?.totalBusinessUsers}
          loading={totals.isPending}
          hint="Accounts that own at least one store"
        />
      </dl>

      <PerformanceCard
        now={now}
        filter={filter}
        page={performance.data}
        loading={performance.isPending && !performance.isError}
        updating={performance.isPlaceholderData}
        failed={performance.isError}
        onChange={updateSearch}
      />
    </div>
  );
}

/** Drops empty parts so that the URL only says what differs from the defaults. */
function withoutBlanks(params: AdminSearchParams): AdminSearchParams {
  const result: AdminSearchParams = {};
  if (params.year !== undefined) result.year = params.year;
  if (params.month !== undefined) result.month = params.month;
  if (params.search !== undefined && params.search.trim() !== '') result.search = params.search;
  if (params.page !== undefined && params.page > 1) result.page = params.page;
  return result;
}

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

interface PerformanceCardProps {
  readonly now: Date;
  readonly filter: AdminFilter;
  readonly page: BusinessPerformancePage | undefined;
  readonly loading: boolean;
  readonly updating: boolean;
  readonly failed: boolean;
  readonly onChange: (patch: Partial<AdminSearchParams>, replace?: boolean) => void;
}

function PerformanceCard({ now, filter, page, loading, updating, failed, onChange }: PerformanceCardProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  const period = `${monthName(filter.month)} ${filter.year}`;
  const showing = page && !failed ? page : undefined;

  return (
    <Card>
      <CardHeader
        title={ADMIN_MESSAGES.tableTitle}
        description={`Repairs created in ${period}, per business.`}
      />
      <Filters now={now} filter={filter} onChange={onChange} />
      {loading ? (
        <LoadingBlock />
      ) : showing === undefined ? null : showing.rows.length === 0 ? (
        <EmptyState title={filter.search.trim() ? ADMIN_MESSAGES.noMatches : ADMIN_MESSAGES.noBusinesses}>
          {filter.search.trim() ? (
            <Button variant="secondary" size="sm" onClick={() => onChange({ search: undefined, page: 1 })}>
              Clear search
            </Button>
          ) : (
            'Businesses appear here once their owner creates a store.'
          )}
        </EmptyState>
      ) : (
        <>
          <div
            aria-busy={updating || undefined}
            className={cx('transition-opacity', updating && 'opacity-60')}
          >
            {wide ? (
              <BusinessTable rows={showing.rows} period={period} page={showing} />
            ) : (
              <BusinessCards rows={showing.rows} period={period} />
            )}
          </div>
          <Pager page={showing} updating={updating} onPage={(next) => onChange({ page: next })} />
        </>
      )}
    </Card>
  );
}

function Filters({
  now,
  filter,
  onChange,
}: {
  now: Date;
  filter: AdminFilter;
  onChange: PerformanceCardProps['onChange'];
}) {
  const current = currentPeriod(now);
  const years = yearChoices(now);
  const lastMonth = filter.year === current.year ? current.month : 12;
  const months = Array.from({ length: lastMonth }, (_, index) => index + 1);

  const chooseYear = (year: number) => {
    const month = year === current.year && filter.month > current.month ? current.month : filter.month;
    onChange({ year, month, page: 1 });
  };

  return (
    <div className="grid grid-cols-2 gap-3 border-b border-slate-100 px-5 py-4 sm:px-6 lg:grid-cols-[10rem_8rem_auto_minmax(0,1fr)] lg:items-end">
      <SelectField
        label="Month"
        value={filter.month}
        onChange={(event) => onChange({ month: Number(event.target.value), year: filter.year, page: 1 })}
      >
        {months.map((month) => (
          <option key={month} value={month}>
            {monthName(month)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Year"
        value={filter.year}
        onChange={(event) => chooseYear(Number(event.target.value))}
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </SelectField>
      <Button
        variant="secondary"
        className="col-span-2 lg:col-span-1 lg:h-10"
        onClick={() => onChange({ month: undefined, year: undefined, page: 1 })}
      >
        {ADMIN_MESSAGES.resetToCurrentMonth}
      </Button>
      <SearchBox value={filter.search} onSearch={(text) => onChange({ search: text, page: 1 }, true)} />
    </div>
  );
}

/**
 * The search box: typing filters after a short pause; Enter filters at once. It follows the URL
 * when that changes from elsewhere (back button, a clear-search button).
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const applied = useRef(value.trim());

  useEffect(() => {
    if (value.trim() !== applied.current) {
      applied.current = value.trim();
      setText(value);
    }
  }, [value]);

  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  const apply = useCallback((next: string) => {
    const wanted = next.trim();
    if (wanted === applied.current) return;
    applied.current = wanted;
    latestOnSearch.current(wanted);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => apply(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, apply]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(text);
  };

  return (
    <form onSubmit={submit} className="col-span-2 lg:col-span-1">
      <TextField
        label="Search"
        type="search"
        placeholder="Business name or email"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

function BusinessTable({
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
function BusinessCards({ rows, period }: { rows: readonly BusinessPerformanceRow[]; period: string }) {
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

function Pager({
  page,
  updating,
  onPage,
}: {
  page: BusinessPerformancePage;
  updating: boolean;
  onPage: (page: number) => void;
}) {
  const first = (page.page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(page.page * ADMIN_PAGE_SIZE, page.matching);
  const nav = useRef<HTMLElement>(null);
  const lastUsed = useRef<'prev' | 'next' | null>(null);
  const go = (direction: 'prev' | 'next') => {
    lastUsed.current = direction;
    onPage(direction === 'next' ? page.page + 1 : page.page - 1);
  };

  // Reaching the first or last page disables the button just used: keep focus on the other one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page shown changes
  useEffect(() => {
    const used = lastUsed.current;
    const button = (name: string) => nav.current?.querySelector<HTMLButtonElement>(`[data-pager="${name}"]`);
    const current = used ? button(used) : null;
    if (!used || !current?.disabled) return;
    if (document.activeElement === current || document.activeElement === document.body)
      button(used === 'next' ? 'prev' : 'next')?.focus();
  }, [page.page, page.pageCount]);

  return (
    <nav
      ref={nav}
      aria-label="Pages of business users"
      className="flex flex-col gap-3 border-t border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      <p className="flex items-center gap-2 text-sm text-slate-600">
        Showing {first}–{last} of {page.matching}
        {updating && <Spinner className="size-4 text-slate-400" />}
      </p>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <Button
          variant="secondary"
          size="sm"
          data-pager="prev"
          disabled={page.page <= 1}
          onClick={() => go('prev')}
        >
          <span aria-hidden="true">←</span> Prev
        </Button>
        <span className="text-sm font-medium text-slate-700" aria-live="polite">
          {ADMIN_MESSAGES.pageLabel(page.page, page.pageCount)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          data-pager="next"
          disabled={page.page >= page.pageCount}
          onClick={() => go('next')}
        >
          Next <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}
