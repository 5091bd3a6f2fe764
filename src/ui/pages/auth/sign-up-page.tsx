import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { GENERIC_STORE_SITES } from '../../../domain/config/store-links';
import { ACCOUNT_MESSAGES } from '../../../domain/users/messages';
import type { SignUpField, SignUpInput, SignUpResult } from '../../../domain/users/sign-up';
import type { AccountType } from '../../../domain/users/user';
import { useService, useSettings } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, buttonClasses } from '../../components/button';
import { cx } from '../../components/cx';
import { Checkbox, TextField } from '../../components/fields';
import { PASSWORD_RULES_HINT, PasswordRequirementList } from '../../components/password-rules';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PublicPage } from '../../layout/public-page';

/** Spec §9: the wait between a successful sign-up and the sign-in page. */
export const SIGN_UP_REDIRECT_MS = 1500;

type SignUpForm = SignUpInput;
type SignUpFailure = Extract<SignUpResult, { ok: false }>;

const EMPTY_FORM: SignUpForm = {
  accountType: '',
  email: '',
  password: '',
  name: '',
  mobile: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  acceptedTerms: false,
  acceptedPrivacy: false,
};

/** The order of the fields on the page: the first one with an error receives focus. */
const FIELD_ORDER: readonly SignUpField[] = [
  'accountType',
  'email',
  'password',
  'name',
  'mobile',
  'address',
  'city',
  'state',
  'pincode',
];

const NEW_TAB = (
  <>
    {' '}
    <span className="sr-only">(opens in a new tab)</span>
  </>
);

export function SignUpPage() {
  useDocumentTitle('Sign up');
  const accounts = useService('accounts');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<SignUpFailure | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const formTopRef = useRef<HTMLDivElement>(null);
  const agreementNoteId = useId();
  const { register, handleSubmit, formState, reset, setFocus, watch } = useForm<SignUpForm>({
    defaultValues: EMPTY_FORM,
  });

  useEffect(
    () => () => {
      if (redirectTimer.current !== null) clearTimeout(redirectTimer.current);
    },
    [],
  );

  // A message above the form is out of sight after submitting at the end of a long form: bring it into
  // view (field errors instead move the focus to the first invalid field).
  useEffect(() => {
    if (succeeded || (failure && !failure.fieldErrors))
      formTopRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure, succeeded]);

  const bothAccepted = watch('acceptedTerms') && watch('acceptedPrivacy');
  const fieldErrors = failure?.fieldErrors ?? {};

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSucceeded(false);
    const result = await accounts.signUp(values);
    if (!result.ok) {
      setFailure(result);
      const firstInvalid = FIELD_ORDER.find((field) => result.fieldErrors?.[field]);
      if (firstInvalid) setFocus(firstInvalid);
      return;
    }
    setSucceeded(true);
    reset(EMPTY_FORM);
    redirectTimer.current = setTimeout(() => {
      redirectTimer.current = null;
      void navigate({ to: '/signin' });
    }, SIGN_UP_REDIRECT_MS);
  });

  const busy = formState.isSubmitting;

  return (
    <PublicPage>
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-14">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
          <p className="mt-1 text-sm text-slate-600">
            Track your repairs online, or manage your distributor wallet, in a couple of minutes.
          </p>

          <div ref={formTopRef} className="mt-6 scroll-mt-24 space-y-3">
            {succeeded && (
              <Alert tone="success">
                <p>{ACCOUNT_MESSAGES.signUpSucceeded}</p>
              </Alert>
            )}
            {succeeded && (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner className="size-4" />
                Taking you to the sign-in page...
              </p>
            )}
            {failure?.message && <Alert>{failure.message}</Alert>}
            {failure?.passwordRequirements && failure.passwordRequirements.length > 0 && (
              <Alert title="Please choose a stronger password.">
                <PasswordRequirementList requirements={failure.passwordRequirements} />
              </Alert>
            )}
          </div>

          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-8">
            <AccountTypePicker register={register('accountType')} error={fieldErrors.accountType} />

            <DownloadAppBox />

            <section aria-labelledby="signup-details" className="space-y-5">
              <h2 id="signup-details" className="text-base font-semibold">
                Your details
              </h2>
              <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  error={fieldErrors.email}
                  {...register('email')}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  required
                  hint={PASSWORD_RULES_HINT}
                  error={fieldErrors.password}
                  {...register('password')}
                />
                <TextField
                  label="Full Name"
                  autoComplete="name"
                  required
                  error={fieldErrors.name}
                  {...register('name')}
                />
                <TextField
                  label="Mobile Number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  required
                  error={fieldErrors.mobile}
                  {...register('mobile')}
                />
                <TextField
                  label="Address"
                  autoComplete="street-address"
                  required
                  containerClassName="sm:col-span-2"
                  error={fieldErrors.address}
                  {...register('address')}
                />
                <TextField
                  label="City"
                  autoComplete="address-level2"
                  required
                  error={fieldErrors.city}
                  {...register('city')}
                />
                <TextField
                  label="State"
                  autoComplete="address-level1"
                  required
                  error={fieldErrors.state}
                  {...register('state')}
                />
                <TextField
                  label="Pincode"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={6}
                  required
                  error={fieldErrors.pincode}
                  {...register('pincode')}
                />
              </div>
            </section>

            <div className="space-y-3">
              <Checkbox
                required
                label={
                  <>
                    I agree to the <AgreementLink to="/terms">Terms and Conditions</AgreementLink>
                  </>
                }
                {...register('acceptedTerms')}
              />
              <Checkbox
                required
                label={
                  <>
                    I agree to the <AgreementLink to="/privacy">Privacy Policy</AgreementLink>
                  </>
                }
                {...register('acceptedPrivacy')}
              />
            </div>

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

function AgreementLink({ to, children }: { to: '/terms' | '/privacy'; children: ReactNode }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {children}
      {NEW_TAB}
    </Link>
  );
}

const ACCOUNT_TYPE_CARDS: readonly { value: AccountType; title: string; description: string }[] = [
  {
    value: 'user',
    title: 'User',
    description: 'Follow your repairs with a Repair ID and your mobile number.',
  },
  {
    value: 'distributor',
    title: 'Distributor',
    description: 'Get your distributor dashboard and a wallet that our team tops up.',
  },
];

function AccountTypePicker({
  register,
  error,
}: {
  register: UseFormRegisterReturn<'accountType'>;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-3">
      <legend className="mb-3 text-base font-semibold text-slate-900">
        Account type
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {ACCOUNT_TYPE_CARDS.map((card) => (
          <label
            key={card.value}
            className={cx(
              'relative flex cursor-pointer gap-3 rounded-xl bg-white p-4 ring-1 ring-inset transition-colors',
              error ? 'ring-red-300' : 'ring-slate-300',
              'hover:bg-slate-50 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
            )}
          >
            <input
              type="radio"
              value={card.value}
              aria-labelledby={`${id}-${card.value}-title`}
              aria-describedby={`${id}-${card.value}-description`}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
              {...register}
            />
            <span className="min-w-0">
              <span id={`${id}-${card.value}-title`} className="block font-semibold text-slate-900">
                {card.title}
              </span>
              <span id={`${id}-${card.value}-description`} className="mt-0.5 block text-sm text-slate-600">
                {card.description}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function DownloadAppBox() {
  const { productName } = useSettings();
  return (
    <section
      aria-labelledby="signup-download"
      className="flex flex-col gap-4 rounded-xl bg-brand-50 p-4 ring-1 ring-inset ring-brand-100 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="signup-download" className="text-base font-semibold">
          Run a repair shop?
        </h2>
        <p className="mt-0.5 text-sm text-slate-700">
          Download the {productName} app to manage stores, repairs, khata and staff on the go.
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <a
          href={GENERIC_STORE_SITES.android}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'sm')}
        >
          <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M4 3.5v17a1 1 0 0 0 1.5.86l14.5-8.5a1 1 0 0 0 0-1.72L5.5 2.64A1 1 0 0 0 4 3.5z" />
          </svg>
          Google Play
          {NEW_TAB}
        </a>
        <a
          href={GENERIC_STORE_SITES.ios}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'sm')}
        >
          <svg
            className="size-4"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="6" y="2" width="12" height="20" rx="2.5" />
            <path d="M11 18h2" strokeLinecap="round" />
          </svg>
          App Store
          {NEW_TAB}
        </a>
      </div>
    </section>
  );
}
