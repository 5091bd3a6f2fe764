import { useSuspenseQuery } from '@tanstack/react-query';
import type { ShopRepair } from '../../../../domain/shop/repair-record';
import { useService } from '../../../app-services';
import { Card } from '../../../components/card';
import { shopQueries } from '../queries';
import { RepairCards, RepairTable } from './board-repairs';

/*
 * The board's lists: its page of repairs, and the results of a search across the account's stores
 * (each naming its store when the account works in more than one).
 */

type Store = { readonly storeId: string; readonly storeName: string };

/**
 * The repairs of a search (`?q=`) across all the account's stores, with how many were found and 'Clear
 * search'; each names its store when the account works in more than one.
 */
export function SearchResults({
  stores,
  text,
  wide,
  onClear,
}: {
  stores: readonly Store[];
  text: string;
  wide: boolean;
  onClear: () => void;
}) {
  const shop = useService('shop');
  const { data: found } = useSuspenseQuery(shopQueries.search(shop, stores, text));
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">
        {`${found.repairs.length} found for “${text}”`}
        {stores.length > 1 && ` in your ${stores.length} stores`}{' '}
        <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={onClear}>
          Clear search
        </button>
      </p>
      <RepairList repairs={found.repairs} wide={wide} showStore={stores.length > 1} />
    </>
  );
}

/** Repairs as a table on a wide screen, as cards on a phone; or that none match. */
export function RepairList({
  repairs,
  wide,
  showStore = false,
}: {
  repairs: readonly (ShopRepair & { readonly storeName?: string })[];
  wide: boolean;
  /** Each repair names its store (a search across several stores). */
  showStore?: boolean;
}) {
  if (repairs.length === 0)
    return <Card className="px-6 py-10 text-center text-slate-600">No repairs match.</Card>;
  return wide ? (
    <RepairTable repairs={repairs} showStore={showStore} />
  ) : (
    <RepairCards repairs={repairs} showStore={showStore} />
  );
}
