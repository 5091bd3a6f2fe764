import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { parseAdminSearch } from '../domain/admin/report';
import { parseBoardSearch } from '../domain/shop/board-search';
import { useDemo } from './app-services';
import { parseJobSheetSearch } from './pages/shop/job-sheet-search';
import type { RouterContext } from './routing/context';
import { requireSignedIn, superAdminAccess } from './routing/guards';
import {
  loadDashboard,
  loadJobSheet,
  loadNewRepair,
  loadRecharge,
  loadServices,
  loadShopBoard,
  loadShopRepair,
  loadStaff,
  loadSupportIssues,
  loadTracking,
} from './routing/loaders';
import { RouteError, RoutePending } from './routing/route-states';
import { type ScreenComponent, screenComponent } from './routing/screen-component';
import { SCREENS } from './routing/screens';

/*
 * Every screen is its own chunk (screenComponent): the first paint of a public page downloads the
 * router, this file and that page only; no dashboard, no dialog and no backend. Access is decided here,
 * before a protected page renders (beforeLoad + redirect); the backend loads on demand through
 * `context.services`.
 */

const page = screenComponent;

/** The demo bar appears once the backend has loaded and only on a demo build. */
const DemoBar = lazy(() => import('./pages/demo/demo-bar').then((module) => ({ default: module.DemoBar })));

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

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: page(() => import('./pages/not-found-page'), 'NotFoundPage'),
});

const publicRoute = <TPath extends string>(path: TPath, component: ScreenComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

/** The reset link's code: text of a sane length, or nothing. */
const resetSearch = (search: Record<string, unknown>): { oobCode?: string } =>
  typeof search.oobCode === 'string' && search.oobCode.length <= 2048 ? { oobCode: search.oobCode } : {};

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  validateSearch: parseAdminSearch,
  beforeLoad: requireSignedIn,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadDashboard(context, deps),
  component: page(SCREENS['/dashboard'], 'DashboardPage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

export const shopBoardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop',
  validateSearch: parseBoardSearch,
  beforeLoad: requireSignedIn,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadShopBoard(context, deps),
  component: page(SCREENS['/shop'], 'ShopBoardPage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

/** The store a new repair goes to: an id of a sane length, or nothing (the first store). */
const newRepairSearch = (search: Record<string, unknown>): { store?: string } =>
  typeof search.store === 'string' && search.store !== '' && search.store.length <= 200
    ? { store: search.store }
    : {};

export const newRepairRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop/repairs/new',
  validateSearch: newRepairSearch,
  beforeLoad: requireSignedIn,
  loader: ({ context }) => loadNewRepair(context),
  component: page(SCREENS['/shop/repairs/new'], 'NewRepairPage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

/** The owner's staff section: one owned store (`?store=`, an id of a sane length), else the first. */
export const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop/staff',
  validateSearch: newRepairSearch,
  beforeLoad: requireSignedIn,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadStaff(context, deps.store),
  component: page(SCREENS['/shop/staff'], 'StaffPage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

export const shopRepairRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop/repairs/$id',
  beforeLoad: requireSignedIn,
  loader: ({ context, params }) => loadShopRepair(context, params.id),
  component: page(SCREENS['/shop/repairs/$id'], 'RepairPage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

/** The job sheet: members of the repair's store, like the repair page; `?paper=80mm`, `?copy=shop`. */
export const jobSheetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shop/repairs/$id/print',
  validateSearch: parseJobSheetSearch,
  beforeLoad: requireSignedIn,
  loader: ({ context, params }) => loadJobSheet(context, params.id),
  component: page(SCREENS['/shop/repairs/$id/print'], 'JobSheetPage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

export const supportAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/support-admin',
  beforeLoad: superAdminAccess,
  loader: ({ context }) => loadSupportIssues(context),
  component: page(SCREENS['/support-admin'], 'SupportAdminPage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

export const rechargeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/distributor-recharge',
  beforeLoad: superAdminAccess,
  loader: ({ context }) => loadRecharge(context),
  component: page(SCREENS['/distributor-recharge'], 'DistributorRechargePage'),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
});

export const routeTree = rootRoute.addChildren([
  publicRoute('/', page(SCREENS['/'], 'LandingPage')),
  publicRoute('/signin', page(SCREENS['/signin'], 'SignInPage')),
  publicRoute('/signup', page(SCREENS['/signup'], 'SignUpPage')),
  publicRoute('/forgot-password', page(SCREENS['/forgot-password'], 'ForgotPasswordPage')),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/reset-password',
    validateSearch: resetSearch,
    component: page(SCREENS['/reset-password'], 'ResetPasswordPage'),
  }),
  dashboardRoute,
  shopBoardRoute,
  newRepairRoute,
  staffRoute,
  shopRepairRoute,
  jobSheetRoute,
  publicRoute('/terms', page(SCREENS['/terms'], 'TermsPage')),
  publicRoute('/privacy', page(SCREENS['/privacy'], 'PrivacyPage')),
  publicRoute('/support', page(SCREENS['/support'], 'SupportPage')),
  supportAdminRoute,
  rechargeRoute,
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/demo/mailbox',
    loader: loadServices,
    component: page(SCREENS['/demo/mailbox'], 'MailboxPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/demo/messages',
    loader: loadServices,
    component: page(SCREENS['/demo/messages'], 'MessagesPage'),
  }),
  // The customer's tracking link: no sign-in, its own small chunk; the loader reads the one view.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/t/$token',
    loader: ({ context, params }) => loadTracking(context, params.token),
    component: page(SCREENS['/t/$token'], 'TrackingPage'),
  }),
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
