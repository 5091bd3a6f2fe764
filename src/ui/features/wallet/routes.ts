import { createRoute } from '@tanstack/react-router';
import { superAdminLayout } from '../../routing/audiences';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';
import { walletQueries } from './queries';

/* The wallet: the super admin recharges a distributor (/distributor-recharge). */

/**
 * The distributors to choose from and the latest recharges, read for the super admin only. Each is a
 * panel of its own that says its own failure (the spec's words) with a retry, so a failed read stays
 * in the cache for its panel (prefetchQuery) instead of failing the whole route.
 */
export const rechargeRoute = createRoute({
  getParentRoute: () => superAdminLayout,
  path: '/distributor-recharge',
  loader: async ({ context }) => {
    if (context.admin === null) return;
    const { useCases } = await context.services.load();
    await Promise.all([
      context.queryClient.prefetchQuery(walletQueries.distributors(useCases.wallet, context.admin)),
      context.queryClient.prefetchQuery(walletQueries.recentRecharges(useCases.wallet, context.admin)),
    ]);
  },
  component: screenComponent(SCREENS['/distributor-recharge'], 'DistributorRechargePage'),
});
