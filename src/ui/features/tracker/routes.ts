import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../routing/audiences';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';
import { parsePaperSearch } from '../shop/invoice/invoice-paper';
import { trackerQueries } from './queries';

/*
 * The customer's tracking link (/t/$token): no sign-in, its own small chunk; the loader reads the one
 * customer-safe view through the source's tracking reads, which on the production build load no SDK
 * and no other use case (a revoked or unknown link is an answer the page shows, not an error; a read
 * that throws is the route's error, with Retry).
 */
export const trackingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/t/$token',
  loader: async ({ context, params }) => {
    // Whether the repair has an invoice yet: asked on the way, for the page's 'Invoice' link only.
    void context.queryClient.prefetchQuery(trackerQueries.invoice(context.services, params.token));
    await context.queryClient.ensureQueryData(trackerQueries.trackingLink(context.services, params.token));
  },
  component: screenComponent(SCREENS['/t/$token'], 'TrackingPage'),
});

/**
 * The customer's view of the repair's invoice (/t/$token/invoice, no sign-in, `?paper=`): the invoice
 * the tracking link names, or none yet (an answer the page shows); a read that throws is the route's error.
 */
export const trackingInvoiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/t/$token/invoice',
  validateSearch: parsePaperSearch,
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(trackerQueries.invoice(context.services, params.token));
  },
  component: screenComponent(SCREENS['/t/$token/invoice'], 'TrackingInvoicePage'),
});

/** This feature's routes, by the audience router.tsx hangs them under. */
export const trackerRoutes = { anyone: [trackingRoute, trackingInvoiceRoute] } as const;
