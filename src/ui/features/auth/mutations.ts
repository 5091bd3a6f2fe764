import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../domain/users/sign-up';
import { useService } from '../../app-services';
import { markSignedInHere } from '../../session';

/*
 * The account writes of the auth pages. Their answers are outcomes the forms show (a refusal is not a
 * thrown error). None makes a cached read stale: who is signed in is the session's (src/ui/session.tsx),
 * which hears sign-in and sign-out itself, and sign-out clears the whole cache (useLogout).
 */

export function useSignIn() {
  const accounts = useService('accounts');
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      accounts.signIn(email, password),
    // The warm-up hint before the session hears the sign-in (a tab opened meanwhile warms up too).
    onSuccess: (result) => {
      if (result.ok) markSignedInHere();
    },
  });
}

export function useSignUp() {
  const accounts = useService('accounts');
  return useMutation({ mutationFn: (input: SignUpInput) => accounts.signUp(input) });
}

export function useRequestPasswordReset() {
  const accounts = useService('accounts');
  return useMutation({ mutationFn: (email: string) => accounts.requestPasswordReset(email) });
}

/** Sets the new password with the link's code. */
export function useResetPassword(oobCode: string | undefined) {
  const accounts = useService('accounts');
  return useMutation({
    mutationFn: ({ password, confirmation }: { password: string; confirmation: string }) =>
      accounts.resetPassword(oobCode, password, confirmation),
  });
}
