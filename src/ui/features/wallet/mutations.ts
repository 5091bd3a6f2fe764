import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '../../../domain/users/user';
import type { RechargeCommand } from '../../../domain/wallet/wallet-use-cases';
import { useService } from '../../app-services';
import { walletKeys } from './queries';

/*
 * The wallet's writes, each owning what it makes stale. The retry-with-the-same-key state machine of a
 * recharge stays in use-recharge.ts; this is the write it sends.
 */

/**
 * A super admin's recharge of a distributor's wallet. Its answer is an outcome (a refusal is not a
 * thrown error); a recharge that went through refreshes every wallet read: the distributors' balances,
 * the recent recharges, a distributor's own wallet.
 */
export function useRechargeMutation(viewer: UserProfile) {
  const wallet = useService('wallet');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: RechargeCommand) => wallet.recharge(viewer, command),
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
