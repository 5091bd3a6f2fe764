import { useSuspenseQuery } from '@tanstack/react-query';
import { useService } from '../../../app-services';
import { ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { ownedStores, shopQueries } from '../queries';
import { REPORTS_TEXTS } from '../reports/reports-texts';
import { SETUP_TEXTS } from './settings-texts';

/**
 * The customer dashboard's shop card, beside the repair tracker (role user): 'Set Up Your Shop' for an
 * account that owns no store (../shared/spec/owner-console.md, "Opening a shop on the web"), and the
 * way to its board (and to its 'Reports') once it owns one. The dashboard's loader has read the
 * account's stores.
 */
export function ShopStartCard({ uid }: { readonly uid: string }) {
  const shop = useService('shop');
  const { data: owned } = useSuspenseQuery({ ...shopQueries.myStores(shop, uid), select: ownedStores });
  const first = owned[0];
  return (
    <Card className="px-5 py-5">
      {first === undefined ? (
        <>
          <h2 className="text-lg font-semibold">Run a repair shop?</h2>
          <p className="mt-1 text-sm text-slate-600">
            Open your shop on the web: job cards, the repair board, payments and dues. It takes a minute.
          </p>
          <ButtonLink to="/shop/setup" size="lg" className="mt-4 w-full">
            {SETUP_TEXTS.setUpYourShop}
          </ButtonLink>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">Your shop</h2>
          <p className="mt-1 text-sm break-words text-slate-600">
            {owned.length === 1 ? first.storeName : `${owned.length} stores`}
          </p>
          <ButtonLink to="/shop" search={{ store: first.storeId }} size="lg" className="mt-4 w-full">
            Open Shop
          </ButtonLink>
          <ButtonLink
            to="/shop/reports"
            search={{ store: first.storeId }}
            variant="secondary"
            size="lg"
            className="mt-2 w-full"
          >
            {REPORTS_TEXTS.title}
          </ButtonLink>
        </>
      )}
    </Card>
  );
}
