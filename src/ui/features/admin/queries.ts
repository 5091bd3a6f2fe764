import { queryOptions } from '@tanstack/react-query';
import type { AdminFilter } from '../../../domain/admin/report';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { outcomeValue } from '../../queries/outcome-value';

type Admin = UseCases['admin'];

/** The super admin's query keys, the one place they are written. */
export const adminKeys = {
  all: ['admin'] as const,
  totals: (uid: string) => [...adminKeys.all, 'totals', uid] as const,
  performance: (uid: string, filter: AdminFilter) =>
    [
      ...adminKeys.all,
      'performance',
      uid,
      filter.year,
      filter.month,
      filter.search.trim(),
      filter.page,
    ] as const,
};

/**
 * The super admin's reads, one factory each: the dashboard's loader fills the cache with them and its
 * panels read the same entries (useSuspenseQuery). Failures are not retried (the query client's
 * policy): each panel offers 'Retry'.
 */
export const adminQueries = {
  totals: (admin: Admin, viewer: UserProfile) =>
    queryOptions({
      queryKey: adminKeys.totals(viewer.uid),
      queryFn: async () => outcomeValue(await admin.totals(viewer)),
    }),

  businessPerformance: (admin: Admin, viewer: UserProfile, filter: AdminFilter) =>
    queryOptions({
      queryKey: adminKeys.performance(viewer.uid, filter),
      queryFn: async () => outcomeValue(await admin.businessPerformance(viewer, filter)),
    }),
};
