import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import type { StaffInvitation } from '../../../../domain/shop/staff-use-cases';
import { useService } from '../../../app-services';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { cx } from '../../../components/cx';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { PanelBoundary } from '../../../components/panel-boundary';
import { shopQueries } from '../queries';
import { STAFF_LABELS } from '../shop-texts';
import { useAnswerInvitation } from './mutations';

/**
 * The signed-in account's pending invitations on /dashboard (../shared/spec/owner-console.md, Part 2):
 * a card 'Invitation from {store name}' each, with 'Accept' (the account becomes staff and goes to the
 * store's board) and 'Decline'. Only invitations to the account's verified address exist for it; when
 * there are none, or they cannot be read, nothing is shown (the route's loader asks for them early).
 */
export function StaffInvitations({
  uid,
  className,
}: {
  readonly uid: string;
  /** Extra classes of the section (e.g. the width of the screen it sits on). */
  readonly className?: string | undefined;
}) {
  // A panel of its own: while the read runs, and when it fails, the page shows without it.
  return (
    <PanelBoundary pending={null} failed={() => null}>
      <Invitations uid={uid} className={className} />
    </PanelBoundary>
  );
}

function Invitations({ uid, className }: { readonly uid: string; readonly className?: string | undefined }) {
  const shop = useService('shop');
  const { data: invitations } = useSuspenseQuery(shopQueries.myInvitations(shop, uid));
  const [outcome, setOutcome] = useState<Outcome<unknown, string, string> | null>(null);
  if (invitations.length === 0 && outcome === null) return null;
  return (
    <section aria-label="Invitations" className={cx('space-y-3', className)}>
      <OutcomeAlert outcome={outcome} />
      {invitations.map((invitation) => (
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
  const navigate = useNavigate();
  const answerInvitation = useAnswerInvitation();
  const busy = answerInvitation.isPending ? answerInvitation.variables.choice : null;
  const title = STAFF_LABELS.invitationFrom(invitation.storeName || invitation.storeId);

  const answer = async (choice: 'accept' | 'decline') => {
    const result = await answerInvitation.mutateAsync({ invitation, choice });
    onOutcome(result);
    if (result.ok && choice === 'accept')
      await navigate({ to: '/shop', search: { store: invitation.storeId } });
  };

  return (
    <Card className="px-5 py-4 sm:px-6">
      <h2 className="text-lg font-semibold break-words">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {STAFF_LABELS.invitedBy(invitation.storeName || invitation.storeId)}
      </p>
      <div className="mt-4 grid grid-cols-1 gap-2 sm:flex">
        <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => void answer('accept')}>
          {STAFF_LABELS.accept}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void answer('decline')}
        >
          {STAFF_LABELS.decline}
        </Button>
      </div>
    </Card>
  );
}
