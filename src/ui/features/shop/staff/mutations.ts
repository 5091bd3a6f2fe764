/*
 * The staff changes as React Query mutations: invite an address, remove a staff member, cancel an
 * invitation (the owner's staff section), and accept or decline an invitation (the invited account).
 * Each use case answers with an Outcome (a refusal is an answer, not a thrown error), which the mutation
 * hands back to the screen to show. Each hook owns what the change makes out of date: every shop read
 * (`shopKeys.all`: the staff list, the account's stores and invitations) is read again once it is done.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Outcome } from '../../../../domain/shared/validation';
import type { StaffInvitation, StaffMember } from '../../../../domain/shop/staff-use-cases';
import { useService } from '../../../app-services';
import { shopKeys } from '../queries';

/** Every shop read again, after a change that went through. */
function useRefreshShop() {
  const queryClient = useQueryClient();
  return (outcome: { readonly ok: boolean }) =>
    outcome.ok ? queryClient.invalidateQueries({ queryKey: shopKeys.all }) : undefined;
}

/** 'Add Staff': invites `email` to the store. */
export function useInviteStaff(storeId: string) {
  const shop = useService('shop');
  const refresh = useRefreshShop();
  return useMutation({
    mutationFn: (email: string) => shop.inviteStaff(storeId, email),
    onSuccess: refresh,
  });
}

/** 'Remove' on a staff member: their access to the store ends. */
export function useRemoveStaff(storeId: string) {
  const shop = useService('shop');
  const refresh = useRefreshShop();
  return useMutation({
    mutationFn: (member: StaffMember) => shop.removeStaff(storeId, member),
    onSuccess: refresh,
  });
}

/** 'Remove' on a pending invitation: it can no longer be accepted. */
export function useCancelInvitation(storeId: string) {
  const shop = useService('shop');
  const refresh = useRefreshShop();
  return useMutation({
    mutationFn: (email: string) => shop.cancelInvitation(storeId, email),
    onSuccess: refresh,
  });
}

/**
 * 'Accept' or 'Decline' on the invited account's card. Whatever the answer, the account's stores and
 * invitations are read again (a refused answer often means the invitation is gone meanwhile).
 */
export function useAnswerInvitation() {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      invitation,
      choice,
    }: {
      invitation: StaffInvitation;
      choice: 'accept' | 'decline';
    }): Promise<Outcome<unknown, never, string>> =>
      choice === 'accept' ? shop.acceptInvitation(invitation) : shop.declineInvitation(invitation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
