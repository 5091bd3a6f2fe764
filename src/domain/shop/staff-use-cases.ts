import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import type { ShopMembership, StaffInvitation, StaffMember } from '../../ports/shop-membership';
import { done, failed, invalid, type Outcome } from '../shared/validation';
import { invitationEmail, isInvitableEmail } from './membership';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';

/**
 * The people of a store (../shared/spec/owner-console.md, Part 2, section 'Staff'): the owner sees its
 * staff and pending invitations, invites an e-mail address, cancels an invitation and removes staff;
 * the invited account sees its invitations and accepts or declines them. Every backend checks the
 * same again (docs/decisions/0008-staff-join-by-invitation.md). No outcome says whether an address
 * has an account.
 */

type StaffPorts = Pick<Ports, 'shopMembers' | 'logger'>;

/** What the screens show of a staff member and of an invitation. */
export type { StaffInvitation, StaffMember };

/**
 * The staff use cases' messages, as the spec writes them and ours for what it leaves silent (the staff
 * screens' labels and buttons are the UI's: src/ui/features/shop/shop-texts.ts STAFF_LABELS).
 */
export const STAFF_TEXTS = {
  emailRequired: "Enter the staff member's e-mail address.",
  emailInvalid: 'Enter a valid e-mail address.',
  ownEmail: 'This is your own address: an owner is not staff of their own store.',
  alreadyInvited: 'This address is already invited. It is listed below as Invited.',
  alreadyStaff: 'Someone with this address is already staff of this store.',
  invitationSent: (email: string) =>
    `Invited ${email}. They join once they sign in with this address and accept.`,
  invitationCancelled: (email: string) => `The invitation to ${email} is cancelled.`,
  staffRemoved: (name: string) => `${name} is no longer staff of this store.`,
  ownersOnly: "Only the store's owner manages its staff.",
  loadFailed: 'The staff of this store could not be loaded. Try again.',
  changeFailed: 'That did not go through. Try again.',
  joined: (storeName: string) => `You are now staff of ${storeName}.`,
  declined: (storeName: string) => `You declined the invitation from ${storeName}.`,
  invitationGone: 'This invitation is no longer open: the owner may have cancelled it.',
  verifyFirst: 'Verify your e-mail address to accept this invitation.',
} as const;

/** What the owner's staff section shows. */
export interface StaffScreen {
  readonly store: ShopMembership;
  readonly staff: readonly StaffMember[];
  readonly invitations: readonly StaffInvitation[];
}

/** The store's staff and pending invitations, for its owner; staff and others are refused. */
export async function loadStaffScreen(
  ports: StaffPorts,
  storeId: string,
): Promise<Outcome<StaffScreen, never, ShopFailureReason>> {
  try {
    const store = await ports.shopMembers.roleIn(storeId);
    if (store === null || store.role !== 'owner') return failed(STAFF_TEXTS.ownersOnly, 'not-permitted');
    const [staff, invitations] = await Promise.all([
      ports.shopMembers.listStaff(storeId),
      ports.shopMembers.listInvitations(storeId),
    ]);
    return done({ store, staff, invitations });
  } catch (error) {
    return shopPortFailure(ports, 'Loading the staff', error, STAFF_TEXTS.loadFailed);
  }
}

/** The form's field. */
export type StaffInviteField = 'email';

/** Checks the typed address as the backends will: trimmed, lower case, the stored e-mail shape. */
export function checkStaffEmail(raw: string): Outcome<string, StaffInviteField> {
  const email = invitationEmail(raw);
  if (email === '') return invalid({ email: STAFF_TEXTS.emailRequired });
  if (!isInvitableEmail(email)) return invalid({ email: STAFF_TEXTS.emailInvalid });
  return done(email);
}

/** 'Add Staff': invites the address; the refusals the owner can act on come back on the field. */
export async function inviteStaff(
  ports: StaffPorts,
  storeId: string,
  raw: string,
): Promise<Outcome<StaffInvitation, StaffInviteField, ShopFailureReason>> {
  const checked = checkStaffEmail(raw);
  if (!checked.ok) return checked;
  try {
    const invitation = await ports.shopMembers.inviteStaff(storeId, checked.value);
    return done(invitation, STAFF_TEXTS.invitationSent(invitation.email));
  } catch (error) {
    const onField = (message: string) => invalid<StaffInviteField>({ email: message });
    if (isPortError(error, 'conflict')) return onField(STAFF_TEXTS.alreadyInvited);
    if (isPortError(error, 'failed-precondition')) return onField(STAFF_TEXTS.alreadyStaff);
    if (isPortError(error, 'invalid-argument'))
      return onField(error.message.includes('owner') ? STAFF_TEXTS.ownEmail : STAFF_TEXTS.emailInvalid);
    return shopPortFailure(ports, 'Inviting staff', error, STAFF_TEXTS.changeFailed);
  }
}

/** 'Remove' on a pending invitation. */
export async function cancelInvitation(
  ports: StaffPorts,
  storeId: string,
  email: string,
): Promise<Outcome<void, never, ShopFailureReason>> {
  try {
    await ports.shopMembers.cancelInvitation(storeId, email);
    return done(undefined, STAFF_TEXTS.invitationCancelled(email));
  } catch (error) {
    return shopPortFailure(ports, 'Cancelling an invitation', error, STAFF_TEXTS.changeFailed);
  }
}

/** 'Remove' on a staff member: their access ends at once. */
export async function removeStaff(
  ports: StaffPorts,
  storeId: string,
  member: Pick<StaffMember, 'uid' | 'name' | 'email'>,
): Promise<Outcome<void, never, ShopFailureReason>> {
  try {
    await ports.shopMembers.removeStaff(storeId, member.uid);
    return done(undefined, STAFF_TEXTS.staffRemoved(member.name || member.email));
  } catch (error) {
    return shopPortFailure(ports, 'Removing staff', error, STAFF_TEXTS.changeFailed);
  }
}

/** The signed-in account's pending invitations (none until its address is verified). */
export async function myInvitations(
  ports: StaffPorts,
): Promise<Outcome<readonly StaffInvitation[], never, ShopFailureReason>> {
  try {
    return done(await ports.shopMembers.myInvitations());
  } catch (error) {
    return shopPortFailure(ports, 'Loading my invitations', error, STAFF_TEXTS.loadFailed);
  }
}

/** 'Accept': the account becomes staff of the store. */
export async function acceptInvitation(
  ports: StaffPorts,
  invitation: Pick<StaffInvitation, 'storeId' | 'storeName'>,
): Promise<Outcome<ShopMembership, never, ShopFailureReason>> {
  try {
    const membership = await ports.shopMembers.acceptInvitation(invitation.storeId);
    return done(membership, STAFF_TEXTS.joined(membership.storeName || invitation.storeName));
  } catch (error) {
    if (isPortError(error, 'not-found')) return failed(STAFF_TEXTS.invitationGone, 'not-found');
    if (isPortError(error, 'permission-denied')) return failed(STAFF_TEXTS.verifyFirst, 'not-permitted');
    return shopPortFailure(ports, 'Accepting an invitation', error, STAFF_TEXTS.changeFailed);
  }
}

/** 'Decline': the invitation goes; nothing else changes. */
export async function declineInvitation(
  ports: StaffPorts,
  invitation: Pick<StaffInvitation, 'storeId' | 'storeName'>,
): Promise<Outcome<void, never, ShopFailureReason>> {
  try {
    await ports.shopMembers.declineInvitation(invitation.storeId);
    return done(undefined, STAFF_TEXTS.declined(invitation.storeName));
  } catch (error) {
    return shopPortFailure(ports, 'Declining an invitation', error, STAFF_TEXTS.changeFailed);
  }
}
