/*
 * Opening a store and saving its settings as React Query mutations. Each use case answers with an
 * Outcome (a refusal is an answer, not a thrown error), handed back to the screen to show. Each hook
 * owns what the change makes out of date: every shop read (`shopKeys.all`: the account's stores, the
 * setup facts, the settings, the boards) is read again once it is done.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreDetailsInput, StoreSettingsInput } from '../../../../domain/shop/store-setup';
import { useService } from '../../../app-services';
import { shopKeys } from '../queries';

function useRefreshShop() {
  const queryClient = useQueryClient();
  return (outcome: { readonly ok: boolean }) =>
    outcome.ok ? queryClient.invalidateQueries({ queryKey: shopKeys.all }) : undefined;
}

/**
 * 'Create Store'. The account's stores are read again at once, even where no screen shows them now:
 * the board that opens next reads them (ensureQueryData) and must find the new store.
 */
export function useCreateStore(takenPrefixes: readonly string[]) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreDetailsInput) => shop.createStore(input, takenPrefixes),
    onSuccess: (outcome) =>
      outcome.ok
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: shopKeys.anyStores(), refetchType: 'all' }),
            queryClient.invalidateQueries({ queryKey: shopKeys.all }),
          ])
        : undefined,
  });
}

/** 'Save Settings' of one store. */
export function useSaveSettings(storeId: string) {
  const shop = useService('shop');
  const refresh = useRefreshShop();
  return useMutation({
    mutationFn: (input: StoreSettingsInput) => shop.saveSettings(storeId, input),
    onSuccess: refresh,
  });
}
