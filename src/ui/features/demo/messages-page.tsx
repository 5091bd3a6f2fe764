import { Link } from '@tanstack/react-router';
import type { SmsMessage } from '../../../demo';
import { formatIndianMobile } from '../../../domain/shared/phone';
import { useDemo, useSettings } from '../../app-services';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { OutboxPage, SentAt } from './outbox-page';

export const DEMO_SMS_QUERY_KEY = ['demo-sms'] as const;

/** /demo/messages: the one-time codes the demo "texted", newest first, with recipient and code. */
export function MessagesPage() {
  useDocumentTitle('Demo SMS inbox');
  const demo = useDemo();
  const { productName } = useSettings();
  return (
    <OutboxPage<SmsMessage>
      heading="Demo SMS inbox"
      intro="This demo sends no real text messages. The one-time codes that verify a mobile number land here instead, newest first. A code works once and expires after ten minutes."
      queryKey={DEMO_SMS_QUERY_KEY}
      list={demo === null ? null : () => demo.sms.list()}
      listLabel="Text messages, newest first"
      loadFailed="Could not open the demo SMS inbox. Please try again."
      empty={{
        title: 'No messages yet',
        body: (
          <>
            Sign in as a customer on the{' '}
            <Link to="/dashboard" className="font-semibold text-brand-700 hover:underline">
              dashboard
            </Link>{' '}
            and verify a mobile number: the code will appear here.
          </>
        ),
      }}
      notAvailable={{
        body: `The demo SMS inbox only exists in the demo. This ${productName} sends real text messages: codes arrive on your phone.`,
        action: <ButtonLink to="/dashboard">Dashboard</ButtonLink>,
      }}
      render={(message) => <SmsCard message={message} />}
    />
  );
}

function SmsCard({ message }: { message: SmsMessage }) {
  const to = formatIndianMobile(message.to);
  return (
    <Card className="overflow-hidden">
      <article aria-label={`Code for ${to}`}>
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">To</dt>
            <dd className="min-w-0 break-all font-medium text-slate-800">{to}</dd>
            <SentAt sentAt={message.sentAt} />
          </dl>
          <p className="sm:text-right">
            <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">Code</span>
            <span className="font-mono text-2xl font-semibold tracking-[0.3em] text-slate-900">
              {message.code}
            </span>
          </p>
        </header>
        <p className="px-5 py-4 text-sm break-words text-slate-700 sm:px-6">{message.text}</p>
      </article>
    </Card>
  );
}
