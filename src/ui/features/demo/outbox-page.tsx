import { type QueryKey, type UseSuspenseQueryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../domain/shared/time';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PanelBoundary } from '../../components/panel-boundary';
import { LoadingBlock } from '../../components/spinner';
import { PublicPage } from '../../layout/public-page';

/** What a demo outbox page shows: the messages the demo "sent" instead of sending them, newest first. */
export interface OutboxPageProps<T extends { readonly id: string }, K extends QueryKey> {
  readonly heading: string;
  readonly intro: ReactNode;
  /** The outbox's read (demo/queries.ts); null where this app sends real messages (production). */
  readonly query: UseSuspenseQueryOptions<T[], Error, T[], K> | null;
  readonly listLabel: string;
  readonly loadFailed: string;
  readonly empty: { readonly title: string; readonly body: ReactNode };
  readonly notAvailable: { readonly body: ReactNode; readonly action: ReactNode };
  readonly render: (message: T) => ReactNode;
}

/** The frame of the demo mailbox and the demo SMS inbox. */
export function OutboxPage<T extends { readonly id: string }, K extends QueryKey>(
  props: OutboxPageProps<T, K>,
) {
  return (
    <PublicPage>
      {props.query === null ? (
        <NotAvailable {...props.notAvailable} />
      ) : (
        <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
          <PanelBoundary
            pending={
              <>
                <Heading {...props} />
                <Card className="mt-6">
                  <LoadingBlock />
                </Card>
              </>
            }
            failed={({ retry }) => (
              <>
                <Heading {...props} onRefresh={retry} refreshing={false} />
                <div className="mt-6">
                  <Alert>{props.loadFailed}</Alert>
                </div>
              </>
            )}
          >
            <Outbox {...props} query={props.query} />
          </PanelBoundary>
        </div>
      )}
    </PublicPage>
  );
}

function NotAvailable({ body, action }: { body: ReactNode; action: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Not available</h1>
      <p className="text-slate-600">{body}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {action}
        <ButtonLink to="/" variant="secondary">
          Go home
        </ButtonLink>
      </div>
    </div>
  );
}

/** The page's heading and intro, with Refresh (which reads the outbox again). */
function Heading({
  heading,
  intro,
  onRefresh,
  refreshing = false,
}: {
  heading: string;
  intro: ReactNode;
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm font-semibold text-brand-700">Demo</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        <p className="mt-2 max-w-xl text-sm text-slate-600">{intro}</p>
      </div>
      <Button
        variant="secondary"
        onClick={onRefresh}
        disabled={onRefresh === undefined}
        busy={refreshing}
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
  );
}

/** The messages, newest first; a refresh that fails says so above what was shown. */
function Outbox<T extends { readonly id: string }, K extends QueryKey>({
  heading,
  intro,
  query,
  listLabel,
  loadFailed,
  empty,
  render,
}: OutboxPageProps<T, K> & { readonly query: UseSuspenseQueryOptions<T[], Error, T[], K> }) {
  const outbox = useSuspenseQuery(query);
  const messages = outbox.data;

  return (
    <>
      <Heading
        heading={heading}
        intro={intro}
        onRefresh={() => void outbox.refetch()}
        refreshing={outbox.isFetching}
      />
      <div className="mt-6 space-y-4">
        {outbox.isError && <Alert>{loadFailed}</Alert>}
        {messages.length === 0 && !outbox.isError ? (
          <Card>
            <EmptyState title={empty.title}>{empty.body}</EmptyState>
          </Card>
        ) : (
          <ul className="space-y-4" aria-label={listLabel}>
            {messages.map((message) => (
              <li key={message.id}>{render(message)}</li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** The "Sent" line of a message's details, when the outbox knows it (the Auth emulator's does not). */
export function SentAt({ sentAt }: { sentAt: Date | null }) {
  if (sentAt === null) return null;
  return (
    <>
      <dt className="text-slate-500">Sent</dt>
      <dd className="text-slate-800">
        <time dateTime={sentAt.toISOString()}>{formatDateTime(sentAt)}</time>
      </dd>
    </>
  );
}
