import { useMutation } from '@tanstack/react-query';
import type { SentCode } from '../../../domain/users/phone-verification';
import type { UserProfile } from '../../../domain/users/user';
import { useService } from '../../app-services';

/*
 * The tracker's writes: proving the customer's mobile number (a code by SMS, then the code). Their
 * answers are outcomes the forms show. Nothing cached goes stale: a confirmed number reaches the
 * session, which opens the tracker (the repairs are looked up afresh each time).
 */

/** Sends a one-time code to a mobile number. */
export function useSendPhoneCode() {
  const phone = useService('phone');
  return useMutation({ mutationFn: (mobile: string) => phone.sendCode(mobile) });
}

/** Confirms the code sent for `sent`, for the signed-in customer. */
export function useConfirmPhoneCode(viewer: UserProfile, sent: SentCode) {
  const phone = useService('phone');
  return useMutation({ mutationFn: (code: string) => phone.confirmCode(sent.verificationId, code, viewer) });
}
