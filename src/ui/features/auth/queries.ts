import { queryOptions } from '@tanstack/react-query';
import type { UseCases } from '../../../domain/use-cases';

type Accounts = UseCases['accounts'];

/** The auth pages' query keys, written once. */
export const authKeys = {
  all: ['auth'] as const,
  resetLink: (oobCode: string) => [...authKeys.all, 'reset-link', oobCode] as const,
};

export const authQueries = {
  /**
   * The password reset link's check: the account's e-mail, or why the link is no good (an answer, never
   * a thrown error). The code is a secret: it stays in memory only while its page is open (gcTime 0),
   * which is why the page reads it itself rather than a loader (a loader's entry would be collected
   * before the page mounts).
   */
  resetLink: (accounts: Accounts, oobCode: string | undefined) =>
    queryOptions({
      queryKey: authKeys.resetLink(oobCode ?? ''),
      queryFn: () => accounts.verifyResetCode(oobCode),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
    }),
};
