/*
 * Taking a job card at the counter as a React Query mutation. createRepair answers with an Outcome (the
 * form's refusals come back on their fields, and the form keeps what was typed); once a repair is
 * created, every shop read (`shopKeys.all`: the board's counts and rows, searches) is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobCardInput } from '../../../../domain/shop/job-card';
import { useService } from '../../../app-services';
import { shopKeys } from '../queries';

/** 'Create Repair' in the store: the new repair, or why not (nothing created). */
export function useCreateRepair(storeId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: JobCardInput) => shop.createRepair(storeId, card),
    onSuccess: (outcome) =>
      outcome.ok
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: shopKeys.all }),
            // This device may hold one Repair ID fewer for job cards offline (Firebase).
            queryClient.invalidateQueries({ queryKey: shopKeys.offlineJobCards(storeId) }),
          ])
        : undefined,
  });
}
