import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../routing/audiences';
import type { RouterContext } from '../../routing/context';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';

/* The offline demo's outboxes: the e-mails and text messages the demo backend "sent". */

/** These pages need the backend from their first render. */
const loadServices = async ({ context }: { context: RouterContext }) => {
  await context.services.load();
};

export const mailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/demo/mailbox',
  loader: loadServices,
  component: screenComponent(SCREENS['/demo/mailbox'], 'MailboxPage'),
});

export const messagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/demo/messages',
  loader: loadServices,
  component: screenComponent(SCREENS['/demo/messages'], 'MessagesPage'),
});
