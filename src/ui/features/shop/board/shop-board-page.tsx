import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  BOARD_SEARCH_MAX_LENGTH,
  type BoardSearchParams,
  rangeEndsBeforeStart,
  withoutBlanks,
} from '../../../../domain/shop/board-search';
import { SHOP_MESSAGES } from '../../../../domain/shop/messages';
import { BOARD_PAGE_SIZE } from '../../../../domain/shop/shop-use-cases';
import { REPAIR_STATUSES, STATUS_LABELS } from '../../../../domain/shop/status-values';
import { useService } from '../../../app-services';
import { Card } from '../../../components/card';
import { cx } from '../../../components/cx';
import { SelectField, TextField } from '../../../components/fields';
import { SearchBox } from '../../../components/search-box';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { AppPage } from '../../../layout/app-page';
import { shopQueries } from '../queries';
import { boardRoute, chosenStore } from '../routes';
import { NoStores, StoreName } from '../shop-ui';
import { StaffInvitations } from '../staff/staff-invitations';
import { BoardActions } from './board-actions';
import { ChipRow, StatusChip } from './board-chips';
import { BoardPager } from './board-repairs';
import { RepairList, SearchResults } from './board-search-results';
import { rememberStore } from './remembered-store';

/**
 * /shop, the board: the account's stores (a picker when several), counts per status (chips that
 * filter), and the chosen store's repairs newest first, with the filters and the search in the URL.
 * Cards on a phone (one thumb reaches everything), a table on a wider screen.
 */
export function ShopBoardPage() {
  useDocumentTitle('Repairs');
  const shop = useService('shop');
  const uid = boardRoute.useRouteContext({ select: (context) => context.uid });
  const { data: stores } = useSuspenseQuery(shopQueries.myStores(shop, uid));
  return (
    <AppPage>
      <div className="space-y-6">
        <StaffInvitations uid={uid} />
        {stores.length === 0 ? <NoStores /> : <Board stores={stores} uid={uid} />}
      </div>
    </AppPage>
  );
}

type Store = { readonly storeId: string; readonly storeName: string; readonly role: string };

function Board({ stores, uid }: { stores: readonly Store[]; uid: string }) {
  const shop = useService('shop');
  // The search whose rows are on screen, and the one the user asked for last (the URL now): while the
  // loader reads the next store's rows, these stay on screen, dimmed, but the picker and the heading
  // already say the store the user chose. Nothing read later moves them back (issue 17: on a slow
  // network a choice made in the first seconds seemed undone, the picker showing the old store).
  const search = boardRoute.useSearch();
  const wanted = useRouterState({
    select: (state) =>
      state.location.pathname === boardRoute.fullPath
        ? (state.location.search as BoardSearchParams).store
        : search.store,
  });
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 768px)');
  const shown = chosenStore(stores, search.store) as Store;
  const store = chosenStore(stores, wanted) as Store;
  const rangeInvalid = rangeEndsBeforeStart(search);
  // The loader reads the next filter's rows while these stay on screen, dimmed.
  const updating = useRouterState({
    select: (state) => state.isLoading && state.location.pathname === boardRoute.fullPath,
  });
  // A store the URL names (a choice, a link) is the one this browser opens next time for this account.
  const named = search.store === shown.storeId;
  useEffect(() => {
    if (named) rememberStore(uid, shown.storeId);
  }, [uid, named, shown.storeId]);

  const update = (patch: Partial<BoardSearchParams>) =>
    navigate({
      to: '/shop',
      // Any change of filter starts again at the first page.
      search: (previous: BoardSearchParams) => withoutBlanks({ ...previous, trail: undefined, ...patch }),
    });

  const { data: board } = useSuspenseQuery(shopQueries.board(shop, shown.storeId, search));
  // Readies this device for job cards with the network cut (Firebase: Repair IDs reserved while online).
  useQuery(shopQueries.offlineJobCards(shop, shown.storeId));
  const counts = board?.counts;
  const pageNumber = (search.trail?.length ?? 0) + 1;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">{store.role === 'owner' ? 'Owner' : 'Staff'}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">
            <StoreName name={store.storeName} />
          </h1>
        </div>
        <BoardActions store={store} />
      </div>

      {stores.length > 1 && (
        <SelectField
          label="Store"
          value={store.storeId}
          onChange={(event) => {
            rememberStore(uid, event.target.value);
            void update({ store: event.target.value, status: undefined, q: undefined });
          }}
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

      <section
        aria-label="Repairs"
        aria-busy={updating || undefined}
        className={cx('transition-opacity', updating && 'opacity-60')}
      >
        {search.q !== undefined ? (
          <SearchResults
            stores={stores}
            text={search.q}
            wide={wide}
            onClear={() => update({ q: undefined })}
          />
        ) : board === null || rangeInvalid ? null : (
          <RepairList repairs={board.page.items} wide={wide} />
        )}
      </section>

      {search.q === undefined && board && (pageNumber > 1 || board.page.next !== null) && (
        <BoardPager
          pageNumber={pageNumber}
          hasOlder={board.page.next !== null}
          onNewer={() =>
            navigate({
              to: '/shop',
              search: (previous: BoardSearchParams) =>
                withoutBlanks({ ...previous, trail: previous.trail?.slice(0, -1) }),
            })
          }
          onOlder={() => {
            const next = board.page.next;
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
