import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';

type Config = UseCases['config'];

/** The public pages' query keys, written once. */
export const publicKeys = {
  all: ['public'] as const,
  storeLinks: () => [...publicKeys.all, 'store-links'] as const,
};

/**
 * The app's settings documents: the store links (the landing page's badges, read after first paint;
 * none on failure: the use case never throws).
 */
export const configQueries = {
  storeLinks: (config: Config) =>
    queryOptions({
      queryKey: publicKeys.storeLinks(),
      queryFn: () => config.storeLinks(),
      staleTime: 5 * 60_000,
    }),
};
