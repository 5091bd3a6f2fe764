/** The signed-in account as the authentication provider knows it. The profile lives in UserRepository. */
export interface AuthUser {
  readonly uid: string;
  readonly email: string;
  /**
   * The mobile number this account proved it holds with a one-time code (E.164, e.g. +919876543210),
   * or null. Only the provider sets it (Firebase: the phone provider linked to the account, carried
   * in the ID token as phone_number); the profile's `mobile` never counts as verified.
   */
  readonly phoneNumber: string | null;
}

export type Unsubscribe = () => void;

/**
 * Authentication. Every method rejects with an AuthError (codes mirror Firebase Auth) for expected
 * failures, so the UI maps errors with one table whatever the backend.
 */
export interface AuthGateway {
  /** The signed-in user, or null. Only meaningful once the first auth-state event has fired. */
  currentUser(): AuthUser | null;
  /**
   * Calls `listener` once with the current state as soon as it is known (possibly asynchronously),
   * then on every change (sign-in, sign-out, a newly verified phone number). Returns a function that
   * stops the calls.
   */
  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe;
  signIn(email: string, password: string): Promise<AuthUser>;
  /** Creates the account and signs it in. */
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Deletes the signed-in account (used to roll back a sign-up whose profile could not be saved). */
  deleteCurrentUser(): Promise<void>;
  /**
   * Signs out. `endSession`: the person's own Logout, after which the backend may clear what it cached
   * of the account on this device (Firebase: its persistent cache, on a fresh page, once nothing waits to
   * be sent); a sign-out the app makes itself (after a sign-up, a password reset) leaves it.
   */
  signOut(options?: { readonly endSession?: boolean }): Promise<void>;
  /**
   * Sends a reset e-mail whose link returns to `continueUrl` with `oobCode`. Succeeds for unknown
   * addresses too, so that the form cannot be used to find out who has an account.
   */
  sendPasswordResetEmail(email: string, continueUrl: string): Promise<void>;
  /** Checks a reset code and returns the e-mail address of its account. */
  verifyPasswordResetCode(code: string): Promise<string>;
  /**
   * Sets a new password with a reset code; the code cannot be used again, and neither can any other
   * reset code sent to the account before.
   */
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  /**
   * Sends a one-time code by SMS to `phoneNumber` (E.164) for the signed-in account to prove it holds
   * that number. Returns the verification id to confirm with. Rejects with 'invalid-phone-number',
   * 'too-many-requests', or 'requires-recent-login' when signed out.
   */
  sendPhoneVerificationCode(phoneNumber: string): Promise<string>;
  /**
   * Confirms the code: the number becomes the signed-in account's verified phoneNumber (replacing an
   * earlier one) and the auth-state listeners hear the updated user. Rejects with
   * 'invalid-verification-code', 'code-expired', 'invalid-verification-id', or
   * 'credential-already-in-use' when another account already verified that number.
   */
  confirmPhoneVerificationCode(verificationId: string, code: string): Promise<AuthUser>;
}
