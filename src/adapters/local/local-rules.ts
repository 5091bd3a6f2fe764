import type { RepairReader } from '../../domain/repairs/access';
import { appendsOneEntryBy } from '../../domain/shop/history';
import { INVITATION_REFUSALS, invitationEmail, isInvitableEmail } from '../../domain/shop/membership';
import type { PaymentReason } from '../../domain/shop/payments';
import type { ShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo } from '../../domain/shop/repair-store';
import { type RepairWrite, repairWriteProblem } from '../../domain/shop/repair-write-rules';
import {
  DELIVERY_CODE_PATTERN,
  isAllowedMove,
  REOPEN_TARGETS,
  type ShopRole,
} from '../../domain/shop/status';
import { isFinalStatus, isRepairStatus } from '../../domain/shop/status-values';
import type { Store } from '../../domain/stores/store';
import { isValidPublicProfile } from '../../domain/users/public-profile';
import {
  isAccountType,
  parseUserRecord,
  profilePatchProblem,
  ROLES,
  type UserProfile,
} from '../../domain/users/user';
import { PortError } from '../../ports/errors';
import type { LocalSession } from './local-session';

/**
 * The security rules of the local backends (memory and PouchDB), the same as firestore.rules enforces in
 * production. They run inside the adapters, below the domain, so that calling a port directly cannot
 * skip them.
 */

export function requireSignedIn(session: LocalSession): string {
  const uid = session.currentUid();
  if (uid === null) throw new PortError('unauthenticated', 'Sign in first.');
  return uid;
}

/**
 * The signed-in account's e-mail in lower case when the provider verified it, else null (what the rules
 * read as request.auth.token.email with email_verified). Throws 'unauthenticated' signed out.
 */
export function verifiedEmailOf(session: LocalSession): string | null {
  requireSignedIn(session);
  const email = session.currentEmail();
  return email !== null && email !== '' && session.currentEmailVerified() ? invitationEmail(email) : null;
}

/**
 * The address an owner invites, as stored (trimmed, lower case); refused with 'invalid-argument' when it
 * is not an e-mail address or is the owner's own.
 */
export function checkInvitedEmail(session: LocalSession, raw: string): string {
  const email = invitationEmail(raw);
  if (!isInvitableEmail(email)) throw new PortError('invalid-argument', INVITATION_REFUSALS.invalidEmail);
  if (email === invitationEmail(session.currentEmail() ?? ''))
    throw new PortError('invalid-argument', INVITATION_REFUSALS.ownEmail);
  return email;
}

/** Throws unless the signed-in account's users document has role sa. */
export async function requireSuperAdmin(
  session: LocalSession,
  loadProfile: (uid: string) => Promise<UserProfile | null>,
): Promise<UserProfile> {
  const uid = requireSignedIn(session);
  const profile = await loadProfile(uid);
  if (profile?.role !== ROLES.superAdmin)
    throw new PortError('permission-denied', 'Only a super admin may do this.');
  return profile;
}

const NEW_USER_KEYS = new Set([
  'email',
  'role',
  'acceptedTerms',
  'acceptedPrivacy',
  'acceptedDate',
  'name',
  'mobile',
  'address',
  'city',
  'state',
  'pincode',
  'businessName',
  'gstNumber',
  'panNumber',
  'businessAddress',
]);

/**
 * A users document may be created only by its own signed-in account, with that account's e-mail,
 * role 'user' or 'distributor', both agreements accepted, and nothing else (no wallet balance).
 */
export function checkNewUserRecord(
  session: LocalSession,
  uid: string,
  record: Record<string, unknown>,
): void {
  const signedIn = requireSignedIn(session);
  const deny = (why: string) => {
    throw new PortError('permission-denied', `This account cannot be created: ${why}.`);
  };
  if (signedIn !== uid) deny('it belongs to another user');
  if (!isAccountType(record.role)) deny('the role must be user or distributor');
  for (const key of Object.keys(record)) if (!NEW_USER_KEYS.has(key)) deny(`the field ${key} is not allowed`);
  if (record.acceptedTerms !== true || record.acceptedPrivacy !== true)
    deny('both agreements must be accepted');
  const email = typeof record.email === 'string' ? record.email.toLowerCase() : '';
  if (email !== (session.currentEmail() ?? '').toLowerCase()) deny("the e-mail must be the account's own");
  for (const key of ['businessName', 'gstNumber', 'panNumber', 'businessAddress']) {
    if (record[key] !== '') deny(`${key} must be empty`);
  }
}

/** Parses a stored record into a profile, or null when there is none. */
export function profileOrNull(uid: string, raw: unknown): UserProfile | null {
  return raw === undefined || raw === null ? null : parseUserRecord(uid, raw);
}

/**
 * users/{uid} reads: the account's own document, or any for a super admin (firestore.rules: users get).
 * Business names and numbers are read from public profiles instead.
 */
export async function checkProfileRead(
  session: LocalSession,
  uid: string,
  loadProfile: (uid: string) => Promise<UserProfile | null>,
): Promise<void> {
  if (requireSignedIn(session) === uid) return;
  await requireSuperAdmin(session, loadProfile);
}

/** A self-edit: only the editable fields, each text within its limit. */
export function checkProfilePatch(patch: Readonly<Record<string, unknown>>): void {
  const problem = profilePatchProblem(patch);
  if (problem !== null) throw new PortError('permission-denied', `This change is not allowed: ${problem}.`);
}

/** A public profile written by its own account: a business name and a number, each capped. */
export function checkPublicProfile(fields: Readonly<Record<string, unknown>>): void {
  const extra = Object.keys(fields).filter((key) => key !== 'businessName' && key !== 'phone');
  if (extra.length > 0 || !isValidPublicProfile({ businessName: fields.businessName, phone: fields.phone }))
    throw new PortError('permission-denied', 'A public profile holds a business name and a number only.');
}

/** The signed-in account as the repair read rule sees it (its stored role, its verified phone). */
export async function repairReaderOf(
  session: LocalSession,
  loadProfile: (uid: string) => Promise<UserProfile | null>,
): Promise<RepairReader> {
  const uid = requireSignedIn(session);
  const profile = await loadProfile(uid);
  return { uid, role: profile?.role ?? null, verifiedPhone: session.currentPhone() };
}

// ---------------------------------------------------------------------------------------------------
// The shop console (ports/shop-*.ts): store membership, and what a write to a repair may change.

/** The signed-in account as a member of one store. */
export interface ShopAccess {
  readonly uid: string;
  readonly role: ShopRole;
  readonly store: Store;
}

/** What the membership rules need to read (the local twin of the rules' get() and exists()). */
export interface ShopMembershipLookup {
  store(storeId: string): Promise<Store | null>;
  /** Whether storeMembers/{storeId}_{uid} exists. */
  isStaff(storeId: string, uid: string): Promise<boolean>;
}

/** The role of `uid` in `store`: its owner (stores.ownerId), else staff when its owner added it. */
export function shopRoleFor(store: Store | null, uid: string, isStaff: boolean): ShopRole | null {
  if (store === null || uid === '' || store.id === '') return null;
  if (store.ownerId === uid) return 'owner';
  return isStaff ? 'staff' : null;
}

/** The signed-in account's membership of `storeId`, or null. Throws 'unauthenticated' signed out. */
export async function shopAccessOf(
  session: LocalSession,
  storeId: string,
  lookup: ShopMembershipLookup,
): Promise<ShopAccess | null> {
  const uid = requireSignedIn(session);
  if (storeId === '') return null;
  const store = await lookup.store(storeId);
  if (store === null) return null;
  const role = shopRoleFor(store, uid, store.ownerId !== uid && (await lookup.isStaff(storeId, uid)));
  return role === null ? null : { uid, role, store };
}

/** Members of the store (owner, staff) only; a store that does not exist is refused the same way. */
export async function requireStoreMember(
  session: LocalSession,
  storeId: string,
  lookup: ShopMembershipLookup,
): Promise<ShopAccess> {
  const access = await shopAccessOf(session, storeId, lookup);
  if (access === null) throw new PortError('permission-denied', 'Only members of this store may do this.');
  return access;
}

/** The store's owner only (staff are refused too). */
export async function requireStoreOwner(
  session: LocalSession,
  storeId: string,
  lookup: ShopMembershipLookup,
): Promise<ShopAccess> {
  const access = await requireStoreMember(session, storeId, lookup);
  if (access.role !== 'owner')
    throw new PortError('permission-denied', "Only the store's owner may do this.");
  return access;
}

/**
 * Every write of a repair in the local families goes through here: the domain's one rule on repair
 * writes (repair-write-rules.ts, what firestore.rules and the sync gateway say too), its refusal as a
 * PortError with the rule's code and message. `write` holds the stored documents before and after.
 */
export function enforceRepairWrite(write: RepairWrite): void {
  const problem = repairWriteProblem(write);
  if (problem !== null) throw new PortError(problem.code, problem.message, { cause: problem });
}

/** The writer and the store of a repair write, from the caller's membership and users document name. */
export function repairWriteParties(access: ShopAccess, name: string): Pick<RepairWrite, 'writer' | 'store'> {
  return {
    writer: { uid: access.uid, name, role: access.role },
    store: { id: access.store.id, ownerId: access.store.ownerId },
  };
}

/**
 * The membership of the repair's store, for a repair that belongs to it (repairBelongsTo: named by
 * storeId, or by the apps' `store` with businessId the store's owner); 'permission-denied' otherwise.
 */
export function requireRepairOfStore(raw: object, access: ShopAccess): ShopAccess {
  if (!repairBelongsTo(raw, access.store.id, access.store.ownerId))
    throw new PortError('permission-denied', 'Only members of this store may do this.');
  return access;
}

/** The delivery code as a member reads it: the owner reads it; staff never do (''). */
export function deliveryCodeFor(role: ShopRole, code: string): string {
  return role === 'owner' ? code : '';
}

/** The stored history with one entry added, as stored (the old entries untouched). */
export function withEntry(raw: Readonly<Record<string, unknown>>, entry: unknown): unknown[] {
  return [...(Array.isArray(raw.history) ? raw.history : []), entry];
}

/** The stored timeline with the step of a created/status/override/reopen entry added. */
export function withTimelineStep(
  raw: Readonly<Record<string, unknown>>,
  entry: { readonly status: string; readonly at: Date },
): unknown[] {
  return [...(Array.isArray(raw.timeline) ? raw.timeline : []), { status: entry.status, at: entry.at }];
}

/** Fields no write of the shop console changes after creation (rotate/revoke alone move the token). */
const FIXED_REPAIR_FIELDS = ['repairId', 'storeId', 'businessId', 'store', 'deliveryCode'] as const;

/** What the writer presented with a status change (the delivery code, an owner's override). */
export interface PresentedForStatus {
  readonly deliveryCode?: string;
  readonly override?: { readonly reason: string };
}

/**
 * The Firestore family's own check before it writes an update (the local families use
 * enforceRepairWrite instead; the Firestore rules are the authority there):
 *  - the Repair ID, store, business and delivery code never change, nor createdAt; the tracking
 *    token only on a 'tracking' write;
 *  - the history grows by exactly one entry, written by the caller (appendsOneEntryBy), whose status
 *    is the repair's new status;
 *  - a status changes only on a 'status' write, by a move the workflow allows from the stored status:
 *    STATUS_MOVES, or an owner's reopen of a final status with a note; 'delivered' only with the
 *    stored delivery code presented, or an owner's override with a reason (history kind 'override').
 */
export function checkShopRepairUpdate(
  previous: ShopRepair,
  next: ShopRepair,
  access: ShopAccess,
  write: 'status' | 'edit' | 'tracking',
  presented: PresentedForStatus = {},
): void {
  const deny = (why: string): never => {
    throw new PortError('permission-denied', `This change is not allowed: ${why}.`);
  };
  for (const field of FIXED_REPAIR_FIELDS) if (previous[field] !== next[field]) deny(`${field} is fixed`);
  if (previous.createdAt?.getTime() !== next.createdAt?.getTime()) deny('createdAt is fixed');
  if (write !== 'tracking' && previous.trackingToken !== next.trackingToken)
    deny('the tracking link changes only by rotating or revoking it');
  if (!appendsOneEntryBy(previous.history, next.history, access.uid))
    deny('the history only grows, by one entry in your name');
  const entry = next.history[next.history.length - 1];
  if (entry === undefined || entry.status !== next.status)
    deny("the new entry must carry the repair's status");
  if (previous.status === next.status) {
    if (write === 'status') deny('a status change must change the status');
    return;
  }
  if (write !== 'status') deny('the status changes only by a status change');
  const from = previous.status.trim();
  const to = next.status;
  if (!isRepairStatus(to)) deny('unknown status');
  if (entry?.from !== from) deny('the entry must name the status it leaves');
  if (isFinalStatus(from)) {
    if (access.role !== 'owner') deny('only the owner reopens a repair');
    if (!(REOPEN_TARGETS as readonly string[]).includes(to) || entry?.kind !== 'reopen' || entry.note === '')
      deny('a reopen goes to Received or In Progress, with a note');
    return;
  }
  if (!isRepairStatus(to) || !isAllowedMove(from, to)) deny(`the move from ${from} to ${to} is not allowed`);
  if (to !== 'delivered') return;
  if (entry?.kind === 'override') {
    if (access.role !== 'owner' || (presented.override?.reason ?? '').trim() === '')
      deny('only the owner delivers without the code, with a reason');
    return;
  }
  const code = (presented.deliveryCode ?? '').replace(/\s/g, '');
  if (!DELIVERY_CODE_PATTERN.test(previous.deliveryCode) || code !== previous.deliveryCode)
    deny('delivery needs the customer’s delivery code');
}

/**
 * A refused payment plan (payments.ts planPayment) as the port answers it: a staff refund
 * 'permission-denied', a refund above what was paid 'failed-precondition', bad input
 * 'invalid-argument'; the domain's message either way.
 */
export function paymentRefusal(failure: {
  readonly reason?: PaymentReason;
  readonly message?: string;
}): PortError {
  const code =
    failure.reason === 'owner-only'
      ? 'permission-denied'
      : failure.reason === 'refund-above-paid'
        ? 'failed-precondition'
        : 'invalid-argument';
  return new PortError(code, failure.message ?? 'This payment is not valid.', { cause: failure });
}
