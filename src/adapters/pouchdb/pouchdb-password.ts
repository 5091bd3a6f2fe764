/**
 * Password hashing for the local accounts: salted PBKDF2-HMAC-SHA-256 through WebCrypto
 * (globalThis.crypto.subtle, in browsers and in Node 20). Each hash records its own iteration count, so
 * raising the count later still verifies older hashes (they are upgraded at the next sign-in).
 */

export const PASSWORD_ALGORITHM = 'PBKDF2-SHA256';
/**
 * The browser default: OWASP's Password Storage Cheat Sheet figure for PBKDF2-HMAC-SHA256 (600,000).
 * Tests pass a low count for speed.
 */
export const DEFAULT_PBKDF2_ITERATIONS = 600_000;
/**
 * The range a hash may use. A stored count above the cap is refused, never run: an account document
 * from a sync peer naming a billion iterations would otherwise hang sign-in.
 */
export const MIN_PBKDF2_ITERATIONS = 1_000;
export const MAX_PBKDF2_ITERATIONS = 2_000_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordHash {
  readonly algorithm: typeof PASSWORD_ALGORITHM;
  readonly iterations: number;
  /** base64 */
  readonly salt: string;
  /** base64 */
  readonly hash: string;
  /** Set on hashes the seeder shares between accounts with one password; rehashed at sign-in. */
  readonly sharedSalt?: true;
}

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const isIterationCount = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= MIN_PBKDF2_ITERATIONS &&
  value <= MAX_PBKDF2_ITERATIONS;

export function checkIterations(iterations: number): number {
  if (!isIterationCount(iterations))
    throw new RangeError(
      `PBKDF2 iterations must be an integer from ${MIN_PBKDF2_ITERATIONS} to ${MAX_PBKDF2_ITERATIONS} (got ${iterations})`,
    );
  return iterations;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations: number): Promise<PasswordHash> {
  const salt = new Uint8Array(SALT_BYTES);
  crypto.getRandomValues(salt);
  const hash = await derive(password, salt, checkIterations(iterations));
  return { algorithm: PASSWORD_ALGORITHM, iterations, salt: toBase64(salt), hash: toBase64(hash) };
}

function isPasswordHash(value: unknown): value is PasswordHash {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    candidate.algorithm === PASSWORD_ALGORITHM &&
    isIterationCount(candidate.iterations) &&
    typeof candidate.salt === 'string' &&
    candidate.salt.length <= 64 &&
    typeof candidate.hash === 'string' &&
    candidate.hash.length <= 64
  );
}

/** Compares in time independent of where the inputs differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** True when `password` matches the stored hash. A malformed stored value never matches. */
export async function verifyPassword(password: string, stored: unknown): Promise<boolean> {
  if (!isPasswordHash(stored)) return false;
  const hash = await derive(password, fromBase64(stored.salt), stored.iterations);
  return sameBytes(hash, fromBase64(stored.hash));
}

/** Spends the same effort as a verification, so that an unknown e-mail takes as long as a wrong password. */
export async function wasteVerification(password: string, iterations: number): Promise<void> {
  await derive(password, new Uint8Array(SALT_BYTES), checkIterations(iterations));
}

/**
 * True when a hash should be made again at the next sign-in: another iteration count, or a salt shared
 * with other accounts (the demo data set hashes its one known password once, to load fast).
 */
export function needsRehash(stored: unknown, iterations: number): boolean {
  return !isPasswordHash(stored) || stored.iterations !== iterations || stored.sharedSalt === true;
}

/** SHA-256 of a text, hex: reset codes are stored by this digest, never as issued. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A random id of `length` letters and digits (Firebase-like uids). */
export function randomId(length = 28): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  while (out.length < length) {
    const bytes = new Uint8Array(length * 2);
    crypto.getRandomValues(bytes);
    // 256 is not a multiple of 62: bytes from 248 up are skipped so that every character is equally likely.
    for (const byte of bytes) if (byte < 248 && out.length < length) out += alphabet[byte % alphabet.length];
  }
  return out;
}
