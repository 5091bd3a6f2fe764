import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { outcomeValue } from '../../queries/outcome-value';

type Support = UseCases['support'];

/** The support reads: the super admin's list (loaded by /support-admin's route, refreshed after an edit). */
export const supportQueries = {
  all: ['support', 'issues'] as const,

  list: (support: Support, viewer: UserProfile) =>
    queryOptions({
      queryKey: ['support', 'issues'],
      queryFn: async () => [...outcomeValue(await support.list(viewer))],
    }),
};
