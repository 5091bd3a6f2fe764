import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { outcomeValue } from '../../queries/outcome-value';

type Support = UseCases['support'];

/** Support's query keys, the one place they are written. */
export const supportKeys = {
  all: ['support'] as const,
  issues: () => [...supportKeys.all, 'issues'] as const,
};

/** The support reads: the super admin's list (loaded by /support-admin's route, refreshed after a write). */
export const supportQueries = {
  list: (support: Support, viewer: UserProfile) =>
    queryOptions({
      queryKey: supportKeys.issues(),
      queryFn: async () => [...outcomeValue(await support.list(viewer))],
    }),
};
