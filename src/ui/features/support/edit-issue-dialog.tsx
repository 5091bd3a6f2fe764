import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { failed } from '../../../domain/shared/validation';
import { SUPPORT_MESSAGES } from '../../../domain/support/messages';
import {
  SUPPORT_STATUSES,
  type SupportIssue,
  type SupportIssuePatch,
  supportIssuePatchSchema,
} from '../../../domain/support/support-issue';
import type { SupportCommandOutcome } from '../../../domain/support/support-use-cases';
import type { UserProfile } from '../../../domain/users/user';
import { useService } from '../../app-services';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { applyFieldErrors } from '../../forms/apply-field-errors';
import { domainResolver } from '../../forms/domain-resolver';
import { IssueField } from './issue-field';
import { useUpdateSupportIssue } from './mutations';
import { STATUS_LABELS } from './status-labels';

/**
 * The edit dialog of one support issue. A failed save keeps the dialog open with what was typed and
 * the error inside it; a successful one refreshes the list and closes.
 */
export function EditIssueDialog({
  viewer,
  issue,
  onClose,
}: {
  viewer: UserProfile;
  /** The issue being edited; null keeps the dialog closed. */
  issue: SupportIssue | null;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={issue !== null}
      onOpenChange={(open) => {
        // A save in flight finishes first, so that its outcome is never lost.
        if (!open && !saving) onClose();
      }}
      title="Edit support issue"
      description="Correct the contact details or the message, and mark the issue completed once it is resolved."
    >
      {issue && (
        <EditIssueForm key={issue.id} viewer={viewer} issue={issue} onBusy={setSaving} onDone={onClose} />
      )}
    </Dialog>
  );
}

function EditIssueForm({
  viewer,
  issue,
  onBusy,
  onDone,
}: {
  viewer: UserProfile;
  issue: SupportIssue;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const log = useService('log');
  const update = useUpdateSupportIssue(viewer);
  const [failure, setFailure] = useState<SupportCommandOutcome | null>(null);
  const { register, handleSubmit, setError, watch, formState } = useForm<SupportIssuePatch>({
    defaultValues: { email: issue.email, phone: issue.phone, issue: issue.issue, status: issue.status },
    resolver: domainResolver<SupportIssuePatch>(supportIssuePatchSchema),
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (patch) => {
    setFailure(null);
    onBusy(true);
    try {
      // A saved issue has refreshed the list by the time this resolves (useUpdateSupportIssue).
      const result = await update.mutateAsync({ id: issue.id, patch });
      if (result.ok) {
        onBusy(false);
        onDone();
        return;
      }
      const onFields = applyFieldErrors(setError, result);
      setFailure(result.message || onFields ? result : failed(SUPPORT_MESSAGES.updateFailed));
      onBusy(false);
    } catch (error) {
      // The list could not be refreshed after a save, or the save itself threw: keep the cause.
      log.error('Saving a support issue failed', error);
      setFailure(failed(SUPPORT_MESSAGES.updateFailed));
      onBusy(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <OutcomeAlert outcome={failure} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="off"
        required
        error={errors.phone?.message}
        {...register('phone')}
      />
      <IssueField
        required
        length={watch('issue').length}
        error={errors.issue?.message}
        {...register('issue')}
      />
      <SelectField label="Status" error={errors.status?.message} {...register('status')}>
        {SUPPORT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
