import { queryOptions } from '@tanstack/react-query';
import type { ServiceSource } from '../../service-source';

/** Where the public reads come from (the app's ServiceSource). */
type PublicSource = Pick<ServiceSource, 'loadPublic'>;

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
  storeLinks: (source: PublicSource) =>
    queryOptions({
      queryKey: publicKeys.storeLinks(),
      queryFn: async () => (await source.loadPublic()).storeLinks(),
      staleTime: 5 * 60_000,
    }),
};
