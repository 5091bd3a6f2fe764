import { Navigate } from '@tanstack/react-router';
import { ROLES } from '../../../domain/users/user';
import { Alert } from '../../components/alert';
import { LoadingBlock } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AppPage } from '../../layout/app-page';
import { useSession } from '../../session';
import { AdminDashboard } from './admin-dashboard';
import { ComingSoon } from './coming-soon';
import { DistributorDashboard } from './distributor-dashboard';
import { RepairTracker } from './repair-tracker';

/** /dashboard: 'Loading...' until the role is known, /signin when signed out, then one screen per role. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/signin" replace />;
  return <AppPage>{session.status === 'signed-in' ? <RoleDashboard /> : <DashboardState />}</AppPage>;
}

function DashboardState() {
  const session = useSession();
  if (session.status === 'error') return <Alert>{session.message}</Alert>;
  return <LoadingBlock />;
}

function RoleDashboard() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  const { profile } = session;
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
