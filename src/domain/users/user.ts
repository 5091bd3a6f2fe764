import { z } from 'zod';
import { storedBoolean, storedText } from '../shared/stored-text';
import { asNumber, firstFilled } from '../shared/text';

export {
  type DistributorProfile,
  isDistributor,
  isSuperAdmin,
  ROLES,
  type SuperAdminProfile,
} from './roles';

/** The account types a person may choose at sign-up. The super admin role is never one of them. */
export const ACCOUNT_TYPES = ['user', 'distributor'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export function isAccountType(value: unknown): value is AccountType {
  return (ACCOUNT_TYPES as readonly unknown[]).includes(value);
}

/** A users/{uid} document as the web reads it, with every field present. */
export interface UserProfile {
  readonly uid: string;
  readonly email: string;
  /** The stored role, or null when the document has none. Other roles than the known ones exist. */
  readonly role: string | null;
  readonly name: string;
  readonly mobile: string;
  readonly customerMobile: string;
  readonly phone: string;
  readonly ownerNumber: string;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly pincode: string;
  readonly businessName: string;
  readonly gstNumber: string;
  readonly panNumber: string;
  readonly businessAddress: string;
  readonly acceptedTerms: boolean;
  readonly acceptedPrivacy: boolean;
  readonly acceptedDate: string;
  /** Rupees; never below 0. */
  readonly walletBalance: number;
}

/** What sign-up writes to users/{uid}: the collected fields, both agreements, and empty business fields. */
export interface NewUserRecord {
  readonly email: string;
  readonly role: AccountType;
  readonly acceptedTerms: true;
  readonly acceptedPrivacy: true;
  /** ISO 8601 timestamp of the acceptance. */
  readonly acceptedDate: string;
  readonly name: string;
  readonly mobile: string;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly pincode: string;
  readonly businessName: '';
  readonly gstNumber: '';
  readonly panNumber: '';
  readonly businessAddress: '';
}

const storedUser = z.object({
  email: storedText,
  role: storedText,
  name: storedText,
  mobile: storedText,
  customerMobile: storedText,
  phone: storedText,
  ownerNumber: storedText,
  address: storedText,
  city: storedText,
  state: storedText,
  pincode: storedText,
  businessName: storedText,
  gstNumber: storedText,
  panNumber: storedText,
  businessAddress: storedText,
  acceptedTerms: storedBoolean,
  acceptedPrivacy: storedBoolean,
  acceptedDate: storedText,
  walletBalance: z
    .unknown()
    .optional()
    .transform((value) => Math.max(0, asNumber(value) ?? 0)),
});

/** Parses a stored users document, tolerating missing fields and the mobile apps' variants. */
export function parseUserRecord(uid: string, raw: unknown): UserProfile {
  const data = storedUser.parse(typeof raw === 'object' && raw !== null ? raw : {});
  return { uid, ...data, role: data.role.trim() === '' ? null : data.role.trim() };
}

/** The user's mobile number: mobile, else customerMobile, else phone, else ownerNumber. */
export function mobileOf(profile: UserProfile): string {
  return firstFilled(profile.mobile, profile.customerMobile, profile.phone, profile.ownerNumber);
}

/** The business name: businessName, else name. */
export function businessNameOf(profile: UserProfile): string {
  return firstFilled(profile.businessName, profile.name);
}

/** The business number: mobile, else phone, else ownerNumber. */
export function businessNumberOf(profile: UserProfile): string {
  return firstFilled(profile.mobile, profile.phone, profile.ownerNumber);
}

/**
 * The fields of a users document its own account may change (the mobile apps' profile screen, and the
 * verified number after a phone check), each with its size limit. Role, wallet, agreements and e-mail
 * are not among them. firestore.rules and the local rules enforce the same list and limits.
 */
export const EDITABLE_PROFILE_FIELDS = {
  name: 200,
  mobile: 30,
  customerMobile: 30,
  phone: 30,
  ownerNumber: 30,
  address: 500,
  city: 100,
  state: 100,
  pincode: 12,
  businessName: 200,
  gstNumber: 20,
  panNumber: 20,
  businessAddress: 500,
} as const;

export type EditableProfileField = keyof typeof EDITABLE_PROFILE_FIELDS;
export type ProfilePatch = Partial<Record<EditableProfileField, string>>;

/** Why a self-edit may not be applied (a field that is not editable, not text, or too long), or null. */
export function profilePatchProblem(patch: Readonly<Record<string, unknown>>): string | null {
  const keys = Object.keys(patch);
  if (keys.length === 0) return 'nothing to change';
  for (const key of keys) {
    const limit = (EDITABLE_PROFILE_FIELDS as Record<string, number>)[key];
    if (limit === undefined) return `the field ${key} cannot be changed`;
    const value = patch[key];
    if (typeof value !== 'string') return `${key} must be text`;
    if (value.length > limit) return `${key} is longer than ${limit} characters`;
  }
  return null;
}
