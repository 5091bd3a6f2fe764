import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../domain/shared/time';
import { statusLabel } from '../../../domain/shop/status-values';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { SYNC_TEXTS } from './shop-texts';

const STATUS_TONES: Record<string, 'green' | 'yellow' | 'blue' | 'slate' | 'red'> = {
  received: 'slate',
  inprogress: 'blue',
  sent_to_service_center: 'yellow',
  waiting_for_parts: 'yellow',
  ready: 'green',
  delivered: 'green',
  cancelled: 'red',
};

/** A repair's status as a badge, with the spec's label (a status the web does not know as written). */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'slate'}>{statusLabel(status)}</Badge>;
}

/**
 * The mark of a repair changed on this device that the server does not have yet (pendingSync): an icon
 * and words, not colour alone; the hint says what it means.
 */
export function PendingSyncBadge({ pending }: { pending: boolean }) {
  if (!pending) return null;
  return (
    <Badge tone="yellow" className="gap-1 whitespace-nowrap">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        className="h-3.5 w-3.5"
      >
        <path d="M5.5 15h8a3.5 3.5 0 0 0 .6-6.95A5 5 0 0 0 4.4 9.2 3 3 0 0 0 5.5 15Z" />
        <path d="M10 8.5v3l2 1.2" />
      </svg>
      <span title={SYNC_TEXTS.pendingSyncHint}>{SYNC_TEXTS.pendingSync}</span>
      <span className="sr-only"> ({SYNC_TEXTS.pendingSyncHint})</span>
    </Badge>
  );
}

/**
 * A store's name for a heading: the part after a spaced dash ('Sharma Mobile Care - Bandra') keeps its
 * dash, so a narrow screen wraps before '- Bandra' rather than leaving the dash at a line's end. The text
 * is the name as written (plain spaces: the nowrap span keeps them).
 */
export function StoreName({ name }: { name: string }) {
  const match = /^(.*\S) [-–—] (\S+)(.*)$/.exec(name);
  if (match === null) return <>{name}</>;
  const [, head, first, rest] = match;
  const dash = name.slice((head ?? '').length + 1, (head ?? '').length + 2);
  return (
    <>
      {head}{' '}
      <span className="whitespace-nowrap">
        {dash} {first}
      </span>
      {rest}
    </>
  );
}

/** An account that works in no store: says so, offers 'Set Up Your Shop', and leads back to /dashboard. */
export function NoStores() {
  return (
    <Card className="mx-auto max-w-xl px-6 py-10 text-center">
      <h1 className="text-2xl font-bold">No store yet</h1>
      <p className="mt-2 text-slate-600">
        Your account does not own or work in any store, so there are no repairs to show. Ask the store owner
        to invite your e-mail address: the invitation waits on your Dashboard.
      </p>
      <p className="mt-2 text-slate-600">Running your own repair shop? Open it on the web.</p>
      <div className="mt-5 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <ButtonLink to="/shop/setup" size="lg" className="w-full sm:w-auto">
          Set Up Your Shop
        </ButtonLink>
        <Link to="/dashboard" className="font-semibold text-brand-700 hover:underline">
          Back to Dashboard
        </Link>
      </div>
    </Card>
  );
}

/** A day as the tracking link writes it ('3 Nov 2026', `formatDate`), or '—'. */
export function formatDay(date: Date | null): string {
  return date === null ? '—' : formatDate(date);
}
