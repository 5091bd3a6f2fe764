import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Outcome } from '../../../domain/shared/validation';
import type { ResetFailureReason } from '../../../domain/users/authentication';
import { ACCOUNT_MESSAGES } from '../../../domain/users/messages';
import { useService } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { PASSWORD_RULES_HINT } from '../../components/password-rules';
import { LoadingBlock, Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLater } from '../../hooks/use-later';
import { AuthCard } from '../../layout/public-page';
import { useResetPassword } from './mutations';
import { authQueries } from './queries';

const resetPasswordRoute = getRouteApi('/reset-password');

/** Spec §9: the wait between a successful reset and the sign-in page. */
export const RESET_REDIRECT_MS = 3000;

interface ResetPasswordForm {
  password: string;
  confirmation: string;
}

/**
 * /reset-password: the link's code is checked first ('Verifying reset link...' while it is), then the
 * form for the account it belongs to, or why the link is no good.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { oobCode } = resetPasswordRoute.useSearch();
  return (
    <Suspense
      fallback={
        <AuthCard title="Reset Password">
          <LoadingBlock label={ACCOUNT_MESSAGES.verifyingResetLink} />
        </AuthCard>
      }
    >
      <CheckedLink oobCode={oobCode} />
    </Suspense>
  );
}

function CheckedLink({ oobCode }: { oobCode: string | undefined }) {
  const accounts = useService('accounts');
  const { data: checked } = useSuspenseQuery(authQueries.resetLink(accounts, oobCode));
  if (!checked.ok) {
    return (
      <AuthCard title="Reset Password">
        <InvalidLink message={checked.message ?? ACCOUNT_MESSAGES.resetLinkExpired} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Password" subtitle={<span className="break-words">{`for ${checked.value}`}</span>}>
      <NewPasswordForm oobCode={oobCode} />
    </AuthCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="space-y-5">
      <Alert>{message}</Alert>
      <p className="text-sm text-slate-600">
        Reset links work once and expire after an hour. Ask for a new one and use the latest e-mail.
      </p>
      <ButtonLink to="/forgot-password" className="w-full">
        Request a new reset link
      </ButtonLink>
      <p className="text-center text-sm">
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}

function NewPasswordForm({ oobCode }: { oobCode: string | undefined }) {
  const resetPassword = useResetPassword(oobCode);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Outcome<void, never, ResetFailureReason> | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const later = useLater(RESET_REDIRECT_MS);
  const { register, handleSubmit, formState } = useForm<ResetPasswordForm>({
    defaultValues: { password: '', confirmation: '' },
  });

  const onSubmit = handleSubmit(async ({ password, confirmation }) => {
    setFailure(null);
    const result = await resetPassword.mutateAsync({ password, confirmation });
    if (!result.ok) {
      setFailure(result);
      return;
    }
    setSucceeded(true);
    later(() => void navigate({ to: '/signin' }));
  });

  if (succeeded) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{ACCOUNT_MESSAGES.resetSucceeded}</Alert>
        <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" />
          <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
            Go to Sign In now
          </Link>
        </p>
      </div>
    );
  }

  const linkRejected = failure?.ok === false && failure.reason === 'link-rejected';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <OutcomeAlert outcome={failure}>
        {linkRejected && (
          <p className="mt-1">
            <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
              Request a new reset link
            </Link>
          </p>
        )}
      </OutcomeAlert>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULES_HINT}
        {...register('password')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        {...register('confirmation')}
      />
      <Button type="submit" className="w-full" busy={formState.isSubmitting}>
        {formState.isSubmitting ? 'Resetting...' : 'Reset Password'}
      </Button>
      <p className="text-center text-sm">
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </form>
  );
}
