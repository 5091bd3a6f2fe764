import type { BusinessUser, Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { done, failed, type Outcome } from '../shared/validation';
import { businessNameOf, businessNumberOf, isSuperAdmin, type UserProfile } from '../users/user';
import { ADMIN_MESSAGES } from './messages';
import { ADMIN_PAGE_SIZE, type AdminFilter, pageCountOf, periodRange } from './report';

export interface BusinessPerformanceRow {
  readonly uid: string;
  readonly businessName: string;
  readonly email: string;
  readonly phone: string;
  readonly storeCount: number;
  /** Repairs created in the chosen month across all the business's stores. */
  readonly repairs: number;
}

export interface BusinessPerformancePage {
  readonly rows: readonly BusinessPerformanceRow[];
  /** The page shown (clamped into 1..pageCount). */
  readonly page: number;
  readonly pageCount: number;
  /** Business users matching the search. */
  readonly matching: number;
}

export interface AdminTotals {
  readonly totalUsers: number;
  readonly totalBusinessUsers: number;
}

/**
 * A backend's refusal reads as 'Access denied.' (a stale super-admin profile); anything else as a load
 * failure, its cause logged.
 */
function loadFailure(ports: Pick<Ports, 'logger'>, what: string, error: unknown): Outcome<never> {
  if (isPortError(error, 'permission-denied')) return failed(ADMIN_MESSAGES.accessDenied);
  ports.logger.error(`${what} could not be loaded`, error);
  return failed(ADMIN_MESSAGES.loadFailed);
}

/** The two counters of the admin dashboard, counted by the backend (no documents are read). */
export async function loadAdminTotals(
  ports: Pick<Ports, 'users' | 'logger'>,
  viewer: UserProfile | null,
): Promise<Outcome<AdminTotals>> {
  if (!isSuperAdmin(viewer)) return failed(ADMIN_MESSAGES.accessDenied);
  try {
    const [totalUsers, totalBusinessUsers] = await Promise.all([
      ports.users.countAll(),
      ports.users.countBusinessUsers(),
    ]);
    return done({ totalUsers, totalBusinessUsers });
  } catch (error) {
    return loadFailure(ports, 'The admin totals', error);
  }
}

/**
 * One page of the business performance table: the business users matching the search (business name
 * or e-mail, case-insensitive), each with its repairs created in the chosen month. Only the page's
 * businesses are counted, with one counting query for all their stores (and the repairs that name
 * no store but the business itself).
 */
export async function listBusinessPerformance(
  ports: Pick<Ports, 'users' | 'repairs' | 'logger'>,
  viewer: UserProfile | null,
  filter: AdminFilter,
): Promise<Outcome<BusinessPerformancePage>> {
  if (!isSuperAdmin(viewer)) return failed(ADMIN_MESSAGES.accessDenied);
  try {
    const search = filter.search.trim();
    let pageNumber = Number.isFinite(filter.page) ? Math.max(1, Math.floor(filter.page)) : 1;
    let result = await ports.users.pageBusinessUsers({
      search,
      offset: (pageNumber - 1) * ADMIN_PAGE_SIZE,
      limit: ADMIN_PAGE_SIZE,
    });
    const pageCount = pageCountOf(result.total);
    if (pageNumber > pageCount) {
      pageNumber = pageCount;
      result = await ports.users.pageBusinessUsers({
        search,
        offset: (pageNumber - 1) * ADMIN_PAGE_SIZE,
        limit: ADMIN_PAGE_SIZE,
      });
    }
    // A business's repairs are those of its stores, plus those that name no store but the business.
    const keysOf = (business: BusinessUser) => [...new Set([...business.storeIds, business.profile.uid])];
    const keys = result.items.flatMap(keysOf);
    const counts = keys.length === 0 ? {} : await ports.repairs.countCreated(keys, periodRange(filter));
    const rows = result.items.map(
      (business): BusinessPerformanceRow => ({
        uid: business.profile.uid,
        businessName: businessNameOf(business.profile),
        email: business.profile.email,
        phone: businessNumberOf(business.profile),
        storeCount: business.storeIds.length,
        repairs: keysOf(business).reduce((sum, key) => sum + (counts[key] ?? 0), 0),
      }),
    );
    return done({ rows, page: pageNumber, pageCount: pageCountOf(result.total), matching: result.total });
  } catch (error) {
    return loadFailure(ports, 'The business performance page', error);
  }
}

/** The search rule the backends implement for pageBusinessUsers, for the memory adapter and tests. */
export function matchesBusinessSearch(profile: UserProfile, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  return (
    wanted === '' ||
    businessNameOf(profile).toLowerCase().includes(wanted) ||
    profile.email.toLowerCase().includes(wanted)
  );
}

/** The order of the business table: business name (case-insensitive), then uid. */
export function byBusinessName(a: UserProfile, b: UserProfile): number {
  const left = businessNameOf(a).toLowerCase();
  const right = businessNameOf(b).toLowerCase();
  return left < right ? -1 : left > right ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}
