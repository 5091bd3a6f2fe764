import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { forgotPasswordRoute, resetPasswordRoute, signInRoute, signUpRoute } from './features/auth/routes';
import { dashboardRoute } from './features/dashboard/routes';
import { mailboxRoute, messagesRoute } from './features/demo/routes';
import { landingRoute, privacyRoute, termsRoute } from './features/public/routes';
import { boardRoute, jobSheetRoute, newRepairRoute, repairRoute, staffRoute } from './features/shop/routes';
import { supportAdminRoute, supportRoute } from './features/support/routes';
import { trackingRoute } from './features/tracker/routes';
import { rechargeRoute } from './features/wallet/routes';
import {
  ownerLayout,
  rootRoute,
  shopMemberLayout,
  signedInLayout,
  superAdminLayout,
} from './routing/audiences';
import type { RouterContext } from './routing/context';

/*
 * The whole route tree, assembled from each feature's routes (src/ui/features/<feature>/routes.ts)
 * under the audience that may see them (src/ui/routing/audiences.tsx). Every screen is its own chunk:
 * the first paint of a public page downloads the router, the route files and that page only; no
 * dashboard, no dialog and no backend. The backend loads on demand through `context.services`.
 */
export const routeTree = rootRoute.addChildren([
  landingRoute,
  termsRoute,
  privacyRoute,
  signInRoute,
  signUpRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  supportRoute,
  trackingRoute,
  mailboxRoute,
  messagesRoute,
  signedInLayout.addChildren([
    dashboardRoute,
    shopMemberLayout.addChildren([
      boardRoute,
      newRepairRoute,
      repairRoute,
      jobSheetRoute,
      ownerLayout.addChildren([staffRoute]),
    ]),
  ]),
  superAdminLayout.addChildren([supportAdminRoute, rechargeRoute]),
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
