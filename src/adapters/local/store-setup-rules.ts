import {
  checkStoreDetails,
  checkStoreSettings,
  firstFieldMessage,
  mayOpenStore,
  prefixOfStoreRecord,
  STORE_SETUP_MESSAGES,
  type StoreDetailsInput,
  type StoreSettingsInput,
} from '../../domain/shop/store-setup';
import { PortError } from '../../ports/errors';
import { requireSignedIn, requireStoreOwner, type ShopMembershipLookup } from './local-rules';
import type { LocalSession } from './local-session';

/**
 * The local rules on opening a store and saving its settings (memory and PouchDB; firestore.rules and
 * the sync gateway say the same, ports/shop-membership.ts createStore and saveSettings): who may, and
 * the values checked again below the domain, so that calling the port directly cannot skip them.
 */

/**
 * Opening a store: signed in, with a users document whose role may open one (or already owning a
 * store), details checkStoreDetails accepts, and a prefix none of the caller's stores has. Returns the
 * caller's uid and the checked details.
 */
export function checkStoreOpening(
  session: LocalSession,
  user: Readonly<Record<string, unknown>> | null,
  ownedStores: readonly Readonly<Record<string, unknown>>[],
  input: StoreDetailsInput,
): { uid: string; details: StoreDetailsInput } {
  const uid = requireSignedIn(session);
  if (user === null)
    throw new PortError('failed-precondition', 'This account has no profile yet, so it cannot own a store.');
  const role = typeof user.role === 'string' ? user.role : undefined;
  if (!mayOpenStore(role, ownedStores.length))
    throw new PortError('permission-denied', STORE_SETUP_MESSAGES.notAllowed);
  const checked = checkStoreDetails(input);
  if (!checked.ok) throw new PortError('invalid-argument', firstFieldMessage(checked.fieldErrors));
  const taken = ownedStores.map(prefixOfStoreRecord);
  if (taken.includes(checked.value.repairIdPrefix))
    throw new PortError('conflict', STORE_SETUP_MESSAGES.prefixTaken);
  return { uid, details: checked.value };
}

/** Saving settings: the store's owner only, with values checkStoreSettings accepts. */
export async function checkSettingsSave(
  session: LocalSession,
  storeId: string,
  input: StoreSettingsInput,
  lookup: ShopMembershipLookup,
): Promise<{ ownerId: string; settings: StoreSettingsInput }> {
  const access = await requireStoreOwner(session, storeId, lookup);
  const checked = checkStoreSettings(input);
  if (!checked.ok) throw new PortError('invalid-argument', firstFieldMessage(checked.fieldErrors));
  return { ownerId: access.store.ownerId, settings: checked.value };
}
