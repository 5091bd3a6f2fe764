import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import { STAFF_TEXTS, type StaffInvitation } from '../../../../domain/shop/staff-use-cases';
import { useService } from '../../../app-services';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { cx } from '../../../components/cx';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { shopQueries } from '../queries';

/**
 * The signed-in account's pending invitations on /dashboard (../shared/spec/owner-console.md, Part 2):
 * a card 'Invitation from {store name}' each, with 'Accept' (the account becomes staff and goes to the
 * store's board) and 'Decline'. Only invitations to the account's verified address exist for it; when
 * there are none, or they cannot be read, nothing is shown.
 */
export function StaffInvitations({
  uid,
  className,
}: {
  readonly uid: string;
  /** Extra classes of the section (e.g. the width of the screen it sits on). */
  readonly className?: string | undefined;
}) {
  const shop = useService('shop');
  const invitations = useQuery({ ...shopQueries.myInvitations(shop, uid), retryOnMount: false });
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  if (invitations.data === undefined || (invitations.data.length === 0 && outcome === null)) return null;
  return (
    <section aria-label="Invitations" className={cx('space-y-3', className)}>
      <OutcomeAlert outcome={outcome} />
      {invitations.data.map((invitation) => (
        <InvitationCard key={invitation.storeId} invitation={invitation} onOutcome={setOutcome} />
      ))}
    </section>
  );
}

function InvitationCard({
  invitation,
  onOutcome,
}: {
  readonly invitation: StaffInvitation;
  readonly onOutcome: (outcome: Outcome<unknown, string, string>) => void;
}) {
  const shop = useService('shop');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const title = STAFF_TEXTS.invitationFrom(invitation.storeName || invitation.storeId);

  const answer = async (choice: 'accept' | 'decline') => {
    setBusy(choice);
    const result =
      choice === 'accept'
        ? await shop.acceptInvitation(invitation)
        : await shop.declineInvitation(invitation);
    setBusy(null);
    onOutcome(result);
    await queryClient.invalidateQueries({ queryKey: shopQueries.all });
    if (result.ok && choice === 'accept')
      await navigate({ to: '/shop', search: { store: invitation.storeId } });
  };

  return (
    <Card className="px-5 py-4 sm:px-6">
      <h2 className="text-lg font-semibold break-words">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {STAFF_TEXTS.invitedBy(invitation.storeName || invitation.storeId)}
      </p>
      <div className="mt-4 grid grid-cols-1 gap-2 sm:flex">
        <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => void answer('accept')}>
          {STAFF_TEXTS.accept}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void answer('decline')}
        >
          {STAFF_TEXTS.decline}
        </Button>
      </div>
    </Card>
  );
}
