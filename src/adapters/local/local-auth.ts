import { isValidEmail } from '../../domain/users/email';
import {
  isPasswordLongEnough,
  MAX_PASSWORD_LENGTH,
  unmetPasswordRequirements,
} from '../../domain/users/password-policy';
import { AuthError } from '../../ports/errors';

/**
 * Behaviour shared by the local authentication backends (memory and PouchDB). Error codes and messages
 * mirror Firebase Auth's, so the UI handles every backend with one table.
 */

/** Reset codes expire an hour after they are sent. */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;

export const authErrors = {
  invalidEmail: () => new AuthError('invalid-email', 'The email address is badly formatted.'),
  emailInUse: () =>
    new AuthError('email-already-in-use', 'The email address is already in use by another account.'),
  weakPassword: () => new AuthError('weak-password', 'Password should be at least 6 characters'),
  missingPassword: () => new AuthError('missing-password', 'A password is required.'),
  policy: (unmet: readonly string[]) =>
    new AuthError(
      'password-does-not-meet-requirements',
      `Missing password requirements: [${unmet.join(', ')}]`,
      unmet,
    ),
  invalidCredential: () => new AuthError('invalid-credential', 'The email or password is incorrect.'),
  invalidCode: () =>
    new AuthError(
      'invalid-action-code',
      'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
    ),
  expiredCode: () => new AuthError('expired-action-code', 'The action code has expired.'),
  requiresLogin: () => new AuthError('requires-recent-login', 'Sign in again to do this.'),
  invalidPhone: () =>
    new AuthError('invalid-phone-number', 'The format of the phone number provided is incorrect.'),
  invalidPhoneCode: () =>
    new AuthError(
      'invalid-verification-code',
      'The SMS verification code used to create the phone auth credential is invalid.',
    ),
  phoneCodeExpired: () =>
    new AuthError(
      'code-expired',
      'The SMS code has expired. Please re-send the verification code to try again.',
    ),
  invalidVerificationId: () =>
    new AuthError(
      'invalid-verification-id',
      'The verification ID used to create the phone auth credential is invalid.',
    ),
  phoneInUse: () =>
    new AuthError(
      'credential-already-in-use',
      'This credential is already associated with a different user account.',
    ),
  tooManyRequests: () =>
    new AuthError(
      'too-many-requests',
      'We have blocked all requests from this device due to unusual activity. Try again later.',
    ),
};

/** One-time phone codes: 6 digits, valid 10 minutes, 5 tries each; at most 5 sent per account per 10 minutes. */
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_PHONE_CODE_ATTEMPTS = 5;
export const MAX_PHONE_CODES_PER_WINDOW = 5;

/** E.164 numbers the local backends accept: +91 and a 10-digit mobile number (the product serves India). */
export function checkPhoneNumber(phoneNumber: string): void {
  if (!/^\+91[6-9]\d{9}$/.test(phoneNumber)) throw authErrors.invalidPhone();
}

/** A uniformly random 6-digit code. */
export function randomPhoneCode(): string {
  const buffer = new Uint32Array(1);
  // 4,294,000,000 is a multiple of 1,000,000: values above it are drawn again, so every code is equally likely.
  do crypto.getRandomValues(buffer);
  while ((buffer[0] as number) >= 4_294_000_000);
  return String((buffer[0] as number) % 1_000_000).padStart(6, '0');
}

export function normaliseAccountEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkEmail(email: string): void {
  if (!isValidEmail(email.trim())) throw authErrors.invalidEmail();
}

/** The provider's password policy: at least 6 characters, an upper-case and a non-alphanumeric character. */
export function checkNewPassword(password: string): void {
  if (password === '') throw authErrors.missingPassword();
  if (!isPasswordLongEnough(password) || password.length > MAX_PASSWORD_LENGTH)
    throw authErrors.weakPassword();
  const unmet = unmetPasswordRequirements(password);
  if (unmet.length > 0) throw authErrors.policy(unmet);
}

/** 32 random bytes, URL-safe: unguessable reset codes. */
export function randomCode(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  let binary = '';
  for (const byte of buffer) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
