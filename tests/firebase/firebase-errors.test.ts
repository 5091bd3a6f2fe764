import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import {
  providerMessage,
  toAuthError,
  toPortError,
  unmetRequirementsOf,
} from '../../src/adapters/firebase/firebase-errors';
import { PASSWORD_REQUIREMENTS } from '../../src/domain/users/messages';
import { AuthError, PortError } from '../../src/ports/errors';

/** The translation of Firebase's errors, for the codes the emulators cannot produce. */
describe('firebase error translation', () => {
  it("maps the provider's password-policy error with its list of unmet requirements", () => {
    const raw = new FirebaseError(
      'auth/password-does-not-meet-requirements',
      `Firebase: Missing password requirements: [${PASSWORD_REQUIREMENTS.upperCase}, ${PASSWORD_REQUIREMENTS.nonAlphanumeric}] (auth/password-does-not-meet-requirements).`,
    );
    const error = toAuthError(raw);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('password-does-not-meet-requirements');
    expect(error.unmetRequirements).toEqual([
      PASSWORD_REQUIREMENTS.upperCase,
      PASSWORD_REQUIREMENTS.nonAlphanumeric,
    ]);
    expect(error.cause).toBe(raw);
  });

  it('reads the requirement list, or none when the message has no list', () => {
    expect(
      unmetRequirementsOf('Missing password requirements: [Password must contain at least 8 characters]'),
    ).toEqual(['Password must contain at least 8 characters']);
    expect(unmetRequirementsOf('Firebase: Error (auth/password-does-not-meet-requirements).')).toEqual([]);
  });

  it('drops the auth/ prefix, keeps known codes and calls the rest unknown', () => {
    const codeOf = (code: string) => toAuthError(new FirebaseError(code, `Firebase: Error (${code}).`)).code;
    expect(codeOf('auth/email-already-in-use')).toBe('email-already-in-use');
    expect(codeOf('auth/invalid-action-code')).toBe('invalid-action-code');
    expect(codeOf('auth/network-request-failed')).toBe('network-request-failed');
    expect(codeOf('auth/invalid-login-credentials')).toBe('invalid-credential');
    expect(codeOf('auth/internal-error')).toBe('unknown');
    expect(toAuthError(new Error('boom')).code).toBe('unknown');
  });

  it("keeps the provider's own words, without the SDK's decoration", () => {
    expect(providerMessage('Firebase: Password should be at least 6 characters (auth/weak-password).')).toBe(
      'Password should be at least 6 characters',
    );
    const generic = toAuthError(
      new FirebaseError('auth/invalid-email', 'Firebase: Error (auth/invalid-email).'),
    );
    expect(generic.message).toBe('The email address is badly formatted.');
  });

  it('maps Firestore codes onto the port codes', () => {
    const codeOf = (code: string) => toPortError(new FirebaseError(code, 'x')).code;
    expect(codeOf('permission-denied')).toBe('permission-denied');
    expect(codeOf('unauthenticated')).toBe('unauthenticated');
    expect(codeOf('not-found')).toBe('not-found');
    expect(codeOf('already-exists')).toBe('conflict');
    expect(codeOf('unavailable')).toBe('unavailable');
    expect(codeOf('aborted')).toBe('unavailable');
    expect(codeOf('deadline-exceeded')).toBe('unavailable');
    expect(codeOf('internal')).toBe('unknown');
    const own = new PortError('conflict', 'mine');
    expect(toPortError(own)).toBe(own);
  });
});
