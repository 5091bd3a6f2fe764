import type { Ports } from '../../ports';
import { isAuthError } from '../../ports/errors';
import { done, type Failure, failed, type Outcome } from '../shared/validation';
import { authErrorMessage } from './auth-errors';
import { isValidEmail, normaliseEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';
import { isPasswordLongEnough, MAX_PASSWORD_LENGTH, unmetPasswordRequirements } from './password-policy';

type AuthPorts = Pick<Ports, 'auth' | 'logger'>;

/** An authentication error becomes its catalogue message; anything else is logged and reads as `fallback`. */
function authFailure(ports: AuthPorts, what: string, error: unknown, fallback: string): Failure {
  if (!isAuthError(error) || error.code === 'unknown') ports.logger.error(`${what} failed`, error);
  return failed(authErrorMessage(error, fallback));
}

/** Signs in. Both fields are required; a failure carries the message to show above the form. */
export async function signIn(ports: AuthPorts, email: string, password: string): Promise<Outcome> {
  const address = normaliseEmail(email);
  if (address === '') return failed(ACCOUNT_MESSAGES.emailRequired);
  if (!isValidEmail(address)) return failed(ACCOUNT_MESSAGES.invalidEmail);
  if (password === '') return failed(ACCOUNT_MESSAGES.passwordRequired);
  try {
    await ports.auth.signIn(address, password);
    return done();
  } catch (error) {
    return authFailure(ports, 'Sign-in', error, ACCOUNT_MESSAGES.signInFailed);
  }
}

/**
 * The person's Logout: the session ends, and the backend may clear what it cached of the account on this
 * device (a shared counter computer). A failure is unexpected and thrown (the auth port's error).
 */
export async function signOut(ports: Pick<Ports, 'auth'>): Promise<void> {
  await ports.auth.signOut({ endSession: true });
}

/** Sends the reset e-mail with a link back to `continueUrl` (the app's /reset-password). */
export async function requestPasswordReset(
  ports: AuthPorts,
  email: string,
  continueUrl: string,
): Promise<Outcome> {
  const address = normaliseEmail(email);
  if (address === '') return failed(ACCOUNT_MESSAGES.emailRequired);
  if (!isValidEmail(address)) return failed(ACCOUNT_MESSAGES.invalidEmail);
  try {
    await ports.auth.sendPasswordResetEmail(address, continueUrl);
    return done();
  } catch (error) {
    return authFailure(ports, 'The reset e-mail request', error, ACCOUNT_MESSAGES.resetRequestFailed);
  }
}

/**
 * Why a reset link or a new password was refused, where the page reacts: 'link-rejected' offers a new
 * link, 'weak-password' lists the unmet requirements (in `details`).
 */
export type ResetFailureReason = 'link-rejected' | 'weak-password';

function resetLinkFailure(
  ports: AuthPorts,
  what: string,
  error: unknown,
  fallback: string,
): Failure<never, ResetFailureReason> {
  if (isAuthError(error, 'invalid-action-code') || isAuthError(error, 'expired-action-code')) {
    return failed(ACCOUNT_MESSAGES.resetLinkExpired, 'link-rejected');
  }
  return authFailure(ports, what, error, fallback);
}

/** The unmet password requirements, listed under the message asking for a stronger password. */
export function weakPassword(requirements: readonly string[]): Failure<never, 'weak-password'> {
  return {
    ok: false,
    reason: 'weak-password',
    message: ACCOUNT_MESSAGES.chooseStrongerPassword,
    details: requirements,
  };
}

/** Checks the link's oobCode; on success its value is the account's e-mail address. */
export async function verifyResetCode(
  ports: AuthPorts,
  oobCode: string | null | undefined,
): Promise<Outcome<string, never, ResetFailureReason>> {
  const code = (oobCode ?? '').trim();
  if (code === '') return failed(ACCOUNT_MESSAGES.resetInvalidLink);
  try {
    return done(await ports.auth.verifyPasswordResetCode(code));
  } catch (error) {
    return resetLinkFailure(ports, 'The reset link check', error, ACCOUNT_MESSAGES.resetLinkExpired);
  }
}

/** Sets the new password with the code, after checking it matches its confirmation and the policy. */
export async function resetPassword(
  ports: AuthPorts,
  oobCode: string | null | undefined,
  newPassword: string,
  confirmation: string,
): Promise<Outcome<void, never, ResetFailureReason>> {
  const code = (oobCode ?? '').trim();
  if (code === '') return failed(ACCOUNT_MESSAGES.resetInvalidLink);
  if (newPassword !== confirmation) return failed(ACCOUNT_MESSAGES.resetPasswordsDiffer);
  if (!isPasswordLongEnough(newPassword)) return failed(ACCOUNT_MESSAGES.resetPasswordTooShort);
  if (newPassword.length > MAX_PASSWORD_LENGTH) return failed(ACCOUNT_MESSAGES.passwordTooLong);
  const unmet = unmetPasswordRequirements(newPassword);
  if (unmet.length > 0) return weakPassword(unmet);
  try {
    await ports.auth.confirmPasswordReset(code, newPassword);
  } catch (error) {
    if (isAuthError(error, 'password-does-not-meet-requirements') && error.unmetRequirements.length > 0) {
      return weakPassword(error.unmetRequirements);
    }
    if (isAuthError(error, 'weak-password')) return failed(ACCOUNT_MESSAGES.resetPasswordTooShort);
    return resetLinkFailure(ports, 'The password reset', error, ACCOUNT_MESSAGES.resetFailed);
  }
  await signOutQuietly(ports, 'after a password reset');
  return done();
}

/** Signs out where the outcome no longer depends on it (the cause is logged, never shown). */
export async function signOutQuietly(ports: AuthPorts, when: string): Promise<void> {
  try {
    await ports.auth.signOut();
  } catch (error) {
    ports.logger.warn(`Sign-out ${when} failed`, error);
  }
}
