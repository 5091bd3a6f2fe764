import {
  type Auth,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { isPasswordLongEnough, unmetPasswordRequirements } from '../../domain/users/password-policy';
import type { AuthGateway, AuthUser, Unsubscribe } from '../../ports/auth-gateway';
import { AuthError } from '../../ports/errors';
import { authCall, toAuthError } from './firebase-errors';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '' };
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

/** Firebase Authentication, e-mail and password accounts. Every failure is an AuthError. */
export class FirebaseAuthGateway implements AuthGateway {
  constructor(private readonly auth: Auth) {}

  currentUser(): AuthUser | null {
    const user = this.auth.currentUser;
    return user === null ? null : toAuthUser(user);
  }

  onAuthStateChanged(listener: (user: AuthUser | null) => void): Unsubscribe {
    return onAuthStateChanged(this.auth, (user) => listener(user === null ? null : toAuthUser(user)));
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

  signOut(): Promise<void> {
    return authCall(() => signOut(this.auth));
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
