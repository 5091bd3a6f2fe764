import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ADMIN_MESSAGES } from '../../../domain/admin/messages';
import { type AdminSearchParams, resolveAdminFilter } from '../../../domain/admin/report';
import type { UserProfile } from '../../../domain/users/user';
import { useService, useSettings } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Counter } from './counters';
import { PerformanceCard } from './performance-card';
import { adminQueries } from './queries';

/**
 * The super admin's dashboard: counters, and every business with its repairs in a chosen month. The
 * table's filter (month, year, search, page) lives in the URL, so a view can be shared and reloaded;
 * the route's loader has already asked for both reads, so the first paint usually has them.
 */
export function AdminDashboard({ viewer }: { viewer: UserProfile }) {
  const { productName } = useSettings();
  const admin = useService('admin');
  const clock = useService('clock');
  const [now] = useState(() => clock.now());
  const filter = resolveAdminFilter(getRouteApi('/_signed-in/dashboard').useSearch(), now);
  const navigate = useNavigate();

  const updateSearch = (patch: Partial<AdminSearchParams>, replace = false) =>
    navigate({
      to: '/dashboard',
      search: (previous: AdminSearchParams) => withoutBlanks({ ...previous, ...patch }),
      replace,
    });

  const totals = useQuery({ ...adminQueries.totals(admin, viewer), retryOnMount: false });
  const performance = useQuery({
    ...adminQueries.businessPerformance(admin, viewer, filter),
    placeholderData: keepPreviousData,
    retryOnMount: false,
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
  return {
    ...(params.year !== undefined && { year: params.year }),
    ...(params.month !== undefined && { month: params.month }),
    ...(params.search !== undefined && params.search.trim() !== '' && { search: params.search }),
    ...(params.page !== undefined && params.page > 1 && { page: params.page }),
  };
}
