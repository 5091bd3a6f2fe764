import type { AuthUser, Ports } from '../../ports';
import { AuthError, type AuthErrorCode } from '../../ports/errors';
import { indianMobileDigits, indianMobileE164 } from '../shared/phone';
import { done, failed, invalid, type Outcome } from '../shared/validation';
import { mobileOf, type UserProfile } from './user';

/** Texts of the mobile-number check (ours: the spec has none). */
export const PHONE_MESSAGES = {
  heading: 'Verify your mobile number',
  intro:
    'Your repairs are matched to your mobile number. Prove it is yours with a one-time code sent by SMS, once, and the tracker opens.',
  mobileRequired: 'Please enter your mobile number.',
  mobileInvalid: 'Please enter a valid 10-digit Indian mobile number.',
  codeRequired: 'Please enter the 6-digit code from the SMS.',
  codeMalformed: 'The code has 6 digits.',
  codeWrong: 'That code is not right. Check the SMS and try again.',
  codeExpired: 'This code has expired. Send a new one.',
  sessionExpired: 'This code can no longer be used. Send a new one.',
  phoneInUse: 'This mobile number is already verified on another account.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  sendFailed: 'Could not send the code. Please try again.',
  verifyFailed: 'Could not verify the code. Please try again.',
  signInFirst: 'Please sign in again to verify your number.',
  codeSent: (shown: string) => `We sent a 6-digit code to ${shown}.`,
  verified: 'Your mobile number is verified.',
} as const;

const SEND_ERRORS: Partial<Record<AuthErrorCode, string>> = {
  'invalid-phone-number': PHONE_MESSAGES.mobileInvalid,
  'too-many-requests': PHONE_MESSAGES.tooManyRequests,
  'requires-recent-login': PHONE_MESSAGES.signInFirst,
  'network-request-failed': 'Network error. Please check your connection and try again.',
};

const CONFIRM_ERRORS: Partial<Record<AuthErrorCode, string>> = {
  'invalid-verification-code': PHONE_MESSAGES.codeWrong,
  'code-expired': PHONE_MESSAGES.codeExpired,
  'invalid-verification-id': PHONE_MESSAGES.sessionExpired,
  'credential-already-in-use': PHONE_MESSAGES.phoneInUse,
  'too-many-requests': PHONE_MESSAGES.tooManyRequests,
  'requires-recent-login': PHONE_MESSAGES.signInFirst,
  'network-request-failed': 'Network error. Please check your connection and try again.',
};

/** The table's message for an auth error; anything else reads as `fallback`, its cause logged. */
function messageFor(
  ports: Pick<Ports, 'logger'>,
  what: string,
  table: typeof SEND_ERRORS,
  error: unknown,
  fallback: string,
): string {
  const known = error instanceof AuthError ? table[error.code] : undefined;
  if (known !== undefined) return known;
  ports.logger.error(`${what} failed`, error);
  return fallback;
}

/** A code on its way: what confirming it needs, and the number it went to (E.164). */
export interface SentCode {
  readonly verificationId: string;
  readonly phoneNumber: string;
}

/** The number to offer for verification: the profile's mobile, when it is an Indian mobile number. */
export function suggestedMobile(profile: UserProfile | null): string {
  if (profile === null) return '';
  return indianMobileDigits(mobileOf(profile)) ?? '';
}

/** Sends the one-time code to an Indian mobile number (+91, 0, spaces and dashes accepted). */
export async function sendPhoneCode(
  ports: Pick<Ports, 'auth' | 'logger'>,
  rawMobile: string,
): Promise<Outcome<SentCode, 'mobile'>> {
  if (rawMobile.trim() === '') return invalid({ mobile: PHONE_MESSAGES.mobileRequired });
  const phoneNumber = indianMobileE164(rawMobile);
  if (phoneNumber === null) return invalid({ mobile: PHONE_MESSAGES.mobileInvalid });
  try {
    const verificationId = await ports.auth.sendPhoneVerificationCode(phoneNumber);
    return done({ verificationId, phoneNumber });
  } catch (error) {
    const message = messageFor(ports, 'Sending a phone code', SEND_ERRORS, error, PHONE_MESSAGES.sendFailed);
    return error instanceof AuthError && error.code === 'invalid-phone-number'
      ? invalid({ mobile: message })
      : failed(message);
  }
}

/**
 * Confirms the code. The verified number then also becomes the profile's mobile (a self-edit), so that
 * the apps and the shop show the number the customer proved; that second step is best effort.
 */
export async function confirmPhoneCode(
  ports: Pick<Ports, 'auth' | 'users' | 'logger'>,
  verificationId: string,
  rawCode: string,
  profile: UserProfile | null,
): Promise<Outcome<AuthUser, 'code'>> {
  const code = rawCode.replace(/\s/g, '');
  if (code === '') return invalid({ code: PHONE_MESSAGES.codeRequired });
  if (!/^\d{6}$/.test(code)) return invalid({ code: PHONE_MESSAGES.codeMalformed });
  let user: AuthUser;
  try {
    user = await ports.auth.confirmPhoneVerificationCode(verificationId, code);
  } catch (error) {
    const message = messageFor(
      ports,
      'Confirming a phone code',
      CONFIRM_ERRORS,
      error,
      PHONE_MESSAGES.verifyFailed,
    );
    return error instanceof AuthError && ['invalid-verification-code', 'code-expired'].includes(error.code)
      ? invalid({ code: message })
      : failed(message);
  }
  const digits = user.phoneNumber === null ? null : indianMobileDigits(user.phoneNumber);
  if (profile !== null && digits !== null && indianMobileDigits(profile.mobile) !== digits) {
    try {
      await ports.users.updateOwnProfile({ mobile: digits });
    } catch (error) {
      ports.logger.warn('The verified number could not be copied to the profile', error);
    }
  }
  return done(user);
}
