import type { StoreSettings } from '../domain/shop/settings';
import type { ShopRole } from '../domain/shop/status';
import type { StoreDetailsInput, StoreSettingsInput } from '../domain/shop/store-setup';

/** A store the signed-in account may work in, and its role there. */
export interface ShopMembership {
  readonly storeId: string;
  readonly storeName: string;
  /** The store's owner (stores.ownerId). */
  readonly ownerId: string;
  /** 'owner' when the account is the store's ownerId, 'staff' when it accepted its owner's invitation. */
  readonly role: ShopRole;
}

/** A staff member of a store, as its owner sees it in settings. */
export interface StaffMember {
  readonly storeId: string;
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly addedAt: Date;
  /** The owner who invited them. */
  readonly addedBy: string;
}

/**
 * An invitation to work in a store (invitations/{storeId}_{email}): the owner invited an e-mail
 * address; nothing in it says whether the address has an account.
 */
export interface StaffInvitation {
  readonly storeId: string;
  /** The store's name when it was sent, for the invited account's card. */
  readonly storeName: string;
  /** The invited address, trimmed and in lower case. */
  readonly email: string;
  /** The owner who invited. */
  readonly invitedBy: string;
  readonly invitedAt: Date;
}

/**
 * Who works in which store (../shared/spec/owner-console.md, "Who"). The members of a store are its
 * owner (stores.ownerId) and its staff: one membership record per (store, account),
 * `storeMembers/{storeId}_{uid}` (uid, storeId, role 'staff', email, name, addedAt, addedBy), so a
 * rule checks membership with one `exists()` and the mobile apps' stores documents stay as they are.
 * Staff join by invitation (docs/decisions/0008-staff-join-by-invitation.md): the owner invites an
 * e-mail address, and the account signed in with that verified address accepts.
 *
 * Security (every backend, enforced in the family, not only by the UI):
 *  - every method needs a signed-in account ('unauthenticated' otherwise);
 *  - only a store's owner lists or removes its staff and invites, lists or cancels invitations
 *    ('permission-denied' for staff, other owners and everybody else); staff never manage staff;
 *  - only the account whose verified e-mail was invited sees, accepts or declines that invitation;
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
  /**
   * Opens a store owned by the signed-in account ('Set Up Your Shop', 'Add Store'). It lives here, not
   * on the read-only StoreRepository (the apps' view of stores, which the admin and the tracker use),
   * because opening a store makes the caller its owner: the answer is the new membership, and the
   * caller's next myStores() lists it. In one commit (one atomic write where the backend has one):
   *  - `stores/{new id}`: newStoreFields (ownerId = the caller, name, the details, the prefix) and
   *    createdAt (the apps, the tracker and the admin's counts read ownerId and name);
   *  - the caller's users document: storeIds grows by the store, lastStoreId names it, businessKey
   *    follows the profile (ADR 0006: the admin finds business users by them);
   *  - `storeProfiles/{new id}`: name, phone and UPI ID for the tracking page.
   * Who: an account of role `user` or `business`, or one that already owns a store (mayOpenStore);
   * distributors, super admins and the apps' staff accounts get 'permission-denied'. 'unauthenticated'
   * signed out; 'failed-precondition' when the account has no users document; 'invalid-argument' for
   * details checkStoreDetails refuses (the message is the first field's) and 'conflict' when the prefix
   * is one of the caller's other stores' (prefixOfStoreRecord: its own, else its name's).
   */
  createStore(details: StoreDetailsInput): Promise<ShopMembership>;
  /**
   * Saves the store's settings ('Save Settings'): settingsFields on its stores document (ownerId, the
   * Repair ID prefix, createdAt stay as they are) and its public profile (name, phone, UPI ID) in one
   * commit, and returns them as settings() reads them. The store's owner only: 'permission-denied' for
   * staff, everybody else and a store that does not exist; 'invalid-argument' for what
   * checkStoreSettings refuses.
   */
  saveSettings(storeId: string, settings: StoreSettingsInput): Promise<StoreSettings>;
  /** The staff of a store, by name then uid. Its owner only. */
  listStaff(storeId: string): Promise<StaffMember[]>;
  /**
   * Invites an e-mail address (trimmed, in lower case) to be staff of the store, and returns the
   * invitation. Its owner only. Nothing is looked up by e-mail and nothing says whether the address
   * has an account. Rejects with 'invalid-argument' when the address is not an e-mail address or is the
   * signed-in owner's own, 'conflict' when the address is already invited to this store, and
   * 'failed-precondition' when a staff member of this store already has this address.
   */
  inviteStaff(storeId: string, email: string): Promise<StaffInvitation>;
  /** The store's pending invitations, by e-mail. Its owner only. */
  listInvitations(storeId: string): Promise<StaffInvitation[]>;
  /** Withdraws an invitation (nothing happens when there is none). Its owner only. */
  cancelInvitation(storeId: string, email: string): Promise<void>;
  /**
   * The signed-in account's own invitations, by store name: those sent to its e-mail address once the
   * provider has verified that address; an unverified address has none. Signed-in accounts.
   */
  myInvitations(): Promise<StaffInvitation[]>;
  /**
   * Accepts the signed-in account's invitation to the store: in one write, the account becomes staff
   * (its own uid, its profile's name, its verified e-mail, addedBy the inviting owner) and the
   * invitation is removed. Returns the new membership. Rejects with 'permission-denied' when the
   * account's e-mail is not verified, and 'not-found' when no invitation to its address is pending.
   */
  acceptInvitation(storeId: string): Promise<ShopMembership>;
  /** Declines (removes) the signed-in account's invitation to the store; nothing when there is none. */
  declineInvitation(storeId: string): Promise<void>;
  /** Removes a staff member (nothing happens when they were not staff). Its owner only. */
  removeStaff(storeId: string, uid: string): Promise<void>;
  /**
   * Ends the signed-in account's own staff membership of the store (nothing happens when it was not
   * staff there). Signed-in accounts.
   */
  leaveStore(storeId: string): Promise<void>;
}
