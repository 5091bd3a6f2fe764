import { SHOP_MESSAGES } from './messages';
import {
  type CounterRefusal,
  counterNextNumber,
  isValidPrefix,
  MAX_REPAIR_NUMBER,
  parseStoredRepairId,
  prefixForStore,
  type RepairCounter,
} from './repair-id';

/**
 * Repair ID blocks (issue 20, ADR 0012): so that a job card taken with the network cut gets its final
 * short Repair ID at once, each device of a store member holds a few numbers of that store, reserved
 * while online. A reservation moves the store's counter (repairCounters/{storeId}) by a whole block in
 * one transaction and records the block (repairIdBlocks/{storeId}_{first}: the store, the member, the
 * prefix, the first and last number); a repair numbered from a block names it (`idBlock`, its first
 * number), and the rules accept it when the block is this member's, of this store, and holds the
 * number. Each Repair ID's lookup document is created with its repair and never twice, so a number is
 * never used twice whoever holds it.
 *
 * Numbers stay unique per store and are never reused. Gaps are allowed: the numbers of a block that a
 * device never uses (the browser's data cleared, the account signed out there, the member removed) are
 * skipped, as a deleted repair's number is.
 *
 * Twin: firestore.rules (`match /repairIdBlocks` and the block branch of `isShopCreate`) and the local
 * rules (adapters/local) ask `blockHoldsRepairId`; the reservation's counter move is
 * `planBlockReservation`'s.
 */

/** How many numbers a device reserves at a time: a busy counter's day offline, small enough to waste. */
export const REPAIR_ID_BLOCK_SIZE = 20;

/** The most numbers one reservation may take (the rules' bound: no member can drain a store's IDs). */
export const MAX_REPAIR_ID_BLOCK_SIZE = 50;

/** A device reserves another block in the background when it holds fewer numbers than this. */
export const REPAIR_ID_TOP_UP_BELOW = 5;

/** A block of a store's Repair ID numbers, reserved by one member (its uid) for one device. */
export interface RepairIdBlock {
  readonly storeId: string;
  readonly uid: string;
  /** The counter's prefix when reserved: every number of the block is `${prefix}-${n}`. */
  readonly prefix: string;
  readonly first: number;
  readonly last: number;
}

/** The id of a block's document: its store and its first number (unique: the counter only grows). */
export function repairIdBlockId(storeId: string, first: number): string {
  return `${storeId}_${first}`;
}

export interface BlockReservation {
  readonly ok: true;
  /** The counter after the reservation: its prefix, and the block's last number. */
  readonly counter: RepairCounter;
  readonly block: RepairIdBlock;
}

/**
 * A reservation of `size` numbers (REPAIR_ID_BLOCK_SIZE by default) from a store's counter: the
 * numbers after its last (FIRST_REPAIR_NUMBER for a store that has none), the counter's prefix (or, for
 * its first allocation, the store's: prefixForStore). Near MAX_REPAIR_NUMBER the block is shorter;
 * refused as counterNextNumber refuses (a damaged counter, every number handed out).
 */
export function planBlockReservation(
  counter: Readonly<Record<string, unknown>> | null,
  store: { readonly id: string; readonly name: string; readonly repairIdPrefix?: unknown },
  uid: string,
  size: number = REPAIR_ID_BLOCK_SIZE,
): BlockReservation | CounterRefusal {
  if (!Number.isSafeInteger(size) || size < 1 || size > MAX_REPAIR_ID_BLOCK_SIZE)
    throw new RangeError(`Invalid Repair ID block size: ${size}`);
  const next = counterNextNumber(counter);
  if (!next.ok) return next;
  const prefix = counter === null ? prefixForStore(store) : String(counter.prefix);
  if (!isValidPrefix(prefix))
    return { ok: false, code: 'failed-precondition', message: SHOP_MESSAGES.repairCounterInvalid };
  const last = Math.min(next.number + size - 1, MAX_REPAIR_NUMBER);
  return {
    ok: true,
    counter: { prefix, last },
    block: { storeId: store.id, uid, prefix, first: next.number, last },
  };
}

/**
 * A stored block as the rules read it (repairIdBlocks/{id}); null when any field is missing or out of
 * shape, or the block is longer than MAX_REPAIR_ID_BLOCK_SIZE.
 */
export function parseRepairIdBlock(raw: unknown): RepairIdBlock | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { storeId, uid, prefix, first, last } = raw as Record<string, unknown>;
  if (typeof storeId !== 'string' || storeId === '' || typeof uid !== 'string' || uid === '') return null;
  if (typeof prefix !== 'string' || !isValidPrefix(prefix)) return null;
  if (!isNumber(first) || !isNumber(last) || last < first || last - first + 1 > MAX_REPAIR_ID_BLOCK_SIZE)
    return null;
  return { storeId, uid, prefix, first, last };
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_REPAIR_NUMBER;

/**
 * The rule for a repair numbered from a block: the block is this member's, of this store, and its
 * prefix and range hold the Repair ID (stored spelling only).
 */
export function blockHoldsRepairId(
  block: RepairIdBlock | null,
  repairId: string,
  storeId: string,
  uid: string,
): boolean {
  if (block === null || block.storeId !== storeId || block.uid !== uid) return false;
  const parsed = parseStoredRepairId(repairId);
  return (
    parsed !== null &&
    parsed.prefix === block.prefix &&
    parsed.number >= block.first &&
    parsed.number <= block.last
  );
}

/** A block a device holds, and the next of its numbers to hand out (past `last` once used up). */
export interface HeldBlock extends RepairIdBlock {
  readonly next: number;
}

/** The numbers a device still holds for a store and member. */
export function numbersLeft(held: readonly HeldBlock[], storeId: string, uid: string): number {
  return held
    .filter((block) => block.storeId === storeId && block.uid === uid)
    .reduce((sum, block) => sum + Math.max(0, block.last - block.next + 1), 0);
}

/** Whether the device should reserve another block for this store and member (in the background). */
export function needsTopUp(held: readonly HeldBlock[], storeId: string, uid: string): boolean {
  return numbersLeft(held, storeId, uid) < REPAIR_ID_TOP_UP_BELOW;
}

export interface TakenNumber {
  readonly repairId: string;
  /** The block's first number: the repair's `idBlock`, how the rules find its block. */
  readonly idBlock: number;
  /** What the device holds afterwards. */
  readonly held: readonly HeldBlock[];
}

/**
 * The next number a device holds for a store and member: from its oldest block first (the lowest
 * numbers), so a store's IDs grow roughly in the order job cards are taken. Null when it holds none
 * (the caller falls back to a provisional ID, or to the counter when online).
 */
export function takeHeldNumber(held: readonly HeldBlock[], storeId: string, uid: string): TakenNumber | null {
  const candidates = held
    .filter((block) => block.storeId === storeId && block.uid === uid && block.next <= block.last)
    .sort((a, b) => a.first - b.first);
  const block = candidates[0];
  if (block === undefined) return null;
  return {
    repairId: `${block.prefix}-${block.next}`,
    idBlock: block.first,
    held: held.map((other) => (other === block ? { ...block, next: block.next + 1 } : other)),
  };
}

/**
 * What a device kept (localStorage, JSON) read back: its blocks with a sane `next`; anything else is
 * dropped (a dropped block's numbers become gaps, never duplicates: the rules and the lookup documents
 * still refuse a number used twice). Used-up blocks are dropped too.
 */
export function parseHeldBlocks(raw: unknown): HeldBlock[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const block = parseRepairIdBlock(item);
    const next = (item as { next?: unknown } | null)?.next;
    if (block === null || typeof next !== 'number' || !Number.isSafeInteger(next)) return [];
    if (next < block.first || next > block.last) return [];
    return [{ ...block, next }];
  });
}
