import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../routing/audiences';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';

/* The public pages anyone reads: the landing page and the legal pages (not found is the root's). */

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: screenComponent(SCREENS['/'], 'LandingPage'),
});

export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: screenComponent(SCREENS['/terms'], 'TermsPage'),
});

export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: screenComponent(SCREENS['/privacy'], 'PrivacyPage'),
});
