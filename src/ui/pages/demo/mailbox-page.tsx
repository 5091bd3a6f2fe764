import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../domain/shared/time';
import type { MailMessage } from '../../../ports';
import { useAppServices, useSettings } from '../../app-services';
import { Alert } from '../../components/alert';
import { Button, ButtonLink, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PublicPage } from '../../layout/public-page';

export const DEMO_MAILBOX_QUERY_KEY = ['demo-mailbox'] as const;

/** The e-mails the offline demo "sent", newest first; only the local (demo) backends have one. */
export function MailboxPage() {
  useDocumentTitle('Demo mailbox');
  const { demo } = useAppServices();
  return <PublicPage>{demo === null ? <NotAvailable /> : <Mailbox mailbox={demo.mailbox} />}</PublicPage>;
}

function NotAvailable() {
  const { productName } = useSettings();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Not available</h1>
      <p className="text-slate-600">
        The demo mailbox only exists in the offline demo. This {productName} sends real e-mail: password reset
        links arrive in your own inbox.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/forgot-password">Forgot Password</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Go home
        </ButtonLink>
      </div>
    </div>
  );
}

function Mailbox({ mailbox }: { mailbox: { list(): Promise<MailMessage[]> } }) {
  const mail = useQuery({
    queryKey: DEMO_MAILBOX_QUERY_KEY,
    queryFn: () => mailbox.list(),
    // New mail can arrive from another tab at any moment.
    staleTime: 0,
    refetchOnWindowFocus: true,
    // A local read: when it fails, retrying at once will not help; Refresh is at hand.
    retry: false,
  });
  const messages = mail.data ?? [];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700">Offline demo</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Demo mailbox</h1>
          <p className="mt-2 max-w-xl text-sm text-slate-600">
            This demo sends no real e-mail. Password reset e-mails land here instead, newest first. Each link
            works once and expires after one hour.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void mail.refetch()}
          busy={mail.isFetching}
          icon={
            <svg
              className="size-4"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path
                d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4m-4 5a8 8 0 0 0 14.9 3M20 20v-4h-4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          }
        >
          Refresh
        </Button>
      </div>

      <div className="mt-6 space-y-4">
        {mail.isError && <Alert>Could not open the demo mailbox. Please try again.</Alert>}
        {mail.isPending ? (
          <Card>
            <LoadingBlock />
          </Card>
        ) : messages.length === 0 && !mail.isError ? (
          <Card>
            <EmptyState title="No e-mails yet">
              Ask for a password reset on the{' '}
              <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
                Forgot Password
              </Link>{' '}
              page and the e-mail will appear here.
            </EmptyState>
          </Card>
        ) : (
          <ul className="space-y-4" aria-label="E-mails, newest first">
            {messages.map((message) => (
              <li key={message.id}>
                <MailCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
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
            <dt className="text-slate-500">Sent</dt>
            <dd className="text-slate-800">
              <time dateTime={message.sentAt.toISOString()}>{formatDateTime(message.sentAt)}</time>
            </dd>
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
