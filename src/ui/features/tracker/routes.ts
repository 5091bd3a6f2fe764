import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../routing/audiences';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';
import { trackerQueries } from './queries';

/*
 * The customer's tracking link (/t/$token): no sign-in, its own small chunk; the loader reads the one
 * customer-safe view (a revoked or unknown link is an answer the page shows, not an error; a read that
 * throws is the route's error, with Retry).
 */
export const trackingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/t/$token',
  loader: async ({ context, params }) => {
    const { useCases } = await context.services.load();
    await context.queryClient.ensureQueryData(trackerQueries.trackingLink(useCases.shop, params.token));
  },
  component: screenComponent(SCREENS['/t/$token'], 'TrackingPage'),
});
