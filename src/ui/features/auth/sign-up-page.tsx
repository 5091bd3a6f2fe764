import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { ACCOUNT_MESSAGES } from '../../../domain/users/messages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { OutcomeAlert } from '../../components/outcome-alert';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLater } from '../../hooks/use-later';
import { PublicPage } from '../../layout/public-page';
import { AccountTypePicker } from './sign-up/account-type-picker';
import { Agreements } from './sign-up/agreements';
import { DetailsFields } from './sign-up/details-fields';
import { DownloadAppBox } from './sign-up/download-app-box';
import { useSignUpForm } from './sign-up/use-sign-up-form';

/** Spec §9: the wait between a successful sign-up and the sign-in page. */
export const SIGN_UP_REDIRECT_MS = 1500;

/** /signup: a customer or a distributor creates an account, then signs in anew. */
export function SignUpPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const later = useLater(SIGN_UP_REDIRECT_MS);
  // The sign-in page opens with the address just used (in the history entry's state, not the URL).
  const { form, outcome, submit, bothAccepted, busy } = useSignUpForm((email) =>
    later(() => void navigate({ to: '/signin', state: { signInEmail: email } })),
  );
  const { register, formState } = form;
  const formTopRef = useRef<HTMLDivElement>(null);
  const agreementNoteId = useId();
  const succeeded = outcome?.ok === true;

  // A message above the form is out of sight after submitting at the end of a long form: bring it into
  // view (field errors instead move the focus to the first invalid field).
  // On a phone the button is a screen or more below the message: the success also takes the focus
  // (a screen reader says it, a keyboard starts from it), which keeps it in view.
  useEffect(() => {
    if (!outcome || (!outcome.ok && outcome.fieldErrors)) return;
    const top = formTopRef.current;
    if (outcome.ok) top?.focus();
    // Once the cleared form has its new height (a scroll made before it would be undone).
    const timer = setTimeout(() => top?.scrollIntoView?.({ block: 'nearest' }), 0);
    return () => clearTimeout(timer);
  }, [outcome]);

  return (
    <PublicPage>
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-14">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
          <p className="mt-1 text-sm text-slate-600">
            Track your repairs online, or manage your distributor wallet, in a couple of minutes.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-semibold text-slate-800">Run a repair shop?</span> Sign up as User, then
            choose Set Up Your Shop on your Dashboard to run your shop on the web.
          </p>

          <div ref={formTopRef} tabIndex={-1} className="mt-6 scroll-mt-24 space-y-3 focus:outline-none">
            {succeeded ? (
              <>
                <Alert tone="success">
                  <p>{ACCOUNT_MESSAGES.signUpSucceeded}</p>
                </Alert>
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <Spinner className="size-4" />
                  Taking you to the sign-in page...
                </p>
              </>
            ) : (
              <OutcomeAlert outcome={outcome} />
            )}
          </div>

          <form onSubmit={submit} noValidate className="mt-6 space-y-8">
            <AccountTypePicker
              register={register('accountType')}
              error={formState.errors.accountType?.message}
            />
            <DownloadAppBox />
            <DetailsFields register={register} errors={formState.errors} />
            <Agreements terms={register('acceptedTerms')} privacy={register('acceptedPrivacy')} />

            <div className="space-y-3">
              <Button
                type="submit"
                size="lg"
                className="w-full"
                busy={busy}
                disabled={!bothAccepted}
                aria-describedby={bothAccepted ? undefined : agreementNoteId}
              >
                {busy ? 'Signing Up...' : 'Sign Up'}
              </Button>
              {!bothAccepted && (
                <p id={agreementNoteId} className="text-center text-xs text-slate-500">
                  Tick both agreements above to enable Sign Up.
                </p>
              )}
              <p className="text-center text-sm text-slate-600">
                Already have an account?{' '}
                <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
                  Sign in
                </Link>
              </p>
            </div>
          </form>
        </div>
      </div>
    </PublicPage>
  );
}
