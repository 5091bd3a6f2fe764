import type { ShopRepairPatch } from '../../ports/shop-repairs';
import { asInstant } from '../shared/time';
import type { ShopRepair } from './repair-record';

/**
 * Changes 'Changed on another device' (issue 20): an edit made on this device that the server refused
 * when it arrived, because the repair had been changed on another device since this one read it (on
 * Firestore a queued offline edit whose history is no longer the stored one). Nothing of it is lost:
 * the device keeps the edit and the values it was based on, and the repair page shows each field with
 * both values side by side, for the person to keep theirs or the other.
 */

/** The fields an edit may change (ShopRepairPatch's). */
export type EditedField = keyof ShopRepairPatch;

export interface RefusedChange {
  /** Made by the device when kept (for dismissing it). */
  readonly id: string;
  readonly repairDocId: string;
  /** What the person changed. */
  readonly patch: ShopRepairPatch;
  /** The values of the same fields this device had when the change was made (null: unknown). */
  readonly base: Readonly<Partial<Record<EditedField, unknown>>>;
  /** When the change was made on this device (ISO text). */
  readonly at: string;
  /**
   * A status move made with it (or alone, `patch` then empty): to `to`, from `from`, the status this
   * device had. Not applied again for the person: the workflow asks for the next step from the status
   * saved now.
   */
  readonly move?: { readonly to: string; readonly from: string };
}

/** A refused status move whose status is not the one saved now: the person is told, and moves again. */
export interface RefusedMove {
  readonly changeId: string;
  readonly to: string;
  readonly from: string;
  /** The status saved now (another device's move). */
  readonly now: string;
}

/** One field of a refused change whose value differs from the one saved now. */
export interface FieldConflict {
  readonly changeId: string;
  readonly field: EditedField;
  /** This device's value (as ShopRepairPatch writes it). */
  readonly mine: unknown;
  /** The value saved now (changed on another device, or left as it was). */
  readonly saved: unknown;
  /** The value this device had when the change was made. */
  readonly base: unknown;
}

const EDITED_FIELDS: readonly EditedField[] = [
  'customerName',
  'customerMobile',
  'productType',
  'productName',
  'imeiSerial',
  'problemList',
  'accessories',
  'otherAccessory',
  'conditionNotes',
  'estimatePaise',
  'finalPaise',
  'promisedDate',
  'unlockCode',
];

/** A stored value of a field as the edit's patch writes it. */
export function savedValueOf(repair: ShopRepair, unlockCode: string, field: EditedField): unknown {
  return field === 'unlockCode' ? unlockCode : repair[field];
}

/** The values a device had of the fields a patch changes (the refused change's base). */
export function baseOf(repair: ShopRepair, unlockCode: string | null, patch: ShopRepairPatch) {
  const base: Partial<Record<EditedField, unknown>> = {};
  for (const field of EDITED_FIELDS)
    if (patch[field] !== undefined)
      base[field] = field === 'unlockCode' ? unlockCode : savedValueOf(repair, '', field);
  return base;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of a repair's refused changes that still differ from what is saved now, oldest change
 * first: a field the other device left as it was, or changed to this device's value, asks nothing.
 */
export function conflictsOf(
  repair: ShopRepair,
  unlockCode: string,
  changes: readonly RefusedChange[],
): FieldConflict[] {
  return [...changes]
    .filter((change) => change.repairDocId === repair.id)
    .sort((a, b) => a.at.localeCompare(b.at))
    .flatMap((change) =>
      EDITED_FIELDS.flatMap((field) => {
        const mine = change.patch[field];
        if (mine === undefined) return [];
        const saved = savedValueOf(repair, unlockCode, field);
        return same(mine, saved)
          ? []
          : [{ changeId: change.id, field, mine, saved, base: change.base[field] }];
      }),
    );
}

/** A kept move read back, or undefined. */
function parseMove(raw: unknown): RefusedChange['move'] {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { to, from } = raw as Record<string, unknown>;
  return typeof to === 'string' && typeof from === 'string' && to !== '' ? { to, from } : undefined;
}

/** What a device kept (JSON) read back: well-formed changes only. */
export function parseRefusedChanges(raw: unknown): RefusedChange[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, repairDocId, patch, base, at } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof repairDocId !== 'string' || typeof at !== 'string') return [];
    if (typeof patch !== 'object' || patch === null || typeof base !== 'object' || base === null) return [];
    const known = Object.fromEntries(
      Object.entries(patch).filter(([field]) => (EDITED_FIELDS as readonly string[]).includes(field)),
    ) as ShopRepairPatch;
    const move = parseMove((item as Record<string, unknown>).move);
    if (Object.keys(known).length === 0 && move === undefined) return [];
    return [
      { id, repairDocId, patch: known, base: base as RefusedChange['base'], at, ...(move ? { move } : {}) },
    ];
  });
}

/** The refused status moves of a repair whose status is not the one saved now, oldest first. */
export function refusedMovesOf(repair: ShopRepair, changes: readonly RefusedChange[]): RefusedMove[] {
  return [...changes]
    .filter((change) => change.repairDocId === repair.id && change.move !== undefined)
    .sort((a, b) => a.at.localeCompare(b.at))
    .flatMap((change) => {
      const move = change.move as NonNullable<RefusedChange['move']>;
      return move.to === repair.status ? [] : [{ changeId: change.id, ...move, now: repair.status }];
    });
}

/** The part of a refused change to apply again: the fields the person chose to keep as theirs. */
export function keptPatch(change: RefusedChange, keepMine: readonly EditedField[]): ShopRepairPatch {
  return Object.fromEntries(
    keepMine
      .filter((field) => change.patch[field] !== undefined)
      .map((field) => [field, change.patch[field]]),
  ) as ShopRepairPatch;
}

/**
 * A revision of a repair that this device wrote while another device's revision of the same repair
 * reached the server first (on PouchDB, a conflicting revision the sync gateway did not take), as a
 * refused change: the fields it edited since `base`, the revision both grew from, at its values, with
 * base's values beside them. Without base (compacted away) every field that differs from the saved
 * revision counts as edited, its base unknown. The unlock code is kept apart from the repair and
 * never conflicts. A status move on it is kept as its `move` (the person is told, and moves again).
 * Null when it did neither (a payment alone is merged). `fallbackAt`: its time when it has none.
 */
export function refusedChangeOfRevision(
  mine: ShopRepair,
  base: ShopRepair | null,
  saved: ShopRepair,
  fallbackAt: Date,
): Omit<RefusedChange, 'id'> | null {
  const patch: Record<string, unknown> = {};
  const before: Partial<Record<EditedField, unknown>> = {};
  for (const field of EDITED_FIELDS) {
    if (field === 'unlockCode') continue;
    const value = savedValueOf(mine, '', field);
    const from = base === null ? savedValueOf(saved, '', field) : savedValueOf(base, '', field);
    if (same(value, from)) continue;
    patch[field] = value;
    if (base !== null) before[field] = from;
  }
  const from = base === null ? saved.status : base.status;
  const moved = mine.status !== from;
  if (Object.keys(patch).length === 0 && !moved) return null;
  return {
    repairDocId: mine.id,
    patch: patch as ShopRepairPatch,
    base: before,
    at: (asInstant(mine.updatedAt) ?? fallbackAt).toISOString(),
    ...(moved ? { move: { to: mine.status, from } } : {}),
  };
}

/** The values of the fields an edit changes, as the person saw them when they made it (its basis). */
export type EditBasis = Readonly<Partial<Record<EditedField, unknown>>>;

/**
 * The fields of an edit that another device changed since the person saw them: stored now with a value
 * that is neither the one they saw (`basis`) nor the one they typed. Such an edit is not applied
 * silently over the other device's (ShopRepairRepository.update): it is kept for the person to choose.
 * A field without a basis, and the unlock code (kept apart from the repair), are never stale.
 */
export function staleFields(current: ShopRepair, patch: ShopRepairPatch, basis: EditBasis): EditedField[] {
  return EDITED_FIELDS.filter((field) => {
    if (field === 'unlockCode' || patch[field] === undefined || !(field in basis)) return false;
    const saved = savedValueOf(current, '', field);
    return !same(saved, basis[field]) && !same(saved, patch[field]);
  });
}
