import type { ReactNode } from 'react';
import { isSuperAdmin, type SuperAdminProfile } from '../../../domain/users/roles';
import { LoadingBlock } from '../../components/spinner';
import { AppPage } from '../../layout/app-page';
import { useSession } from '../../session';

/**
 * Hands a super admin's page its viewer. Access itself is the route's (beforeLoad: requireSuperAdmin
 * shows 'Access denied.' to everyone else); while the session changes under an open page (a sign-out in
 * another tab, a demo reset), this shows 'Loading...' until the router has checked access again.
 */
export function SuperAdminOnly({
  title,
  children,
}: {
  /** The page's title, announced (as its h1) while the session changes. */
  title: string;
  children: (viewer: SuperAdminProfile) => ReactNode;
}) {
  const session = useSession();
  if (session.status === 'signed-in' && isSuperAdmin(session.profile)) return children(session.profile);
  return (
    <AppPage>
      <h1 className="sr-only">{title}</h1>
      <LoadingBlock />
    </AppPage>
  );
}
