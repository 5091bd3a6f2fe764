import { z } from 'zod';
import { storedText } from '../shared/stored-text';
import { businessNameOf, businessNumberOf, type UserProfile } from './user';

/**
 * What every signed-in account may read about a business: its name and number, shown by the repair
 * tracker. It lives apart from the users document (publicProfiles/{uid}), which stays private to its
 * account and super admins, so that PAN, GSTIN, addresses and e-mails never reach other accounts.
 * The owner writes it (the mobile apps, the shop console); existing businesses get one from the
 * backfill (docs/security.md).
 */
export interface PublicProfile {
  readonly uid: string;
  readonly businessName: string;
  readonly phone: string;
}

/** The fields a public profile may hold, each capped (firestore.rules repeats both). */
export const PUBLIC_PROFILE_LIMITS = { businessName: 200, phone: 30 } as const;

const storedPublicProfile = z.object({ businessName: storedText, phone: storedText });

export function parsePublicProfile(uid: string, raw: unknown): PublicProfile {
  return { uid, ...storedPublicProfile.parse(typeof raw === 'object' && raw !== null ? raw : {}) };
}

/** The public profile a business's users document implies (business name or name; mobile, phone or owner number). */
export function publicProfileOf(profile: UserProfile): PublicProfile {
  return {
    uid: profile.uid,
    businessName: businessNameOf(profile).slice(0, PUBLIC_PROFILE_LIMITS.businessName),
    phone: businessNumberOf(profile).slice(0, PUBLIC_PROFILE_LIMITS.phone),
  };
}

/** True when the fields are what a public profile may hold. */
export function isValidPublicProfile(fields: { businessName: unknown; phone: unknown }): boolean {
  return (
    typeof fields.businessName === 'string' &&
    fields.businessName.length <= PUBLIC_PROFILE_LIMITS.businessName &&
    typeof fields.phone === 'string' &&
    fields.phone.length <= PUBLIC_PROFILE_LIMITS.phone
  );
}
