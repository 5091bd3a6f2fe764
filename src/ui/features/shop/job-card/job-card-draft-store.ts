/**
 * Where the job card's drafts live: localStorage, one key per signed-in account and store. No imports,
 * so that sign-out (session.tsx, in the first script) can forget an account's drafts without pulling
 * in the job card.
 *
 * localStorage rather than sessionStorage: a draft must survive a crash of the browser and a tab closed
 * by mistake, which sessionStorage does not (it lives and dies with its tab). What that costs, a
 * customer's name and number kept on the counter's PC, is bounded: never the unlock code, drafts keyed
 * by account (another account never reads them), forgotten at sign-out, on 'Create Repair', on
 * 'Discard draft', and ignored (and removed) after JOB_CARD_DRAFT_MAX_AGE_MS.
 */

const PREFIX = 'repairmate.jobCardDraft.v1:';

/** A draft older than this (7 days) is ignored and removed: the counter has moved on. */
export const JOB_CARD_DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The browser's localStorage, or null where there is none or it refuses to be used (privacy modes). */
export function draftStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/** The key of one account's draft in one store. */
export function jobCardDraftKey(uid: string, storeId: string): string {
  return `${PREFIX}${encodeURIComponent(uid)}:${encodeURIComponent(storeId)}`;
}

/** How many times each account's drafts were forgotten in this tab (see `draftsForgottenSince`). */
const forgotten = new Map<string, number>();

/**
 * A mark to hand back to `draftsForgottenSince`: a job card still open when its account signs out must
 * not save its last keystrokes again as it closes.
 */
export function draftGeneration(uid: string): number {
  return forgotten.get(uid) ?? 0;
}

/** Whether `uid`'s drafts were forgotten (sign-out) since `generation` was taken. */
export function draftsForgottenSince(uid: string, generation: number): boolean {
  return draftGeneration(uid) !== generation;
}

/** Removes every draft of `uid` (all stores), at sign-out; never throws. */
export function forgetJobCardDrafts(uid: string, storage: Storage | null = draftStorage()): void {
  if (uid === '') return;
  forgotten.set(uid, draftGeneration(uid) + 1);
  if (storage === null) return;
  const mine = `${PREFIX}${encodeURIComponent(uid)}:`;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(mine)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // A storage that refuses: there is nothing it could have kept either.
  }
}
