import { z } from 'zod';
import type { Ports } from '../../ports';
import { AuthError } from '../../ports/errors';
import { isPlausiblePhone } from '../shared/phone';
import { done, type Failure, type FieldErrors, failed, invalid, type Outcome } from '../shared/validation';
import { authErrorMessage } from './auth-errors';
import { signOutQuietly, weakPassword } from './authentication';
import { emailField } from './email';
import { ACCOUNT_MESSAGES } from './messages';
import { isPasswordLongEnough, MAX_PASSWORD_LENGTH, unmetPasswordRequirements } from './password-policy';
import { ACCOUNT_TYPES, type AccountType, type NewUserRecord } from './user';

/** What the sign-up form collects. */
export interface SignUpInput {
  readonly accountType: AccountType | '';
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly mobile: string;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly pincode: string;
  readonly acceptedTerms: boolean;
  readonly acceptedPrivacy: boolean;
}

export type SignUpField = Exclude<keyof SignUpInput, 'acceptedTerms' | 'acceptedPrivacy'>;

export const SIGN_UP_LIMITS = { name: 100, address: 200, city: 60, state: 60 } as const;

const required = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, ACCOUNT_MESSAGES.tooLong);

/** The sign-up fields' checks (also the form's resolver); the agreements and password policy come after. */
export const signUpSchema = z.object({
  accountType: z.enum(ACCOUNT_TYPES, { error: ACCOUNT_MESSAGES.accountTypeRequired }),
  email: emailField(ACCOUNT_MESSAGES.emailRequired, ACCOUNT_MESSAGES.invalidEmail),
  password: z
    .string()
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .refine(isPasswordLongEnough, ACCOUNT_MESSAGES.signUpPasswordTooShort)
    .refine((value) => value.length <= MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
  name: required(ACCOUNT_MESSAGES.nameRequired, SIGN_UP_LIMITS.name),
  mobile: z
    .string()
    .trim()
    .min(1, ACCOUNT_MESSAGES.mobileRequired)
    .refine(
      (value) => isPlausiblePhone(value) && value.replace(/\D/g, '').length >= 10,
      ACCOUNT_MESSAGES.mobileInvalid,
    ),
  address: required(ACCOUNT_MESSAGES.addressRequired, SIGN_UP_LIMITS.address),
  city: required(ACCOUNT_MESSAGES.cityRequired, SIGN_UP_LIMITS.city),
  state: required(ACCOUNT_MESSAGES.stateRequired, SIGN_UP_LIMITS.state),
  pincode: z
    .string()
    .trim()
    .min(1, ACCOUNT_MESSAGES.pincodeRequired)
    .regex(/^[1-9]\d{5}$/, ACCOUNT_MESSAGES.pincodeInvalid),
});

export type ValidSignUp = z.infer<typeof signUpSchema>;

/**
 * A sign-up's outcome: a message for the whole form (shown above it), the fields' errors, or the unmet
 * password requirements ('weak-password', listed from `details`).
 */
export type SignUpOutcome = Outcome<void, SignUpField, 'weak-password'>;
export type SignUpFailure = Failure<SignUpField, 'weak-password'>;

/** Checks the form before anything is sent: agreements first, then each field, then the password policy. */
export function validateSignUp(input: SignUpInput): Outcome<ValidSignUp, SignUpField, 'weak-password'> {
  if (!input.acceptedTerms || !input.acceptedPrivacy) return failed(ACCOUNT_MESSAGES.acceptBoth);
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: FieldErrors<SignUpField> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as SignUpField;
      fieldErrors[field] ??= issue.message;
    }
    return invalid(fieldErrors);
  }
  const unmet = unmetPasswordRequirements(parsed.data.password);
  if (unmet.length > 0) return weakPassword(unmet);
  return done(parsed.data);
}

/** The users document written for a new account. */
export function newUserRecord(value: ValidSignUp, acceptedAt: Date): NewUserRecord {
  return {
    email: value.email,
    role: value.accountType,
    acceptedTerms: true,
    acceptedPrivacy: true,
    acceptedDate: acceptedAt.toISOString(),
    name: value.name,
    mobile: value.mobile,
    address: value.address,
    city: value.city,
    state: value.state,
    pincode: value.pincode,
    businessName: '',
    gstNumber: '',
    panNumber: '',
    businessAddress: '',
  };
}

/** Maps a provider error of account creation to the catalogue. */
export function signUpFailure(error: unknown): SignUpFailure {
  if (!(error instanceof AuthError)) return failed(ACCOUNT_MESSAGES.signUpFailed);
  switch (error.code) {
    case 'email-already-in-use':
      return failed(ACCOUNT_MESSAGES.emailInUse);
    case 'invalid-email':
      return failed(ACCOUNT_MESSAGES.invalidEmail);
    case 'weak-password':
      return failed(ACCOUNT_MESSAGES.signUpPasswordTooShort);
    case 'password-does-not-meet-requirements':
      return error.unmetRequirements.length > 0
        ? weakPassword(error.unmetRequirements)
        : failed(error.message || ACCOUNT_MESSAGES.signUpFailed);
    default:
      // Known codes (network, too many attempts…) read as a sentence; others show the provider's message.
      return failed(authErrorMessage(error, ACCOUNT_MESSAGES.signUpFailed));
  }
}

/**
 * Creates the account, then its users document, then signs out so that the person signs in anew.
 * If the document cannot be written, the new account is deleted again: nothing is left half-made.
 */
export async function signUp(
  ports: Pick<Ports, 'auth' | 'users' | 'clock' | 'logger'>,
  input: SignUpInput,
): Promise<SignUpOutcome> {
  const checked = validateSignUp(input);
  if (!checked.ok) return checked;
  let uid: string;
  try {
    uid = (await ports.auth.signUp(checked.value.email, checked.value.password)).uid;
  } catch (error) {
    if (!(error instanceof AuthError) || error.code === 'unknown')
      ports.logger.error('Sign-up failed', error);
    return signUpFailure(error);
  }
  try {
    await ports.users.createProfile(uid, newUserRecord(checked.value, ports.clock.now()));
  } catch (error) {
    ports.logger.error(`Sign-up: the users document of ${uid} could not be written`, error);
    try {
      await ports.auth.deleteCurrentUser();
    } catch (deleteError) {
      ports.logger.error(`Sign-up: the half-made account ${uid} could not be deleted`, deleteError);
    }
    await signOutQuietly(ports, 'after a failed sign-up');
    return failed(ACCOUNT_MESSAGES.signUpFailed);
  }
  await signOutQuietly(ports, 'after a sign-up');
  return done();
}
