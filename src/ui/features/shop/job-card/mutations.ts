import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobCardInput } from '../../../../domain/shop/job-card';
import { useService } from '../../../app-services';
import { refreshShop } from '../repair/mutations';

/*
 * The job card's write as a useMutation hook: 'Create Repair' in a store. It answers the use case's
 * Outcome; once a repair is created, the shop's reads (the board's counts and pages, searches) read again.
 */

export function useCreateRepair(storeId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: JobCardInput) => shop.createRepair(storeId, card),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}
