import { Link } from '@tanstack/react-router';
import type { MailMessage } from '../../../demo';
import { useDemo, useSettings } from '../../app-services';
import { ButtonLink, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { OutboxPage, SentAt } from './outbox-page';

export const DEMO_MAILBOX_QUERY_KEY = ['demo-mailbox'] as const;

/** The e-mails the demo "sent", newest first; only the demo builds have one. */
export function MailboxPage() {
  useDocumentTitle('Demo mailbox');
  const demo = useDemo();
  const { productName } = useSettings();
  return (
    <OutboxPage<MailMessage>
      heading="Demo mailbox"
      intro="This demo sends no real e-mail. Password reset e-mails land here instead, newest first. Each link works once and expires after one hour."
      queryKey={DEMO_MAILBOX_QUERY_KEY}
      list={demo === null ? null : () => demo.mailbox.list()}
      listLabel="E-mails, newest first"
      loadFailed="Could not open the demo mailbox. Please try again."
      empty={{
        title: 'No e-mails yet',
        body: (
          <>
            Ask for a password reset on the{' '}
            <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
              Forgot Password
            </Link>{' '}
            page and the e-mail will appear here.
          </>
        ),
      }}
      notAvailable={{
        body: `The demo mailbox only exists in the demo. This ${productName} sends real e-mail: password reset links arrive in your own inbox.`,
        action: <ButtonLink to="/forgot-password">Forgot Password</ButtonLink>,
      }}
      render={(message) => <MailCard message={message} />}
    />
  );
}

function MailCard({ message }: { message: MailMessage }) {
  return (
    <Card className="overflow-hidden">
      <article aria-label={message.subject}>
        <header className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 className="text-base font-semibold break-words">{message.subject}</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">To</dt>
            <dd className="min-w-0 break-all text-slate-800">{message.to}</dd>
            <SentAt sentAt={message.sentAt} />
          </dl>
        </header>
        <div className="space-y-4 px-5 py-4 sm:px-6">
          <p className="text-sm whitespace-pre-line break-words text-slate-700">{message.text}</p>
          <MailLink link={message.link} />
        </div>
      </article>
    </Card>
  );
}

/**
 * The mail's action link, opened inside this app: only its path and query are kept, so a link written
 * for another origin never leaves the app, and anything but a web address is not a link at all.
 */
function MailLink({ link }: { link: string }) {
  let url: URL;
  try {
    url = new URL(link, window.location.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const className = buttonClasses('primary', 'md', 'w-full sm:w-auto');
  if (url.pathname === '/reset-password') {
    const oobCode = url.searchParams.get('oobCode') ?? undefined;
    return (
      <Link to="/reset-password" search={{ oobCode }} className={className}>
        Reset your password
      </Link>
    );
  }
  return (
    <a href={`${url.pathname}${url.search}`} className={className}>
      Open the link
    </a>
  );
}
