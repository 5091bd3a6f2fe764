import { z } from 'zod';
import { SHOP_MESSAGES } from './messages';

/**
 * The Repair ID rule, written once for every backend: a repair created in the shop console gets the
 * store's prefix, a dash and a number, e.g. `SMC-1042` for Sharma Mobile Care. Short enough to read
 * over the phone, unique within its store and never reused: the number comes from the store's counter
 * (repairCounters/{storeId}: prefix, last), which only grows. The mobile apps' IDs (e.g. `RPR-1001`)
 * have the same shape.
 *
 * Who uses it: the three backends' allocation (memory-shop-repairs.ts, pouchdb-shop-repairs.ts,
 * firestore-repair-id-allocator.ts) ask `nextRepairId`; the write rule (repair-write-rules.ts) asks
 * `counterNextNumber`; the sync gateway (sync-server/repair-workflow.ts) asks `parseRepairId` and
 * `counterBefore`; the stored schema (documents.ts REPAIR_COUNTERS, STORES) takes its prefix pattern and
 * number range from here. Twin: firestore.rules (`match /repairCounters` and `isShopCreate`) must say
 * it again in the rules language; the generated part of it comes from documents.ts, the rest is
 * compared with this file by tests/domain/shop/repair-id-twins.test.ts.
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

/**
 * A prefix: 2 to 5 capital letters or digits, starting with a letter. As pattern source (no anchors),
 * read alike by JavaScript and RE2: documents.ts PATTERNS.repairIdPrefix is this, and firestore.rules'
 * generated schema checks it.
 */
export const REPAIR_ID_PREFIX_PATTERN = '[A-Z][A-Z0-9]{1,4}';

const PREFIX_PATTERN = new RegExp(`^${REPAIR_ID_PREFIX_PATTERN}$`);
const REPAIR_ID_PATTERN = new RegExp(`^(${REPAIR_ID_PREFIX_PATTERN})-(\\d{1,9})$`);

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
  /** The canonical Repair ID, e.g. 'SMC-1042' (never a document id). */
  readonly repairId: string;
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
  return { prefix, number, repairId: `${prefix}-${number}` };
}

/**
 * A Repair ID as a backend stores it: the canonical `PREFIX-n` with n from 1 to MAX_REPAIR_NUMBER (no
 * forgiven spelling); null when it is not one.
 */
export function parseStoredRepairId(repairId: string): ParsedRepairId | null {
  const parsed = parseRepairId(repairId);
  return parsed !== null && parsed.repairId === repairId && parsed.number <= MAX_REPAIR_NUMBER
    ? parsed
    : null;
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

// ───────────────────────────── the store's counter ─────────────────────────────

/** A store's counter as the rule reads it: its fixed prefix and the last number handed out. */
export type RepairCounter = {
  readonly prefix: string;
  readonly last: number;
};

type StoredCounter = Readonly<Record<string, unknown>>;

/**
 * Whether a stored counter can number a repair: a valid prefix and a whole number from
 * FIRST_REPAIR_NUMBER (documents.ts REPAIR_COUNTERS); anything else is a damaged counter, refused
 * rather than guessed at (firestore.rules would refuse every move of it).
 */
export function isCounterState(counter: StoredCounter): boolean {
  const { prefix, last } = counter;
  return (
    typeof prefix === 'string' &&
    isValidPrefix(prefix) &&
    typeof last === 'number' &&
    Number.isSafeInteger(last) &&
    last >= FIRST_REPAIR_NUMBER
  );
}

/** Why a counter cannot number a repair, as the ports answer it. */
export interface CounterRefusal {
  readonly ok: false;
  readonly code: 'failed-precondition' | 'resource-exhausted';
  readonly message: string;
}

/**
 * The number a store's counter hands out next: FIRST_REPAIR_NUMBER when it has none (null), else one
 * more than its last. Refused when the counter is damaged (isCounterState) or has handed out
 * MAX_REPAIR_NUMBER.
 */
export function counterNextNumber(
  counter: StoredCounter | null,
): { ok: true; number: number } | CounterRefusal {
  if (counter === null) return { ok: true, number: FIRST_REPAIR_NUMBER };
  if (!isCounterState(counter))
    return { ok: false, code: 'failed-precondition', message: SHOP_MESSAGES.repairCounterInvalid };
  const last = counter.last as number;
  if (last >= MAX_REPAIR_NUMBER)
    return { ok: false, code: 'resource-exhausted', message: SHOP_MESSAGES.repairIdsUsedUp };
  return { ok: true, number: nextRepairNumber(last) };
}

/**
 * The prefix of a store's first Repair ID: its `repairIdPrefix` setting when that is a valid prefix,
 * else one made from its name (an invalid setting falls back rather than failing the create).
 */
export function prefixForStore(store: { readonly repairIdPrefix?: unknown; readonly name: string }): string {
  const own = store.repairIdPrefix;
  return typeof own === 'string' && isValidPrefix(own) ? own : prefixFromStoreName(store.name);
}

/**
 * The prefix of a store's Repair IDs as every backend answers ShopRepairRepository.repairIdPrefix: the
 * counter's once it has a valid one (fixed at the first allocation), else its first repair's
 * (prefixForStore). A search for a bare number ('1005') puts it before the number.
 */
export function storeRepairIdPrefix(
  counter: StoredCounter | null | undefined,
  store: { readonly repairIdPrefix?: unknown; readonly name: string },
): string {
  const own = counter?.prefix;
  return typeof own === 'string' && isValidPrefix(own) ? own : prefixForStore(store);
}

/** A store's next Repair ID and the counter state that hands it out, or why there is none. */
export type NextRepairId =
  | { readonly ok: true; readonly prefix: string; readonly number: number; readonly repairId: string }
  | CounterRefusal;

/**
 * The allocation rule every backend runs: the store's counter (null: it has none yet) gives the next
 * number (counterNextNumber); the prefix is the counter's, fixed once it exists, else the store's
 * (prefixForStore). The backend stores `{ prefix, last: number }` as the counter in the same
 * transaction as the repair, so a number is never handed out twice, nor reused after a delete.
 */
export function nextRepairId(
  counter: StoredCounter | null,
  store: { readonly repairIdPrefix?: unknown; readonly name: string },
): NextRepairId {
  const next = counterNextNumber(counter);
  if (!next.ok) return next;
  const prefix = counter === null ? prefixForStore(store) : (counter.prefix as string);
  return { ok: true, prefix, number: next.number, repairId: formatRepairId(prefix, next.number) };
}

/**
 * The counter a Repair ID was handed out from: none for the store's first number (FIRST_REPAIR_NUMBER
 * or below), else the same prefix with the number before. The sync gateway judges a pushed new repair
 * with it (the device's counter does not replicate).
 */
export function counterBefore(parsed: ParsedRepairId): RepairCounter | null {
  return parsed.number > FIRST_REPAIR_NUMBER ? { prefix: parsed.prefix, last: parsed.number - 1 } : null;
}
