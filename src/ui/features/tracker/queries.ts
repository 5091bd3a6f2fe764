import { queryOptions } from '@tanstack/react-query';
import type { Repair } from '../../../domain/repairs/repair';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { outcomeValue } from '../../queries/outcome-value';
import type { ServiceSource } from '../../service-source';

type Repairs = UseCases['repairs'];
/** Where the tracking link's reads come from (the app's ServiceSource). */
type TrackingSource = Pick<ServiceSource, 'loadPublic'>;

/** The tracker's query keys (the tracking link's page and the dashboard's repair tracker), written once. */
export const trackerKeys = {
  all: ['tracker'] as const,
  trackingLink: (token: string) => [...trackerKeys.all, 'link', token] as const,
  /** The repair's invoice through its tracking link (null until one is issued). */
  invoice: (token: string) => [...trackerKeys.all, 'invoice', token] as const,
  businessInfo: (repairDocId: string) => [...trackerKeys.all, 'business-info', repairDocId] as const,
  /** The signed-in customer's own repairs (uid in the key: another session never sees them). */
  mine: (uid: string) => [...trackerKeys.all, 'mine', uid] as const,
};

export const trackerQueries = {
  /**
   * The tracking link's customer-safe view: the outcome itself is the data (a revoked or unknown link
   * is an answer the page shows, not an error); only an unexpected failure is the query's error.
   */
  trackingLink: (source: TrackingSource, token: string) =>
    queryOptions({
      queryKey: trackerKeys.trackingLink(token),
      queryFn: async () => (await source.loadPublic()).resolveTracking(token),
      staleTime: 30_000,
    }),

  /**
   * The repair's invoice as its customer sees it, through the tracking link: null when the link names
   * none (not issued yet, or the link is off); a failed read is the query's error.
   */
  invoice: (source: TrackingSource, token: string) =>
    queryOptions({
      queryKey: trackerKeys.invoice(token),
      queryFn: async () => {
        const found = await (await source.loadPublic()).invoiceByTrackingToken(token);
        return !found.ok && found.reason === 'not-found' ? null : outcomeValue(found);
      },
      staleTime: 30_000,
    }),

  /** The signed-in customer's own repairs, newest first; a failure is the list's own (with Retry). */
  mine: (repairs: Repairs, viewer: UserProfile) =>
    queryOptions({
      queryKey: trackerKeys.mine(viewer.uid),
      queryFn: async () => outcomeValue(await repairs.mine(viewer)),
    }),

  /**
   * The business of a repair the customer found (name and number), or null when it has none; a failure
   * is the query's error, which the tracker shows like no business (the use case logs its cause).
   */
  businessInfo: (repairs: Repairs, repair: Repair) =>
    queryOptions({
      queryKey: trackerKeys.businessInfo(repair.id),
      queryFn: async () => outcomeValue(await repairs.businessInfo(repair)),
    }),
};
