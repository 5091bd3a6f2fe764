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
   * a thrown error). The code is a secret: it stays in memory only while its page is open (the page
   * removes the entry when it closes), which is why the page reads it itself rather than a loader.
   */
  resetLink: (accounts: Accounts, oobCode: string | undefined) =>
    queryOptions({
      queryKey: authKeys.resetLink(oobCode ?? ''),
      queryFn: () => accounts.verifyResetCode(oobCode),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
