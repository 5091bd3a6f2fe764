import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { STAFF_TEXTS } from '../../../../domain/shop/staff-use-cases';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/fields';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { ownedStores, shopQueries } from '../queries';
import { chosenStore, staffRoute } from '../routes';
import { STAFF_LABELS } from '../shop-texts';
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
  const uid = staffRoute.useRouteContext({ select: (context) => context.uid });
  const { data: owned } = useSuspenseQuery({
    ...shopQueries.myStores(shop, uid),
    select: ownedStores,
  });
  const search = staffRoute.useSearch();
  const navigate = useNavigate();
  const store = chosenStore(owned, search.store);
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
        {store === undefined ? (
          <Alert>{STAFF_TEXTS.ownersOnly}</Alert>
        ) : (
          <>
            <div>
              <p className="text-sm font-medium text-brand-700">{STAFF_LABELS.section}</p>
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
