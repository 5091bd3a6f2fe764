import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useService } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AuthCard } from '../../layout/public-page';
import { useSession } from '../../session';

interface SignInForm {
  email: string;
  password: string;
}

export function SignInPage() {
  useDocumentTitle('Sign in');
  const accounts = useService('accounts');
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignInForm>({
    defaultValues: { email: '', password: '' },
  });

  if (session.status === 'signed-in' && !formState.isSubmitting) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    const result = await accounts.signIn(email, password);
    if (result.ok) await navigate({ to: '/dashboard' });
    else setError(result.message);
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to track repairs and manage your account.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && <Alert>{error}</Alert>}
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
