import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_REQUIREMENTS } from '../../src/domain/users/messages';
import type { AuthUser } from '../../src/ports';
import { expectAuthError } from './expectations';
import { type BackendHarness, type HarnessFactory, PASSWORD } from './harness';

const RESET_URL = 'http://localhost:4173/reset-password';

export function authGatewayContract(makeHarness: HarnessFactory): void {
  describe('AuthGateway', () => {
    let h: BackendHarness;
    beforeEach(async () => {
      h = await makeHarness();
    });
    afterEach(async () => {
      await h.dispose();
    });

    const nextState = () =>
      new Promise<AuthUser | null>((resolve) => {
        let first = true;
        const stop = h.ports.auth.onAuthStateChanged((user) => {
          if (first) {
            first = false;
            return;
          }
          stop();
          resolve(user);
        });
      });

    it('signs up, which signs the new account in', async () => {
      const user = await h.ports.auth.signUp('new.person@contract.test', PASSWORD);
      expect(user.uid).not.toBe('');
      expect(user.email).toBe('new.person@contract.test');
      expect(h.ports.auth.currentUser()?.uid).toBe(user.uid);
    });

    it('refuses an e-mail already registered, whatever its case', async () => {
      await h.ports.auth.signUp('taken@contract.test', PASSWORD);
      await h.ports.auth.signOut();
      await expectAuthError(h.ports.auth.signUp('Taken@Contract.test', PASSWORD), 'email-already-in-use');
    });

    it('refuses a malformed e-mail', async () => {
      await expectAuthError(h.ports.auth.signUp('not-an-email', PASSWORD), 'invalid-email');
    });

    it('refuses a password shorter than 6 characters', async () => {
      await expectAuthError(h.ports.auth.signUp('short@contract.test', 'Ab#1'), 'weak-password');
    });

    it('lists every unmet password requirement', async () => {
      const error = await expectAuthError(
        h.ports.auth.signUp('policy@contract.test', 'password1'),
        'password-does-not-meet-requirements',
      );
      expect(error.unmetRequirements).toEqual([
        PASSWORD_REQUIREMENTS.upperCase,
        PASSWORD_REQUIREMENTS.nonAlphanumeric,
      ]);
      expect(h.ports.auth.currentUser()).toBeNull();
    });

    it('signs in with the right password and refuses a wrong one or an unknown account alike', async () => {
      const created = await h.ports.auth.signUp('member@contract.test', PASSWORD);
      await h.ports.auth.signOut();
      await expectAuthError(
        h.ports.auth.signIn('member@contract.test', 'Wrong#123'),
        'invalid-credential',
        'wrong-password',
      );
      await expectAuthError(
        h.ports.auth.signIn('nobody@contract.test', PASSWORD),
        'invalid-credential',
        'user-not-found',
      );
      expect(h.ports.auth.currentUser()).toBeNull();
      const user = await h.ports.auth.signIn('MEMBER@contract.test', PASSWORD);
      expect(user.uid).toBe(created.uid);
    });

    it('reports the current state first, then each change, until unsubscribed', async () => {
      const seen: (string | null)[] = [];
      const first = new Promise<void>((resolve) => {
        const stop = h.ports.auth.onAuthStateChanged((user) => {
          seen.push(user?.email ?? null);
          if (seen.length === 1) resolve();
          if (seen.length === 3) stop();
        });
      });
      await first;
      const signedIn = nextState();
      await h.ports.auth.signUp('watcher@contract.test', PASSWORD);
      await signedIn;
      const signedOut = nextState();
      await h.ports.auth.signOut();
      await signedOut;
      await h.ports.auth.signIn('watcher@contract.test', PASSWORD);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual([null, 'watcher@contract.test', null]);
    });

    it('signs out', async () => {
      await h.ports.auth.signUp('leaver@contract.test', PASSWORD);
      await h.ports.auth.signOut();
      expect(h.ports.auth.currentUser()).toBeNull();
    });

    it('deletes the signed-in account (sign-up rollback)', async () => {
      await h.ports.auth.signUp('rollback@contract.test', PASSWORD);
      await h.ports.auth.deleteCurrentUser();
      expect(h.ports.auth.currentUser()).toBeNull();
      await expectAuthError(
        h.ports.auth.signIn('rollback@contract.test', PASSWORD),
        'invalid-credential',
        'user-not-found',
      );
      // The address is free again.
      await h.ports.auth.signUp('rollback@contract.test', PASSWORD);
    });

    it('accepts a reset request for an unknown address without telling', async () => {
      await h.ports.auth.sendPasswordResetEmail('stranger@contract.test', RESET_URL);
      expect(await h.lastResetCode('stranger@contract.test')).toBeNull();
    });

    it('resets a password with the e-mailed code, once', async () => {
      await h.ports.auth.signUp('forgetful@contract.test', PASSWORD);
      await h.ports.auth.signOut();
      await h.ports.auth.sendPasswordResetEmail('forgetful@contract.test', RESET_URL);
      const code = await h.lastResetCode('forgetful@contract.test');
      expect(code).toBeTruthy();
      expect(await h.ports.auth.verifyPasswordResetCode(code!)).toBe('forgetful@contract.test');
      await h.ports.auth.confirmPasswordReset(code!, 'Fresh#Pass1');
      await expectAuthError(
        h.ports.auth.signIn('forgetful@contract.test', PASSWORD),
        'invalid-credential',
        'wrong-password',
      );
      await h.ports.auth.signIn('forgetful@contract.test', 'Fresh#Pass1');
      await h.ports.auth.signOut();
      await expectAuthError(h.ports.auth.confirmPasswordReset(code!, 'Other#Pass1'), 'invalid-action-code');
      await expectAuthError(h.ports.auth.verifyPasswordResetCode(code!), 'invalid-action-code');
    });

    it('refuses an unknown reset code', async () => {
      await expectAuthError(h.ports.auth.verifyPasswordResetCode('not-a-real-code'), 'invalid-action-code');
      await expectAuthError(
        h.ports.auth.confirmPasswordReset('not-a-real-code', 'Fresh#Pass1'),
        'invalid-action-code',
      );
    });

    it('keeps a reset code usable when the new password is refused', async () => {
      await h.ports.auth.signUp('picky@contract.test', PASSWORD);
      await h.ports.auth.signOut();
      await h.ports.auth.sendPasswordResetEmail('picky@contract.test', RESET_URL);
      const code = (await h.lastResetCode('picky@contract.test'))!;
      await expectAuthError(h.ports.auth.confirmPasswordReset(code, 'abc'), 'weak-password');
      await h.ports.auth.confirmPasswordReset(code, 'Good#Pass1');
      await h.ports.auth.signIn('picky@contract.test', 'Good#Pass1');
    });

    it('expires reset codes after an hour', async ({ skip }) => {
      if (h.advanceClock === null) skip('this backend does not let a test move its clock');
      await h.ports.auth.signUp('slow@contract.test', PASSWORD);
      await h.ports.auth.signOut();
      await h.ports.auth.sendPasswordResetEmail('slow@contract.test', RESET_URL);
      const code = (await h.lastResetCode('slow@contract.test'))!;
      h.advanceClock?.(59 * 60 * 1000);
      expect(await h.ports.auth.verifyPasswordResetCode(code)).toBe('slow@contract.test');
      h.advanceClock?.(2 * 60 * 1000);
      await expectAuthError(
        h.ports.auth.verifyPasswordResetCode(code),
        'expired-action-code',
        'invalid-action-code',
      );
      await expectAuthError(
        h.ports.auth.confirmPasswordReset(code, 'Late#Pass1'),
        'expired-action-code',
        'invalid-action-code',
      );
    });

    it('spends every reset code sent before a password reset', async ({ skip }) => {
      if (!h.resetSpendsOtherCodes)
        skip('the Auth emulator keeps the other reset codes of an account usable');
      await h.ports.auth.signUp('twice@contract.test', PASSWORD);
      await h.ports.auth.signOut();
      await h.ports.auth.sendPasswordResetEmail('twice@contract.test', RESET_URL);
      const first = (await h.lastResetCode('twice@contract.test'))!;
      await h.ports.auth.sendPasswordResetEmail('twice@contract.test', RESET_URL);
      const second = (await h.lastResetCode('twice@contract.test'))!;
      expect(second).not.toBe(first);
      await h.ports.auth.confirmPasswordReset(second, 'Fresh#Pass1');
      await expectAuthError(h.ports.auth.verifyPasswordResetCode(first), 'invalid-action-code');
      await expectAuthError(h.ports.auth.confirmPasswordReset(first, 'Other#Pass1'), 'invalid-action-code');
      await h.ports.auth.signIn('twice@contract.test', 'Fresh#Pass1');
    });

    describe('phone verification', () => {
      const PHONE = '+919812345678';

      it('links a mobile number proved with the texted code; the account then carries it', async () => {
        const created = await h.ports.auth.signUp('texter@contract.test', PASSWORD);
        expect(created.phoneNumber).toBeNull();
        const id = await h.ports.auth.sendPhoneVerificationCode(PHONE);
        const code = await h.lastPhoneCode(PHONE);
        expect(code).toMatch(/^\d{6}$/);
        const heard = new Promise<AuthUser | null>((resolve) => {
          const stop = h.ports.auth.onAuthStateChanged((user) => {
            if (user?.phoneNumber === PHONE) {
              stop();
              resolve(user);
            }
          });
        });
        const user = await h.ports.auth.confirmPhoneVerificationCode(id, code!);
        expect(user).toMatchObject({ uid: created.uid, phoneNumber: PHONE });
        expect(h.ports.auth.currentUser()?.phoneNumber).toBe(PHONE);
        expect((await heard)?.uid).toBe(created.uid);
        await h.ports.auth.signOut();
        expect((await h.ports.auth.signIn('texter@contract.test', PASSWORD)).phoneNumber).toBe(PHONE);
      });

      it('refuses a wrong code, and the right one still works after', async () => {
        await h.ports.auth.signUp('fumbler@contract.test', PASSWORD);
        const id = await h.ports.auth.sendPhoneVerificationCode(PHONE);
        const code = (await h.lastPhoneCode(PHONE))!;
        const wrong = code === '000000' ? '111111' : '000000';
        await expectAuthError(
          h.ports.auth.confirmPhoneVerificationCode(id, wrong),
          'invalid-verification-code',
        );
        expect(h.ports.auth.currentUser()?.phoneNumber).toBeNull();
        expect((await h.ports.auth.confirmPhoneVerificationCode(id, code)).phoneNumber).toBe(PHONE);
      });

      it('uses a verification once, and refuses an unknown one', async () => {
        await h.ports.auth.signUp('replayer@contract.test', PASSWORD);
        const id = await h.ports.auth.sendPhoneVerificationCode(PHONE);
        const code = (await h.lastPhoneCode(PHONE))!;
        await h.ports.auth.confirmPhoneVerificationCode(id, code);
        await expectAuthError(h.ports.auth.confirmPhoneVerificationCode(id, code), 'invalid-verification-id');
        await expectAuthError(
          h.ports.auth.confirmPhoneVerificationCode('not-a-verification', '123456'),
          'invalid-verification-id',
        );
      });

      it('refuses a number another account has verified', async () => {
        await h.ports.auth.signUp('first.holder@contract.test', PASSWORD);
        const first = await h.ports.auth.sendPhoneVerificationCode(PHONE);
        await h.ports.auth.confirmPhoneVerificationCode(first, (await h.lastPhoneCode(PHONE))!);
        await h.ports.auth.signOut();
        await h.ports.auth.signUp('second.claimant@contract.test', PASSWORD);
        const second = await h.ports.auth.sendPhoneVerificationCode(PHONE);
        await expectAuthError(
          h.ports.auth.confirmPhoneVerificationCode(second, (await h.lastPhoneCode(PHONE))!),
          'credential-already-in-use',
        );
        expect(h.ports.auth.currentUser()?.phoneNumber).toBeNull();
      });

      it('needs a signed-in account and a well-formed number', async () => {
        await expectAuthError(h.ports.auth.sendPhoneVerificationCode(PHONE), 'requires-recent-login');
        await h.ports.auth.signUp('typo@contract.test', PASSWORD);
        await expectAuthError(h.ports.auth.sendPhoneVerificationCode('12345'), 'invalid-phone-number');
      });

      it('expires a code after ten minutes', async ({ skip }) => {
        if (h.advanceClock === null) skip('this backend does not let a test move its clock');
        await h.ports.auth.signUp('dawdler@contract.test', PASSWORD);
        const id = await h.ports.auth.sendPhoneVerificationCode(PHONE);
        const code = (await h.lastPhoneCode(PHONE))!;
        h.advanceClock?.(10 * 60 * 1000 + 1);
        await expectAuthError(h.ports.auth.confirmPhoneVerificationCode(id, code), 'code-expired');
      });
    });
  });
}
