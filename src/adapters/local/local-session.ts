/**
 * The signed-in account as a local backend's "server side" sees it: what Firestore rules call
 * request.auth (uid, e-mail, and the phone_number the provider verified). Local repositories consult
 * it to enforce the same rules as production.
 */
export interface LocalSession {
  currentUid(): string | null;
  currentEmail(): string | null;
  /**
   * Whether the provider verified the signed-in account's e-mail (Firebase's email_verified): demo and
   * seeded accounts are, a new sign-up is not until it proves its mailbox (a password reset's link).
   */
  currentEmailVerified(): boolean;
  /** The verified mobile number of the signed-in account (E.164), or null. */
  currentPhone(): string | null;
}
