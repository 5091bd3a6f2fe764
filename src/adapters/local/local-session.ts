/**
 * The signed-in account as a local backend's "server side" sees it: what Firestore rules call
 * request.auth. Local repositories consult it to enforce the same rules as production.
 */
export interface LocalSession {
  currentUid(): string | null;
  currentEmail(): string | null;
}
