import { createRoute, redirect } from '@tanstack/react-router';
import { parseBoardSearch } from '../../../domain/shop/board-search';
import { istMonth, parseReportSearch } from '../../../domain/shop/report-search';
import { ownerLayout, shopMemberLayout, signedInLayout } from '../../routing/audiences';
import type { RouterContext } from '../../routing/context';
import { screenComponent } from '../../routing/screen-component';
import { SCREENS } from '../../routing/screens';
import { rememberedStore } from './board/remembered-store';
import { parseInvoiceSearch } from './invoice/invoice-paper';
import { parseJobSheetSearch } from './job-sheet/job-sheet-search';
import { shopQueries } from './queries';

/*
 * The shop console's screens. They hang under the shop-member audience (which has read the account's
 * stores), the owner audience (/shop/settings) and, for opening a store, any signed-in account
 * (/shop/setup: the screen says who may). Each loader puts what its screen shows in the query
 * cache (ensureQueryData); a failed read is thrown to the audience's error component (message + Retry).
 */

type Store = { readonly storeId: string; readonly storeName: string; readonly role: string };

/** A store id from the URL: an id of a sane length, or nothing (the first store). */
const storeSearch = (search: Record<string, unknown>): { store?: string } =>
  typeof search.store === 'string' && search.store !== '' && search.store.length <= 200
    ? { store: search.store }
    : {};

/** The store the URL names among `stores`, else the first one; undefined when there is none. */
export const chosenStore = <S extends Store>(
  stores: readonly S[],
  wanted: string | undefined,
): S | undefined => stores.find((candidate) => candidate.storeId === wanted) ?? stores[0];

/**
 * The store this account last chose on this browser (remembered-store.ts), when /shop names none and
 * that store is still among its stores: the URL is made to name it (a replace), so the board, its
 * loader and every link read one value, the URL, and nothing decided later can undo a choice.
 */
const rememberedChoice = (
  stores: readonly Store[],
  search: { readonly store?: string },
  uid: string,
): string | undefined => {
  if (search.store !== undefined) return undefined;
  const remembered = rememberedStore(uid);
  return stores.some((store) => store.storeId === remembered) ? remembered : undefined;
};

const shopOf = async (context: RouterContext) => (await context.services.load()).useCases.shop;

/**
 * /shop, the board: the chosen store's counts and page of repairs (null for a backwards range) and, with
 * `?q=`, the search of all the account's stores. A filter change keeps the board on screen until these are read (the router shows
 * the new search once its loader is done); the account's invitations are asked for on the way (a panel
 * that shows nothing when they cannot be read).
 */
export const boardRoute = createRoute({
  getParentRoute: () => shopMemberLayout,
  path: '/shop',
  validateSearch: parseBoardSearch,
  beforeLoad: ({ context, search }) => {
    const remembered = rememberedChoice(context.stores, search, context.uid);
    if (remembered !== undefined)
      throw redirect({ to: '/shop', search: { ...search, store: remembered }, replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const shop = await shopOf(context);
    void context.queryClient.prefetchQuery(shopQueries.myInvitations(shop, context.uid));
    const store = chosenStore(context.stores, deps.store);
    if (store === undefined) return;
    await Promise.all([
      context.queryClient.ensureQueryData(shopQueries.board(shop, store.storeId, deps)),
      deps.q === undefined
        ? undefined
        : context.queryClient.ensureQueryData(shopQueries.search(shop, context.stores, deps.q)),
    ]);
  },
  component: screenComponent(SCREENS['/shop'], 'ShopBoardPage'),
});

/** /shop/repairs/new: the job card (the stores are read by the audience; `?store=` picks one). */
export const newRepairRoute = createRoute({
  getParentRoute: () => shopMemberLayout,
  path: '/shop/repairs/new',
  validateSearch: storeSearch,
  component: screenComponent(SCREENS['/shop/repairs/new'], 'NewRepairPage'),
});

/** /shop/repairs/$id: everything the repair page shows. */
export const repairRoute = createRoute({
  getParentRoute: () => shopMemberLayout,
  path: '/shop/repairs/$id',
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(shopQueries.repair(await shopOf(context), params.id));
  },
  component: screenComponent(SCREENS['/shop/repairs/$id'], 'RepairPage'),
});

/** /shop/repairs/$id/print: the job sheet prints from the repair page's read; `?paper=80mm`, `?copy=shop`. */
export const jobSheetRoute = createRoute({
  getParentRoute: () => shopMemberLayout,
  path: '/shop/repairs/$id/print',
  validateSearch: parseJobSheetSearch,
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(shopQueries.repair(await shopOf(context), params.id));
  },
  component: screenComponent(SCREENS['/shop/repairs/$id/print'], 'JobSheetPage'),
});

/**
 * /shop/repairs/$id/invoice: the repair's invoice (its preview and 'Issue Invoice' until issued), its
 * vouchers; `?paper=a4|a5|80mm`, `?voucher=` (a payment's voucher instead of the invoice).
 */
export const invoiceRoute = createRoute({
  getParentRoute: () => shopMemberLayout,
  path: '/shop/repairs/$id/invoice',
  validateSearch: parseInvoiceSearch,
  loader: async ({ context, params }) => {
    const { useCases } = await context.services.load();
    await Promise.all([
      context.queryClient.ensureQueryData(shopQueries.repair(useCases.shop, params.id)),
      context.queryClient.ensureQueryData(shopQueries.invoice(useCases.invoices, params.id)),
    ]);
  },
  component: screenComponent(SCREENS['/shop/repairs/$id/invoice'], 'InvoicePage'),
});

/**
 * /shop/setup: 'Set Up Your Shop' (an account of role user, or an owner's 'Add Store'). Any signed-in
 * account reaches it; the screen tells the others that they may not (the backends refuse them too).
 */
export const setupRoute = createRoute({
  getParentRoute: () => signedInLayout,
  path: '/shop/setup',
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(
      shopQueries.setup(await shopOf(context), context.uid, context.viewer?.role),
    );
  },
  component: screenComponent(SCREENS['/shop/setup'], 'SetupPage'),
});

/** /shop/settings: one owned store's settings and its 'Staff' section (`?store=`, else the first). */
export const settingsRoute = createRoute({
  getParentRoute: () => ownerLayout,
  path: '/shop/settings',
  validateSearch: storeSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const store = chosenStore(context.ownedStores, deps.store);
    if (store === undefined) return;
    const shop = await shopOf(context);
    await Promise.all([
      context.queryClient.ensureQueryData(shopQueries.settings(shop, store.storeId)),
      context.queryClient.ensureQueryData(shopQueries.staff(shop, store.storeId)),
    ]);
  },
  component: screenComponent(SCREENS['/shop/settings'], 'SettingsPage'),
});

/** /shop/staff, the staff section's first address: it is now settings' 'Staff' section. */
export const staffRoute = createRoute({
  getParentRoute: () => ownerLayout,
  path: '/shop/staff',
  validateSearch: storeSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/shop/settings', search, hash: 'staff', replace: true });
  },
});

/**
 * /shop/dues: the dues khata of the chosen store (`?store=`, else the one last chosen, else the first), for its members (owners
 * and staff): the shop's contact and the first page of its owing repairs.
 */
export const duesRoute = createRoute({
  getParentRoute: () => shopMemberLayout,
  path: '/shop/dues',
  validateSearch: storeSearch,
  // As the board: without ?store=, the store this account last chose on this browser.
  beforeLoad: ({ context, search }) => {
    const remembered = rememberedChoice(context.stores, search, context.uid);
    if (remembered !== undefined)
      throw redirect({ to: '/shop/dues', search: { store: remembered }, replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const store = chosenStore(context.stores, deps.store);
    if (store === undefined) return;
    const shop = await shopOf(context);
    await Promise.all([
      context.queryClient.ensureQueryData(shopQueries.duesShop(shop, store.storeId)),
      context.queryClient.ensureInfiniteQueryData(shopQueries.dues(shop, store.storeId)),
    ]);
  },
  component: screenComponent(SCREENS['/shop/dues'], 'DuesPage'),
});

/**
 * /shop/reports: the owner's month at a glance of one owned store. Without `?store=`, the store this
 * account last chose on this browser (when it owns it); without `?period=` (YYYY-MM), this month in
 * India: both are written into the URL (a replace), so the screen, its loader and every link read one
 * value.
 * Staff reach the owner audience with no owned store: the screen says reports are the owner's.
 */
export const reportsRoute = createRoute({
  getParentRoute: () => ownerLayout,
  path: '/shop/reports',
  validateSearch: parseReportSearch,
  beforeLoad: async ({ context, search }) => {
    if (context.ownedStores.length === 0) return;
    const store = search.store ?? rememberedChoice(context.ownedStores, search, context.uid);
    const period = search.period ?? istMonth((await context.services.load()).useCases.clock.now());
    if (store !== search.store || period !== search.period)
      throw redirect({
        to: '/shop/reports',
        search: { ...(store === undefined ? {} : { store }), period },
        replace: true,
      });
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const store = chosenStore(context.ownedStores, deps.store);
    if (store === undefined || deps.period === undefined) return;
    await context.queryClient.ensureQueryData(
      shopQueries.report(await shopOf(context), store.storeId, deps.period),
    );
  },
  component: screenComponent(SCREENS['/shop/reports'], 'ReportsPage'),
});

/** This feature's routes, by the audience router.tsx hangs them under. */
export const shopRoutes = {
  signedIn: [setupRoute],
  shopMember: [boardRoute, newRepairRoute, repairRoute, jobSheetRoute, invoiceRoute, duesRoute],
  owner: [settingsRoute, staffRoute, reportsRoute],
} as const;
