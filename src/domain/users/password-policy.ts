import { PASSWORD_REQUIREMENTS } from './messages';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * The requirements a password fails, beyond its length: an upper-case character and a
 * non-alphanumeric character. The same policy is enforced by every authentication backend.
 */
export function unmetPasswordRequirements(password: string): string[] {
  const unmet: string[] = [];
  if (!/\p{Lu}/u.test(password)) unmet.push(PASSWORD_REQUIREMENTS.upperCase);
  if (!/[^\p{L}\p{N}]/u.test(password)) unmet.push(PASSWORD_REQUIREMENTS.nonAlphanumeric);
  return unmet;
}

export function isPasswordLongEnough(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH;
}
