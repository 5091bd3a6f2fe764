/** The signed-in account as the authentication provider knows it. The profile lives in UserRepository. */
export interface AuthUser {
  readonly uid: string;
  readonly email: string;
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
   * then on every change. Returns a function that stops the calls.
   */
  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe;
  signIn(email: string, password: string): Promise<AuthUser>;
  /** Creates the account and signs it in. */
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Deletes the signed-in account (used to roll back a sign-up whose profile could not be saved). */
  deleteCurrentUser(): Promise<void>;
  signOut(): Promise<void>;
  /**
   * Sends a reset e-mail whose link returns to `continueUrl` with `oobCode`. Succeeds for unknown
   * addresses too, so that the form cannot be used to find out who has an account.
   */
  sendPasswordResetEmail(email: string, continueUrl: string): Promise<void>;
  /** Checks a reset code and returns the e-mail address of its account. */
  verifyPasswordResetCode(code: string): Promise<string>;
  /** Sets a new password with a reset code; the code cannot be used again. */
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
}
