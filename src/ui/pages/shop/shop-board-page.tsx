import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { BOARD_SEARCH_MAX_LENGTH, type BoardSearchParams } from '../../../domain/shop/board-search';
import { SHOP_MESSAGES, SHOP_TEXTS } from '../../../domain/shop/messages';
import type { ShopRepair } from '../../../domain/shop/repair-record';
import { BOARD_PAGE_SIZE } from '../../../domain/shop/shop-use-cases';
import { STAFF_TEXTS } from '../../../domain/shop/staff-use-cases';
import { REPAIR_STATUSES, STATUS_LABELS } from '../../../domain/shop/status';
import { useService } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { cx } from '../../components/cx';
import { SelectField, TextField } from '../../components/fields';
import { SearchBox } from '../../components/search-box';
import { LoadingBlock } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useMediaQuery } from '../../hooks/use-media-query';
import { AppPage } from '../../layout/app-page';
import { shopQueries } from '../../queries/shop-queries';
import { useSession } from '../../session';
import { StaffInvitations } from '../dashboard/staff-invitations';
import { formatDay, NoStores, PendingSyncBadge, StatusBadge, StoreName } from './shop-ui';

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
        <Alert>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{stores.error.message || SHOP_MESSAGES.loadFailed}</span>
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
  const search = useSearch({ from: '/shop' });
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 768px)');
  const store = stores.find((candidate) => candidate.storeId === search.store) ?? (stores[0] as Store);
  const rangeInvalid = search.from !== undefined && search.to !== undefined && search.to < search.from;

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

      {list.isError && (
        <Alert>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{list.error.message || SHOP_MESSAGES.loadFailed}</span>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()} busy={list.isFetching}>
              Retry
            </Button>
          </div>
        </Alert>
      )}

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
        <nav aria-label="Pages of repairs" className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            disabled={pageNumber <= 1}
            onClick={() =>
              navigate({
                to: '/shop',
                search: (previous: BoardSearchParams) =>
                  withoutBlanks({ ...previous, trail: previous.trail?.slice(0, -1) }),
              })
            }
          >
            <span aria-hidden="true">←</span> Newer
          </Button>
          <span className="text-sm font-medium text-slate-700" aria-live="polite">
            Page {pageNumber}
          </span>
          <Button
            variant="secondary"
            disabled={board.data.page.next === null}
            onClick={() => {
              const next = board.data?.page.next;
              if (next)
                void navigate({
                  to: '/shop',
                  search: (previous: BoardSearchParams) =>
                    withoutBlanks({ ...previous, trail: [...(previous.trail ?? []), next] }),
                });
            }}
          >
            Older <span aria-hidden="true">→</span>
          </Button>
        </nav>
      )}
      <p className="sr-only">{BOARD_PAGE_SIZE} repairs per page.</p>
    </div>
  );
}

/**
 * The status chips: one row that scrolls sideways on a phone, with a fade and an arrow at each edge
 * that has more chips beyond it (so 'Ready for Pickup' and the rest are not hidden without a hint);
 * wrapped into rows from 640 px.
 */
function ChipRow({ children }: { children: ReactNode }) {
  const scroller = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (element === null) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((previous) =>
      previous.before === before && previous.after === after ? previous : { before, after },
    );
  }, []);
  useLayoutEffect(() => {
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The counts arrive later and widen the chips; a phone turns: measure again.
    const observer = new ResizeObserver(measure);
    if (scroller.current) observer.observe(scroller.current);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div className="relative -mx-4 sm:mx-0">
      <nav
        ref={scroller}
        aria-label="Repairs by status"
        onScroll={measure}
        className="overflow-x-auto px-4 sm:px-0"
      >
        <ul ref={list} className="flex gap-2 pb-1 sm:flex-wrap">
          {children}
        </ul>
      </nav>
      {more.before && <EdgeHint side="before" />}
      {more.after && <EdgeHint side="after" />}
    </div>
  );
}

/** The fade over the edge of the chip row that has more chips beyond it, with an arrow. */
function EdgeHint({ side }: { side: 'before' | 'after' }) {
  return (
    <div
      aria-hidden="true"
      data-more-chips={side}
      className={cx(
        'pointer-events-none absolute inset-y-0 flex w-14 items-center pb-1 sm:hidden',
        side === 'after'
          ? 'right-0 justify-end bg-gradient-to-l from-slate-50 via-slate-50/90 to-transparent pr-1'
          : 'left-0 justify-start bg-gradient-to-r from-slate-50 via-slate-50/90 to-transparent pl-1',
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 text-slate-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path
          d={side === 'after' ? 'm9 6 6 6-6 6' : 'm15 6-6 6 6 6'}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}

function StatusChip({
  label,
  count,
  active,
  onClick,
}: {
  label: string;
  count: number | undefined;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cx(
        'inline-flex h-11 shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-semibold ring-1 ring-inset',
        active
          ? 'bg-brand-700 text-white ring-brand-700'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
      )}
    >
      {label}
      <span className={cx('rounded-full px-2 text-xs', active ? 'bg-white/20' : 'bg-slate-100')}>
        {count ?? '–'}
      </span>
    </button>
  );
}

function RepairCards({ repairs }: { repairs: readonly ShopRepair[] }) {
  return (
    <ul className="space-y-3">
      {repairs.map((repair) => (
        <li key={repair.id}>
          <Link
            to="/shop/repairs/$id"
            params={{ id: repair.id }}
            className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 active:bg-slate-50"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-lg font-bold">{repair.repairId}</span>
              <span className="flex flex-wrap items-center justify-end gap-1">
                <PendingSyncBadge pending={repair.pendingSync} />
                <StatusBadge status={repair.status} />
              </span>
            </div>
            <p className="mt-1 font-medium text-slate-800">{repair.customerName}</p>
            <p className="text-sm text-slate-600">
              {repair.productName || repair.productType} · {formatDay(repair.createdAt)}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RepairTable({ repairs }: { repairs: readonly ShopRepair[] }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-4 py-3 font-semibold">Repair ID</th>
            <th className="px-4 py-3 font-semibold">Customer</th>
            <th className="px-4 py-3 font-semibold">Mobile</th>
            <th className="px-4 py-3 font-semibold">Device</th>
            <th className="px-4 py-3 font-semibold">Status</th>
            <th className="px-4 py-3 font-semibold">Received</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {repairs.map((repair) => (
            <tr key={repair.id} className="hover:bg-slate-50">
              <td className="px-4 py-3 font-semibold">
                <Link
                  to="/shop/repairs/$id"
                  params={{ id: repair.id }}
                  className="text-brand-700 hover:underline"
                >
                  {repair.repairId}
                </Link>
              </td>
              <td className="px-4 py-3">{repair.customerName}</td>
              <td className="px-4 py-3">{repair.customerMobile}</td>
              <td className="px-4 py-3">{repair.productName || repair.productType}</td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap items-center gap-1">
                  <StatusBadge status={repair.status} />
                  <PendingSyncBadge pending={repair.pendingSync} />
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDay(repair.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Drops empty parts so that the URL only says what differs from the defaults. */
function withoutBlanks(params: BoardSearchParams): BoardSearchParams {
  return {
    ...(params.store !== undefined && { store: params.store }),
    ...(params.status !== undefined && { status: params.status }),
    ...(params.from !== undefined && { from: params.from }),
    ...(params.to !== undefined && { to: params.to }),
    ...(params.q !== undefined && params.q.trim() !== '' && { q: params.q }),
    ...(params.trail !== undefined && params.trail.length > 0 && { trail: params.trail }),
  };
}
