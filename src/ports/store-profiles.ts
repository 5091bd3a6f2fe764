import type { StoreProfile, StoreProfileInput } from '../domain/shop/store-profile';

/**
 * A store's public profile (`storeProfiles/{storeId}`, documents.ts STORE_PROFILES): the shop's name,
 * phone and UPI ID as a customer's tracking page shows them. Written by the store's owner only, so no
 * member of the store can redirect a customer's payment or change the number they call.
 *
 * The tracking page (TrackingLinkRepository.resolve) takes the shop's name, phone and UPI ID from this
 * profile only; staff edits, status changes and new links never change them. A store without a profile
 * (one opened before profiles existed, or whose owner has not saved one) shows the store's name and
 * its owner's public profile number (what the apps show), and no 'Pay' button: a UPI ID is shown to
 * customers only once the owner has saved it here.
 *
 * Security (every backend, enforced in the family):
 *  - get: anyone, signed out too (the tracking page is opened without signing in);
 *  - save: the store's owner only: 'unauthenticated' signed out, 'permission-denied' for anyone else
 *    (staff included) and for a store that does not exist, 'invalid-argument' for values
 *    checkStoreProfile refuses (the message names the field). The profile's ownerId is the store's
 *    owner, and updatedAt the server's time.
 */
export interface StoreProfileRepository {
  /** The store's profile, or null when it has none (or the store does not exist). */
  get(storeId: string): Promise<StoreProfile | null>;
  /** Saves the profile (values trimmed, as checkStoreProfile gives them) and returns it as stored. */
  save(storeId: string, profile: StoreProfileInput): Promise<StoreProfile>;
}
