import { type AdminSearchParams, resolveAdminFilter } from '../../domain/admin/report';
import { isDistributor, isSuperAdmin, type SuperAdminProfile } from '../../domain/users/roles';
import type { UserProfile } from '../../domain/users/user';
import { adminQueries } from '../queries/admin-queries';
import { supportQueries } from '../queries/support-queries';
import { trackingQueries } from '../queries/tracking-queries';
import { walletQueries } from '../queries/wallet-queries';
import type { RouterContext } from './context';

/** For routes whose page needs the backend from its first render (the demo outboxes). */
export async function loadServices({ context }: { context: RouterContext }): Promise<void> {
  await context.services.load();
}

/**
 * /dashboard: starts the role's reads before the page renders: a distributor's wallet; the admin's counters and first page are
 * awaited on a first visit (one paint with data); later filter changes only start the read, so the page
 * keeps the rows it shows, dimmed, until the next ones arrive. A failed read is the page's to show
 * (with 'Retry'), not the route's.
 */
export async function loadDashboard(
  context: RouterContext & { readonly viewer: UserProfile | null },
  deps: AdminSearchParams,
): Promise<void> {
  const { viewer, queryClient } = context;
  if (isDistributor(viewer)) {
    const { useCases } = await context.services.load();
    await queryClient
      .ensureQueryData(walletQueries.distributorWallet(useCases.wallet, viewer))
      .catch(() => undefined);
    return;
  }
  if (!isSuperAdmin(viewer)) return;
  const { useCases } = await context.services.load();
  const filter = resolveAdminFilter(deps, useCases.clock.now());
  const totals = adminQueries.totals(useCases.admin, viewer);
  const page = adminQueries.businessPerformance(useCases.admin, viewer, filter);
  const firstVisit = queryClient.getQueriesData({ queryKey: adminQueries.all }).length === 0;
  const reads = Promise.allSettled([queryClient.ensureQueryData(totals), queryClient.ensureQueryData(page)]);
  if (firstVisit) await reads;
}

/** /support-admin: the issue list, for the super admin the route let in. A failure is the page's to show. */
export async function loadSupportIssues(
  context: RouterContext & { readonly admin: SuperAdminProfile | null },
): Promise<void> {
  if (context.admin === null) return;
  const { useCases } = await context.services.load();
  await context.queryClient
    .ensureQueryData(supportQueries.list(useCases.support, context.admin))
    .catch(() => undefined);
}

/** /distributor-recharge: the distributors to choose from and the latest recharges. */
export async function loadRecharge(
  context: RouterContext & { readonly admin: SuperAdminProfile | null },
): Promise<void> {
  if (context.admin === null) return;
  const { useCases } = await context.services.load();
  const { queryClient, admin } = context;
  await Promise.allSettled([
    queryClient.ensureQueryData(walletQueries.distributors(useCases.wallet, admin)),
    queryClient.ensureQueryData(walletQueries.recentRecharges(useCases.wallet, admin)),
  ]);
}

/** /t/$token: the customer-safe view of the link (a revoked or unknown link is the page's answer). */
export async function loadTracking(context: RouterContext, token: string): Promise<void> {
  const { useCases } = await context.services.load();
  await context.queryClient
    .ensureQueryData(trackingQueries.view(useCases.shop, token))
    .catch(() => undefined);
}
