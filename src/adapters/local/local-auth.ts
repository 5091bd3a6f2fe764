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
};

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

export function resetLink(continueUrl: string, code: string): string {
  const separator = continueUrl.includes('?') ? '&' : '?';
  return `${continueUrl}${separator}oobCode=${encodeURIComponent(code)}`;
}

export function resetMail(to: string, link: string, productName: string) {
  return {
    to,
    subject: `Reset your ${productName} password`,
    text: `Hello,\n\nFollow this link to reset your ${productName} password for your ${to} account. The link works once and expires in one hour.\n\nIf you didn't ask to reset your password, you can ignore this email.\n\nThanks,\nYour ${productName} team`,
    link,
  };
}
