import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewSupportIssue, SupportIssue, SupportIssuePatch } from '../../../domain/support/support-issue';
import type { UserProfile } from '../../../domain/users/user';
import { useService } from '../../app-services';
import { supportKeys } from './queries';

/*
 * Support's writes, each owning what it makes stale: the super admin's list of issues. Their answers
 * are outcomes (a refusal is an answer the form shows); a write that throws rejects mutateAsync.
 */

/** Anyone's new support issue (the public form). The list, if this browser holds it, is read again. */
export function useSubmitSupportIssue() {
  const support = useService('support');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issue: NewSupportIssue) => support.submit(issue),
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: supportKeys.issues() });
    },
  });
}

/**
 * A super admin's edit of one issue. A saved issue replaces its card at once, and the list is read
 * again before mutateAsync resolves (the dialog closes on an up-to-date list).
 */
export function useUpdateSupportIssue(viewer: UserProfile) {
  const support = useService('support');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SupportIssuePatch }) =>
      support.update(viewer, id, patch),
    onSuccess: async (outcome) => {
      if (!outcome.ok) return;
      const saved = outcome.value;
      queryClient.setQueryData<SupportIssue[]>(supportKeys.issues(), (issues) =>
        issues?.map((each) => (each.id === saved.id ? saved : each)),
      );
      await queryClient.invalidateQueries({ queryKey: supportKeys.issues() });
    },
  });
}
