import { checkStoreProfile, type StoreProfileInput } from '../../domain/shop/store-profile';
import { PortError } from '../../ports/errors';
import { requireStoreOwner, type ShopMembershipLookup } from './local-rules';
import type { LocalSession } from './local-session';

/**
 * The local rule on saving a store's public profile (memory and PouchDB; firestore.rules says the
 * same): the store's owner only ('unauthenticated' signed out, 'permission-denied' for anyone else and
 * for a store that does not exist), with values checkStoreProfile accepts ('invalid-argument', the
 * first field's message). Returns the owner's uid and the checked values.
 */
export async function checkStoreProfileSave(
  session: LocalSession,
  storeId: string,
  input: StoreProfileInput,
  lookup: ShopMembershipLookup,
): Promise<{ ownerId: string; values: StoreProfileInput }> {
  const access = await requireStoreOwner(session, storeId, lookup);
  const checked = checkStoreProfile(input);
  if (!checked.ok) {
    const [field, message] = Object.entries(checked.fieldErrors)[0] ?? ['', ''];
    throw new PortError('invalid-argument', message ?? `This value of ${field} is not allowed.`, {
      cause: checked,
    });
  }
  return { ownerId: access.store.ownerId, values: checked.value };
}
