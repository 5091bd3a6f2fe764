/**
 * Privileged writes that bypass the security rules, like the Firebase Admin SDK: used to load the demo
 * data set, to arrange contract tests and to build benchmark data. Records are in the storage shape
 * the mobile apps write (loosely typed on purpose, so that tolerant parsing is exercised).
 * Never exposed to the UI.
 */

/** A timestamp as stored: a Date (Firestore Timestamp / ISO string in PouchDB), or text. */
export type StoredTime = Date | string;

export interface SeedAccount {
  readonly uid?: string;
  readonly email: string;
  readonly password: string;
  /** A mobile number the account has already verified (E.164), as the phone provider records it. */
  readonly phoneNumber?: string;
  /** Whether the provider has verified the e-mail address; seeded accounts are, unless this says false. */
  readonly emailVerified?: boolean;
}

/** publicProfiles/{uid}: a business's name and number, readable by every signed-in account. */
export interface SeedPublicProfile {
  readonly uid: string;
  readonly businessName: string;
  readonly phone: string;
}

export type SeedUserRecord = Readonly<Record<string, unknown>> & {
  readonly email?: string;
  readonly role?: string;
};

/** stores/{id}: the apps' fields, and the shop console's settings beside them (domain/shop/settings.ts). */
export type SeedStoreRecord = Readonly<Record<string, unknown>> & {
  readonly id: string;
  readonly ownerId: string;
  readonly name?: string;
};

export type SeedRepairRecord = Readonly<Record<string, unknown>> & {
  readonly id: string;
  readonly repairId: string;
  readonly createdAt?: StoredTime;
  readonly updatedAt?: StoredTime;
};

export interface SeedSupportRecord {
  readonly id?: string;
  readonly email: string;
  readonly phone: string;
  readonly issue: string;
  readonly status: string;
  readonly createdAt: Date;
}

export interface SeedTransactionRecord {
  readonly id?: string;
  readonly distributorId: string;
  readonly distributorName: string;
  readonly adminId: string;
  readonly adminName: string;
  readonly amount: number;
  readonly previousBalance: number;
  readonly newBalance: number;
  readonly timestamp: Date;
  readonly description: string;
}

/** The shop console's staff of a store: storeMembers/{storeId}_{uid}. */
export interface SeedStoreMember {
  readonly storeId: string;
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly addedAt: Date;
  /** The owner who added them. */
  readonly addedBy: string;
}

/**
 * A pending invitation (invitations/{storeId}_{email}): an owner invited this address; it joins once
 * the account signed in with it, verified, accepts.
 */
export interface SeedInvitation {
  readonly storeId: string;
  readonly storeName: string;
  /** Lower case. */
  readonly email: string;
  readonly invitedBy: string;
  readonly invitedAt: Date;
}

/**
 * A tracking link: tracking/{token} for the repair whose `trackingToken` it is (the seeded repair
 * record carries the same token). Firestore keeps the customer-safe view in it, computed by its seeder.
 */
export interface SeedTrackingLink {
  readonly token: string;
  readonly repairDocId: string;
  readonly storeId: string;
  readonly revoked?: boolean;
}

/** A payment against a repair (ShopPayment's stored fields); `seq` orders a repair's payments from 0. */
export interface SeedPayment {
  readonly repairDocId: string;
  readonly storeId: string;
  readonly seq: number;
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  readonly amountPaise: number;
  readonly mode: 'cash' | 'upi' | 'card';
  readonly at: Date;
  readonly by: { readonly uid: string; readonly name: string };
  readonly note: string;
}

/** A store's Repair ID counter (repairCounters/{storeId}): its prefix and the last number handed out. */
export interface SeedRepairCounter {
  readonly storeId: string;
  readonly prefix: string;
  readonly last: number;
  /** The repair holding `last` (documents.ts REPAIR_COUNTERS); '' when none is known. */
  readonly lastRepairDocId?: string;
}

/** A store's public profile (storeProfiles/{storeId}): what its tracking page shows of the shop. */
export interface SeedStoreProfile {
  readonly storeId: string;
  /** The store's owner (stores/{storeId}.ownerId). */
  readonly ownerId: string;
  readonly name: string;
  readonly phone: string;
  /** '' for none. */
  readonly upiId: string;
}

/** The shop-only part of a repair (its unlock code). */
export interface SeedShopOnly {
  readonly repairDocId: string;
  readonly storeId: string;
  readonly unlockCode: string;
}

/**
 * The shop console's records beside the repairs (the repairs themselves, with their shop fields such as
 * history, trackingToken, paidPaise and customerNameLower, are SeedRepairRecords).
 */
export interface SeedShopData {
  readonly members: readonly SeedStoreMember[];
  /** Pending invitations; none when absent. */
  readonly invitations?: readonly SeedInvitation[];
  readonly trackingLinks: readonly SeedTrackingLink[];
  readonly payments: readonly SeedPayment[];
  readonly counters: readonly SeedRepairCounter[];
  readonly shopOnly: readonly SeedShopOnly[];
  /** The stores' public profiles; none when absent. */
  readonly storeProfiles?: readonly SeedStoreProfile[];
}

export interface Seeder {
  /** Creates an authentication account and returns its uid (the given one, if any). */
  account(account: SeedAccount): Promise<string>;
  user(uid: string, record: SeedUserRecord): Promise<void>;
  store(record: SeedStoreRecord): Promise<void>;
  repair(record: SeedRepairRecord): Promise<void>;
  supportIssue(record: SeedSupportRecord): Promise<string>;
  rechargeTransaction(record: SeedTransactionRecord): Promise<string>;
  storeLinks(links: { android?: string; ios?: string }): Promise<void>;
  publicProfile(record: SeedPublicProfile): Promise<void>;
  /** The shop console's records (after the stores and repairs they name). */
  shop(data: SeedShopData): Promise<void>;
  /** Writes a whole data set, in bulk where the backend can. */
  load(data: SeedData): Promise<void>;
}

/** A whole data set, loaded at once (backends write it in bulk). */
export interface SeedData {
  readonly accounts: readonly (SeedAccount & { readonly uid: string })[];
  readonly users: readonly { readonly uid: string; readonly record: SeedUserRecord }[];
  readonly stores: readonly SeedStoreRecord[];
  readonly publicProfiles: readonly SeedPublicProfile[];
  readonly repairs: readonly SeedRepairRecord[];
  readonly supportIssues: readonly (SeedSupportRecord & { readonly id: string })[];
  readonly transactions: readonly (SeedTransactionRecord & { readonly id: string })[];
  readonly storeLinks: { readonly android?: string; readonly ios?: string } | null;
  /** The shop console's records; none when absent. */
  readonly shop?: SeedShopData;
}
