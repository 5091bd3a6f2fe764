import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { outcomeValue } from '../../queries/outcome-value';

type Wallet = UseCases['wallet'];

/**
 * The wallet reads, one factory each (the recharge page and the distributor's dashboard). Every key
 * starts with 'wallet', so a recharge refreshes them all at once. Failures are not retried here: the
 * screens offer 'Try again' / 'Retry'.
 */
export const walletQueries = {
  all: ['wallet'] as const,

  /** Every distributor, by name (super admin). */
  distributors: (wallet: Wallet, viewer: UserProfile) =>
    queryOptions({
      queryKey: ['wallet', 'distributors'],
      queryFn: async () =>
        [...outcomeValue(await wallet.distributors(viewer))].sort((a, b) => a.name.localeCompare(b.name)),
    }),

  /** The latest recharges of all distributors (super admin). */
  recentRecharges: (wallet: Wallet, viewer: UserProfile) =>
    queryOptions({
      queryKey: ['wallet', 'recent-recharges'],
      queryFn: async () => outcomeValue(await wallet.recentRecharges(viewer)),
    }),

  /** A distributor's own balance and top-ups. */
  distributorWallet: (wallet: Wallet, viewer: UserProfile) =>
    queryOptions({
      queryKey: ['wallet', 'distributor', viewer.uid],
      queryFn: async () => outcomeValue(await wallet.distributorWallet(viewer)),
    }),
};
