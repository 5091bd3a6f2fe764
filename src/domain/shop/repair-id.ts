import { z } from 'zod';
import { SHOP_MESSAGES } from './messages';

/**
 * The Repair ID of a repair created in the shop console: the store's prefix, a dash and a number,
 * e.g. `SMC-1042` for Sharma Mobile Care. Short enough to read over the phone, unique within its store
 * and never reused: the number comes from the store's counter, which only grows (the allocation is a
 * port; `nextRepairNumber` is its rule). The mobile apps' IDs (e.g. `RPR-1001`) have the same shape.
 */

/** The first number of a store's counter (so IDs have four digits from the start). */
export const FIRST_REPAIR_NUMBER = 1001;

/**
 * The largest number a store hands out: seven digits, short enough to read over the phone. A counter
 * can never be pushed past it to jam the store (a member could only move it one number at a time).
 */
export const MAX_REPAIR_NUMBER = 9_999_999;

/** The prefix when a store's name gives no letters (e.g. a name in another script). */
export const FALLBACK_PREFIX = 'RPR';

const PREFIX_PATTERN = /^[A-Z][A-Z0-9]{1,4}$/;
const REPAIR_ID_PATTERN = /^([A-Z][A-Z0-9]{1,4})-(\d{1,9})$/;

/** Words of a name, in Latin letters and digits, accents removed. */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * A store's prefix from its name: the initials of its words, up to four ('Sharma Mobile Care' → 'SMC');
 * a one-word name gives its first three letters ('Fixit' → 'FIX'); '&', 'and', 'the' and 'of' are
 * skipped; a name with no Latin letter gives 'RPR'.
 */
export function prefixFromStoreName(name: string): string {
  const skipped = new Set(['AND', 'THE', 'OF']);
  const words = wordsOf(name).filter((word) => !skipped.has(word));
  const lettered = words.filter((word) => /^[A-Z]/.test(word));
  if (lettered.length === 0) return FALLBACK_PREFIX;
  if (lettered.length === 1) {
    const word = lettered[0] ?? '';
    const prefix = word.slice(0, 3);
    return prefix.length >= 2 ? prefix : FALLBACK_PREFIX;
  }
  return lettered
    .slice(0, 4)
    .map((word) => word[0])
    .join('');
}

/** A prefix an owner may choose: 2 to 5 capital letters or digits, starting with a letter. */
export function isValidPrefix(prefix: string): boolean {
  return PREFIX_PATTERN.test(prefix);
}

/** A prefix as the settings form takes it: trimmed and upper-cased, then checked. */
export const repairIdPrefixSchema = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().refine(isValidPrefix, SHOP_MESSAGES.repairIdPrefixInvalid));

/** `formatRepairId('SMC', 1042)` → 'SMC-1042'. Throws on a bad prefix or number (a programming error). */
export function formatRepairId(prefix: string, n: number): string {
  if (!isValidPrefix(prefix)) throw new RangeError(`Invalid Repair ID prefix: ${prefix}`);
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_REPAIR_NUMBER)
    throw new RangeError(`Invalid Repair ID number: ${n}`);
  return `${prefix}-${n}`;
}

export interface ParsedRepairId {
  readonly prefix: string;
  readonly number: number;
  /** The canonical form, e.g. 'SMC-1042'. */
  readonly id: string;
}

/**
 * A Repair ID as typed: case, surrounding spaces and a space or no separator instead of the dash are
 * forgiven ('smc 1042', 'SMC1042' → SMC-1042); null when it is not one.
 */
export function parseRepairId(raw: string): ParsedRepairId | null {
  const text = raw.trim().toUpperCase();
  const match = REPAIR_ID_PATTERN.exec(text) ?? /^([A-Z][A-Z0-9]{0,3}[A-Z])[\s-]?(\d{1,9})$/.exec(text);
  if (match === null) return null;
  const prefix = match[1] ?? '';
  const number = Number(match[2]);
  if (!isValidPrefix(prefix) || number < 1) return null;
  return { prefix, number, id: `${prefix}-${number}` };
}

/**
 * The allocation rule: the number after the store's counter (FIRST_REPAIR_NUMBER for a new store). The
 * port stores the returned number as the new counter in the same transaction as the repair, so a
 * number is never handed out twice, and never reused after a repair is deleted.
 */
export function nextRepairNumber(counter: number | null | undefined): number {
  if (counter === null || counter === undefined) return FIRST_REPAIR_NUMBER;
  if (!Number.isFinite(counter)) throw new RangeError(`Invalid repair counter: ${counter}`);
  return Math.max(FIRST_REPAIR_NUMBER, Math.floor(counter) + 1);
}

/** For the rules: a counter may only move to the next number. */
export function isCounterAdvance(previous: number | null | undefined, next: number): boolean {
  return next === nextRepairNumber(previous);
}
