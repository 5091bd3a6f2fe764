import type { ReactNode } from 'react';
import { isSuperAdmin, type SuperAdminProfile } from '../../../domain/users/user';
import { Alert } from '../../components/alert';
import { LoadingBlock } from '../../components/spinner';
import { AppPage } from '../../layout/app-page';
import { PublicPage } from '../../layout/public-page';
import { useSession } from '../../session';
import { AccessDenied } from '../access-denied';

/**
 * Renders `children` for a signed-in super admin only. Everyone else sees 'Access denied.': a signed-out
 * visitor inside the public frame (with Sign In), a signed-in account inside the app frame (with Logout).
 * While the session is still loading: 'Loading...'.
 */
export function SuperAdminOnly({
  title,
  children,
}: {
  /** The page's title, announced (as its h1) while the session loads or fails. */
  title: string;
  children: (viewer: SuperAdminProfile) => ReactNode;
}) {
  const session = useSession();
  switch (session.status) {
    case 'signed-out':
      return (
        <PublicPage>
          <div className="px-4">
            <AccessDenied />
          </div>
        </PublicPage>
      );
    case 'loading':
      return (
        <AppPage>
          <h1 className="sr-only">{title}</h1>
          <LoadingBlock />
        </AppPage>
      );
    case 'error':
      return (
        <AppPage>
          <h1 className="sr-only">{title}</h1>
          <Alert className="mx-auto max-w-xl">{session.message}</Alert>
        </AppPage>
      );
    default:
      return isSuperAdmin(session.profile) ? (
        children(session.profile)
      ) : (
        <AppPage>
          <AccessDenied />
        </AppPage>
      );
  }
}
