import { FirebaseError } from 'firebase/app';
import { AuthError, type AuthErrorCode, PortError, type PortErrorCode } from '../../ports/errors';

/**
 * Translation of Firebase errors into the errors that cross a port. Nothing raw leaves an adapter:
 * Firestore codes become PortError codes, Auth codes (`auth/…`) become AuthError codes without the
 * prefix, and anything else becomes 'unknown'.
 */

const AUTH_CODES: ReadonlySet<string> = new Set<AuthErrorCode>([
  'email-already-in-use',
  'invalid-email',
  'weak-password',
  'password-does-not-meet-requirements',
  'wrong-password',
  'user-not-found',
  'invalid-credential',
  'user-disabled',
  'missing-password',
  'invalid-action-code',
  'expired-action-code',
  'too-many-requests',
  'network-request-failed',
  'requires-recent-login',
]);

/** Firebase Auth codes that mean one of ours under another name. */
const AUTH_ALIASES: Readonly<Record<string, AuthErrorCode>> = {
  'invalid-login-credentials': 'invalid-credential',
  'missing-email': 'invalid-email',
  'user-token-expired': 'requires-recent-login',
};

/** Readable texts where the SDK's message is only "Firebase: Error (auth/…)". */
const AUTH_TEXTS: Partial<Record<AuthErrorCode, string>> = {
  'email-already-in-use': 'The email address is already in use by another account.',
  'invalid-email': 'The email address is badly formatted.',
  'weak-password': 'Password should be at least 6 characters',
  'wrong-password': 'The email or password is incorrect.',
  'user-not-found': 'The email or password is incorrect.',
  'invalid-credential': 'The email or password is incorrect.',
  'user-disabled': 'This account has been disabled.',
  'missing-password': 'A password is required.',
  'invalid-action-code':
    'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
  'expired-action-code': 'The action code has expired.',
  'too-many-requests': 'Too many attempts. Try again later.',
  'network-request-failed': 'A network error occurred.',
  'requires-recent-login': 'Sign in again to do this.',
};

/** "Firebase: Password should be at least 6 characters (auth/weak-password)." → the middle part. */
export function providerMessage(message: string): string {
  const text = message
    .replace(/^Firebase:\s*/, '')
    .replace(/\s*\((auth|firestore)\/[a-z0-9-]+\)\.?\s*$/i, '')
    .trim();
  return text === 'Error' ? '' : text;
}

/**
 * The unmet requirements the provider lists in
 * "Missing password requirements: [Password must contain an upper case character, …]".
 */
export function unmetRequirementsOf(message: string): string[] {
  const match = /Missing password requirements:\s*\[([^\]]*)\]/.exec(message);
  if (!match?.[1]) return [];
  return match[1]
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function isFirebaseError(error: unknown): error is FirebaseError {
  return (
    error instanceof FirebaseError ||
    (error instanceof Error && typeof (error as { code?: unknown }).code === 'string')
  );
}

/** Any error of a Firebase Auth call as an AuthError. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (!isFirebaseError(error)) {
    return new AuthError('unknown', error instanceof Error ? error.message : String(error), [], {
      cause: error,
    });
  }
  const raw = error.code.replace(/^auth\//, '');
  const code: AuthErrorCode = AUTH_CODES.has(raw) ? (raw as AuthErrorCode) : (AUTH_ALIASES[raw] ?? 'unknown');
  const text = providerMessage(error.message) || AUTH_TEXTS[code] || 'Authentication failed.';
  const unmet = code === 'password-does-not-meet-requirements' ? unmetRequirementsOf(error.message) : [];
  return new AuthError(code, text, unmet, { cause: error });
}

const FIRESTORE_CODES: Readonly<Record<string, PortErrorCode>> = {
  'permission-denied': 'permission-denied',
  unauthenticated: 'unauthenticated',
  'not-found': 'not-found',
  'invalid-argument': 'invalid-argument',
  'out-of-range': 'invalid-argument',
  'already-exists': 'conflict',
  'failed-precondition': 'failed-precondition',
  // A transaction that kept colliding, or a server that is busy or away: try again later.
  aborted: 'unavailable',
  unavailable: 'unavailable',
  'deadline-exceeded': 'unavailable',
  'resource-exhausted': 'unavailable',
  cancelled: 'unavailable',
};

const PORT_TEXTS: Readonly<Record<PortErrorCode, string>> = {
  'permission-denied': 'You are not allowed to do this.',
  unauthenticated: 'Sign in first.',
  'not-found': 'Not found.',
  'invalid-argument': 'The request is not valid.',
  conflict: 'This conflicts with data already stored.',
  'failed-precondition': 'The data is not in a state that allows this.',
  'resource-exhausted': 'A limit is reached. Please try again later.',
  unavailable: 'The server cannot be reached. Please try again.',
  unknown: 'Something went wrong.',
};

/** Any error of a Firestore call as a PortError (a PortError thrown by our own code passes through). */
export function toPortError(error: unknown): PortError {
  if (error instanceof PortError) return error;
  if (!isFirebaseError(error)) {
    return new PortError('unknown', error instanceof Error ? error.message : String(error), { cause: error });
  }
  const code = FIRESTORE_CODES[error.code.replace(/^firestore\//, '')] ?? 'unknown';
  return new PortError(code, providerMessage(error.message) || PORT_TEXTS[code], { cause: error });
}

/** Runs a Firestore call, translating whatever it throws. */
export async function firestoreCall<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw toPortError(error);
  }
}

/** Runs a Firebase Auth call, translating whatever it throws. */
export async function authCall<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw toAuthError(error);
  }
}
