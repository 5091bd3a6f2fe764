import { ROLES } from '../../../domain/users/roles';
import { Alert } from '../../components/alert';
import { LoadingBlock } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AppPage } from '../../layout/app-page';
import { useSession } from '../../session';
import { AdminDashboard } from '../admin/admin-dashboard';
import { ShopStartCard } from '../shop/settings/shop-start-card';
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
        session.profile?.role === ROLES.user ? (
          <UserDashboard viewer={session.profile} uid={session.user.uid} />
        ) : (
          <div className="space-y-6">
            <StaffInvitations uid={session.user.uid} />
            <RoleDashboard profile={session.profile} />
          </div>
        )
      ) : session.status === 'error' ? (
        <Alert>{session.message}</Alert>
      ) : (
        <LoadingBlock />
      )}
    </AppPage>
  );
}

/** The dashboard of every other role: the admin's, the distributor's wallet, else 'coming soon'. */
function RoleDashboard({ profile }: { profile: Parameters<typeof AdminDashboard>[0]['viewer'] | null }) {
  switch (profile?.role) {
    case ROLES.superAdmin:
      return <AdminDashboard viewer={profile} />;
    case ROLES.distributor:
      return <DistributorDashboard viewer={profile} />;
    default:
      return <ComingSoon name={profile?.name ?? ''} />;
  }
}

/**
 * A customer's (role user) dashboard: the invitations above the repair tracker, in the tracker's column
 * and as wide as it, and beside them (below them on a phone) the way to open a shop.
 */
function UserDashboard({
  viewer,
  uid,
}: {
  viewer: Parameters<typeof RepairTracker>[0]['viewer'];
  uid: string;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <div className="min-w-0 space-y-6">
        <StaffInvitations uid={uid} className="mx-auto max-w-3xl" />
        <RepairTracker viewer={viewer} />
      </div>
      <aside aria-label="Your shop" className="mx-auto w-full max-w-3xl lg:mt-20">
        <ShopStartCard uid={uid} />
      </aside>
    </div>
  );
}
