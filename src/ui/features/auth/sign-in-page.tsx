import { Link, Navigate, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Outcome } from '../../../domain/shared/validation';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AuthCard } from '../../layout/public-page';
import { useSession } from '../../session';
import { useSignIn } from './mutations';

interface SignInForm {
  email: string;
  password: string;
}

export function SignInPage() {
  useDocumentTitle('Sign in');
  const signIn = useSignIn();
  const session = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Outcome | null>(null);
  // Coming from a sign-up, the address just used is filled in (the history entry's state, never the URL).
  const email = useRouterState({ select: (state) => state.location.state.signInEmail }) ?? '';
  const { register, handleSubmit, formState } = useForm<SignInForm>({
    defaultValues: { email: typeof email === 'string' ? email.slice(0, 254) : '', password: '' },
  });

  if (session.status === 'signed-in' && !formState.isSubmitting) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const result = await signIn.mutateAsync({ email, password });
    if (result.ok) await navigate({ to: '/dashboard' });
    else setFailure(result);
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to track repairs and manage your account.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <OutcomeAlert outcome={failure} />
        <TextField label="Email" type="email" autoComplete="email" required {...register('email')} />
        <div className="space-y-1.5">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...register('password')}
          />
          <div className="text-right">
            <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
              Forgot Password?
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" busy={formState.isSubmitting}>
          Login
        </Button>
        <p className="text-center text-sm text-slate-600">
          New to the app?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
