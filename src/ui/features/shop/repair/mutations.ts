import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentFormInput } from '../../../../domain/shop/payments-use-cases';
import type { EditedField } from '../../../../domain/shop/refused-changes';
import type { RepairEditInput, ShownRepair } from '../../../../domain/shop/shop-use-cases';
import type { UseCases } from '../../../../domain/use-cases';
import { useService } from '../../../app-services';
import { shopKeys } from '../queries';

/*
 * The repair page's writes, one useMutation hook each. Each answers the use case's Outcome (a refusal
 * is an answer the screen shows, not a thrown error), and after a success it invalidates the reads the
 * write changed before its promise resolves: every shop read (the repair, its history, the board's
 * counts and pages, searches), since they all start with the shop's key.
 */

/** A status move as the use case takes it. */
type StatusChange = Parameters<UseCases['shop']['changeStatus']>[1];

/**
 * After a successful write: every read of the shop console reads again, and the outbox in the header
 * (the write may wait for the network).
 */
export const refreshShop = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: shopKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['outbox'] }),
  ]);

/** A status move (a note, a delivery code or an owner's override go with it). */
export function useChangeStatus(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => shop.changeStatus(repairDocId, change),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}

/**
 * 'Save Payment' and 'Save Refund' (the entry's id comes with the input, made once per dialog). A
 * payment changes the repair, its payments, the board's counts and pages, searches and the dues list:
 * all of them are shop reads, so the shop's key refreshes them before the promise resolves (a delivery
 * that follows sees the due it left).
 */
export function useRecordPayment(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentFormInput) => shop.recordPayment(repairDocId, input),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}

/** 'Save' of the details' edit form: only the fields that changed. */
export function useUpdateRepair(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ edit, shown }: { edit: RepairEditInput; shown: ShownRepair }) =>
      shop.updateRepair(repairDocId, edit, shown),
    // A change another device made meanwhile: the page reads again, with this edit kept to choose from.
    onSuccess: async (result) => {
      if (result.ok || result.reason === 'conflict') await refreshShop(queryClient);
    },
  });
}

/**
 * 'Delete' (the owner): `leave` moves off the page first, so the gone repair is never read again while
 * shown; then its read leaves the cache and the rest of the shop reads again.
 */
export function useDeleteRepair(repairDocId: string, leave: () => Promise<void>) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => shop.deleteRepair(repairDocId),
    onSuccess: async (result) => {
      if (!result.ok) return;
      await leave();
      queryClient.removeQueries({ queryKey: shopKeys.repair(repairDocId) });
      await refreshShop(queryClient);
    },
  });
}

/** 'New link' (a new token: the old link stops working; also turns a revoked link on again). */
export function useRotateTracking(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => shop.rotateTracking(repairDocId),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}

/** 'Revoke link': the customer's link then says the shop turned it off. */
export function useRevokeTracking(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => shop.revokeTracking(repairDocId),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}

/** 'Changed on another device': keeps this device's value of the fields chosen, the saved one of the rest. */
export function useResolveRefusedChange(repairDocId: string) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, keepMine }: { changeId: string; keepMine: readonly EditedField[] }) =>
      shop.resolveRefusedChange(repairDocId, changeId, keepMine),
    onSuccess: async (result) => {
      if (result.ok) await refreshShop(queryClient);
    },
  });
}
