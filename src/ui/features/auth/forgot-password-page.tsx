import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Outcome } from '../../../domain/shared/validation';
import { ACCOUNT_MESSAGES } from '../../../domain/users/messages';
import { useDemo } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AuthCard } from '../../layout/public-page';
import { useRequestPasswordReset } from './mutations';

interface ForgotPasswordForm {
  email: string;
}

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const requestReset = useRequestPasswordReset();
  const demo = useDemo();
  const [failure, setFailure] = useState<Outcome | null>(null);
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordForm>({
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await requestReset.mutateAsync(email);
    if (result.ok) setSent(true);
    else setFailure(result);
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the e-mail address of your account and we'll send you a link to choose a new password."
    >
      <div className="space-y-5">
        {sent ? (
          <div className="space-y-4">
            <Alert tone="success">{ACCOUNT_MESSAGES.resetEmailSent}</Alert>
            <ButtonLink to="/signin" className="w-full">
              Return to Sign In
            </ButtonLink>
            <p className="text-center text-sm text-slate-600">
              No e-mail after a few minutes? Check your spam folder, or{' '}
              <button
                type="button"
                onClick={() => setSent(false)}
                className="rounded font-semibold text-brand-700 hover:underline"
              >
                send it again
              </button>
              .
            </p>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <OutcomeAlert outcome={failure} />
            <TextField label="Email" type="email" autoComplete="email" required {...register('email')} />
            <Button type="submit" className="w-full" busy={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Reset Password'}
            </Button>
          </form>
        )}

        {demo !== null && (
          <Alert tone="info">
            This demo sends no real e-mail:{' '}
            <Link to="/demo/mailbox" className="font-semibold underline underline-offset-2">
              open the demo mailbox
            </Link>
          </Alert>
        )}

        <p className="text-center text-sm">
          <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
            Back to Sign In
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
