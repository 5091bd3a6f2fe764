import { z } from 'zod';

/** A practical e-mail check (the provider has the last word): one @, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);
}

/** Normalises an address as entered: trimmed. (Case is kept; the provider compares case-insensitively.) */
export function normaliseEmail(value: string): string {
  return value.trim();
}

export function emailField(requiredMessage: string, invalidMessage: string) {
  return z
    .string()
    .transform(normaliseEmail)
    .pipe(z.string().min(1, requiredMessage).refine(isValidEmail, invalidMessage));
}
