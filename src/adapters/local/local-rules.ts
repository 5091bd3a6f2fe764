import type { RepairReader } from '../../domain/repairs/access';
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
