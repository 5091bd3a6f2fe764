/**
 * Errors that cross a port. Adapters translate every backend error (Firebase, PouchDB, …) into one of
 * these, so the domain and the UI never see a raw backend error.
 */

export type PortErrorCode =
  | 'not-found'
  | 'permission-denied'
  | 'unauthenticated'
  | 'invalid-argument'
  | 'conflict'
  | 'failed-precondition'
  /** A limit is reached: a store's Repair ID numbers are used up, delivery code tries are paused. */
  | 'resource-exhausted'
  | 'unavailable'
  | 'unknown';

export class PortError extends Error {
  override readonly name = 'PortError';
  constructor(
    readonly code: PortErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isPortError(error: unknown, code?: PortErrorCode): error is PortError {
  return error instanceof PortError && (code === undefined || error.code === code);
}

/** Codes of the authentication provider. They mirror Firebase Auth's codes (without the `auth/` prefix). */
export type AuthErrorCode =
  | 'email-already-in-use'
  | 'invalid-email'
  | 'weak-password'
  | 'password-does-not-meet-requirements'
  | 'wrong-password'
  | 'user-not-found'
  | 'invalid-credential'
  | 'user-disabled'
  | 'missing-password'
  | 'invalid-action-code'
  | 'expired-action-code'
  | 'too-many-requests'
  | 'network-request-failed'
  | 'requires-recent-login'
  | 'invalid-phone-number'
  | 'invalid-verification-code'
  | 'invalid-verification-id'
  | 'code-expired'
  | 'credential-already-in-use'
  | 'unknown';

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly code: AuthErrorCode,
    /** The provider's own message, shown where the spec says "the provider's message". */
    message: string,
    /** For `password-does-not-meet-requirements`: each unmet requirement, as the provider words it. */
    readonly unmetRequirements: readonly string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isAuthError(error: unknown, code?: AuthErrorCode): error is AuthError {
  return error instanceof AuthError && (code === undefined || error.code === code);
}
