import { AuthError, type AuthErrorCode } from '../../ports/errors';
import { ACCOUNT_MESSAGES } from './messages';

/**
 * The one table that turns authentication error codes into what a person reads, for sign-in and
 * password screens. Codes not listed show the provider's own message (the spec's "raw message").
 * Unknown accounts and wrong passwords read alike, so the sign-in form does not reveal who has an account.
 */
const AUTH_MESSAGES: Partial<Record<AuthErrorCode, string>> = {
  'invalid-credential': 'Incorrect email or password.',
  'wrong-password': 'Incorrect email or password.',
  'user-not-found': 'Incorrect email or password.',
  'invalid-email': ACCOUNT_MESSAGES.invalidEmail,
  'missing-password': ACCOUNT_MESSAGES.passwordRequired,
  'user-disabled': 'This account has been disabled. Please contact support.',
  'too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'network-request-failed': 'Network error. Please check your connection and try again.',
};

/** The message for an error thrown by the authentication port, or `fallback` for anything else. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof AuthError)) return fallback;
  return AUTH_MESSAGES[error.code] ?? (error.message.trim() || fallback);
}
