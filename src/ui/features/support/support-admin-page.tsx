import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/shared/time';
import { SUPPORT_MESSAGES } from '../../../domain/support/messages';
import type { SupportIssue, SupportStatus } from '../../../domain/support/support-issue';
import type { UserProfile } from '../../../domain/users/user';
import { useService } from '../../app-services';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { cx } from '../../components/cx';
import { EmptyState } from '../../components/empty-state';
import { PanelBoundary } from '../../components/panel-boundary';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AppPage } from '../../layout/app-page';
import { SuperAdminOnly } from '../../layout/super-admin-only';
import { EditIssueDialog } from './edit-issue-dialog';
import { supportQueries } from './queries';
import { STATUS_LABELS } from './status-labels';

const TITLE = 'Support Issues';

/** /support-admin: every support issue as a card, editable by a super admin. */
export function SupportAdminPage() {
  useDocumentTitle(TITLE);
  return (
    <SuperAdminOnly>
      {(viewer) => (
        <AppPage>
          <SupportIssues viewer={viewer} />
        </AppPage>
      )}
    </SuperAdminOnly>
  );
}

type Filter = 'all' | SupportStatus;

const FILTERS: readonly { readonly value: Filter; readonly label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: STATUS_LABELS.active },
  { value: 'completed', label: STATUS_LABELS.completed },
];

function SupportIssues({ viewer }: { viewer: UserProfile }) {
  const [editing, setEditing] = useState<SupportIssue | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{TITLE}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Messages sent through the support form, newest first. Mark an issue completed once it is resolved.
          </p>
        </div>
        <nav aria-label="Support admin" className="flex flex-wrap gap-2">
          <ButtonLink to="/dashboard" variant="secondary" size="sm">
            Back to Dashboard
          </ButtonLink>
          <ButtonLink to="/support" variant="secondary" size="sm">
            Support
          </ButtonLink>
        </nav>
      </div>

      <PanelBoundary
        failed={({ message, retry }) => (
          <div className="space-y-3">
            <Alert>{message || SUPPORT_MESSAGES.loadFailed}</Alert>
            <Button variant="secondary" size="sm" onClick={retry}>
              Try again
            </Button>
          </div>
        )}
      >
        <IssueList viewer={viewer} onEdit={setEditing} />
      </PanelBoundary>

      <EditIssueDialog viewer={viewer} issue={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** The issues as cards, with a filter by status (and its counts) once there are any. */
function IssueList({ viewer, onEdit }: { viewer: UserProfile; onEdit: (issue: SupportIssue) => void }) {
  const support = useService('support');
  const { data: all } = useSuspenseQuery(supportQueries.list(support, viewer));
  const [filter, setFilter] = useState<Filter>('all');
  const count = (value: Filter) =>
    value === 'all' ? all.length : all.filter((issue) => issue.status === value).length;
  const shown = filter === 'all' ? all : all.filter((issue) => issue.status === filter);

  return (
    <>
      {all.length > 0 && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show issues</legend>
          {FILTERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={cx(
                'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 ring-inset transition-colors',
                filter === value
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {label}{' '}
              <span
                className={cx(
                  'rounded-full px-2 text-xs tabular-nums',
                  filter === value ? 'bg-white/20' : 'bg-slate-100 text-slate-600',
                )}
              >
                {count(value)}
              </span>
            </button>
          ))}
        </fieldset>
      )}
      {shown.length === 0 ? (
        <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <EmptyState title={SUPPORT_MESSAGES.empty} />
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Support issues">
          {shown.map((issue) => (
            <li key={issue.id} className="min-w-0">
              <IssueCard issue={issue} onEdit={() => onEdit(issue)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function IssueCard({ issue, onEdit }: { issue: SupportIssue; onEdit: () => void }) {
  const completed = issue.status === 'completed';
  const headingId = `issue-${issue.id}-email`;
  return (
    <article
      aria-labelledby={headingId}
      data-status={issue.status}
      className={cx(
        'flex h-full flex-col gap-4 rounded-2xl border-2 bg-white p-5 shadow-sm',
        completed ? 'border-emerald-500' : 'border-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 break-all text-base font-semibold text-slate-900">
          {issue.email}
        </h2>
        <Badge tone={completed ? 'green' : 'yellow'} className="shrink-0">
          {STATUS_LABELS[issue.status]}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Phone</dt>
        <dd className="min-w-0 break-all font-medium text-slate-800">
          <a href={`tel:${issue.phone}`} className="hover:text-brand-700 hover:underline">
            {issue.phone}
          </a>
        </dd>
        <dt className="text-slate-500">Created</dt>
        <dd className="text-slate-800">
          {issue.createdAt ? (
            <time dateTime={issue.createdAt.toISOString()}>{formatDateTime(issue.createdAt)}</time>
          ) : (
            'Not recorded'
          )}
        </dd>
      </dl>
      <p className="flex-1 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        {issue.issue}
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-describedby={headingId}>
          Edit
        </Button>
      </div>
    </article>
  );
}
