import { queryOptions } from '@tanstack/react-query';
import type { AdminFilter } from '../../../domain/admin/report';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { outcomeValue } from '../../queries/outcome-value';

type Admin = UseCases['admin'];

/**
 * The super admin's reads, one factory each: the dashboard's loader fills the cache with them
 * (ensureQueryData) and its components read the same entries (useQuery). Failures are not retried (the
 * query client's policy): the screen offers 'Retry'.
 */
export const adminQueries = {
  all: ['admin'] as const,

  totals: (admin: Admin, viewer: UserProfile) =>
    queryOptions({
      queryKey: ['admin', 'totals', viewer.uid],
      queryFn: async () => outcomeValue(await admin.totals(viewer)),
    }),

  businessPerformance: (admin: Admin, viewer: UserProfile, filter: AdminFilter) =>
    queryOptions({
      queryKey: [
        'admin',
        'performance',
        viewer.uid,
        filter.year,
        filter.month,
        filter.search.trim(),
        filter.page,
      ],
      queryFn: async () => outcomeValue(await admin.businessPerformance(viewer, filter)),
    }),
};
