import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  BOARD_SEARCH_MAX_LENGTH,
  type BoardSearchParams,
  rangeEndsBeforeStart,
  withoutBlanks,
} from '../../../../domain/shop/board-search';
import { SHOP_MESSAGES, SHOP_TEXTS } from '../../../../domain/shop/messages';
import type { ShopRepair } from '../../../../domain/shop/repair-record';
import { BOARD_PAGE_SIZE } from '../../../../domain/shop/shop-use-cases';
import { STAFF_TEXTS } from '../../../../domain/shop/staff-use-cases';
import { REPAIR_STATUSES, STATUS_LABELS } from '../../../../domain/shop/status';
import { useService } from '../../../app-services';
import { ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { SelectField, TextField } from '../../../components/fields';
import { SearchBox } from '../../../components/search-box';
import { LoadingBlock } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { AppPage } from '../../../layout/app-page';
import { useSession } from '../../../session';
import { shopQueries } from '../queries';
import { boardRoute } from '../routes';
import { NoStores, RetryAlert, StoreName } from '../shop-ui';
import { StaffInvitations } from '../staff/staff-invitations';
import { ChipRow, StatusChip } from './board-chips';
import { BoardPager, RepairCards, RepairTable } from './board-repairs';

/**
 * /shop, the board: the account's stores (a picker when several), counts per status (chips that
 * filter), and the chosen store's repairs newest first, with the filters and the search in the URL.
 * Cards on a phone (one thumb reaches everything), a table on a wider screen.
 */
export function ShopBoardPage() {
  useDocumentTitle('Repairs');
  const shop = useService('shop');
  const session = useSession();
  const uid = session.status === 'signed-out' || session.status === 'loading' ? '' : session.user.uid;
  const stores = useQuery({ ...shopQueries.myStores(shop, uid), retryOnMount: false });
  return (
    <AppPage>
      {stores.isPending ? (
        <LoadingBlock />
      ) : stores.isError ? (
        <RetryAlert query={stores} />
      ) : stores.data.length === 0 ? (
        <div className="space-y-6">
          <StaffInvitations uid={uid} />
          <NoStores />
        </div>
      ) : (
        <div className="space-y-6">
          <StaffInvitations uid={uid} />
          <Board stores={stores.data} />
        </div>
      )}
    </AppPage>
  );
}

type Store = { readonly storeId: string; readonly storeName: string; readonly role: string };

function Board({ stores }: { stores: readonly Store[] }) {
  const shop = useService('shop');
  const search = boardRoute.useSearch();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 768px)');
  const store = stores.find((candidate) => candidate.storeId === search.store) ?? (stores[0] as Store);
  const rangeInvalid = rangeEndsBeforeStart(search);

  const update = (patch: Partial<BoardSearchParams>) =>
    navigate({
      to: '/shop',
      // Any change of filter starts again at the first page.
      search: (previous: BoardSearchParams) => withoutBlanks({ ...previous, trail: undefined, ...patch }),
    });

  const board = useQuery({
    ...shopQueries.board(shop, store.storeId, search),
    placeholderData: keepPreviousData,
    retryOnMount: false,
    enabled: !rangeInvalid,
  });
  const found = useQuery({
    ...shopQueries.search(shop, store.storeId, search.q ?? ''),
    retryOnMount: false,
    enabled: search.q !== undefined,
  });
  const counts = board.data?.counts;
  const pageNumber = (search.trail?.length ?? 0) + 1;
  const list = search.q !== undefined ? found : board;
  const repairs: readonly ShopRepair[] | undefined =
    search.q !== undefined ? found.data?.repairs : board.data?.page.items;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">{store.role === 'owner' ? 'Owner' : 'Staff'}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">
            <StoreName name={store.storeName} />
          </h1>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:items-center">
          {store.role === 'owner' && (
            <ButtonLink
              to="/shop/staff"
              search={{ store: store.storeId }}
              variant="secondary"
              size="lg"
              className="w-full sm:w-auto"
            >
              {STAFF_TEXTS.section}
            </ButtonLink>
          )}
          <ButtonLink
            to="/shop/repairs/new"
            search={{ store: store.storeId }}
            size="lg"
            className="w-full sm:w-auto"
          >
            <span aria-hidden="true">+</span> {SHOP_TEXTS.newRepair}
          </ButtonLink>
        </div>
      </div>

      {stores.length > 1 && (
        <SelectField
          label="Store"
          value={store.storeId}
          onChange={(event) => update({ store: event.target.value, status: undefined, q: undefined })}
        >
          {stores.map((candidate) => (
            <option key={candidate.storeId} value={candidate.storeId}>
              {candidate.storeName}
            </option>
          ))}
        </SelectField>
      )}

      <ChipRow>
        <li>
          <StatusChip
            label="All"
            count={counts?.total}
            active={search.status === undefined}
            onClick={() => update({ status: undefined })}
          />
        </li>
        {REPAIR_STATUSES.map((status) => (
          <li key={status}>
            <StatusChip
              label={STATUS_LABELS[status]}
              count={counts?.byStatus[status]}
              active={search.status === status}
              onClick={() => update({ status: search.status === status ? undefined : status })}
            />
          </li>
        ))}
      </ChipRow>

      <Card className="space-y-4 p-4 sm:p-5">
        <SearchBox
          label="Search repairs"
          placeholder="Repair ID, mobile, IMEI or name"
          value={search.q ?? ''}
          maxLength={BOARD_SEARCH_MAX_LENGTH}
          onSearch={(text) => update({ q: text === '' ? undefined : text })}
        />
        {search.q === undefined && (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="From"
              type="date"
              value={search.from ?? ''}
              onChange={(event) => update({ from: event.target.value || undefined })}
            />
            <TextField
              label="To"
              type="date"
              value={search.to ?? ''}
              error={rangeInvalid ? SHOP_MESSAGES.dateRangeInvalid : undefined}
              onChange={(event) => update({ to: event.target.value || undefined })}
            />
          </div>
        )}
      </Card>

      {list.isError && <RetryAlert query={list} />}

      <section aria-label="Repairs" aria-busy={list.isFetching || undefined}>
        {search.q !== undefined && (
          <p className="mb-3 text-sm text-slate-600">
            {found.isPending ? 'Searching…' : `${repairs?.length ?? 0} found for “${search.q}”`}{' '}
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline"
              onClick={() => update({ q: undefined })}
            >
              Clear search
            </button>
          </p>
        )}
        {rangeInvalid ? null : repairs === undefined ? (
          list.isPending ? (
            <LoadingBlock />
          ) : null
        ) : repairs.length === 0 ? (
          <Card className="px-6 py-10 text-center text-slate-600">No repairs match.</Card>
        ) : wide ? (
          <RepairTable repairs={repairs} />
        ) : (
          <RepairCards repairs={repairs} />
        )}
      </section>

      {search.q === undefined && board.data && (pageNumber > 1 || board.data.page.next !== null) && (
        <BoardPager
          pageNumber={pageNumber}
          hasOlder={board.data.page.next !== null}
          onNewer={() =>
            navigate({
              to: '/shop',
              search: (previous: BoardSearchParams) =>
                withoutBlanks({ ...previous, trail: previous.trail?.slice(0, -1) }),
            })
          }
          onOlder={() => {
            const next = board.data?.page.next;
            if (next)
              void navigate({
                to: '/shop',
                search: (previous: BoardSearchParams) =>
                  withoutBlanks({ ...previous, trail: [...(previous.trail ?? []), next] }),
              });
          }}
        />
      )}
      <p className="sr-only">{BOARD_PAGE_SIZE} repairs per page.</p>
    </div>
  );
}
