import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime } from '../../domain/shared/time';
import type { PendingChange } from '../../domain/shop/pending-changes';
import { useService } from '../app-services';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';

/*
 * The outbox (issue 20): how many changes of this account made on this device the server does not have
 * yet (on Firebase, writes queued offline), in the header of every signed-in page, with their list;
 * and the warning before signing out with some still waiting (Firestore keeps an account's queued
 * writes apart and sends them only while that account is signed in on the device).
 */

export const OUTBOX_TEXTS = {
  button: (n: number) => `${n} not yet synced`,
  /** On a phone's header, beside the logo and Logout. */
  short: (n: number) => `${n} unsynced`,
  title: 'Not yet synced',
  intro: 'Made on this device while offline. They are sent when the network returns.',
  none: 'Everything made on this device is synced.',
  signOutTitle: 'Sign out with changes not yet synced?',
  /** `withAccount`: sent only while the account is signed in (Firestore); else by the device (PouchDB). */
  signOutText: (n: number, withAccount = true) =>
    `${n === 1 ? '1 change' : `${n} changes`} made on this device ${n === 1 ? 'has' : 'have'} not reached the server yet. ${
      withAccount
        ? `${n === 1 ? 'It is' : 'They are'} sent only while this account is signed in here: signed out, ${n === 1 ? 'it waits' : 'they wait'} on this device until you sign in on it again.`
        : `This device sends ${n === 1 ? 'it' : 'them'} when it is back on the network, signed in or not; nobody can check ${n === 1 ? 'it' : 'them'} before then.`
    } Connect to the network and wait until nothing is 'Not yet synced', or sign out anyway.`,
  stay: 'Stay signed in',
  signOutAnyway: 'Sign out anyway',
} as const;

/** What a change is, as the list says it. */
const KINDS: Readonly<Record<string, string>> = {
  'new repair': 'New repair',
  'status change': 'Status change',
  change: 'Details changed',
  payment: 'Payment',
};

/** How often the outbox is read again while it holds something (it lives on the device: no network). */
export const OUTBOX_REFRESH_MS = 3_000;

/** The account's changes not yet synced (read on the device; empty while signed out). */
export function useOutbox(uid: string): readonly PendingChange[] {
  const shop = useService('shop');
  const { data } = useQuery({
    // Not a shop screen's read: outside `shopKeys` ('shop'), read again on its own interval.
    queryKey: ['outbox', uid],
    queryFn: () => shop.pendingChanges(),
    enabled: uid !== '',
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? OUTBOX_REFRESH_MS : 15_000),
  });
  return uid === '' ? [] : (data ?? []);
}

/** The header's mark, shown only while something waits; it opens the list. */
export function OutboxButton({ changes }: { changes: readonly PendingChange[] }) {
  const [open, setOpen] = useState(false);
  if (changes.length === 0) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        className="border-amber-300 bg-amber-50"
      >
        <span aria-hidden="true" className="sm:hidden">
          {OUTBOX_TEXTS.short(changes.length)}
        </span>
        <span className="sr-only sm:not-sr-only">{OUTBOX_TEXTS.button(changes.length)}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={OUTBOX_TEXTS.title} description={OUTBOX_TEXTS.intro}>
        <ul className="divide-y divide-slate-100 text-sm" aria-label={OUTBOX_TEXTS.title}>
          {changes.map((change) => (
            <li key={change.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                {KINDS[change.what] ?? change.what}:{' '}
                <Link
                  to="/shop/repairs/$id"
                  params={{ id: change.repairDocId }}
                  className="font-semibold text-brand-700 hover:underline"
                  onClick={() => setOpen(false)}
                >
                  {change.repairId}
                </Link>
              </span>
              <span className="text-xs text-slate-500">{formatDateTime(new Date(change.at))}</span>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}

/** The warning before signing out with changes not yet synced. */
export function SignOutWarning({
  pending,
  withAccount = true,
  open,
  onOpenChange,
  onSignOut,
  busy,
}: {
  pending: number;
  /** Whether queued changes go only with the account signed in (Firestore), or with the device. */
  withAccount?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
  busy: boolean;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={OUTBOX_TEXTS.signOutTitle}
      description={OUTBOX_TEXTS.signOutText(pending, withAccount)}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="primary" onClick={() => onOpenChange(false)}>
          {OUTBOX_TEXTS.stay}
        </Button>
        <Button variant="danger" busy={busy} onClick={onSignOut}>
          {OUTBOX_TEXTS.signOutAnyway}
        </Button>
      </div>
    </Dialog>
  );
}
