import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';

type Config = UseCases['config'];

/** The app's settings documents: the store links (the landing page's badges, loaded after first paint). */
export const configQueries = {
  storeLinks: (config: Config) =>
    queryOptions({
      queryKey: ['config', 'store-links'],
      queryFn: () => config.storeLinks(),
      staleTime: 5 * 60_000,
    }),
};
