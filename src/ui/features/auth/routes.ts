import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../routing/audiences';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';

/* Signing in and out of accounts: sign in, sign up, and the forgotten-password pair. */

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by a successful sign-up: the address /signin fills in. */
    signInEmail?: string;
  }
}

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  component: screenComponent(SCREENS['/signin'], 'SignInPage'),
});

export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  component: screenComponent(SCREENS['/signup'], 'SignUpPage'),
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: screenComponent(SCREENS['/forgot-password'], 'ForgotPasswordPage'),
});

/** The reset link's code: text of a sane length, or nothing. */
const resetSearch = (search: Record<string, unknown>): { oobCode?: string } =>
  typeof search.oobCode === 'string' && search.oobCode.length <= 2048 ? { oobCode: search.oobCode } : {};

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: resetSearch,
  component: screenComponent(SCREENS['/reset-password'], 'ResetPasswordPage'),
});

/** This feature's routes, by the audience router.tsx hangs them under. */
export const authRoutes = {
  anyone: [signInRoute, signUpRoute, forgotPasswordRoute, resetPasswordRoute],
} as const;
