import type { ShopMembership, StaffInvitation, StaffMember } from '../../ports/shop-membership';
import { asInstant } from '../shared/time';
import { PATTERNS } from '../stored/documents';

/**
 * A stored staff record (storeMembers/{storeId}_{uid}) as the shop console reads it, whatever the
 * backend stored its time as (a Date, ISO text, a Firestore Timestamp); missing text reads as ''.
 */
export function parseStaffRecord(raw: Readonly<Record<string, unknown>>): StaffMember {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    storeId: text(raw.storeId),
    uid: text(raw.uid),
    email: text(raw.email),
    name: text(raw.name),
    addedAt: asInstant(raw.addedAt) ?? new Date(0),
    addedBy: text(raw.addedBy),
  };
}

/** The order of myStores(): by store name, then store id. */
export function byStoreName(a: ShopMembership, b: ShopMembership): number {
  return a.storeName.localeCompare(b.storeName) || a.storeId.localeCompare(b.storeId);
}

/** The longest e-mail address an invitation takes (documents.ts, INVITATIONS.email). */
export const MAX_INVITATION_EMAIL_LENGTH = 254;

const INVITATION_EMAIL = new RegExp(`^(?:${PATTERNS.email})$`);

/** An address as an invitation stores it: trimmed and in lower case. */
export function invitationEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Whether an address (already trimmed and lower-cased by invitationEmail) can be invited: the stored
 * shape of documents.ts (one @, a dot after it, the characters the rules accept), 254 characters at most.
 */
export function isInvitableEmail(email: string): boolean {
  return email.length <= MAX_INVITATION_EMAIL_LENGTH && INVITATION_EMAIL.test(email);
}

/** invitations/{storeId}_{email}: the id of an invitation (the e-mail lower case; it has no '/'). */
export function invitationKey(storeId: string, email: string): string {
  return `${storeId}_${email}`;
}

/** A stored invitation as the shop console reads it, whatever the backend stored its time as. */
export function parseInvitationRecord(raw: Readonly<Record<string, unknown>>): StaffInvitation {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    storeId: text(raw.storeId),
    storeName: text(raw.storeName),
    email: text(raw.email),
    invitedBy: text(raw.invitedBy),
    invitedAt: asInstant(raw.invitedAt) ?? new Date(0),
  };
}

/** The order of listInvitations(): by e-mail. */
export function byInvitedEmail(a: StaffInvitation, b: StaffInvitation): number {
  return a.email.localeCompare(b.email) || a.storeId.localeCompare(b.storeId);
}

/** The order of myInvitations(): by store name, then store id. */
export function byInvitingStore(a: StaffInvitation, b: StaffInvitation): number {
  return a.storeName.localeCompare(b.storeName) || a.storeId.localeCompare(b.storeId);
}

/** The words of the port's refusals, alike on every backend (the use cases show their own). */
export const INVITATION_REFUSALS = {
  invalidEmail: 'Enter a valid e-mail address.',
  ownEmail: 'The owner of a store cannot be its staff.',
  alreadyInvited: 'This address is already invited to this store.',
  alreadyStaff: 'A staff member of this store already has this address.',
  unverified: 'Verify your e-mail address to accept invitations.',
  noInvitation: 'There is no invitation to this store for your address.',
  ownerCannotJoin: 'The owner of a store cannot be its staff.',
} as const;
