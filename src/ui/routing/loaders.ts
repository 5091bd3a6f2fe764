import { redirect } from '@tanstack/react-router';
import { type AdminSearchParams, resolveAdminFilter } from '../../domain/admin/report';
import type { BoardSearchParams } from '../../domain/shop/board-search';
import { isDistributor, isSuperAdmin, ROLES, type SuperAdminProfile } from '../../domain/users/roles';
import type { UserProfile } from '../../domain/users/user';
import { adminQueries } from '../queries/admin-queries';
import { shopQueries } from '../queries/shop-queries';
import { supportQueries } from '../queries/support-queries';
import { trackingQueries } from '../queries/tracking-queries';
import { walletQueries } from '../queries/wallet-queries';
import type { RouterContext } from './context';

/** For routes whose page needs the backend from its first render (the demo outboxes). */
export async function loadServices({ context }: { context: RouterContext }): Promise<void> {
  await context.services.load();
}

/**
 * /dashboard: starts the role's reads before the page renders: a distributor's wallet; the admin's counters and first page are
 * awaited on a first visit (one paint with data); later filter changes only start the read, so the page
 * keeps the rows it shows, dimmed, until the next ones arrive. A failed read is the page's to show
 * (with 'Retry'), not the route's.
 */
export async function loadDashboard(
  context: RouterContext & { readonly viewer: UserProfile | null },
  deps: AdminSearchParams,
): Promise<void> {
  const { viewer, queryClient } = context;
  await sendShopPeopleToShop(context);
  if (isDistributor(viewer)) {
    const { useCases } = await context.services.load();
    await queryClient
      .ensureQueryData(walletQueries.distributorWallet(useCases.wallet, viewer))
      .catch(() => undefined);
    return;
  }
  if (!isSuperAdmin(viewer)) return;
  const { useCases } = await context.services.load();
  const filter = resolveAdminFilter(deps, useCases.clock.now());
  const totals = adminQueries.totals(useCases.admin, viewer);
  const page = adminQueries.businessPerformance(useCases.admin, viewer, filter);
  const firstVisit = queryClient.getQueriesData({ queryKey: adminQueries.all }).length === 0;
  const reads = Promise.allSettled([queryClient.ensureQueryData(totals), queryClient.ensureQueryData(page)]);
  if (firstVisit) await reads;
}

/** /support-admin: the issue list, for the super admin the route let in. A failure is the page's to show. */
export async function loadSupportIssues(
  context: RouterContext & { readonly admin: SuperAdminProfile | null },
): Promise<void> {
  if (context.admin === null) return;
  const { useCases } = await context.services.load();
  await context.queryClient
    .ensureQueryData(supportQueries.list(useCases.support, context.admin))
    .catch(() => undefined);
}

/** /distributor-recharge: the distributors to choose from and the latest recharges. */
export async function loadRecharge(
  context: RouterContext & { readonly admin: SuperAdminProfile | null },
): Promise<void> {
  if (context.admin === null) return;
  const { useCases } = await context.services.load();
  const { queryClient, admin } = context;
  await Promise.allSettled([
    queryClient.ensureQueryData(walletQueries.distributors(useCases.wallet, admin)),
    queryClient.ensureQueryData(walletQueries.recentRecharges(useCases.wallet, admin)),
  ]);
}

/** The roles whose web screen is not the shop console: they never ask for stores. */
const NOT_SHOP_ROLES: readonly string[] = [ROLES.superAdmin, ROLES.user, ROLES.distributor];

/**
 * /dashboard: owners and staff (an account that works in at least one store) go to /shop. Any other
 * account, or one whose stores cannot be read, stays (and sees its dashboard, or 'Coming Soon').
 */
async function sendShopPeopleToShop(context: RouterContext & { readonly viewer: UserProfile | null }) {
  const role = context.viewer?.role;
  if (role && NOT_SHOP_ROLES.includes(role)) return;
  const session = await context.session.settled();
  if (session.status !== 'signed-in' && session.status !== 'error') return;
  const { useCases } = await context.services.load();
  const stores = await context.queryClient
    .ensureQueryData(shopQueries.myStores(useCases.shop, session.user.uid))
    .catch(() => null);
  if (stores !== null && stores.length > 0) throw redirect({ to: '/shop', replace: true });
}

/** The signed-in account's uid (the route's beforeLoad has sent signed-out visitors away). */
async function sessionUid(context: RouterContext): Promise<string> {
  const session = await context.session.settled();
  return session.status === 'signed-in' || session.status === 'error' ? session.user.uid : '';
}

type ShopContext = RouterContext & { readonly viewer: UserProfile | null };

/**
 * The signed-in account's stores (null when they cannot be read). An account in no store whose role
 * has a screen of its own (a customer, a distributor, the super admin) goes back to /dashboard: the
 * console is not theirs. Owners and staff in no store stay and read 'No store yet'; an account of any
 * role that an owner added as staff works in the console like any staff.
 */
async function myStoresOrElsewhere(
  context: ShopContext,
): Promise<readonly { storeId: string; role: string }[] | null> {
  const { useCases } = await context.services.load();
  const stores = await context.queryClient
    .ensureQueryData(shopQueries.myStores(useCases.shop, await sessionUid(context)))
    .catch(() => null);
  const role = context.viewer?.role;
  if (stores !== null && stores.length === 0 && role && NOT_SHOP_ROLES.includes(role))
    throw redirect({ to: '/dashboard', replace: true });
  return stores;
}

/**
 * /shop: the account's stores, then the chosen store's board (or search). Failures are the page's to
 * show (with 'Retry').
 */
export async function loadShopBoard(context: ShopContext, deps: BoardSearchParams): Promise<void> {
  const { useCases } = await context.services.load();
  const { queryClient } = context;
  const stores = await myStoresOrElsewhere(context);
  if (stores === null || stores.length === 0) return;
  const store = stores.find((candidate) => candidate.storeId === deps.store) ?? stores[0];
  if (store === undefined) return;
  const read = deps.q
    ? queryClient.ensureQueryData(shopQueries.search(useCases.shop, store.storeId, deps.q))
    : queryClient.ensureQueryData(shopQueries.board(useCases.shop, store.storeId, deps));
  await read.catch(() => undefined);
}

/** /shop/repairs/new: the account's stores (the form creates the repair in the chosen one). */
export async function loadNewRepair(context: ShopContext): Promise<void> {
  await myStoresOrElsewhere(context);
}

/** /shop/staff: the account's stores, then the chosen owned store's staff and invitations. */
export async function loadStaff(context: ShopContext, storeId: string | undefined): Promise<void> {
  const { useCases } = await context.services.load();
  const stores = await myStoresOrElsewhere(context);
  const owned = (stores ?? []).filter((store) => store.role === 'owner');
  const store = owned.find((candidate) => candidate.storeId === storeId) ?? owned[0];
  if (store === undefined) return;
  await context.queryClient
    .ensureQueryData(shopQueries.staff(useCases.shop, store.storeId))
    .catch(() => undefined);
}

/** /shop/repairs/$id: the repair page's read. */
export async function loadShopRepair(context: RouterContext, id: string): Promise<void> {
  const { useCases } = await context.services.load();
  await context.queryClient.ensureQueryData(shopQueries.repair(useCases.shop, id)).catch(() => undefined);
}

/**
 * /shop/repairs/$id/print: the same read as the repair page (the job sheet prints from it); a refusal
 * or failure is the page's to show, as on the repair page.
 */
export async function loadJobSheet(context: RouterContext, id: string): Promise<void> {
  const { useCases } = await context.services.load();
  await context.queryClient.ensureQueryData(shopQueries.repair(useCases.shop, id)).catch(() => undefined);
}

/** /t/$token: the customer-safe view of the link (a revoked or unknown link is the page's answer). */
export async function loadTracking(context: RouterContext, token: string): Promise<void> {
  const { useCases } = await context.services.load();
  await context.queryClient
    .ensureQueryData(trackingQueries.view(useCases.shop, token))
    .catch(() => undefined);
}
