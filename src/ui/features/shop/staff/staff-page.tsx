import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { STAFF_TEXTS } from '../../../../domain/shop/staff-use-cases';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/fields';
import { LoadingBlock } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { useSession } from '../../../session';
import { shopQueries } from '../queries';
import { staffRoute } from '../routes';
import { StoreName } from '../shop-ui';
import { StaffSection } from './staff-section';

/**
 * /shop/staff: the 'Staff' section of the owner's settings (../shared/spec/owner-console.md, Part 2),
 * one owned store at a time (`?store=`). Staff and other accounts read that only the owner manages
 * staff; every backend refuses them too.
 */
export function StaffPage() {
  useDocumentTitle('Staff');
  const shop = useService('shop');
  const session = useSession();
  const uid = session.status === 'signed-out' || session.status === 'loading' ? '' : session.user.uid;
  const stores = useQuery({ ...shopQueries.myStores(shop, uid), retryOnMount: false });
  const search = staffRoute.useSearch();
  const navigate = useNavigate();
  const owned = stores.data?.filter((store) => store.role === 'owner') ?? [];
  const store = owned.find((candidate) => candidate.storeId === search.store) ?? owned[0];
  return (
    <AppPage>
      <div className="space-y-5">
        <Link
          to="/shop"
          search={store ? { store: store.storeId } : {}}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          ← Repairs
        </Link>
        {stores.isPending ? (
          <LoadingBlock />
        ) : stores.isError ? (
          <Alert>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{stores.error.message || STAFF_TEXTS.loadFailed}</span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void stores.refetch()}
                busy={stores.isFetching}
              >
                Retry
              </Button>
            </div>
          </Alert>
        ) : store === undefined ? (
          <Alert>{STAFF_TEXTS.ownersOnly}</Alert>
        ) : (
          <>
            <div>
              <p className="text-sm font-medium text-brand-700">{STAFF_TEXTS.section}</p>
              <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">
                <StoreName name={store.storeName} />
              </h1>
            </div>
            {owned.length > 1 && (
              <SelectField
                label="Store"
                value={store.storeId}
                onChange={(event) =>
                  void navigate({ to: '/shop/staff', search: { store: event.target.value } })
                }
              >
                {owned.map((candidate) => (
                  <option key={candidate.storeId} value={candidate.storeId}>
                    {candidate.storeName}
                  </option>
                ))}
              </SelectField>
            )}
            <StaffSection key={store.storeId} storeId={store.storeId} />
          </>
        )}
      </div>
    </AppPage>
  );
}
