import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SUPPORT_MESSAGES } from '../../../domain/support/messages';
import { type NewSupportIssue, supportIssueSchema } from '../../../domain/support/support-issue';
import type { SupportCommandOutcome } from '../../../domain/support/support-use-cases';
import { useSettings } from '../../app-services';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { OutcomeAlert } from '../../components/outcome-alert';
import { applyFieldErrors } from '../../forms/apply-field-errors';
import { domainResolver } from '../../forms/domain-resolver';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PublicPage } from '../../layout/public-page';
import { IssueField } from './issue-field';
import { useSubmitSupportIssue } from './mutations';

const EMPTY_FORM: NewSupportIssue = { email: '', phone: '', issue: '' };

/** /support: the public support and feedback form. */
export function SupportPage() {
  useDocumentTitle('Support');
  const { supportEmail, productName } = useSettings();
  const [sent, setSent] = useState(false);
  // After "Send another message" the form starts over with the same contact details.
  const [contact, setContact] = useState<NewSupportIssue | null>(null);

  return (
    <PublicPage>
      {/* Phones: intro, form, tips. Desktops: intro and tips on the left, the form on the right. */}
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[2fr_3fr] lg:grid-rows-[auto_1fr] lg:gap-x-12">
        <section aria-labelledby="support-title" className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Help &amp; feedback</p>
          <h1 id="support-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            How can we help?
          </h1>
          <p className="mt-4 text-slate-600">
            Stuck on something in {productName}, spotted a bug, or have an idea that would make your shop run
            smoother? Tell us here and a real person from our support team will get back to you.
          </p>
          <div className="mt-6 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
            <p className="text-sm font-medium text-brand-900">Prefer e-mail?</p>
            <a
              href={`mailto:${supportEmail}`}
              className="mt-1 inline-block break-all text-lg font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {supportEmail}
            </a>
          </div>
        </section>

        <div className="min-w-0 self-start rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {sent ? (
            <SupportThanks onSendAnother={() => setSent(false)} />
          ) : (
            <SupportForm
              initial={contact ?? EMPTY_FORM}
              again={contact !== null}
              onSent={({ email, phone }) => {
                setContact({ email, phone, issue: '' });
                setSent(true);
              }}
            />
          )}
        </div>

        <ul aria-label="Tips for a quick answer" className="min-w-0 space-y-3 text-sm text-slate-600">
          <Tip>Asking about a repair? Include its Repair ID so we can find it quickly.</Tip>
          <Tip>Reporting a problem? Tell us what you tapped and what you expected to happen.</Tip>
          <Tip>We reply to the e-mail or phone number you give us, so please double-check them.</Tip>
        </ul>
      </div>
    </PublicPage>
  );
}

function Tip({ children }: { children: string }) {
  return (
    <li className="flex gap-3">
      <svg
        className="mt-0.5 size-5 shrink-0 text-brand-600"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M20 6 9 17l-5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{children}</span>
    </li>
  );
}

function SupportForm({
  initial,
  again,
  onSent,
}: {
  initial: NewSupportIssue;
  /** True when the visitor came back for another message: focus goes straight to the issue. */
  again: boolean;
  onSent: (issue: NewSupportIssue) => void;
}) {
  const submit = useSubmitSupportIssue();
  const [failure, setFailure] = useState<SupportCommandOutcome | null>(null);
  const { register, handleSubmit, setError, setFocus, watch, formState } = useForm<NewSupportIssue>({
    defaultValues: initial,
    resolver: domainResolver<NewSupportIssue>(supportIssueSchema),
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => {
    if (again) setFocus('issue');
  }, [again, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await submit.mutateAsync(values);
    if (result.ok) {
      onSent(values);
      return;
    }
    applyFieldErrors(setError, result);
    setFailure(result);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="support-form-title">
      <div>
        <h2 id="support-form-title" className="text-xl font-semibold">
          Send us a message
        </h2>
        <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
      </div>
      <OutcomeAlert outcome={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <IssueField
        required
        length={watch('issue').length}
        placeholder="Describe the problem or share your idea..."
        error={errors.issue?.message}
        {...register('issue')}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" busy={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit'}
      </Button>
    </form>
  );
}

function SupportThanks({ onSendAnother }: { onSendAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center sm:py-12">
      <div className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <svg
          className="size-7"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M20 6 9 17l-5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {SUPPORT_MESSAGES.thanks}
      </h2>
      <p className="text-slate-600">{SUPPORT_MESSAGES.contactSoon}</p>
      <Button variant="secondary" className="mt-4" onClick={onSendAnother}>
        Send another message
      </Button>
    </div>
  );
}
