import type { Ports } from '../../ports';
import { isAuthError } from '../../ports/errors';
import { authErrorMessage } from './auth-errors';
import { isValidEmail, normaliseEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';
import { isPasswordLongEnough, MAX_PASSWORD_LENGTH, unmetPasswordRequirements } from './password-policy';

export type CommandResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

type AuthPorts = Pick<Ports, 'auth'>;

/** Signs in. Both fields are required; a failure carries the message to show above the form. */
export async function signIn(ports: AuthPorts, email: string, password: string): Promise<CommandResult> {
  const address = normaliseEmail(email);
  if (address === '') return { ok: false, message: ACCOUNT_MESSAGES.emailRequired };
  if (!isValidEmail(address)) return { ok: false, message: ACCOUNT_MESSAGES.invalidEmail };
  if (password === '') return { ok: false, message: ACCOUNT_MESSAGES.passwordRequired };
  try {
    await ports.auth.signIn(address, password);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error, ACCOUNT_MESSAGES.signInFailed) };
  }
}

export async function signOut(ports: AuthPorts): Promise<void> {
  await ports.auth.signOut();
}

/** Sends the reset e-mail with a link back to `continueUrl` (the app's /reset-password). */
export async function requestPasswordReset(
  ports: AuthPorts,
  email: string,
  continueUrl: string,
): Promise<CommandResult> {
  const address = normaliseEmail(email);
  if (address === '') return { ok: false, message: ACCOUNT_MESSAGES.emailRequired };
  if (!isValidEmail(address)) return { ok: false, message: ACCOUNT_MESSAGES.invalidEmail };
  try {
    await ports.auth.sendPasswordResetEmail(address, continueUrl);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error, ACCOUNT_MESSAGES.resetRequestFailed) };
  }
}

function resetLinkMessage(error: unknown, fallback: string): string {
  if (isAuthError(error, 'invalid-action-code') || isAuthError(error, 'expired-action-code')) {
    return ACCOUNT_MESSAGES.resetLinkExpired;
  }
  return authErrorMessage(error, fallback);
}

export type VerifyResetResult =
  | { readonly ok: true; readonly email: string }
  | { readonly ok: false; readonly message: string };

/** Checks the link's oobCode; on success returns the account's e-mail address. */
export async function verifyResetCode(
  ports: AuthPorts,
  oobCode: string | null | undefined,
): Promise<VerifyResetResult> {
  const code = (oobCode ?? '').trim();
  if (code === '') return { ok: false, message: ACCOUNT_MESSAGES.resetInvalidLink };
  try {
    return { ok: true, email: await ports.auth.verifyPasswordResetCode(code) };
  } catch (error) {
    return { ok: false, message: resetLinkMessage(error, ACCOUNT_MESSAGES.resetLinkExpired) };
  }
}

export type ResetPasswordResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly message?: string; readonly passwordRequirements?: readonly string[] };

/** Sets the new password with the code, after checking it matches its confirmation and the policy. */
export async function resetPassword(
  ports: AuthPorts,
  oobCode: string | null | undefined,
  newPassword: string,
  confirmation: string,
): Promise<ResetPasswordResult> {
  const code = (oobCode ?? '').trim();
  if (code === '') return { ok: false, message: ACCOUNT_MESSAGES.resetInvalidLink };
  if (newPassword !== confirmation) return { ok: false, message: ACCOUNT_MESSAGES.resetPasswordsDiffer };
  if (!isPasswordLongEnough(newPassword))
    return { ok: false, message: ACCOUNT_MESSAGES.resetPasswordTooShort };
  if (newPassword.length > MAX_PASSWORD_LENGTH)
    return { ok: false, message: ACCOUNT_MESSAGES.passwordTooLong };
  const unmet = unmetPasswordRequirements(newPassword);
  if (unmet.length > 0) return { ok: false, passwordRequirements: unmet };
  try {
    await ports.auth.confirmPasswordReset(code, newPassword);
  } catch (error) {
    if (isAuthError(error, 'password-does-not-meet-requirements') && error.unmetRequirements.length > 0) {
      return { ok: false, passwordRequirements: error.unmetRequirements };
    }
    if (isAuthError(error, 'weak-password'))
      return { ok: false, message: ACCOUNT_MESSAGES.resetPasswordTooShort };
    return { ok: false, message: resetLinkMessage(error, ACCOUNT_MESSAGES.resetFailed) };
  }
  await ports.auth.signOut().catch(() => undefined);
  return { ok: true };
}
