import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../domain/shared/time';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/spinner';
import { PublicPage } from '../../layout/public-page';

/** What a demo outbox page shows: the messages the demo "sent" instead of sending them, newest first. */
export interface OutboxPageProps<T extends { readonly id: string }> {
  readonly heading: string;
  readonly intro: ReactNode;
  readonly queryKey: readonly unknown[];
  /** Null where this app sends real messages (production). */
  readonly list: (() => Promise<T[]>) | null;
  readonly listLabel: string;
  readonly loadFailed: string;
  readonly empty: { readonly title: string; readonly body: ReactNode };
  readonly notAvailable: { readonly body: ReactNode; readonly action: ReactNode };
  readonly render: (message: T) => ReactNode;
}

/** The frame of the demo mailbox and the demo SMS inbox. */
export function OutboxPage<T extends { readonly id: string }>(props: OutboxPageProps<T>) {
  return (
    <PublicPage>
      {props.list === null ? (
        <NotAvailable {...props.notAvailable} />
      ) : (
        <Outbox {...props} list={props.list} />
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

function Outbox<T extends { readonly id: string }>({
  heading,
  intro,
  queryKey,
  list,
  listLabel,
  loadFailed,
  empty,
  render,
}: OutboxPageProps<T> & { readonly list: () => Promise<T[]> }) {
  const outbox = useQuery({
    queryKey,
    queryFn: list,
    // New messages can arrive from another tab at any moment.
    staleTime: 0,
    refetchOnWindowFocus: true,
    // A local read: when it fails, retrying at once will not help; Refresh is at hand.
  });
  const messages = outbox.data ?? [];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-700">Demo</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
          <p className="mt-2 max-w-xl text-sm text-slate-600">{intro}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void outbox.refetch()}
          busy={outbox.isFetching}
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
        {outbox.isError && <Alert>{loadFailed}</Alert>}
        {outbox.isPending ? (
          <Card>
            <LoadingBlock />
          </Card>
        ) : messages.length === 0 && !outbox.isError ? (
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
    </div>
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
