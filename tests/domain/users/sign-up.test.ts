import { describe, expect, it } from 'vitest';
import { createUseCases } from '../../../src/domain/use-cases';
import { ACCOUNT_MESSAGES, PASSWORD_REQUIREMENTS } from '../../../src/domain/users/messages';
import { type SignUpInput, validateSignUp } from '../../../src/domain/users/sign-up';
import type { Ports } from '../../../src/ports';
import { AuthError } from '../../../src/ports/errors';
import { createWorld, NOW } from '../world';

const valid: SignUpInput = {
  accountType: 'user',
  email: 'new.person@example.test',
  password: 'Strong#Pass1',
  name: 'Nisha Kapoor',
  mobile: '9876501234',
  address: '7 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
  acceptedTerms: true,
  acceptedPrivacy: true,
};

const signUpWith = async (patch: Partial<SignUpInput>) =>
  createWorld().useCases.accounts.signUp({ ...valid, ...patch });

describe('sign-up: agreements', () => {
  it.each([
    ['neither box', false, false],
    ['only the terms', true, false],
    ['only the privacy policy', false, true],
  ])('refuses %s with the accept-both message, before anything else', async (_, terms, privacy) => {
    const world = createWorld();
    const result = await world.useCases.accounts.signUp({
      ...valid,
      email: '',
      acceptedTerms: terms,
      acceptedPrivacy: privacy,
    });
    expect(result).toEqual({
      ok: false,
      message: 'Please accept both Terms & Conditions and Privacy Policy to continue.',
    });
    expect(world.db.accounts.size).toBe(0);
  });
});

describe('sign-up: fields', () => {
  it('names every missing field with its own message', async () => {
    const result = await signUpWith({
      accountType: '',
      email: '',
      password: '',
      name: '',
      mobile: '',
      address: '',
      city: '',
      state: '',
      pincode: '',
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        accountType: ACCOUNT_MESSAGES.accountTypeRequired,
        email: ACCOUNT_MESSAGES.emailRequired,
        password: ACCOUNT_MESSAGES.passwordRequired,
        name: ACCOUNT_MESSAGES.nameRequired,
        mobile: ACCOUNT_MESSAGES.mobileRequired,
        address: ACCOUNT_MESSAGES.addressRequired,
        city: ACCOUNT_MESSAGES.cityRequired,
        state: ACCOUNT_MESSAGES.stateRequired,
        pincode: ACCOUNT_MESSAGES.pincodeRequired,
      },
    });
  });

  it.each([
    ['name', ACCOUNT_MESSAGES.nameRequired],
    ['address', ACCOUNT_MESSAGES.addressRequired],
    ['city', ACCOUNT_MESSAGES.cityRequired],
    ['state', ACCOUNT_MESSAGES.stateRequired],
    ['mobile', ACCOUNT_MESSAGES.mobileRequired],
    ['pincode', ACCOUNT_MESSAGES.pincodeRequired],
    ['email', ACCOUNT_MESSAGES.emailRequired],
  ] as const)('treats a blank %s (spaces only) as missing', async (field, message) => {
    expect(await signUpWith({ [field]: '   ' })).toEqual({ ok: false, fieldErrors: { [field]: message } });
  });

  it.each(['plainaddress', 'no-at.example.test', 'two@@example.test', 'a b@example.test', 'x@nodot'])(
    'rejects the e-mail %s as invalid',
    async (email) => {
      expect(await signUpWith({ email })).toEqual({
        ok: false,
        fieldErrors: { email: 'Please enter a valid email address.' },
      });
    },
  );

  it('rejects an e-mail longer than 254 characters', async () => {
    const email = `${'a'.repeat(250)}@example.test`;
    expect(await signUpWith({ email })).toEqual({
      ok: false,
      fieldErrors: { email: ACCOUNT_MESSAGES.invalidEmail },
    });
  });

  it.each(['12345', '98765', 'abcdefghij', '98765-4321'])('rejects the mobile %s', async (mobile) => {
    expect(await signUpWith({ mobile })).toEqual({
      ok: false,
      fieldErrors: { mobile: ACCOUNT_MESSAGES.mobileInvalid },
    });
  });

  it.each(['9876501234', '+91 98765 01234', '098765-01234', '98765 01234'])(
    'accepts the mobile %s',
    async (mobile) => {
      expect(await signUpWith({ mobile })).toEqual({ ok: true });
    },
  );

  it.each(['12345', '1234567', '012345', '56OO34', 'abcdef'])('rejects the pincode %s', async (pincode) => {
    expect(await signUpWith({ pincode })).toEqual({
      ok: false,
      fieldErrors: { pincode: ACCOUNT_MESSAGES.pincodeInvalid },
    });
  });

  it('refuses over-long text fields', async () => {
    expect(await signUpWith({ name: 'n'.repeat(101), city: 'c'.repeat(61) })).toEqual({
      ok: false,
      fieldErrors: { name: ACCOUNT_MESSAGES.tooLong, city: ACCOUNT_MESSAGES.tooLong },
    });
  });

  it.each(['sa', 'admin', 'staff', 'business'])('offers only user and distributor, not %s', async (type) => {
    expect(await signUpWith({ accountType: type as SignUpInput['accountType'] })).toEqual({
      ok: false,
      fieldErrors: { accountType: ACCOUNT_MESSAGES.accountTypeRequired },
    });
  });
});

describe('sign-up: password', () => {
  it('needs at least 6 characters', async () => {
    expect(await signUpWith({ password: 'Ab#12' })).toEqual({
      ok: false,
      fieldErrors: { password: 'Password should be at least 6 characters.' },
    });
  });

  it('accepts exactly 6 characters that meet the policy', async () => {
    expect(await signUpWith({ password: 'Ab#123' })).toEqual({ ok: true });
  });

  it('refuses more than 128 characters', async () => {
    expect(await signUpWith({ password: `A#${'x'.repeat(127)}` })).toEqual({
      ok: false,
      fieldErrors: { password: ACCOUNT_MESSAGES.passwordTooLong },
    });
  });

  it('lists both unmet requirements', async () => {
    expect(await signUpWith({ password: 'password1' })).toEqual({
      ok: false,
      reason: 'weak-password',
      message: 'Please choose a stronger password.',
      details: [
        'Password must contain an upper case character',
        'Password must contain a non-alphanumeric character',
      ],
    });
  });

  it('lists only the requirement that is unmet', async () => {
    expect(await signUpWith({ password: 'Password1' })).toEqual({
      ok: false,
      reason: 'weak-password',
      message: 'Please choose a stronger password.',
      details: [PASSWORD_REQUIREMENTS.nonAlphanumeric],
    });
    expect(await signUpWith({ password: 'pass#word1' })).toEqual({
      ok: false,
      reason: 'weak-password',
      message: 'Please choose a stronger password.',
      details: [PASSWORD_REQUIREMENTS.upperCase],
    });
  });

  it('checks the policy only once the fields are valid', () => {
    expect(validateSignUp({ ...valid, password: 'password', city: '' })).toEqual({
      ok: false,
      fieldErrors: { city: ACCOUNT_MESSAGES.cityRequired },
    });
  });
});

describe('sign-up: the stored record', () => {
  it('writes the collected fields, both agreements, an ISO acceptance date from the clock and empty business fields', async () => {
    const world = createWorld();
    const result = await world.useCases.accounts.signUp({
      ...valid,
      accountType: 'distributor',
      email: '  new.person@example.test ',
      name: ' Nisha Kapoor ',
    });
    expect(result).toEqual({ ok: true });
    const [account] = [...world.db.accounts.values()];
    expect(account?.email).toBe('new.person@example.test');
    const stored = world.db.users.get(account!.uid);
    expect(stored).toEqual({
      email: 'new.person@example.test',
      role: 'distributor',
      acceptedTerms: true,
      acceptedPrivacy: true,
      acceptedDate: NOW.toISOString(),
      name: 'Nisha Kapoor',
      mobile: '9876501234',
      address: '7 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
      businessName: '',
      gstNumber: '',
      panNumber: '',
      businessAddress: '',
    });
  });

  it('records the acceptance at the moment of signing up', async () => {
    const world = createWorld();
    world.clock.set('2027-01-01T00:00:00.000Z');
    await world.useCases.accounts.signUp(valid);
    const [stored] = [...world.db.users.values()];
    expect(stored?.acceptedDate).toBe('2027-01-01T00:00:00.000Z');
  });

  it('signs the new account out, so that the person signs in anew', async () => {
    const world = createWorld();
    expect(await world.useCases.accounts.signUp(valid)).toEqual({ ok: true });
    expect(world.ports.auth.currentUser()).toBeNull();
    expect(await world.useCases.accounts.signIn(valid.email, valid.password)).toEqual({ ok: true });
    const profile = await world.ports.users.get(world.ports.auth.currentUser()!.uid);
    expect(profile?.role).toBe('user');
    expect(profile?.walletBalance).toBe(0);
  });
});

describe('sign-up: provider errors', () => {
  it('says an e-mail is already registered', async () => {
    const world = createWorld();
    await world.seeder.account({ email: 'taken@example.test', password: 'Whatever#1' });
    expect(await world.useCases.accounts.signUp({ ...valid, email: 'Taken@Example.test' })).toEqual({
      ok: false,
      message: 'This email is already registered.',
    });
    expect(world.db.users.size).toBe(0);
  });

  /** The memory provider with its account creation replaced by one that fails with `error`. */
  const failingWith = (error: unknown) => {
    const world = createWorld();
    const auth: Ports['auth'] = Object.create(world.ports.auth);
    auth.signUp = async () => {
      throw error;
    };
    return { world, useCases: createUseCases({ ...world.ports, auth }, world.settings) };
  };

  it.each([
    [
      'email-already-in-use',
      new AuthError('email-already-in-use', 'EMAIL_EXISTS'),
      ACCOUNT_MESSAGES.emailInUse,
    ],
    ['invalid-email', new AuthError('invalid-email', 'INVALID_EMAIL'), 'Please enter a valid email address.'],
    [
      'weak-password',
      new AuthError('weak-password', 'WEAK_PASSWORD'),
      'Password should be at least 6 characters.',
    ],
    [
      'an unlisted code',
      new AuthError('unknown', 'Quota exceeded for this project.'),
      'Quota exceeded for this project.',
    ],
    [
      'a network failure',
      new AuthError('network-request-failed', 'A network error occurred.'),
      'Network error. Please check your connection and try again.',
    ],
    ['an unlisted code without a message', new AuthError('unknown', '   '), 'Failed to create account.'],
    ['a non-provider error', new TypeError('fetch failed'), 'Failed to create account.'],
    [
      'a policy failure without a list',
      new AuthError('password-does-not-meet-requirements', 'Missing password requirements'),
      'Missing password requirements',
    ],
    [
      'a policy failure without a list or message',
      new AuthError('password-does-not-meet-requirements', ''),
      ACCOUNT_MESSAGES.signUpFailed,
    ],
  ])('maps %s', async (_, error, message) => {
    const { world, useCases } = failingWith(error);
    expect(await useCases.accounts.signUp(valid)).toEqual({ ok: false, message });
    expect(world.db.users.size).toBe(0);
  });

  it("lists the provider's own unmet password requirements", async () => {
    const unmet = ['Password must contain a lower case character', PASSWORD_REQUIREMENTS.nonAlphanumeric];
    const { useCases } = failingWith(new AuthError('password-does-not-meet-requirements', 'Missing', unmet));
    expect(await useCases.accounts.signUp(valid)).toEqual({
      ok: false,
      reason: 'weak-password',
      message: ACCOUNT_MESSAGES.chooseStrongerPassword,
      details: unmet,
    });
  });
});

describe('sign-up: rollback', () => {
  it('deletes the new account and signs out when the users document cannot be written', async () => {
    const world = createWorld();
    // Authentication stays up while the database is unreachable.
    world.db.outage = true;
    expect(await world.useCases.accounts.signUp(valid)).toEqual({
      ok: false,
      message: 'Failed to create account.',
    });
    expect(world.db.accounts.size).toBe(0);
    expect(world.db.users.size).toBe(0);
    expect(world.ports.auth.currentUser()).toBeNull();
    world.db.outage = false;
    expect(await world.useCases.accounts.signIn(valid.email, valid.password)).toEqual({
      ok: false,
      message: 'Incorrect email or password.',
    });
    // Nothing is left half-made: the same address can sign up again.
    expect(await world.useCases.accounts.signUp(valid)).toEqual({ ok: true });
  });

  it('still reports the failure when the rollback itself fails', async () => {
    const world = createWorld();
    const auth: Ports['auth'] = Object.create(world.ports.auth);
    auth.deleteCurrentUser = async () => {
      throw new AuthError('requires-recent-login', 'Sign in again.');
    };
    const users: Ports['users'] = Object.create(world.ports.users);
    users.createProfile = async () => {
      throw new Error('write refused');
    };
    const useCases = createUseCases({ ...world.ports, auth, users }, world.settings);
    expect(await useCases.accounts.signUp(valid)).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.signUpFailed,
    });
    expect(world.ports.auth.currentUser()).toBeNull();
    // Both causes are kept: the refused write, and the rollback that could not delete the account.
    expect(world.logger.at('error').map((entry) => [entry.message, String(entry.cause)])).toEqual([
      [
        expect.stringMatching(/^Sign-up: the users document of \S+ could not be written$/),
        'Error: write refused',
      ],
      [
        expect.stringMatching(/^Sign-up: the half-made account \S+ could not be deleted$/),
        'AuthError: Sign in again.',
      ],
    ]);
  });
});
