import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
  ScrollRestoration,
} from '@tanstack/react-router';
import { z } from 'zod';
import { adminSearchParamsSchema } from '../domain/admin/report';
import { ForgotPasswordPage } from './pages/auth/forgot-password-page';
import { ResetPasswordPage } from './pages/auth/reset-password-page';
import { SignInPage } from './pages/auth/sign-in-page';
import { SignUpPage } from './pages/auth/sign-up-page';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { DemoBar } from './pages/demo/demo-bar';
import { MailboxPage } from './pages/demo/mailbox-page';
import { MessagesPage } from './pages/demo/messages-page';
import { LandingPage } from './pages/landing/landing-page';
import { PrivacyPage } from './pages/legal/privacy-page';
import { TermsPage } from './pages/legal/terms-page';
import { NotFoundPage } from './pages/not-found-page';
import { DistributorRechargePage } from './pages/recharge/distributor-recharge-page';
import { SupportAdminPage } from './pages/support/support-admin-page';
import { SupportPage } from './pages/support/support-page';

const rootRoute = createRootRoute({
  // One column as tall as the window, demo bar included: a short page's footer stays in view.
  component: () => (
    <div className="flex min-h-screen flex-col">
      <ScrollRestoration />
      <DemoBar />
      <Outlet />
    </div>
  ),
  notFoundComponent: NotFoundPage,
});

const route = <TPath extends string>(path: TPath, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const resetSearchSchema = z.object({ oobCode: z.string().max(2048).optional().catch(undefined) });

export const routeTree = rootRoute.addChildren([
  route('/', LandingPage),
  route('/signin', SignInPage),
  route('/signup', SignUpPage),
  route('/forgot-password', ForgotPasswordPage),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/reset-password',
    validateSearch: (search: Record<string, unknown>) => resetSearchSchema.parse(search),
    component: ResetPasswordPage,
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/dashboard',
    validateSearch: (search: Record<string, unknown>) => adminSearchParamsSchema.parse(search),
    component: DashboardPage,
  }),
  route('/terms', TermsPage),
  route('/privacy', PrivacyPage),
  route('/support', SupportPage),
  route('/support-admin', SupportAdminPage),
  route('/distributor-recharge', DistributorRechargePage),
  route('/demo/mailbox', MailboxPage),
  route('/demo/messages', MessagesPage),
]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
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
