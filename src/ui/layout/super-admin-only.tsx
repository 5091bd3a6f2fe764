import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SuperAdminProfile } from '../../domain/users/roles';
import { AccessDenied } from '../components/access-denied';
import { Alert } from '../components/alert';
import { useSession } from '../session';
import { AppPage } from './app-page';
import { PublicPage } from './public-page';

/**
 * Renders a super admin's page, or 'Access denied.' as its route decided (beforeLoad: superAdminAccess,
 * run again whenever who is signed in changes): inside the public frame, with Sign In, for a signed-out
 * visitor; inside the app frame, with Logout, for any other account.
 */
export function SuperAdminOnly({ children }: { children: (viewer: SuperAdminProfile) => ReactNode }) {
  const { admin } = useRouteContext({ strict: false }) as { admin?: SuperAdminProfile | null };
  const session = useSession();
  if (admin) return children(admin);
  if (session.status === 'error')
    return (
      <AppPage>
        <Alert className="mx-auto max-w-xl">{session.message}</Alert>
      </AppPage>
    );
  if (session.status === 'signed-out')
    return (
      <PublicPage>
        <div className="px-4">
          <AccessDenied />
        </div>
      </PublicPage>
    );
  return (
    <AppPage>
      <AccessDenied />
    </AppPage>
  );
}
