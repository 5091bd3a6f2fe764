import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';

type Shop = UseCases['shop'];

/**
 * The tracking page's read: the outcome itself is the data (a revoked or unknown link is an answer the
 * page shows, not an error); only an unexpected failure is the query's error.
 */
export const trackingQueries = {
  view: (shop: Shop, token: string) =>
    queryOptions({
      queryKey: ['tracking', token],
      queryFn: () => shop.resolveTracking(token),
      staleTime: 30_000,
    }),
};
