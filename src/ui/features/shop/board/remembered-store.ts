/**
 * The store an account last chose on the board, remembered on this browser (localStorage, one key per
 * account uid), so that /shop opens on it again after a sign-out and a sign-in. Only a store id is
 * kept, never shown as is: the board looks it up among the account's stores (chosenStore), and a store
 * that is no longer the account's falls back to the first. Kept at sign-out on purpose (the point is to
 * find it at the next sign-in); nothing in it is private. No imports: the board's route file reads it.
 */

const PREFIX = 'repairmate.boardStore.v1:';
const MAX_STORE_ID = 200;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const keyOf = (uid: string) => `${PREFIX}${encodeURIComponent(uid)}`;

/** The store id `uid` last chose on this browser, or undefined (none, unreadable, or not an id). */
export function rememberedStore(uid: string): string | undefined {
  if (uid === '') return undefined;
  try {
    const value = storage()?.getItem(keyOf(uid));
    return typeof value === 'string' && value !== '' && value.length <= MAX_STORE_ID ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers `storeId` as the store `uid` works in on this browser; never throws (a full or refused storage forgets). */
export function rememberStore(uid: string, storeId: string): void {
  if (uid === '' || storeId === '' || storeId.length > MAX_STORE_ID) return;
  try {
    const store = storage();
    if (store !== null && store.getItem(keyOf(uid)) !== storeId) store.setItem(keyOf(uid), storeId);
  } catch {
    // Private mode or a full storage: the board opens on the first store next time.
  }
}
