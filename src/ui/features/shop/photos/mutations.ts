import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useService } from '../../../app-services';
import { refreshShop } from '../repair/mutations';

/*
 * The repair page's photo writes as useMutation hooks. Each answers the use case's Outcome and, once
 * the write is done, has the shop's reads (the repair's photos among them) read again.
 */

/** 'Add photos' / 'Retry': uploads images after the `current` ones (at most MAX_PHOTOS in all). */
export function useAddPhotos(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ current, images }: { current: number; images: readonly Blob[] }) =>
      shop.addPhotos(repairDocId, current, images),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}

/** 'Remove photo': takes one photo off the repair (read again whatever the answer, as before). */
export function useRemovePhoto(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => shop.removePhoto(repairDocId, url),
    onSettled: () => refreshShop(queryClient),
  });
}
