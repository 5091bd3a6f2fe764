import { createRoute, redirect } from '@tanstack/react-router';
import { type AdminSearchParams, parseAdminSearch, resolveAdminFilter } from '../../../domain/admin/report';
import { isDistributor, isSuperAdmin, ROLES } from '../../../domain/users/roles';
import type { UserProfile } from '../../../domain/users/user';
import { NOT_SHOP_ROLES, signedInLayout } from '../../routing/audiences';
import type { RouterContext } from '../../routing/context';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';
import { adminKeys, adminQueries } from '../admin/queries';
import { shopQueries } from '../shop/queries';
import { trackerQueries } from '../tracker/queries';
import { walletQueries } from '../wallet/queries';

/*
 * /dashboard, every signed-in account's home: it shows the panel of the account's role (the super
 * admin's report, a distributor's wallet, a customer's repair tracker), each from its own feature.
 * Owners and staff go on to /shop.
 */

type DashboardContext = RouterContext & { readonly viewer: UserProfile | null; readonly uid: string };

/**
 * Starts the role's reads before the page renders: a distributor's wallet; the admin's counters and
 * first page (awaited on a first visit: one paint with data; later filter changes keep the rows shown
 * until the next ones arrive).
 */
async function loadDashboard(context: DashboardContext, deps: AdminSearchParams): Promise<void> {
  const { viewer, queryClient } = context;
  await sendShopPeopleToShop(context);
  const { useCases } = await context.services.load();
  // The invitations panel (any role) shows nothing until they are read, or when they cannot be.
  void queryClient.prefetchQuery(shopQueries.myInvitations(useCases.shop, context.uid));
  // A customer (role user) sees the shop card beside its tracker: 'Set Up Your Shop', or its board.
  // and, under the tracker, every repair booked under her number (the panel says its own failure).
  if (viewer?.role === ROLES.user)
    await Promise.all([
      queryClient.ensureQueryData(shopQueries.myStores(useCases.shop, context.uid)),
      queryClient.prefetchQuery(trackerQueries.mine(useCases.repairs, viewer)),
    ]);
  if (isDistributor(viewer)) {
    await queryClient.prefetchQuery(walletQueries.distributorWallet(useCases.wallet, viewer));
    return;
  }
  if (!isSuperAdmin(viewer)) return;
  const filter = resolveAdminFilter(deps, useCases.clock.now());
  // Each card of the report says its own failure with Retry: a failed read stays in the cache for it.
  const firstVisit = queryClient.getQueriesData({ queryKey: adminKeys.all }).length === 0;
  const reads = Promise.all([
    queryClient.prefetchQuery(adminQueries.totals(useCases.admin, viewer)),
    queryClient.prefetchQuery(adminQueries.businessPerformance(useCases.admin, viewer, filter)),
  ]);
  if (firstVisit) await reads;
}

/**
 * Owners and staff (an account that works in at least one store) go to /shop. Any other account stays
 * (and sees its dashboard, or 'Coming Soon'). Stores that cannot be read are the route's error.
 */
async function sendShopPeopleToShop(context: DashboardContext): Promise<void> {
  // No profile (it could not be read): the page says so; without a role there is nowhere to send.
  if (context.viewer === null) return;
  const role = context.viewer.role;
  if (role && NOT_SHOP_ROLES.includes(role)) return;
  const { useCases } = await context.services.load();
  const stores = await context.queryClient.ensureQueryData(shopQueries.myStores(useCases.shop, context.uid));
  if (stores.length > 0) throw redirect({ to: '/shop', replace: true });
}

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInLayout,
  path: '/dashboard',
  validateSearch: parseAdminSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDashboard(context, deps),
  component: screenComponent(SCREENS['/dashboard'], 'DashboardPage'),
});

/** This feature's routes, by the audience router.tsx hangs them under. */
export const dashboardRoutes = { signedIn: [dashboardRoute] } as const;
