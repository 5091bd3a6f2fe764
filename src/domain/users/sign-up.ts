import { z } from 'zod';
import type { Ports } from '../../ports';
import { AuthError } from '../../ports/errors';
import { isPlausiblePhone } from '../shared/phone';
import type { FieldErrors } from '../shared/validation';
import { authErrorMessage } from './auth-errors';
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

const signUpSchema = z.object({
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

export type SignUpResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** A message for the whole form (shown above it). */
      readonly message?: string;
      /** The unmet password requirements, shown as a bulleted list. */
      readonly passwordRequirements?: readonly string[];
      readonly fieldErrors?: FieldErrors<SignUpField>;
    };

/** Checks the form before anything is sent: agreements first, then each field, then the password policy. */
export function validateSignUp(
  input: SignUpInput,
): { ok: true; value: ValidSignUp } | Extract<SignUpResult, { ok: false }> {
  if (!input.acceptedTerms || !input.acceptedPrivacy)
    return { ok: false, message: ACCOUNT_MESSAGES.acceptBoth };
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: FieldErrors<SignUpField> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as SignUpField;
      fieldErrors[field] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const unmet = unmetPasswordRequirements(parsed.data.password);
  if (unmet.length > 0) return { ok: false, passwordRequirements: unmet };
  return { ok: true, value: parsed.data };
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
export function signUpErrorResult(error: unknown): Extract<SignUpResult, { ok: false }> {
  if (!(error instanceof AuthError)) return { ok: false, message: ACCOUNT_MESSAGES.signUpFailed };
  switch (error.code) {
    case 'email-already-in-use':
      return { ok: false, message: ACCOUNT_MESSAGES.emailInUse };
    case 'invalid-email':
      return { ok: false, message: ACCOUNT_MESSAGES.invalidEmail };
    case 'weak-password':
      return { ok: false, message: ACCOUNT_MESSAGES.signUpPasswordTooShort };
    case 'password-does-not-meet-requirements':
      return error.unmetRequirements.length > 0
        ? { ok: false, passwordRequirements: error.unmetRequirements }
        : { ok: false, message: error.message || ACCOUNT_MESSAGES.signUpFailed };
    default:
      // Known codes (network, too many attempts…) read as a sentence; others show the provider's message.
      return { ok: false, message: authErrorMessage(error, ACCOUNT_MESSAGES.signUpFailed) };
  }
}

/**
 * Creates the account, then its users document, then signs out so that the person signs in anew.
 * If the document cannot be written, the new account is deleted again: nothing is left half-made.
 */
export async function signUp(
  ports: Pick<Ports, 'auth' | 'users' | 'clock'>,
  input: SignUpInput,
): Promise<SignUpResult> {
  const checked = validateSignUp(input);
  if (!checked.ok) return checked;
  let uid: string;
  try {
    uid = (await ports.auth.signUp(checked.value.email, checked.value.password)).uid;
  } catch (error) {
    return signUpErrorResult(error);
  }
  try {
    await ports.users.createProfile(uid, newUserRecord(checked.value, ports.clock.now()));
  } catch {
    await ports.auth.deleteCurrentUser().catch(() => undefined);
    await ports.auth.signOut().catch(() => undefined);
    return { ok: false, message: ACCOUNT_MESSAGES.signUpFailed };
  }
  await ports.auth.signOut().catch(() => undefined);
  return { ok: true };
}
