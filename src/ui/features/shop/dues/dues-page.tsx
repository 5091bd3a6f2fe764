import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatPaise } from '../../../../domain/shop/amounts';
import { groupDues } from '../../../../domain/shop/dues';
import { useService } from '../../../app-services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { SelectField } from '../../../components/fields';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AppPage } from '../../../layout/app-page';
import { routeErrorMessage } from '../../../routing/route-states';
import { rememberStore } from '../board/remembered-store';
import { shopQueries } from '../queries';
import { chosenStore, duesRoute } from '../routes';
import { DUES_TEXTS } from '../shop-texts';
import { NoStores, StoreName } from '../shop-ui';
import { DuesCustomerRow } from './dues-customer';

/**
 * /shop/dues, the dues khata (../shared/spec/owner-console.md, "Dues"): the chosen store's customers
 * who owe money, oldest first, each with their repairs and amounts, 'Send Reminder' and 'Show UPI QR';
 * the total above. Owing repairs come from the indexed `dues` query a page at a time ('Load more'); the
 * total and the customers are those of the pages read (a customer's later repairs join their row).
 */
export function DuesPage() {
  useDocumentTitle(DUES_TEXTS.heading);
  const stores = duesRoute.useRouteContext({ select: (context) => context.stores });
  const search = duesRoute.useSearch();
  const store = chosenStore(stores, search.store);
  return (
    <AppPage>
      {store === undefined ? (
        <NoStores />
      ) : (
        <Khata key={store.storeId} storeId={store.storeId} stores={stores} />
      )}
    </AppPage>
  );
}

type Store = { readonly storeId: string; readonly storeName: string };

function Khata({ storeId, stores }: { storeId: string; stores: readonly Store[] }) {
  const shop = useService('shop');
  const navigate = useNavigate();
  const uid = duesRoute.useRouteContext({ select: (context) => context.uid });
  const { data: contact } = useSuspenseQuery(shopQueries.duesShop(shop, storeId));
  const dues = useSuspenseInfiniteQuery(shopQueries.dues(shop, storeId));
  const khata = groupDues(dues.data.pages.flatMap((page) => page.items));
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className="space-y-5">
      <Link
        to="/shop"
        search={{ store: storeId }}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← Repairs
      </Link>
      <div>
        <p className="text-sm font-medium text-brand-700">
          <StoreName name={contact.store.storeName} />
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{DUES_TEXTS.heading}</h1>
        <p className="mt-2 text-lg font-semibold text-slate-900 tabular-nums">
          {DUES_TEXTS.total(formatPaise(khata.totalPaise), khata.customers.length)}
        </p>
        {dues.hasNextPage && <p className="mt-1 text-sm text-slate-600">{DUES_TEXTS.moreToLoad}</p>}
      </div>

      {stores.length > 1 && (
        <SelectField
          label="Store"
          value={storeId}
          onChange={(event) => {
            rememberStore(uid, event.target.value);
            void navigate({ to: '/shop/dues', search: { store: event.target.value } });
          }}
        >
          {stores.map((candidate) => (
            <option key={candidate.storeId} value={candidate.storeId}>
              {candidate.storeName}
            </option>
          ))}
        </SelectField>
      )}

      {contact.shop.upiId === '' && (
        <Alert tone="warning">
          {contact.store.role === 'owner' ? (
            <>
              {DUES_TEXTS.addUpiId}{' '}
              <Link to="/shop/settings" search={{ store: storeId }} className="font-semibold underline">
                {DUES_TEXTS.settings}
              </Link>
            </>
          ) : (
            DUES_TEXTS.ownerAddsUpiId
          )}
        </Alert>
      )}

      {khata.customers.length === 0 ? (
        <Card className="px-6 py-10 text-center text-slate-600">{DUES_TEXTS.none}</Card>
      ) : (
        <ul aria-label={DUES_TEXTS.customers} className="space-y-3">
          {khata.customers.map((customer) => (
            <DuesCustomerRow key={customer.key} customer={customer} shop={contact.shop} origin={origin} />
          ))}
        </ul>
      )}

      {dues.isFetchNextPageError && <Alert>{routeErrorMessage(dues.error)}</Alert>}
      {dues.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            size="lg"
            busy={dues.isFetchingNextPage}
            onClick={() => void dues.fetchNextPage()}
          >
            {DUES_TEXTS.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
