import type { Ports } from '../../ports';
import type { ShopMembership } from '../../ports/shop-membership';
import type { PageOfShopRepairs } from '../../ports/shop-repairs';
import { done, failed, type Outcome } from '../shared/validation';
import { SHOP_MESSAGES } from './messages';
import { type ShopContact, shopContact } from './settings';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';

/**
 * The dues khata's reads (/shop/dues): the store with the shop's contact (its name, phone, UPI ID and
 * 'Payment Reminder' template), and its owing repairs one page at a time, oldest first (the port's
 * indexed `dues` query; dues.ts groups them into customers). Members of the store, owners and staff.
 */

/** Owing repairs per page of the khata ('Load more' reads the next). */
export const DUES_PAGE_SIZE = 50;

export interface DuesShop {
  readonly store: ShopMembership;
  readonly shop: ShopContact;
}

type DuesPorts = Pick<Ports, 'shopMembers' | 'shopRepairs' | 'users' | 'logger'>;

/** The store and the shop's contact, for a member of the store. */
export async function loadDuesShop(
  ports: DuesPorts,
  storeId: string,
): Promise<Outcome<DuesShop, never, ShopFailureReason>> {
  try {
    const store = await ports.shopMembers.roleIn(storeId);
    if (store === null) return failed(SHOP_MESSAGES.notStoreMember, 'not-permitted');
    const [settings, owner] = await Promise.all([
      ports.shopMembers.settings(storeId),
      ports.users.getPublicProfile(store.ownerId).catch((error: unknown) => {
        ports.logger.warn(`The public profile of store ${storeId}'s owner could not be read`, error);
        return null;
      }),
    ]);
    return done({ store, shop: shopContact(store, settings, owner) });
  } catch (error) {
    return shopPortFailure(ports, `Loading the dues of store ${storeId}`, error, SHOP_MESSAGES.loadFailed);
  }
}

/** One page of the store's owing repairs, oldest first; `cursor` is the `next` of the page before. */
export async function loadDuesPage(
  ports: Pick<Ports, 'shopRepairs' | 'logger'>,
  storeId: string,
  cursor: string | null = null,
): Promise<Outcome<PageOfShopRepairs, never, ShopFailureReason>> {
  try {
    return done(await ports.shopRepairs.dues(storeId, { limit: DUES_PAGE_SIZE, cursor }));
  } catch (error) {
    return shopPortFailure(ports, `Loading the dues of store ${storeId}`, error, SHOP_MESSAGES.loadFailed);
  }
}
