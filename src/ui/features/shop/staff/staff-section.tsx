import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { Outcome } from '../../../../domain/shared/validation';
import type { StaffInvitation, StaffMember } from '../../../../domain/shop/staff-use-cases';
import { useService } from '../../../app-services';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/fields';
import { OutcomeAlert } from '../../../components/outcome-alert';
import { shopQueries } from '../queries';
import { STAFF_LABELS } from '../shop-texts';
import { useCancelInvitation, useInviteStaff, useRemoveStaff } from './mutations';

type SectionOutcome = Outcome<unknown, string, string>;

/** Who is being removed: a staff member (their access ends) or a pending invitation (it is withdrawn). */
type Removal =
  | { readonly kind: 'staff'; readonly member: StaffMember }
  | { readonly kind: 'invitation'; readonly invitation: StaffInvitation };

/**
 * Settings' 'Staff' section (../shared/spec/owner-console.md, Part 2), for the store's owner: its staff
 * (name, e-mail) and its pending invitations (marked 'Invited'), each with 'Remove' after a
 * confirmation, and 'Add Staff' with 'Staff Email', which sends an invitation. Nothing here says
 * whether an address has an account: an invited address joins once it signs in and accepts.
 */
export function StaffSection({ storeId }: { readonly storeId: string }) {
  const shop = useService('shop');
  const { data: screen } = useSuspenseQuery(shopQueries.staff(shop, storeId));
  const inviteStaff = useInviteStaff(storeId);
  const removeStaff = useRemoveStaff(storeId);
  const cancelInvitation = useCancelInvitation(storeId);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<SectionOutcome | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [removalOutcome, setRemovalOutcome] = useState<SectionOutcome | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const result = await inviteStaff.mutateAsync(email);
    if (!result.ok) {
      // What was typed stays, to be corrected.
      setEmailError(result.fieldErrors?.email);
      if (result.fieldErrors?.email) emailRef.current?.focus();
      else setOutcome(result);
      return;
    }
    setEmailError(undefined);
    setEmail('');
    setOutcome(result);
  };

  const remove = async () => {
    if (removal === null) return;
    const result =
      removal.kind === 'staff'
        ? await removeStaff.mutateAsync(removal.member)
        : await cancelInvitation.mutateAsync(removal.invitation.email);
    if (!result.ok) {
      // Nothing changed: say why in the dialog, which stays open to try again or cancel.
      setRemovalOutcome(result);
      return;
    }
    setRemoval(null);
    setOutcome(result);
  };

  const askToRemove = (next: Removal) => {
    setRemovalOutcome(null);
    setRemoval(next);
  };

  const removalTitle =
    removal === null
      ? ''
      : removal.kind === 'staff'
        ? `Remove ${removal.member.name || removal.member.email}?`
        : `Cancel the invitation to ${removal.invitation.email}?`;
  const removalDescription =
    removal?.kind === 'staff'
      ? 'They lose access to this store at once. You can invite them again later.'
      : 'The invitation is withdrawn: it can no longer be accepted.';

  return (
    <Card>
      <CardHeader
        title={STAFF_LABELS.section}
        description="Staff create and update this store's repairs and take payments."
      />
      <div className="space-y-5 px-5 py-4 sm:px-6">
        <OutcomeAlert outcome={outcome} />
        {screen.staff.length === 0 && screen.invitations.length === 0 ? (
          <p className="text-sm text-slate-600">{STAFF_LABELS.noStaff}</p>
        ) : (
          <ul
            aria-label="Staff and invitations"
            className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200"
          >
            {screen.staff.map((member) => (
              <PersonRow
                key={`staff-${member.uid}`}
                name={member.name || member.email}
                email={member.email}
                onRemove={() => askToRemove({ kind: 'staff', member })}
              />
            ))}
            {screen.invitations.map((invitation) => (
              <PersonRow
                key={`invitation-${invitation.email}`}
                name={invitation.email}
                invited
                onRemove={() => askToRemove({ kind: 'invitation', invitation })}
              />
            ))}
          </ul>
        )}
        <form onSubmit={(event) => void invite(event)} noValidate className="space-y-3">
          <TextField
            ref={emailRef}
            label={STAFF_LABELS.staffEmail}
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            error={emailError}
            hint="We send nothing by e-mail: tell them to sign in with this address and accept on their Dashboard."
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(undefined);
            }}
          />
          <Button type="submit" busy={inviteStaff.isPending} className="w-full sm:w-auto">
            {STAFF_LABELS.addStaff}
          </Button>
        </form>
      </div>
      <Dialog
        open={removal !== null}
        onOpenChange={(open) => {
          if (!open) setRemoval(null);
        }}
        title={removalTitle}
        description={removalDescription}
      >
        <div className="space-y-4">
          <OutcomeAlert outcome={removalOutcome} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setRemoval(null)}>
              Keep
            </Button>
            <Button
              variant="danger"
              busy={removeStaff.isPending || cancelInvitation.isPending}
              onClick={() => void remove()}
            >
              {STAFF_LABELS.remove}
            </Button>
          </div>
        </div>
      </Dialog>
    </Card>
  );
}

function PersonRow({
  name,
  email,
  invited = false,
  onRemove,
}: {
  readonly name: string;
  readonly email?: string;
  readonly invited?: boolean;
  readonly onRemove: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {name} {invited && <Badge tone="yellow">{STAFF_LABELS.invited}</Badge>}
        </p>
        {email !== undefined && email !== name && <p className="text-sm break-all text-slate-600">{email}</p>}
      </div>
      {/* A thumb's 44 px on a phone, as the board's controls; the compact size from sm up. */}
      <Button
        variant="secondary"
        className="sm:h-9 sm:px-3"
        onClick={onRemove}
        aria-label={`${STAFF_LABELS.remove} ${name}`}
      >
        {STAFF_LABELS.remove}
      </Button>
    </li>
  );
}
