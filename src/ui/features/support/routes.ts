import { createRoute } from '@tanstack/react-router';
import { rootRoute, superAdminLayout } from '../../routing/audiences';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';
import { supportQueries } from './queries';

/* Support: the public form (/support) and the super admin's list of issues (/support-admin). */

export const supportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/support',
  component: screenComponent(SCREENS['/support'], 'SupportPage'),
});

/**
 * The issue list, read for the super admin the audience let in (anyone else reads 'Access denied.').
 * A failed read stays in the cache for the page, which says it in the spec's words with 'Try again'.
 */
export const supportAdminRoute = createRoute({
  getParentRoute: () => superAdminLayout,
  path: '/support-admin',
  loader: async ({ context }) => {
    if (context.admin === null) return;
    const { useCases } = await context.services.load();
    await context.queryClient.prefetchQuery(supportQueries.list(useCases.support, context.admin));
  },
  component: screenComponent(SCREENS['/support-admin'], 'SupportAdminPage'),
});
