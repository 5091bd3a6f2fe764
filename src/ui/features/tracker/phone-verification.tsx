import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatIndianMobile } from '../../../domain/shared/phone';
import type { Outcome } from '../../../domain/shared/validation';
import { PHONE_MESSAGES, type SentCode, suggestedMobile } from '../../../domain/users/phone-verification';
import type { UserProfile } from '../../../domain/users/user';
import { useDemo } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { applyFieldErrors } from '../../forms/apply-field-errors';
import { useConfirmPhoneCode, useSendPhoneCode } from './mutations';

/**
 * The tracker's first step for a customer whose mobile number is not verified yet: a one-time code by
 * SMS proves the number, and only then do the repairs booked under it open. Two small forms: the
 * number (prefilled from the profile), then the code.
 */
export function PhoneVerification({ viewer }: { viewer: UserProfile }) {
  const [sent, setSent] = useState<SentCode | null>(null);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <div className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">
          <svg
            className="size-6"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="6" y="2" width="12" height="20" rx="2" />
            <path d="M11 18h2" strokeLinecap="round" />
          </svg>
        </div>
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <h2 className="text-lg font-semibold">{PHONE_MESSAGES.heading}</h2>
            <p className="mt-1 text-sm text-slate-600">{PHONE_MESSAGES.intro}</p>
          </div>
          {sent === null ? (
            <NumberForm initial={suggestedMobile(viewer)} onSent={setSent} />
          ) : (
            <CodeForm viewer={viewer} sent={sent} onRestart={() => setSent(null)} />
          )}
        </div>
      </div>
    </Card>
  );
}

function NumberForm({ initial, onSent }: { initial: string; onSent: (sent: SentCode) => void }) {
  const sendCode = useSendPhoneCode();
  const [failure, setFailure] = useState<Outcome<unknown, 'mobile'> | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ mobile: string }>({
    defaultValues: { mobile: initial },
  });
  const onSubmit = handleSubmit(async ({ mobile }) => {
    setFailure(null);
    const result = await sendCode.mutateAsync(mobile);
    if (result.ok) onSent(result.value);
    else if (!applyFieldErrors(setError, result)) setFailure(result);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <OutcomeAlert outcome={failure} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          maxLength={20}
          required
          hint="The number your repair shop has for you. We text a 6-digit code to it."
          error={formState.errors.mobile?.message}
          {...register('mobile')}
        />
        <Button type="submit" busy={formState.isSubmitting} className="sm:mt-[1.625rem] sm:h-10">
          {formState.isSubmitting ? 'Sending...' : 'Send code'}
        </Button>
      </div>
    </form>
  );
}

function CodeForm({
  viewer,
  sent,
  onRestart,
}: {
  viewer: UserProfile;
  sent: SentCode;
  onRestart: () => void;
}) {
  const confirmCode = useConfirmPhoneCode(viewer, sent);
  const demo = useDemo();
  const [failure, setFailure] = useState<Outcome<unknown, 'code'> | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ code: string }>({
    defaultValues: { code: '' },
  });
  const { ref, ...codeField } = register('code');
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    const result = await confirmCode.mutateAsync(code);
    if (result.ok) return; // The session hears the verified number and the tracker opens.
    if (!applyFieldErrors(setError, result)) setFailure(result);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <p role="status" className="text-sm text-slate-700">
        {PHONE_MESSAGES.codeSent(formatIndianMobile(sent.phoneNumber).replace(/ /g, '\u00a0'))}
      </p>
      {demo !== null && (
        <Alert tone="info">
          This demo sends no real SMS: the code is in the{' '}
          <Link to="/demo/messages" target="_blank" className="font-semibold underline">
            demo SMS inbox
          </Link>
          .
        </Alert>
      )}
      <OutcomeAlert outcome={failure} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_auto] sm:items-start">
        <TextField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          error={formState.errors.code?.message}
          className="font-mono tracking-[0.3em]"
          {...codeField}
          ref={(element) => {
            ref(element);
            input.current = element;
          }}
        />
        <Button type="submit" busy={formState.isSubmitting} className="sm:mt-[1.625rem] sm:h-10">
          {formState.isSubmitting ? 'Verifying...' : 'Verify'}
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Wrong number or no SMS?{' '}
        <button type="button" onClick={onRestart} className="font-semibold text-brand-700 hover:underline">
          Use another number or send a new code
        </button>
      </p>
    </form>
  );
}
