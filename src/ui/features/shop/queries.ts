import { queryOptions } from '@tanstack/react-query';
import { type BoardSearchParams, boardFilterOf } from '../../../domain/shop/board-search';
import type { UseCases } from '../../../domain/use-cases';
import { outcomeValue } from '../../queries/outcome-value';

type Shop = UseCases['shop'];

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

/**
 * The repair desk's reads, one factory each. Every key starts with 'shop', so a change (a new repair,
 * a status move, a deletion) refreshes them all at once. Failures are not retried: the screens offer
 * 'Retry'.
 */
export const shopQueries = {
  all: ['shop'] as const,

  /** The stores the signed-in account works in (uid in the key: a new session never sees another's). */
  myStores: (shop: Shop, uid: string) =>
    queryOptions({
      queryKey: ['shop', 'my-stores', uid],
      queryFn: async () => outcomeValue(await shop.myStores()),
    }),

  /** A store's counts and one page of its repairs, for the board's filters. */
  board: (shop: Shop, storeId: string, params: BoardSearchParams) =>
    queryOptions({
      queryKey: [
        'shop',
        'board',
        storeId,
        params.status ?? '',
        params.from ?? '',
        params.to ?? '',
        params.trail?.at(-1) ?? '',
      ],
      queryFn: async () => outcomeValue(await shop.storeBoard(storeId, boardFilterOf(params))),
      refetchInterval: whilePending((board) => board.page.items),
    }),

  /** A search of a store's repairs. */
  search: (shop: Shop, storeId: string, text: string) =>
    queryOptions({
      queryKey: ['shop', 'search', storeId, text.trim()],
      queryFn: async () => outcomeValue(await shop.search(storeId, text)),
      refetchInterval: whilePending((found) => found.repairs),
    }),

  /** The owner's staff section: the store's staff and pending invitations. */
  staff: (shop: Shop, storeId: string) =>
    queryOptions({
      queryKey: ['shop', 'staff', storeId],
      queryFn: async () => outcomeValue(await shop.staffScreen(storeId)),
    }),

  /** The signed-in account's pending invitations (none until its address is verified). */
  myInvitations: (shop: Shop, uid: string) =>
    queryOptions({
      queryKey: ['shop', 'my-invitations', uid],
      queryFn: async () => outcomeValue(await shop.myInvitations()),
    }),

  /** Everything the repair page shows. */
  repair: (shop: Shop, id: string) =>
    queryOptions({
      queryKey: ['shop', 'repair', id],
      queryFn: async () => outcomeValue(await shop.repairDossier(id)),
      refetchInterval: whilePending((page) => [page.repair]),
    }),

  /**
   * The job card's earlier customer: the names the store's repairs give for a mobile (as typed, once
   * settled). Answers the outcome: the card says a failed look-up in its own words.
   */
  earlierCustomer: (shop: Shop, storeId: string, mobile: string) =>
    queryOptions({
      queryKey: ['shop', 'earlier-customer', storeId, mobile],
      queryFn: () => shop.earlierCustomer(storeId, mobile),
      retry: false,
    }),

  /**
   * A photo the backend keeps on the device, opened once (its bytes never change). Keyed outside 'shop'
   * on purpose: a write of the shop does not open every photo again.
   */
  photo: (shop: Shop, url: string) =>
    queryOptions({
      queryKey: ['shop-photo', url],
      queryFn: () => shop.openPhoto(url),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
