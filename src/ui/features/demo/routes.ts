import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../routing/audiences';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';
import { demoQueries } from './queries';

/*
 * The offline demo's outboxes: the e-mails and text messages the demo backend "sent". Each page needs
 * the backend from its first render; outside the demo it says the page is not available. A failed read
 * stays in the cache for the page, which says it in its own words (prefetchQuery).
 */

export const mailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/demo/mailbox',
  loader: async ({ context }) => {
    const { demo } = await context.services.load();
    if (demo !== null) await context.queryClient.prefetchQuery(demoQueries.mailbox(demo));
  },
  component: screenComponent(SCREENS['/demo/mailbox'], 'MailboxPage'),
});

export const messagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/demo/messages',
  loader: async ({ context }) => {
    const { demo } = await context.services.load();
    if (demo !== null) await context.queryClient.prefetchQuery(demoQueries.sms(demo));
  },
  component: screenComponent(SCREENS['/demo/messages'], 'MessagesPage'),
});

/** This feature's routes, by the audience router.tsx hangs them under. */
export const demoRoutes = { anyone: [mailboxRoute, messagesRoute] } as const;
