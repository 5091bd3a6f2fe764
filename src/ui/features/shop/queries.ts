import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  type BoardSearchParams,
  boardFilterOf,
  rangeEndsBeforeStart,
} from '../../../domain/shop/board-search';
import type { UseCases } from '../../../domain/use-cases';
import { outcomeValue } from '../../queries/outcome-value';

type Shop = UseCases['shop'];
type Invoices = UseCases['invoices'];
type SearchedStore = { readonly storeId: string; readonly storeName: string };

/**
 * While a shown repair is not yet synced (pendingSync: a change made offline on Firebase), its screen
 * reads again every few seconds, so the mark goes once the server has the change (offline the read is
 * answered by the device's cache).
 */
export const PENDING_SYNC_REFETCH_MS = 5_000;
const whilePending =
  <T>(repairsOf: (data: T) => readonly { readonly pendingSync: boolean }[]) =>
  (query: { state: { data: T | undefined } }) =>
    query.state.data !== undefined && repairsOf(query.state.data).some((repair) => repair.pendingSync)
      ? PENDING_SYNC_REFETCH_MS
      : false;

/** How long what a device holds for offline job cards is taken as known (it changes with its own job cards). */
const OFFLINE_JOB_CARDS_STALE_MS = 5 * 60_000;

/**
 * The shop feature's one key factory: every query key of the shop console is made here, and nowhere
 * else (no inline keys in a view or a hook). Every key starts with 'shop' (`shopKeys.all`), so a change
 * (a new repair, a status move, a staff change) invalidates `shopKeys.all` and refreshes them all at
 * once. The one exception is a photo's bytes (`photo`): a photo at a URL never changes, so it stays out
 * of that refresh ('shop-photo') instead of downloading again after every change.
 */
export const shopKeys = {
  all: ['shop'] as const,
  myStores: (uid: string) => [...shopKeys.all, 'my-stores', uid] as const,
  /** Every account's stores (a new store: read again even where no screen shows them now). */
  anyStores: () => [...shopKeys.all, 'my-stores'] as const,
  board: (storeId: string, params: BoardSearchParams) =>
    [
      ...shopKeys.all,
      'board',
      storeId,
      params.status ?? '',
      params.from ?? '',
      params.to ?? '',
      params.trail?.at(-1) ?? '',
    ] as const,
  /** A search of the account's stores (their ids, in order, are part of the key). */
  search: (storeIds: readonly string[], text: string) =>
    [...shopKeys.all, 'search', storeIds.join(','), text.trim()] as const,
  staff: (storeId: string) => [...shopKeys.all, 'staff', storeId] as const,
  /** The dues khata: the store's contact, and its owing repairs page by page. */
  duesShop: (storeId: string) => [...shopKeys.all, 'dues-shop', storeId] as const,
  dues: (storeId: string) => [...shopKeys.all, 'dues', storeId] as const,
  /** 'Set Up Your Shop': whether the account may open a store, and its stores' prefixes. */
  setup: (uid: string) => [...shopKeys.all, 'setup', uid] as const,
  /** The owner's month at a glance of one store ('YYYY-MM'). */
  report: (storeId: string, month: string) => [...shopKeys.all, 'report', storeId, month] as const,
  /** The owner's settings of one store. */
  settings: (storeId: string) => [...shopKeys.all, 'settings', storeId] as const,
  myInvitations: (uid: string) => [...shopKeys.all, 'my-invitations', uid] as const,
  repair: (id: string) => [...shopKeys.all, 'repair', id] as const,
  /** A repair's invoice and its vouchers (issue 18). */
  invoice: (repairDocId: string) => [...shopKeys.all, 'invoice', repairDocId] as const,
  /** The names a store's earlier repairs give for a mobile number (the job card's suggestion). */
  earlierCustomer: (storeId: string, mobile: string) =>
    [...shopKeys.all, 'earlier-customer', storeId, mobile] as const,
  /** The message for the customer of a repair as it stands (each part that changes the text is in it). */
  customerMessage: (repairId: string, status: string, updatedAt: string, trackingToken: string) =>
    [...shopKeys.all, 'message', repairId, status, updatedAt, trackingToken] as const,
  /**
   * How many job cards this device can take offline in a store: outside 'shop', since a change
   * elsewhere never changes it (a new job card refreshes it itself).
   */
  offlineJobCards: (storeId: string) => ['shop-offline-job-cards', storeId] as const,
  /** A photo's bytes kept on the device: deliberately outside 'shop' (see above). */
  photo: (url: string) => ['shop-photo', url] as const,
};

/**
 * The repair desk's reads, one factory each, keyed by `shopKeys`. Routes' loaders ensure them and views
 * read them with useSuspenseQuery. Failures are not retried: the route's error offers 'Retry'.
 */
export const shopQueries = {
  /** The stores the signed-in account works in (uid in the key: a new session never sees another's). */
  myStores: (shop: Shop, uid: string) =>
    queryOptions({
      queryKey: shopKeys.myStores(uid),
      queryFn: async () => outcomeValue(await shop.myStores()),
    }),

  /**
   * A store's counts and one page of its repairs, for the board's filters; null for a date range that
   * ends before it starts (nothing is asked: the board says what is wrong with the range).
   */
  board: (shop: Shop, storeId: string, params: BoardSearchParams) =>
    queryOptions({
      queryKey: shopKeys.board(storeId, params),
      queryFn: async () =>
        rangeEndsBeforeStart(params)
          ? null
          : outcomeValue(await shop.storeBoard(storeId, boardFilterOf(params))),
      refetchInterval: whilePending((board) => board?.page.items ?? []),
    }),

  /**
   * A search of the repairs of every store the account works in (an owner's covers all of its stores),
   * each result named with its store.
   */
  search: (shop: Shop, stores: readonly SearchedStore[], text: string) =>
    queryOptions({
      queryKey: shopKeys.search(
        stores.map((store) => store.storeId),
        text,
      ),
      queryFn: async () => outcomeValue(await shop.search(stores, text)),
      refetchInterval: whilePending((found) => found.repairs),
    }),

  /**
   * Readies this device for job cards with the network cut (on Firebase it reserves Repair IDs while
   * online) and how many it can take: null where there is no limit. Asked again every few minutes
   * while shown, and never failing (the use case logs and answers null).
   */
  offlineJobCards: (shop: Shop, storeId: string) =>
    queryOptions({
      queryKey: shopKeys.offlineJobCards(storeId),
      queryFn: () => shop.prepareOfflineJobCards(storeId),
      staleTime: OFFLINE_JOB_CARDS_STALE_MS,
      refetchInterval: OFFLINE_JOB_CARDS_STALE_MS,
    }),

  /** The owner's staff section: the store's staff and pending invitations. */
  staff: (shop: Shop, storeId: string) =>
    queryOptions({
      queryKey: shopKeys.staff(storeId),
      queryFn: async () => outcomeValue(await shop.staffScreen(storeId)),
    }),

  /** The dues khata's store and the shop's contact (name, phone, UPI ID, 'Payment Reminder'). */
  duesShop: (shop: Shop, storeId: string) =>
    queryOptions({
      queryKey: shopKeys.duesShop(storeId),
      queryFn: async () => outcomeValue(await shop.duesShop(storeId)),
    }),

  /** The store's owing repairs, oldest first, a page at a time ('Load more' asks for the next). */
  dues: (shop: Shop, storeId: string) =>
    infiniteQueryOptions({
      queryKey: shopKeys.dues(storeId),
      queryFn: async ({ pageParam }) => outcomeValue(await shop.duesPage(storeId, pageParam)),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
    }),

  /** The setup form's facts for the signed-in account (of `role`). */
  setup: (shop: Shop, uid: string, role: string | null | undefined) =>
    queryOptions({
      queryKey: shopKeys.setup(uid),
      queryFn: async () => outcomeValue(await shop.setupScreen(role)),
    }),

  /** One owned store's month report, 'YYYY-MM' in India (its owner only). */
  report: (shop: Shop, storeId: string, month: string) =>
    queryOptions({
      queryKey: shopKeys.report(storeId, month),
      queryFn: async () => outcomeValue(await shop.monthReport(storeId, month)),
    }),

  /** One owned store's settings (its owner only). */
  settings: (shop: Shop, storeId: string) =>
    queryOptions({
      queryKey: shopKeys.settings(storeId),
      queryFn: async () => outcomeValue(await shop.settingsScreen(storeId)),
    }),

  /** The signed-in account's pending invitations (none until its address is verified). */
  myInvitations: (shop: Shop, uid: string) =>
    queryOptions({
      queryKey: shopKeys.myInvitations(uid),
      queryFn: async () => outcomeValue(await shop.myInvitations()),
    }),

  /** The names the store's earlier repairs give for a valid mobile (an answer, failed or not: never thrown). */
  earlierCustomer: (shop: Shop, storeId: string, mobile: string) =>
    queryOptions({
      queryKey: shopKeys.earlierCustomer(storeId, mobile),
      queryFn: () => shop.earlierCustomer(storeId, mobile),
      retry: false,
    }),

  /** Everything the repair page shows. */
  repair: (shop: Shop, id: string) =>
    queryOptions({
      queryKey: shopKeys.repair(id),
      queryFn: async () => outcomeValue(await shop.repairDossier(id)),
      refetchInterval: whilePending((page) => [page.repair]),
    }),

  /** A repair's invoice (null until issued) and its vouchers, oldest first. */
  invoice: (invoices: Invoices, repairDocId: string) =>
    queryOptions({
      queryKey: shopKeys.invoice(repairDocId),
      queryFn: async () => outcomeValue(await invoices.load(repairDocId)),
    }),

  /**
   * A photo the backend keeps on the device, opened once (its bytes never change). Keyed outside 'shop'
   * on purpose: a write of the shop does not open every photo again.
   */
  photo: (shop: Shop, url: string) =>
    queryOptions({
      queryKey: shopKeys.photo(url),
      queryFn: () => shop.openPhoto(url),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The stores among `stores` that the account owns (what only an owner manages). Here, not in the
 * domain: the audiences (part of the first script) use it, and must not pull a domain module in. */
export function ownedStores<S extends { readonly role: string }>(stores: readonly S[]): S[] {
  return stores.filter((store) => store.role === 'owner');
}
