import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { ADMIN_MESSAGES } from '../../../domain/admin/messages';
import { type AdminFilter, type AdminSearchParams, resolveAdminFilter } from '../../../domain/admin/report';
import type { UserProfile } from '../../../domain/users/user';
import { useService, useSettings } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PanelBoundary } from '../../components/panel-boundary';
import { Counters } from './counters';
import { BusinessPage, PerformanceCard } from './performance-card';
import { adminQueries } from './queries';

const dashboardRoute = getRouteApi('/_signed-in/dashboard');

/**
 * The super admin's dashboard: counters, and every business with its repairs in a chosen month. The
 * table's filter (month, year, search, page) lives in the URL, so a view can be shared and reloaded.
 * The route's loader has asked for both reads; each panel reads its own and says its own failure with
 * Retry. A new filter keeps the rows shown, dimmed, until the next ones arrive (useDeferredValue).
 */
export function AdminDashboard({ viewer }: { viewer: UserProfile }) {
  const { productName } = useSettings();
  const clock = useService('clock');
  const [now] = useState(() => clock.now());
  const filter = useAdminFilter(now);
  const shownFilter = useDeferredValue(filter);
  const navigate = useNavigate();

  const updateSearch = (patch: Partial<AdminSearchParams>, replace = false) =>
    navigate({
      to: '/dashboard',
      search: (previous: AdminSearchParams) => withoutBlanks({ ...previous, ...patch }),
      replace,
    });

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

      <PanelBoundary
        pending={<Counters loading />}
        failed={({ retry }) => (
          <div className="space-y-6">
            <LoadFailed onRetry={retry} />
            <Counters />
          </div>
        )}
      >
        <Totals viewer={viewer} />
      </PanelBoundary>

      <PerformanceCard now={now} filter={filter} onChange={updateSearch}>
        <PanelBoundary
          resetKey={JSON.stringify(shownFilter)}
          failed={({ retry }) => (
            <div className="px-5 py-4 sm:px-6">
              <LoadFailed onRetry={retry} />
            </div>
          )}
        >
          <Performance
            viewer={viewer}
            filter={shownFilter}
            updating={shownFilter !== filter}
            onChange={updateSearch}
          />
        </PanelBoundary>
      </PerformanceCard>
    </div>
  );
}

/** The URL's filter, resolved against today; the same object while it says the same thing. */
function useAdminFilter(now: Date): AdminFilter {
  const key = JSON.stringify(resolveAdminFilter(dashboardRoute.useSearch(), now));
  return useMemo(() => JSON.parse(key) as AdminFilter, [key]);
}

function Totals({ viewer }: { viewer: UserProfile }) {
  const admin = useService('admin');
  const { data } = useSuspenseQuery(adminQueries.totals(admin, viewer));
  return <Counters totals={data} />;
}

function Performance({
  viewer,
  filter,
  updating,
  onChange,
}: {
  viewer: UserProfile;
  filter: AdminFilter;
  updating: boolean;
  onChange: (patch: Partial<AdminSearchParams>) => void;
}) {
  const admin = useService('admin');
  const { data } = useSuspenseQuery(adminQueries.businessPerformance(admin, viewer, filter));
  return <BusinessPage page={data} filter={filter} updating={updating} onChange={onChange} />;
}

/** The dashboard's failed read, in the catalogue's words, with Retry. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{ADMIN_MESSAGES.loadFailed}</span>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Alert>
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
