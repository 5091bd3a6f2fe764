import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { authRoutes } from './features/auth/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { demoRoutes } from './features/demo/routes';
import { publicRoutes } from './features/public/routes';
import { shopRoutes } from './features/shop/routes';
import { supportRoutes } from './features/support/routes';
import { trackerRoutes } from './features/tracker/routes';
import { walletRoutes } from './features/wallet/routes';
import {
  ownerLayout,
  rootRoute,
  shopMemberLayout,
  signedInLayout,
  superAdminLayout,
} from './routing/audiences';
import type { RouterContext } from './routing/context';

/*
 * The whole route tree: each feature's routes (src/ui/features/<feature>/routes.ts, listed there by
 * audience) hung under the audience that may see them (src/ui/routing/audiences.tsx). A new screen of
 * an existing feature changes its routes.ts only. Every screen is its own chunk:
 * the first paint of a public page downloads the router, the route files and that page only; no
 * dashboard, no dialog and no backend. The backend loads on demand through `context.services`.
 */
export const routeTree = rootRoute.addChildren([
  ...publicRoutes.anyone,
  ...authRoutes.anyone,
  ...supportRoutes.anyone,
  ...trackerRoutes.anyone,
  ...demoRoutes.anyone,
  signedInLayout.addChildren([
    ...dashboardRoutes.signedIn,
    ...shopRoutes.signedIn,
    shopMemberLayout.addChildren([...shopRoutes.shopMember, ownerLayout.addChildren([...shopRoutes.owner])]),
  ]),
  superAdminLayout.addChildren([...supportRoutes.superAdmin, ...walletRoutes.superAdmin]),
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // The cache belongs to React Query: the router always asks it (ensureQueryData) when it loads a route.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 150,
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
