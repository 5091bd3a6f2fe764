import { beforeEach, describe, expect, it } from 'vitest';
import { createUseCases } from '../../../src/domain/use-cases';
import { ACCOUNT_MESSAGES, PASSWORD_REQUIREMENTS } from '../../../src/domain/users/messages';
import type { Ports } from '../../../src/ports';
import { AuthError } from '../../../src/ports/errors';
import { addPerson, createWorld, emailOf, PASSWORD, RESET_URL, type World } from '../world';

/** The memory provider with one method replaced by a failure. */
function withFailing(
  world: World,
  method: 'signIn' | 'sendPasswordResetEmail' | 'verifyPasswordResetCode' | 'confirmPasswordReset',
  error: unknown,
) {
  const auth: Ports['auth'] = Object.create(world.ports.auth);
  auth[method] = async () => {
    throw error;
  };
  return createUseCases({ ...world.ports, auth }, world.settings);
}

describe('sign-in', () => {
  let world: World;
  beforeEach(async () => {
    world = createWorld();
    await addPerson(world, 'asha', { role: 'user', name: 'Asha' });
  });

  it('signs in with the right password, ignoring surrounding spaces and case of the address', async () => {
    expect(await world.useCases.accounts.signIn('  ASHA@example.test ', PASSWORD)).toEqual({ ok: true });
    expect(world.ports.auth.currentUser()?.uid).toBe('uid-asha');
  });

  it('requires the e-mail and the password', async () => {
    expect(await world.useCases.accounts.signIn('  ', PASSWORD)).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.emailRequired,
    });
    expect(await world.useCases.accounts.signIn(emailOf('asha'), '')).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.passwordRequired,
    });
    expect(await world.useCases.accounts.signIn('asha.example.test', PASSWORD)).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.invalidEmail,
    });
    expect(world.ports.auth.currentUser()).toBeNull();
  });

  it('says the same for a wrong password and an unknown account', async () => {
    const wrong = await world.useCases.accounts.signIn(emailOf('asha'), 'Wrong#123');
    const unknown = await world.useCases.accounts.signIn('nobody@example.test', PASSWORD);
    expect(wrong).toEqual({ ok: false, message: 'Incorrect email or password.' });
    expect(unknown).toEqual(wrong);
  });

  it.each([
    ['user-disabled', 'This account has been disabled. Please contact support.'],
    ['too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['network-request-failed', 'Network error. Please check your connection and try again.'],
    ['wrong-password', 'Incorrect email or password.'],
    ['user-not-found', 'Incorrect email or password.'],
    ['invalid-email', ACCOUNT_MESSAGES.invalidEmail],
    ['missing-password', ACCOUNT_MESSAGES.passwordRequired],
  ] as const)('maps the provider code %s', async (code, message) => {
    const useCases = withFailing(world, 'signIn', new AuthError(code, 'raw provider text'));
    expect(await useCases.accounts.signIn(emailOf('asha'), PASSWORD)).toEqual({ ok: false, message });
  });

  it("shows the provider's raw message for other codes, and a fallback for anything else", async () => {
    const raw = withFailing(
      world,
      'signIn',
      new AuthError('unknown', 'Sign-in is disabled for this project.'),
    );
    expect(await raw.accounts.signIn(emailOf('asha'), PASSWORD)).toEqual({
      ok: false,
      message: 'Sign-in is disabled for this project.',
    });
    const other = withFailing(world, 'signIn', new Error('socket hang up'));
    expect(await other.accounts.signIn(emailOf('asha'), PASSWORD)).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.signInFailed,
    });
    // What the person cannot act on is kept in the log, with its cause.
    expect(world.logger.at('error').map((entry) => [entry.message, String(entry.cause)])).toEqual([
      ['Sign-in failed', 'AuthError: Sign-in is disabled for this project.'],
      ['Sign-in failed', 'Error: socket hang up'],
    ]);
  });

  it('signs out', async () => {
    await world.useCases.accounts.signIn(emailOf('asha'), PASSWORD);
    await world.useCases.accounts.signOut();
    expect(world.ports.auth.currentUser()).toBeNull();
  });
});

describe('password reset', () => {
  let world: World;
  beforeEach(async () => {
    world = createWorld();
    await addPerson(world, 'asha', { role: 'user', name: 'Asha' });
  });

  /** Requests a reset for asha and returns the oobCode of the e-mail. */
  async function resetCode(): Promise<string> {
    expect(await world.useCases.accounts.requestPasswordReset(` ${emailOf('asha')} `)).toEqual({ ok: true });
    const [mail] = await world.mailbox.list();
    const code = new URL(mail!.link).searchParams.get('oobCode');
    expect(code).toBeTruthy();
    return code!;
  }

  it('sends an e-mail whose link returns to the reset page with an oobCode', async () => {
    await resetCode();
    const [mail] = await world.mailbox.list();
    expect(mail?.to).toBe(emailOf('asha'));
    expect(mail?.link.startsWith(`${RESET_URL}?oobCode=`)).toBe(true);
  });

  it('answers alike for an unknown address, and sends nothing', async () => {
    expect(await world.useCases.accounts.requestPasswordReset('nobody@example.test')).toEqual({ ok: true });
    expect(await world.mailbox.list()).toEqual([]);
  });

  it('checks the address before sending', async () => {
    expect(await world.useCases.accounts.requestPasswordReset('')).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.emailRequired,
    });
    expect(await world.useCases.accounts.requestPasswordReset('asha')).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.invalidEmail,
    });
  });

  it('reports a failure to send', async () => {
    const failing = withFailing(world, 'sendPasswordResetEmail', new Error('offline'));
    expect(await failing.accounts.requestPasswordReset(emailOf('asha'))).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.resetRequestFailed,
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      'The reset e-mail request failed',
    ]);
  });

  it('needs an oobCode: a link without one is invalid', async () => {
    for (const code of [null, undefined, '', '   ']) {
      expect(await world.useCases.accounts.verifyResetCode(code)).toEqual({
        ok: false,
        message: 'Invalid password reset link',
      });
      expect(await world.useCases.accounts.resetPassword(code, 'New#Pass1', 'New#Pass1')).toEqual({
        ok: false,
        message: ACCOUNT_MESSAGES.resetInvalidLink,
      });
    }
  });

  it('verifies a code and names the account', async () => {
    const code = await resetCode();
    expect(await world.useCases.accounts.verifyResetCode(code)).toEqual({ ok: true, value: emailOf('asha') });
  });

  it('rejects an unknown code', async () => {
    expect(await world.useCases.accounts.verifyResetCode('made-up-code')).toEqual({
      ok: false,
      reason: 'link-rejected',
      message: 'This password reset link is invalid or has expired',
    });
  });

  it('rejects a code after an hour', async () => {
    const code = await resetCode();
    world.clock.advance(60 * 60 * 1000 - 1);
    expect((await world.useCases.accounts.verifyResetCode(code)).ok).toBe(true);
    world.clock.advance(1);
    expect(await world.useCases.accounts.verifyResetCode(code)).toEqual({
      ok: false,
      reason: 'link-rejected',
      message: ACCOUNT_MESSAGES.resetLinkExpired,
    });
    expect(await world.useCases.accounts.resetPassword(code, 'New#Pass1', 'New#Pass1')).toEqual({
      ok: false,
      reason: 'link-rejected',
      message: ACCOUNT_MESSAGES.resetLinkExpired,
    });
  });

  it('needs the confirmation to match', async () => {
    const code = await resetCode();
    expect(await world.useCases.accounts.resetPassword(code, 'New#Pass1', 'New#Pass2')).toEqual({
      ok: false,
      message: 'Passwords do not match',
    });
    expect(await world.useCases.accounts.resetPassword(code, 'New#Pass1', '')).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.resetPasswordsDiffer,
    });
  });

  it('needs at least 6 characters and at most 128', async () => {
    const code = await resetCode();
    expect(await world.useCases.accounts.resetPassword(code, 'Ab#12', 'Ab#12')).toEqual({
      ok: false,
      message: 'Password should be at least 6 characters',
    });
    const long = `A#${'x'.repeat(127)}`;
    expect(await world.useCases.accounts.resetPassword(code, long, long)).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.passwordTooLong,
    });
  });

  it('lists the unmet password requirements', async () => {
    const code = await resetCode();
    expect(await world.useCases.accounts.resetPassword(code, 'password', 'password')).toEqual({
      ok: false,
      reason: 'weak-password',
      message: 'Please choose a stronger password.',
      details: [PASSWORD_REQUIREMENTS.upperCase, PASSWORD_REQUIREMENTS.nonAlphanumeric],
    });
  });

  it('sets the new password, signs out, and the link works only once', async () => {
    await world.useCases.accounts.signIn(emailOf('asha'), PASSWORD);
    const code = await resetCode();
    expect(await world.useCases.accounts.resetPassword(code, 'New#Pass1', 'New#Pass1')).toEqual({ ok: true });
    expect(world.ports.auth.currentUser()).toBeNull();
    expect(await world.useCases.accounts.signIn(emailOf('asha'), PASSWORD)).toEqual({
      ok: false,
      message: 'Incorrect email or password.',
    });
    expect(await world.useCases.accounts.signIn(emailOf('asha'), 'New#Pass1')).toEqual({ ok: true });
    expect(await world.useCases.accounts.resetPassword(code, 'Other#Pass1', 'Other#Pass1')).toEqual({
      ok: false,
      reason: 'link-rejected',
      message: ACCOUNT_MESSAGES.resetLinkExpired,
    });
    expect(await world.useCases.accounts.verifyResetCode(code)).toEqual({
      ok: false,
      reason: 'link-rejected',
      message: ACCOUNT_MESSAGES.resetLinkExpired,
    });
  });

  it("maps the provider's answers to a confirmation", async () => {
    const cases: [unknown, object][] = [
      [new AuthError('weak-password', 'WEAK'), { message: ACCOUNT_MESSAGES.resetPasswordTooShort }],
      [
        new AuthError('password-does-not-meet-requirements', 'Missing', ['Password must contain a number']),
        {
          reason: 'weak-password',
          message: ACCOUNT_MESSAGES.chooseStrongerPassword,
          details: ['Password must contain a number'],
        },
      ],
      [
        new AuthError('invalid-action-code', 'INVALID_OOB_CODE'),
        { reason: 'link-rejected', message: ACCOUNT_MESSAGES.resetLinkExpired },
      ],
      [
        new AuthError('expired-action-code', 'EXPIRED_OOB_CODE'),
        { reason: 'link-rejected', message: ACCOUNT_MESSAGES.resetLinkExpired },
      ],
      [
        new AuthError('too-many-requests', 'raw'),
        { message: 'Too many attempts. Please wait a few minutes and try again.' },
      ],
      [new AuthError('unknown', 'The provider says no.'), { message: 'The provider says no.' }],
      [new Error('offline'), { message: ACCOUNT_MESSAGES.resetFailed }],
    ];
    for (const [error, expected] of cases) {
      const failing = withFailing(world, 'confirmPasswordReset', error);
      expect(await failing.accounts.resetPassword('some-code', 'New#Pass1', 'New#Pass1')).toEqual({
        ok: false,
        ...expected,
      });
    }
  });

  it("shows the provider's message for other failures of the link check", async () => {
    const failing = withFailing(
      world,
      'verifyPasswordResetCode',
      new AuthError('unknown', 'Project not found.'),
    );
    expect(await failing.accounts.verifyResetCode('code')).toEqual({
      ok: false,
      message: 'Project not found.',
    });
    const offline = withFailing(world, 'verifyPasswordResetCode', new Error('offline'));
    expect(await offline.accounts.verifyResetCode('code')).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.resetLinkExpired,
    });
  });
});
