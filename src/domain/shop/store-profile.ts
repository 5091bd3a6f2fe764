import type { FieldErrors } from '../shared/validation';
import { isValidUpiId, upiLink } from './upi';

/** Ours: the store's public profile (what the tracking page shows of the shop), in the owner's settings. */
export const STORE_PROFILE_MESSAGES = {
  nameRequired: "Please enter the shop's name.",
  nameTooLong: "The shop's name is at most 200 characters.",
  phoneInvalid: 'Please enter a phone number of 8 to 15 digits (spaces, dashes and a leading + are fine).',
  upiIdInvalid: 'Please enter a valid UPI ID, for example shopname@okaxis, or leave it empty.',
  upiIdTooLong: 'A UPI ID is at most 100 characters.',
  ownerOnly: "Only the store's owner can change what customers see of the shop.",
  saved: 'Saved. Customers now see these details on their tracking page.',
  saveFailed: "Could not save the shop's details. Please try again.",
  loadFailed: "Could not load the shop's details. Please try again.",
} as const;

/**
 * A store's public profile (`storeProfiles/{storeId}`, documents.ts STORE_PROFILES): what a customer's
 * tracking page shows of the shop, and the UPI ID its 'Pay' button pays. Only the store's owner writes
 * it, so no member of the store can put their own UPI ID or number in front of the shop's customers.
 */
export interface StoreProfile {
  readonly storeId: string;
  /** The shop's name, as the customer knows it. */
  readonly name: string;
  /** The shop's number, '' when none. */
  readonly phone: string;
  /** The UPI ID payments go to (name@bank), '' when none. */
  readonly upiId: string;
}

/** What the owner's form sends. */
export interface StoreProfileInput {
  readonly name: string;
  readonly phone: string;
  readonly upiId: string;
}

export type StoreProfileField = keyof StoreProfileInput;

/**
 * The stored limits: the same numbers as STORE_PROFILES in documents.ts (a test holds them together;
 * not imported from there, as documents.ts imports the shop modules).
 */
export const STORE_PROFILE_LIMITS = { name: 200, phone: 20, upiId: 100 } as const;

/** A phone has 8 to 15 digits (a landline with its STD code, a mobile, +91 and a mobile). */
const PHONE_DIGITS = { min: 8, max: 15 } as const;
const PHONE_CHARACTERS = /^[0-9+ -]*$/;
/** A UPI ID as stored (documents.ts PATTERNS.upiId): at most 91 characters before the '@'. */
const STORED_UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{1,90}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export type StoreProfileCheck =
  | { readonly ok: true; readonly value: StoreProfileInput }
  | { readonly ok: false; readonly fieldErrors: FieldErrors<StoreProfileField> };

const asText = (value: unknown): string | null => (typeof value === 'string' ? value.trim() : null);

/**
 * Checks what the owner typed: each value trimmed; the name required (at most 200 characters); the
 * phone empty, or digits with an optional +, spaces and dashes (8 to 15 digits, at most 20
 * characters); the UPI ID empty, or name@bank (at most 100 characters). Every field that is wrong gets
 * its own message. What passes fits STORE_PROFILES exactly.
 */
export function checkStoreProfile(input: unknown): StoreProfileCheck {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const fieldErrors: FieldErrors<StoreProfileField> = {};
  const name = asText(raw.name);
  const phone = asText(raw.phone ?? '');
  const upiId = asText(raw.upiId ?? '');

  if (name === null || name === '') fieldErrors.name = STORE_PROFILE_MESSAGES.nameRequired;
  else if (name.length > STORE_PROFILE_LIMITS.name) fieldErrors.name = STORE_PROFILE_MESSAGES.nameTooLong;

  if (phone === null) fieldErrors.phone = STORE_PROFILE_MESSAGES.phoneInvalid;
  else if (phone !== '') {
    const digits = phone.replace(/\D/g, '').length;
    if (
      phone.length > STORE_PROFILE_LIMITS.phone ||
      !PHONE_CHARACTERS.test(phone) ||
      phone.indexOf('+') > 0 ||
      phone.split('+').length > 2 ||
      digits < PHONE_DIGITS.min ||
      digits > PHONE_DIGITS.max
    )
      fieldErrors.phone = STORE_PROFILE_MESSAGES.phoneInvalid;
  }

  if (upiId === null) fieldErrors.upiId = STORE_PROFILE_MESSAGES.upiIdInvalid;
  else if (upiId !== '') {
    if (upiId.length > STORE_PROFILE_LIMITS.upiId) fieldErrors.upiId = STORE_PROFILE_MESSAGES.upiIdTooLong;
    else if (!isValidUpiId(upiId) || !STORED_UPI_ID.test(upiId))
      fieldErrors.upiId = STORE_PROFILE_MESSAGES.upiIdInvalid;
  }

  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { name: name ?? '', phone: phone ?? '', upiId: upiId ?? '' } };
}

/** A stored profile as read back (anything malformed reads as empty, never as an error). */
export function parseStoreProfile(storeId: string, raw: unknown): StoreProfile {
  const data = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const upiId = text(data.upiId);
  return {
    storeId,
    name: text(data.name),
    phone: text(data.phone),
    upiId: isValidUpiId(upiId) ? upiId : '',
  };
}

/**
 * The tracking page's 'Pay' link: the app's one UPI link builder (templates.ts upiLink) fed with the
 * store profile's UPI ID and name, and the view's Repair ID and amount due. Null when the shop has no
 * profile or no UPI ID, or nothing is due.
 */
export function trackingPayLink(
  profile: Pick<StoreProfile, 'name' | 'upiId'> | null,
  view: { readonly repairId: string; readonly duePaise: number },
): string | null {
  if (profile === null) return null;
  return upiLink({
    upiId: profile.upiId,
    shopName: profile.name,
    duePaise: view.duePaise,
    repairId: view.repairId,
  });
}

/**
 * The shop as the tracking page shows it: the store's profile only, the one document the owner alone
 * writes and a signed-out visitor may read. A store without one shows no shop details (the page says
 * "Your repair shop", no phone, no Pay button) on every backend: nothing else a signed-out page may read
 * says who the shop is. Every store gets its profile from migration step 0002 (existing stores) or
 * when its owner saves it.
 */
export const NO_TRACKING_SHOP = { name: '', phone: '', upiId: '' } as const;

export function trackingShopOf(profile: StoreProfile | null): {
  readonly name: string;
  readonly phone: string;
  readonly upiId: string;
} {
  if (profile !== null && profile.name !== '')
    return { name: profile.name, phone: profile.phone, upiId: profile.upiId };
  return NO_TRACKING_SHOP;
}
