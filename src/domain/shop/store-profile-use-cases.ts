import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { done, failed, invalid, type Outcome } from '../shared/validation';
import type { ShopFailureReason } from './shop-failures';
import { shopPortFailure } from './shop-failures';
import {
  checkStoreProfile,
  STORE_PROFILE_MESSAGES,
  type StoreProfile,
  type StoreProfileField,
  type StoreProfileInput,
} from './store-profile';

type ProfilePorts = Pick<Ports, 'shopMembers' | 'storeProfiles' | 'logger'>;

/** The owner's form of the store's public profile: what is saved, or a first draft to confirm. */
export interface StoreProfileForm {
  /** The values the form opens with. */
  readonly values: StoreProfileInput;
  /** False when the store has no profile yet: the values are a draft from the store's settings. */
  readonly saved: boolean;
}

/**
 * The store's public profile as its owner's settings form opens it: the saved one, or, before the
 * first save, a draft from the store's name and its settings' phone and UPI ID (which customers do
 * not see until the owner saves them here). The store's owner only (staff: 'not-permitted' with
 * STORE_PROFILE_MESSAGES.ownerOnly).
 */
export async function storeProfile(
  ports: ProfilePorts,
  storeId: string,
): Promise<Outcome<StoreProfileForm, never, ShopFailureReason>> {
  try {
    const membership = await ports.shopMembers.roleIn(storeId);
    if (membership?.role !== 'owner') return failed(STORE_PROFILE_MESSAGES.ownerOnly, 'not-permitted');
    const profile = await ports.storeProfiles.get(storeId);
    if (profile !== null)
      return done({
        values: { name: profile.name, phone: profile.phone, upiId: profile.upiId },
        saved: true,
      });
    const settings = await ports.shopMembers.settings(storeId);
    return done({
      values: { name: membership.storeName, phone: settings.phone, upiId: settings.upiId },
      saved: false,
    });
  } catch (error) {
    return shopPortFailure(
      ports,
      `Loading the profile of store ${storeId}`,
      error,
      STORE_PROFILE_MESSAGES.loadFailed,
    );
  }
}

/**
 * Saves the store's public profile (the tracking page's name, phone and UPI ID): each field checked
 * (checkStoreProfile, its message under the field), then written by the backend, which refuses anyone
 * but the store's owner. Says so when done (STORE_PROFILE_MESSAGES.saved).
 */
export async function saveStoreProfile(
  ports: ProfilePorts,
  storeId: string,
  input: StoreProfileInput,
): Promise<Outcome<StoreProfile, StoreProfileField, ShopFailureReason>> {
  const checked = checkStoreProfile(input);
  if (!checked.ok) return invalid(checked.fieldErrors);
  try {
    return done(await ports.storeProfiles.save(storeId, checked.value), STORE_PROFILE_MESSAGES.saved);
  } catch (error) {
    if (isPortError(error, 'permission-denied'))
      return failed(STORE_PROFILE_MESSAGES.ownerOnly, 'not-permitted');
    if (isPortError(error, 'invalid-argument')) return failed(error.message, 'failed');
    return shopPortFailure(
      ports,
      `Saving the profile of store ${storeId}`,
      error,
      STORE_PROFILE_MESSAGES.saveFailed,
    );
  }
}
