import type { StoreSettings } from '../domain/shop/settings';
import type { ShopRole } from '../domain/shop/status';

/** A store the signed-in account may work in, and its role there. */
export interface ShopMembership {
  readonly storeId: string;
  readonly storeName: string;
  /** The store's owner (stores.ownerId). */
  readonly ownerId: string;
  /** 'owner' when the account is the store's ownerId, 'staff' when its owner added it. */
  readonly role: ShopRole;
}

/** A staff member of a store, as its owner sees it in settings. */
export interface StaffMember {
  readonly storeId: string;
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly addedAt: Date;
  /** The owner who added them. */
  readonly addedBy: string;
}

/**
 * Who works in which store (../shared/spec/owner-console.md, "Who"). The members of a store are its
 * owner (stores.ownerId) and its staff: one membership record per (store, account), suggested home
 * `storeMembers/{storeId}_{uid}` (uid, storeId, role 'staff', email, name, addedAt, addedBy), so a
 * rule checks membership with one `exists()` and the mobile apps' stores documents stay as they are.
 *
 * Security (every backend, enforced in the family, not only by the UI):
 *  - every method needs a signed-in account ('unauthenticated' otherwise);
 *  - only a store's owner lists, adds or removes its staff ('permission-denied' for staff, other
 *    owners and everybody else); staff never manage staff;
 *  - a store that does not exist is refused like one the caller is not a member of
 *    ('permission-denied'), so nobody learns which store ids exist.
 */
export interface ShopMembershipRepository {
  /**
   * The stores the signed-in account may work in (owned, then staffed), each with its role, ordered
   * by store name then id. Signed-in accounts; an account with no store gets [].
   */
  myStores(): Promise<ShopMembership[]>;
  /** The signed-in account's role in `storeId`, or null when it is not a member. Signed-in accounts. */
  roleIn(storeId: string): Promise<ShopMembership | null>;
  /**
   * The store's shop settings (phone, address, GSTIN, UPI ID, job-sheet terms, message templates), read
   * from its stores document with parseStoreSettings. Members of the store (owner, staff).
   */
  settings(storeId: string): Promise<StoreSettings>;
  /** The staff of a store, by name then uid. Its owner only. */
  listStaff(storeId: string): Promise<StaffMember[]>;
  /**
   * Adds the existing account with this e-mail (case-insensitive) as staff of the store, and returns
   * the membership; adding someone already staff returns their membership unchanged. Its owner only.
   * Rejects with 'not-found' when no account has this e-mail, 'invalid-argument' when it is the
   * owner's own account.
   */
  addStaffByEmail(storeId: string, email: string): Promise<StaffMember>;
  /** Removes a staff member (nothing happens when they were not staff). Its owner only. */
  removeStaff(storeId: string, uid: string): Promise<void>;
}
