import { ROLES } from '../../../domain/users/roles';
import { Alert } from '../../components/alert';
import { LoadingBlock } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AppPage } from '../../layout/app-page';
import { useSession } from '../../session';
import { AdminDashboard } from '../admin/admin-dashboard';
import { StaffInvitations } from '../shop/staff/staff-invitations';
import { RepairTracker } from '../tracker/repair-tracker';
import { DistributorDashboard } from '../wallet/distributor-dashboard';
import { ComingSoon } from './coming-soon';

/**
 * /dashboard: one screen per role. The route's beforeLoad has sent signed-out visitors to /signin and its
 * loader has started the role's reads; a session that changes meanwhile shows 'Loading...' until the
 * router checks access again.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useSession();
  return (
    <AppPage>
      {session.status === 'signed-in' ? (
        <div className="space-y-6">
          {/* As wide as the screen under it: the tracker is a narrow column, the other dashboards are not. */}
          <StaffInvitations
            uid={session.user.uid}
            className={session.profile?.role === ROLES.user ? 'mx-auto max-w-3xl' : undefined}
          />
          <RoleDashboard profile={session.profile} />
        </div>
      ) : session.status === 'error' ? (
        <Alert>{session.message}</Alert>
      ) : (
        <LoadingBlock />
      )}
    </AppPage>
  );
}

function RoleDashboard({ profile }: { profile: Parameters<typeof AdminDashboard>[0]['viewer'] | null }) {
  switch (profile?.role) {
    case ROLES.superAdmin:
      return <AdminDashboard viewer={profile} />;
    case ROLES.user:
      return <RepairTracker viewer={profile} />;
    case ROLES.distributor:
      return <DistributorDashboard viewer={profile} />;
    default:
      return <ComingSoon name={profile?.name ?? ''} />;
  }
}
