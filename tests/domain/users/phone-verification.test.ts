import { beforeEach, describe, expect, it } from 'vitest';
import { createUseCases } from '../../../src/domain/use-cases';
import { PHONE_MESSAGES } from '../../../src/domain/users/phone-verification';
import type { UserProfile } from '../../../src/domain/users/user';
import type { Ports } from '../../../src/ports';
import { AuthError } from '../../../src/ports/errors';
import { addPerson, createWorld, signInAs, type World } from '../world';

let world: World;
let profile: UserProfile;

beforeEach(async () => {
  world = createWorld();
  await addPerson(world, 'asha', { role: 'user', name: 'Asha', mobile: '98765 43210' });
  profile = await signInAs(world, 'asha');
});

/** The memory provider with one phone method replaced by a failure. */
function failing(method: 'sendPhoneVerificationCode' | 'confirmPhoneVerificationCode', error: unknown) {
  const auth: Ports['auth'] = Object.create(world.ports.auth);
  auth[method] = async () => {
    throw error;
  };
  return createUseCases({ ...world.ports, auth }, world.settings);
}

describe('sending the code', () => {
  it('answers what confirming it needs, and the number it went to', async () => {
    const sent = await world.useCases.phone.sendCode('+91 98765-43210');
    expect(sent).toEqual({
      ok: true,
      value: { verificationId: expect.any(String), phoneNumber: '+919876543210' },
    });
    expect((await world.sms.list()).map((sms) => sms.to)).toEqual(['+919876543210']);
  });

  it('puts a missing or malformed number under the mobile field, without sending', async () => {
    expect(await world.useCases.phone.sendCode('  ')).toEqual({
      ok: false,
      fieldErrors: { mobile: PHONE_MESSAGES.mobileRequired },
    });
    expect(await world.useCases.phone.sendCode('12345')).toEqual({
      ok: false,
      fieldErrors: { mobile: PHONE_MESSAGES.mobileInvalid },
    });
    expect(await world.sms.list()).toEqual([]);
  });

  it("puts the provider's refusal of the number under the field, other refusals above the form", async () => {
    const refused = failing('sendPhoneVerificationCode', new AuthError('invalid-phone-number', 'raw'));
    expect(await refused.phone.sendCode('9876543210')).toEqual({
      ok: false,
      fieldErrors: { mobile: PHONE_MESSAGES.mobileInvalid },
    });
    const busy = failing('sendPhoneVerificationCode', new AuthError('too-many-requests', 'raw'));
    expect(await busy.phone.sendCode('9876543210')).toEqual({
      ok: false,
      message: PHONE_MESSAGES.tooManyRequests,
    });
    expect(world.logger.entries).toEqual([]);
  });

  it('says it could not send on anything else, and keeps the cause in the log', async () => {
    const broken = failing('sendPhoneVerificationCode', new TypeError('fetch failed'));
    expect(await broken.phone.sendCode('9876543210')).toEqual({
      ok: false,
      message: PHONE_MESSAGES.sendFailed,
    });
    expect(world.logger.at('error').map((entry) => [entry.message, String(entry.cause)])).toEqual([
      ['Sending a phone code failed', 'TypeError: fetch failed'],
    ]);
  });
});

describe('confirming the code', () => {
  async function sendCode() {
    const sent = await world.useCases.phone.sendCode('9876543210');
    if (!sent.ok) throw new Error(sent.message);
    const [sms] = await world.sms.list();
    return { verificationId: sent.value.verificationId, code: sms!.code };
  }

  it('verifies the number and answers the account with it', async () => {
    const { verificationId, code } = await sendCode();
    const confirmed = await world.useCases.phone.confirmCode(verificationId, code, profile);
    expect(confirmed).toEqual({
      ok: true,
      value: expect.objectContaining({ uid: 'uid-asha', phoneNumber: '+919876543210' }),
    });
  });

  it('puts a missing, malformed or wrong code under the code field', async () => {
    const { verificationId, code } = await sendCode();
    expect(await world.useCases.phone.confirmCode(verificationId, ' ', profile)).toEqual({
      ok: false,
      fieldErrors: { code: PHONE_MESSAGES.codeRequired },
    });
    expect(await world.useCases.phone.confirmCode(verificationId, '12345', profile)).toEqual({
      ok: false,
      fieldErrors: { code: PHONE_MESSAGES.codeMalformed },
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await world.useCases.phone.confirmCode(verificationId, wrong, profile)).toEqual({
      ok: false,
      fieldErrors: { code: PHONE_MESSAGES.codeWrong },
    });
  });

  it('says above the form when the code can no longer be used', async () => {
    const { code } = await sendCode();
    expect(await world.useCases.phone.confirmCode('another-verification', code, profile)).toEqual({
      ok: false,
      message: PHONE_MESSAGES.sessionExpired,
    });
  });

  it('says it could not verify on anything else, and keeps the cause in the log', async () => {
    const broken = failing('confirmPhoneVerificationCode', new Error('socket hang up'));
    expect(await broken.phone.confirmCode('id', '123456', profile)).toEqual({
      ok: false,
      message: PHONE_MESSAGES.verifyFailed,
    });
    expect(world.logger.at('error').map((entry) => entry.message)).toEqual([
      'Confirming a phone code failed',
    ]);
  });

  it('still verifies when the number cannot be copied to the profile, and logs why', async () => {
    const { verificationId, code } = await sendCode();
    const users: Ports['users'] = Object.create(world.ports.users);
    users.updateOwnProfile = async () => {
      throw new Error('write refused');
    };
    const useCases = createUseCases({ ...world.ports, users }, world.settings);
    const stale = { ...profile, mobile: '9000000000' };
    expect((await useCases.phone.confirmCode(verificationId, code, stale)).ok).toBe(true);
    expect(world.logger.at('warn').map((entry) => [entry.message, String(entry.cause)])).toEqual([
      ['The verified number could not be copied to the profile', 'Error: write refused'],
    ]);
  });
});
