import { ACCESSORIES, DEVICE_TYPES, emptyJobCard, type JobCardInput } from '../../../../domain/shop/job-card';
import { COMMON_PROBLEMS } from '../../../../domain/shop/problems';
import { JOB_CARD_DRAFT_MAX_AGE_MS, jobCardDraftKey } from './job-card-draft-store';

/**
 * The job card's draft: what was typed on /shop/repairs/new, kept on this device (localStorage, see
 * job-card-draft-store.ts) so that a reload or a crash loses nothing. Never the unlock code (a secret
 * shown only to the shop) and never the photos (images, too large for the storage): the draft only
 * remembers that they were there, so the page can say what to give again.
 */

/** The texts of the job card's draft note. */
export const JOB_CARD_DRAFT_TEXTS = {
  restored: 'Draft restored',
  discard: 'Discard draft',
  keptSince: (when: string) =>
    `What you typed on this job card (last change ${when}) was kept on this device.`,
  unlockCodeNotKept: 'The Unlock Code is never kept in a draft: type it again.',
  photosNotKept: (count: number) =>
    count === 1
      ? 'Photos are not kept in a draft: add the photo again.'
      : `Photos are not kept in a draft: add the ${count} photos again.`,
  neverKept: 'The Unlock Code and photos are never kept in a draft.',
  unlockCodeHint: 'Optional. Shown only to the shop. Never kept in the draft: type it again.',
  notSaved: 'This browser did not let the job card be kept as a draft: a reload would lose what is typed.',
} as const;

/** The fields a draft keeps: every field of the job card but the unlock code and the photos. */
export type DraftValues = Omit<JobCardInput, 'unlockCode' | 'photos'>;

export interface JobCardDraft {
  /** The form's values: the draft's fields, with the unlock code and the photos empty. */
  readonly values: JobCardInput;
  /** When it was last saved (epoch ms). */
  readonly savedAt: number;
  /** An unlock code had been typed (it was not kept). */
  readonly unlockCodeLeftOut: boolean;
  /** How many photos had been picked (none was kept). */
  readonly photosLeftOut: number;
}

const VERSION = 1;
/** A text longer than this is not something a person typed into the job card: the draft is corrupt. */
const MAX_TEXT = 5000;
const TEXT_FIELDS = [
  'customerName',
  'customerMobile',
  'brandModel',
  'imeiSerial',
  'otherProblem',
  'otherAccessory',
  'conditionNotes',
  'estimate',
  'advancePaid',
  'promisedDate',
] as const satisfies readonly (keyof DraftValues)[];

/** Whether the form holds nothing worth keeping (as it opens). */
export function isBlankJobCard(values: Partial<JobCardInput>): boolean {
  return (
    TEXT_FIELDS.every((field) => (values[field] ?? '').trim() === '') &&
    (values.deviceType ?? '') === '' &&
    (values.problems?.length ?? 0) === 0 &&
    (values.accessories?.length ?? 0) === 0
  );
}

/** What a restored draft had left out and is still missing: said again after the next reload. */
export interface LeftOut {
  readonly unlockCodeLeftOut: boolean;
  readonly photosLeftOut: number;
}

/**
 * The draft as stored: the form's values without the unlock code and the photos, the time, and whether
 * those two were there (typed or picked now, or `carried` from the draft the card opened with and not
 * given again since). Null when the form holds nothing to keep (the stored draft is then removed).
 */
export function serialiseJobCardDraft(
  values: Partial<JobCardInput>,
  savedAt: number,
  carried: LeftOut = { unlockCodeLeftOut: false, photosLeftOut: 0 },
): string | null {
  if (isBlankJobCard(values)) return null;
  const kept: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) kept[field] = values[field] ?? '';
  kept.deviceType = values.deviceType ?? '';
  kept.problems = [...(values.problems ?? [])];
  kept.accessories = [...(values.accessories ?? [])];
  return JSON.stringify({
    v: VERSION,
    savedAt,
    values: kept,
    unlockCodeLeftOut: (values.unlockCode ?? '') !== '' || carried.unlockCodeLeftOut,
    photosLeftOut: (values.photos?.length ?? 0) || carried.photosLeftOut,
  });
}

/**
 * A stored draft read back, or null when it is not one this version wrote (corrupt, edited by hand,
 * another version), has nothing in it, or is older than JOB_CARD_DRAFT_MAX_AGE_MS. Choices the job card
 * no longer offers are dropped. Never throws; never reads an unlock code, even if one was stored.
 */
export function parseJobCardDraft(text: string | null, now: number): JobCardDraft | null {
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || data.v !== VERSION) return null;
  const { savedAt, values, unlockCodeLeftOut, photosLeftOut } = data;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
  if (now - savedAt > JOB_CARD_DRAFT_MAX_AGE_MS) return null;
  if (!isRecord(values)) return null;
  if (typeof unlockCodeLeftOut !== 'boolean') return null;
  if (typeof photosLeftOut !== 'number' || !Number.isInteger(photosLeftOut) || photosLeftOut < 0) return null;

  const restored: { -readonly [K in keyof JobCardInput]: JobCardInput[K] } = emptyJobCard();
  for (const field of TEXT_FIELDS) {
    const value = values[field] ?? '';
    if (typeof value !== 'string' || value.length > MAX_TEXT) return null;
    restored[field] = value;
  }
  const deviceType = values.deviceType ?? '';
  if (typeof deviceType !== 'string') return null;
  restored.deviceType = (DEVICE_TYPES as readonly string[]).includes(deviceType)
    ? (deviceType as JobCardInput['deviceType'])
    : '';
  const problems = chosen(values.problems, COMMON_PROBLEMS);
  const accessories = chosen(values.accessories, ACCESSORIES);
  if (problems === null || accessories === null) return null;
  restored.problems = problems;
  restored.accessories = accessories;
  if (isBlankJobCard(restored)) return null;
  return { values: restored, savedAt, unlockCodeLeftOut, photosLeftOut: Math.min(photosLeftOut, 99) };
}

/** The entries of a stored list that the job card still offers; null when it is not a list of texts. */
function chosen(list: unknown, offered: readonly string[]): string[] | null {
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) return null;
  return offered.filter((choice) => list.includes(choice));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The draft of `uid` in `storeId`, or null (none, unreadable, corrupt: a corrupt or stale one is removed). */
export function readJobCardDraft(
  storage: Storage | null,
  uid: string,
  storeId: string,
  now: number,
): JobCardDraft | null {
  if (storage === null || uid === '') return null;
  const key = jobCardDraftKey(uid, storeId);
  try {
    const text = storage.getItem(key);
    const draft = parseJobCardDraft(text, now);
    if (draft === null && text !== null) storage.removeItem(key);
    return draft;
  } catch {
    return null;
  }
}

/** Saves (or, for a blank form, removes) the draft; false when the storage refused (full, disabled). */
export function writeJobCardDraft(
  storage: Storage | null,
  uid: string,
  storeId: string,
  values: Partial<JobCardInput>,
  now: number,
  carried?: LeftOut,
): boolean {
  if (storage === null || uid === '') return false;
  const key = jobCardDraftKey(uid, storeId);
  try {
    const text = serialiseJobCardDraft(values, now, carried);
    if (text === null) storage.removeItem(key);
    else storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Removes the draft of `uid` in `storeId`; never throws. */
export function removeJobCardDraft(storage: Storage | null, uid: string, storeId: string): void {
  if (storage === null || uid === '') return;
  try {
    storage.removeItem(jobCardDraftKey(uid, storeId));
  } catch {
    // Nothing else to do.
  }
}
