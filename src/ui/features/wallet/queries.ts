import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { outcomeValue } from '../../queries/outcome-value';

type Wallet = UseCases['wallet'];

/** The wallet's query keys, the one place they are written: every key starts with 'wallet'. */
export const walletKeys = {
  all: ['wallet'] as const,
  distributors: () => [...walletKeys.all, 'distributors'] as const,
  recentRecharges: () => [...walletKeys.all, 'recent-recharges'] as const,
  distributorWallet: (uid: string) => [...walletKeys.all, 'distributor', uid] as const,
};

/**
 * The wallet reads, one factory each (the recharge page and the distributor's dashboard). A recharge
 * refreshes them all at once (mutations.ts). Failures are not retried here: the panels offer
 * 'Try again' / 'Retry'.
 */
export const walletQueries = {
  /** Every distributor, by name (super admin). */
  distributors: (wallet: Wallet, viewer: UserProfile) =>
    queryOptions({
      queryKey: walletKeys.distributors(),
      queryFn: async () =>
        [...outcomeValue(await wallet.distributors(viewer))].sort((a, b) => a.name.localeCompare(b.name)),
    }),

  /** The latest recharges of all distributors (super admin). */
  recentRecharges: (wallet: Wallet, viewer: UserProfile) =>
    queryOptions({
      queryKey: walletKeys.recentRecharges(),
      queryFn: async () => outcomeValue(await wallet.recentRecharges(viewer)),
    }),

  /** A distributor's own balance and top-ups. */
  distributorWallet: (wallet: Wallet, viewer: UserProfile) =>
    queryOptions({
      queryKey: walletKeys.distributorWallet(viewer.uid),
      queryFn: async () => outcomeValue(await wallet.distributorWallet(viewer)),
    }),
};
