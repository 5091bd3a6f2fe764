import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isSuperAdmin, ROLES, type SuperAdminProfile } from '../../domain/users/roles';
import type { UserProfile } from '../../domain/users/user';
import { useDemo } from '../app-services';
import { ownedStores, shopQueries } from '../features/shop/queries';
import type { RouterContext } from './context';
import { RouteError, RoutePending } from './route-states';
import { screenComponent } from './screen-component';

/*
 * The route tree's trunk: the root, and one pathless layout route per audience. Each audience decides
 * access once (beforeLoad), and shows the pending and error states once, for every screen under it:
 *
 *   root ─┬─ public screens (no layout: anyone)
 *         ├─ signedIn ──┬─ /dashboard, /shop/setup
 *         │             └─ shopMember ──┬─ /shop, /shop/repairs/…   (works in a store)
 *         │                             └─ owner ── /shop/settings  (owns a store)
 *         └─ superAdmin ── /support-admin, /distributor-recharge
 *
 * A feature's routes (src/ui/features/<feature>/routes.ts) hang their screens under one of these.
 * A refusal is an answer (a redirect, or a null profile the screen shows as 'Access denied.'), never a
 * thrown error; a failed read throws, and the audience's error component shows its message and Retry.
 */

/** The demo bar appears once the backend has loaded and only on a demo build. */
const DemoBar = lazy(() =>
  import('../features/demo/demo-bar').then((module) => ({ default: module.DemoBar })),
);

function RootLayout() {
  const demo = useDemo();
  return (
    // One column as tall as the window, demo bar included: a short page's footer stays in view.
    <div className="flex min-h-screen flex-col">
      {demo !== null && (
        <Suspense fallback={null}>
          <DemoBar />
        </Suspense>
      )}
      <Outlet />
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: screenComponent(() => import('../features/public/not-found-page'), 'NotFoundPage'),
});

/** Signed-in accounts: a signed-out visitor goes to /signin. Adds the viewer's profile (null when unreadable). */
export const signedInLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_signed-in',
  beforeLoad: async ({ context }): Promise<{ readonly viewer: UserProfile | null; readonly uid: string }> => {
    const session = await context.session.settled();
    if (session.status === 'signed-out') throw redirect({ to: '/signin', replace: true });
    return {
      viewer: session.status === 'signed-in' ? session.profile : null,
      uid: session.status === 'signed-in' || session.status === 'error' ? session.user.uid : '',
    };
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

/** The roles whose web screen is not the shop console: they never ask for stores. */
export const NOT_SHOP_ROLES: readonly string[] = [ROLES.superAdmin, ROLES.user, ROLES.distributor];

/**
 * People of the shop console: the account's stores are read first (a failure is the route's error,
 * with Retry). An account in no store whose role has a screen of its own (a customer, a distributor,
 * the super admin) goes back to /dashboard: the console is not theirs. Owners and staff in no store
 * stay and read 'No store yet'; an account of any role that an owner added as staff works in the
 * console like any staff.
 */
export const shopMemberLayout = createRoute({
  getParentRoute: () => signedInLayout,
  id: '_shop-member',
  beforeLoad: async ({ context }) => {
    const { useCases } = await context.services.load();
    const stores = await context.queryClient.ensureQueryData(
      shopQueries.myStores(useCases.shop, context.uid),
    );
    const role = context.viewer?.role;
    if (stores.length === 0 && role && NOT_SHOP_ROLES.includes(role))
      throw redirect({ to: '/dashboard', replace: true });
    return { stores };
  },
});

/** Owners: adds the stores this account owns (none: the screen says only the owner manages them). */
export const ownerLayout = createRoute({
  getParentRoute: () => shopMemberLayout,
  id: '_owner',
  beforeLoad: ({ context }) => ({ ownedStores: ownedStores(context.stores) }),
});

/**
 * Role sa only: adds `admin`, the super admin's profile or null for everyone else (signed in or not),
 * whom the screen answers with 'Access denied.' (SuperAdminOnly).
 */
export const superAdminLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_super-admin',
  beforeLoad: async ({ context }): Promise<{ readonly admin: SuperAdminProfile | null }> => {
    const session = await context.session.settled();
    return {
      admin: session.status === 'signed-in' && isSuperAdmin(session.profile) ? session.profile : null,
    };
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});
