import {
  type Auth,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { isPasswordLongEnough, unmetPasswordRequirements } from '../../domain/users/password-policy';
import type { AuthGateway, AuthUser, Unsubscribe } from '../../ports/auth-gateway';
import { AuthError, type AuthErrorCode } from '../../ports/errors';
import { authCall, toAuthError } from './firebase-errors';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', phoneNumber: user.phoneNumber ?? null };
}

/**
 * Gives the token that proves to Firebase Authentication that a person, not a script, asks for an SMS:
 * a reCAPTCHA token in the browser (the composition root passes one, see firebase-recaptcha.ts). The
 * emulators need none.
 */
export type AppVerification = () => Promise<string>;

/** Error names of the Identity Toolkit REST API, as the phone calls answer them. */
const PHONE_REST_ERRORS: Readonly<Record<string, [AuthErrorCode, string]>> = {
  INVALID_PHONE_NUMBER: ['invalid-phone-number', 'The format of the phone number provided is incorrect.'],
  MISSING_PHONE_NUMBER: ['invalid-phone-number', 'A phone number is required.'],
  INVALID_CODE: [
    'invalid-verification-code',
    'The SMS verification code used to create the phone auth credential is invalid.',
  ],
  MISSING_CODE: ['invalid-verification-code', 'The SMS verification code is missing.'],
  SESSION_EXPIRED: [
    'code-expired',
    'The SMS code has expired. Please re-send the verification code to try again.',
  ],
  CODE_EXPIRED: [
    'code-expired',
    'The SMS code has expired. Please re-send the verification code to try again.',
  ],
  INVALID_SESSION_INFO: [
    'invalid-verification-id',
    'The verification ID used to create the phone auth credential is invalid.',
  ],
  MISSING_SESSION_INFO: ['invalid-verification-id', 'The verification ID is missing.'],
  PHONE_NUMBER_EXISTS: [
    'credential-already-in-use',
    'This credential is already associated with a different user account.',
  ],
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: ['requires-recent-login', 'Sign in again to do this.'],
  TOKEN_EXPIRED: ['requires-recent-login', 'Sign in again to do this.'],
  INVALID_ID_TOKEN: ['requires-recent-login', 'Sign in again to do this.'],
  USER_NOT_FOUND: ['requires-recent-login', 'Sign in again to do this.'],
  TOO_MANY_ATTEMPTS_TRY_LATER: ['too-many-requests', 'Too many attempts. Try again later.'],
  QUOTA_EXCEEDED: ['too-many-requests', 'The SMS quota for this project has been exceeded.'],
};

function restError(body: unknown, status: number): AuthError {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  const name = typeof message === 'string' ? (message.split(/[\s:]/)[0] ?? '') : '';
  const [code, text] = PHONE_REST_ERRORS[name] ?? ['unknown', name || `The request failed (HTTP ${status}).`];
  return new AuthError(code, text);
}

/**
 * The password policy production has configured (upper-case and non-alphanumeric character, at least
 * 6 characters), checked before the provider is asked, with the provider's codes and wording. The
 * Auth emulator enforces only the length, so without this the emulator would accept what production
 * refuses. An empty password is left to the provider ('missing-password').
 */
function checkPasswordPolicy(password: string): void {
  if (password === '') return;
  if (!isPasswordLongEnough(password)) {
    throw new AuthError('weak-password', 'Password should be at least 6 characters');
  }
  const unmet = unmetPasswordRequirements(password);
  if (unmet.length > 0) {
    throw new AuthError(
      'password-does-not-meet-requirements',
      `Missing password requirements: [${unmet.join(', ')}]`,
      unmet,
    );
  }
}

/**
 * Firebase Authentication: e-mail and password accounts, with a phone number linked once the person
 * proves it with an SMS code (the ID token then carries phone_number, which firestore.rules read).
 * Every failure is an AuthError.
 */
export class FirebaseAuthGateway implements AuthGateway {
  constructor(
    private readonly auth: Auth,
    private readonly appVerification?: AppVerification,
    /**
     * Asked before signing out; true when it takes the sign-out over (firebase-backend.ts: a fresh page
     * signs out and clears the cache of a shared computer), and this page is being replaced.
     */
    private readonly beforeSignOut?: () => Promise<boolean>,
  ) {}

  currentUser(): AuthUser | null {
    const user = this.auth.currentUser;
    return user === null ? null : toAuthUser(user);
  }

  /**
   * Follows the ID token, which changes on sign-in, sign-out and when a phone number is linked (the
   * token is refreshed then). Only changes of who is signed in or of their verified number are told,
   * not the hourly refresh.
   */
  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe {
    let last: string | undefined;
    return onIdTokenChanged(this.auth, (user) => {
      const next = user === null ? null : toAuthUser(user);
      const key = JSON.stringify(next);
      if (key === last) return;
      last = key;
      listener(next);
    });
  }

  /** The Identity Toolkit REST endpoint of `method`, on the emulator when one is configured. */
  private endpoint(method: string): string {
    const emulator = this.auth.emulatorConfig;
    const base =
      emulator === null
        ? 'https://identitytoolkit.googleapis.com'
        : `${emulator.protocol}://${emulator.host}${emulator.port === null ? '' : `:${emulator.port}`}/identitytoolkit.googleapis.com`;
    return `${base}/v1/${method}?key=${encodeURIComponent(this.auth.app.options.apiKey ?? '')}`;
  }

  private async post(method: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(this.endpoint(method), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new AuthError('network-request-failed', 'A network error occurred.', [], { cause: error });
    }
    const parsed = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || parsed === null) throw restError(parsed, response.status);
    return parsed;
  }

  /**
   * Asks Firebase to text a code (accounts:sendVerificationCode, the call the SDK's
   * PhoneAuthProvider makes), proving with the app verification that a person asks.
   */
  sendPhoneVerificationCode(phoneNumber: string): Promise<string> {
    return authCall(async () => {
      if (this.auth.currentUser === null)
        throw new AuthError('requires-recent-login', 'Sign in again to do this.');
      const recaptchaToken = await this.recaptchaToken();
      const answer = await this.post('accounts:sendVerificationCode', { phoneNumber, recaptchaToken });
      if (typeof answer.sessionInfo !== 'string') throw restError(answer, 200);
      return answer.sessionInfo;
    });
  }

  private async recaptchaToken(): Promise<string> {
    if (this.appVerification) return this.appVerification();
    if (this.auth.emulatorConfig !== null) return 'emulator';
    throw new AuthError('unknown', 'Phone verification is not set up on this page.');
  }

  /**
   * Links the number to the signed-in account with the code (accounts:signInWithPhoneNumber with the
   * account's ID token, the call the SDK's linkWithCredential makes), then refreshes the ID token so
   * that it carries phone_number. A number already linked to another account is answered with a
   * temporary proof instead of a token: that is 'credential-already-in-use'.
   */
  confirmPhoneVerificationCode(verificationId: string, code: string): Promise<AuthUser> {
    return authCall(async () => {
      const user = this.auth.currentUser;
      if (user === null) throw new AuthError('requires-recent-login', 'Sign in again to do this.');
      const idToken = await user.getIdToken();
      const answer = await this.post('accounts:signInWithPhoneNumber', {
        idToken,
        sessionInfo: verificationId,
        code,
      });
      if (typeof answer.localId !== 'string' || answer.localId !== user.uid) {
        throw new AuthError(
          'credential-already-in-use',
          'This credential is already associated with a different user account.',
        );
      }
      await user.reload();
      await user.getIdToken(true);
      return toAuthUser(user);
    });
  }

  signIn(email: string, password: string): Promise<AuthUser> {
    return authCall(async () =>
      toAuthUser((await signInWithEmailAndPassword(this.auth, email, password)).user),
    );
  }

  signUp(email: string, password: string): Promise<AuthUser> {
    return authCall(async () => {
      checkPasswordPolicy(password);
      return toAuthUser((await createUserWithEmailAndPassword(this.auth, email, password)).user);
    });
  }

  deleteCurrentUser(): Promise<void> {
    return authCall(async () => {
      const user = this.auth.currentUser;
      if (user === null) throw new AuthError('requires-recent-login', 'Sign in again to do this.');
      await deleteUser(user);
    });
  }

  async signOut(options: { readonly endSession?: boolean } = {}): Promise<void> {
    // The person's Logout: the page may be replaced by one that signs out first (the cache cleared), and
    // nothing more happens on this one.
    if (options.endSession === true && (await this.beforeSignOut?.()) === true)
      return new Promise<void>(() => undefined);
    await authCall(() => signOut(this.auth));
  }

  async sendPasswordResetEmail(email: string, continueUrl: string): Promise<void> {
    try {
      await sendPasswordResetEmail(this.auth, email, { url: continueUrl });
    } catch (error) {
      const translated = toAuthError(error);
      // Projects without e-mail enumeration protection (and the emulator) say so for unknown
      // addresses; the port promises not to tell.
      if (translated.code === 'user-not-found') return;
      throw translated;
    }
  }

  verifyPasswordResetCode(code: string): Promise<string> {
    return authCall(() => verifyPasswordResetCode(this.auth, code));
  }

  confirmPasswordReset(code: string, newPassword: string): Promise<void> {
    return authCall(async () => {
      checkPasswordPolicy(newPassword);
      await confirmPasswordReset(this.auth, code, newPassword);
    });
  }
}
