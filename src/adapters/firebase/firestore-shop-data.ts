import type { Auth } from 'firebase/auth';
import { type DocumentData, type DocumentSnapshot, doc, type Firestore, Timestamp } from 'firebase/firestore';
import { parseShopRepair, type ShopRepair } from '../../domain/shop/repair-record';
import type { ShopRole } from '../../domain/shop/status';
import { type TrackingView, trackingViewOfStored } from '../../domain/shop/tracking';
import { TRACKING_VIEW_FIELDS } from '../../domain/stored/documents';
import { parseStoreRecord, type Store } from '../../domain/stores/store';
import { PortError } from '../../ports/errors';
import { COLLECTIONS, fromFirestore, plainData } from './firestore-data';
import { getDoc } from './firestore-reads';

/**
 * The shop console's Firestore layout (docs/adapters.md, "The shop console on Firestore"):
 *
 *  - storeMembers/{storeId}_{uid}: a staff member (uid, storeId, role 'staff', email, name, addedAt,
 *    addedBy), written by the invited account when it accepts (docs/decisions/
 *    0008-staff-join-by-invitation.md);
 *  - invitations/{storeId}_{email}: { storeId, storeName, email, invitedBy, invitedAt }, written by the
 *    store's owner, read by the owner and by the account whose verified e-mail it names;
 *  - repairs/{id}: the repair itself (the apps' collection), with repairs/{id}/shop/private (unlock
 *    code), repairs/{id}/shop/delivery (the delivery code: never read by staff), repairs/{id}/shop/tries
 *    (delivery code tries) and repairs/{id}/payments/{paymentId};
 *  - repairCounters/{storeId}: { prefix, last, lastRepairDocId, lastIdBlock }, moved by one in the
 *    transaction that writes the repair with that Repair ID, or past a block of numbers a device reserves
 *    (repairIdBlocks/{storeId}_{first}, created in the same transaction); a repair numbered from a block
 *    claims its number (repairIdClaims/{storeId}_{number}, never twice) in the batch that writes it
 *    (ADR 0012, firestore-repair-id-blocks.ts);
 *  - tracking/{token}: { repairDocId, storeId, revoked, view }, the view being the repair's
 *    customer-safe fields as stored (TRACKING_VIEW_FIELDS), rewritten with every write of the repair
 *    and read by /t/$token with one get; the shop's name, phone and UPI ID come from
 *    storeProfiles/{storeId}, which only the store's owner writes;
 *  - invoices (issue 18): repairs/{id}/invoices/{id}, invoiceCounters/{storeId}_{series} and the
 *    link's copy tracking/{token}/invoices/{repairDocId} (firestore-shop-invoices.ts).
 */
export const SHOP_COLLECTIONS = {
  storeMembers: 'storeMembers',
  invitations: 'invitations',
  repairCounters: 'repairCounters',
  repairIdBlocks: 'repairIdBlocks',
  repairIdClaims: 'repairIdClaims',
  tracking: 'tracking',
  /** invoiceCounters/{storeId}_{series}: each invoice series' counter (issue 18). */
  invoiceCounters: 'invoiceCounters',
  /** Subcollections of repairs/{id}. */
  shop: 'shop',
  payments: 'payments',
  /** repairs/{id}/invoices/{id}, and the tracking link's copy tracking/{token}/invoices/{repairDocId}. */
  invoices: 'invoices',
} as const;

/** The id of the shop-only document under repairs/{id}/shop. */
export const SHOP_PRIVATE_DOC = 'private';
/** repairs/{id}/shop/delivery: the delivery code (its owner, the verified customer, a super admin). */
export const SHOP_DELIVERY_DOC = 'delivery';
/** repairs/{id}/shop/tries: the delivery code tries (firestore.rules count them). */
export const SHOP_TRIES_DOC = 'tries';
/** storeProfiles/{storeId}: the shop's name, phone and UPI ID as customers see them. */
export const STORE_PROFILES = 'storeProfiles';

/** storeMembers/{storeId}_{uid}. */
export function memberDocId(storeId: string, uid: string): string {
  return `${storeId}_${uid}`;
}

/** Firestore refuses `undefined`: drops such fields (also inside maps and lists). */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, withoutUndefined(item)]),
    ) as T;
  }
  return value;
}

/** The signed-in account as a member of one store. */
export interface FirestoreShopAccess {
  readonly uid: string;
  readonly role: ShopRole;
  readonly store: Store;
  /** The store document as stored (its settings are fields of it). */
  readonly storeData: Record<string, unknown>;
  /**
   * The store came from this device's cache: a get answers from it only when the client knows it is
   * offline (the server cannot be reached).
   */
  readonly offline: boolean;
}

/**
 * Membership as the rules decide it (stores/{id}.ownerId, or storeMembers/{storeId}_{uid}), checked by
 * the adapters too, so that an account the rules let read a repair for another reason (its customer,
 * the super admin) is still refused by the shop console's ports, as on every backend.
 */
export class ShopAccessChecker {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
  ) {}

  /** The signed-in uid; 'unauthenticated' signed out. */
  uid(): string {
    const uid = this.auth.currentUser?.uid;
    if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
    return uid;
  }

  /** The signed-in account's membership of `storeId`, or null. */
  async accessOf(storeId: string): Promise<FirestoreShopAccess | null> {
    const uid = this.uid();
    if (storeId === '') return null;
    const snapshot = await getDoc(doc(this.db, COLLECTIONS.stores, storeId));
    const storeData = plainData(snapshot);
    if (storeData === undefined) return null;
    const offline = snapshot.metadata.fromCache;
    const store = parseStoreRecord(storeId, storeData);
    if (store.ownerId === uid) return { uid, role: 'owner', store, storeData, offline };
    const member = plainData(
      await getDoc(doc(this.db, SHOP_COLLECTIONS.storeMembers, memberDocId(storeId, uid))),
    );
    if (member === undefined || member.storeId !== storeId || member.uid !== uid) return null;
    return { uid, role: 'staff', store, storeData, offline };
  }

  async requireMember(storeId: string): Promise<FirestoreShopAccess> {
    const access = await this.accessOf(storeId);
    if (access === null) throw new PortError('permission-denied', 'Only members of this store may do this.');
    return access;
  }

  async requireOwner(storeId: string): Promise<FirestoreShopAccess> {
    const access = await this.requireMember(storeId);
    if (access.role !== 'owner')
      throw new PortError('permission-denied', "Only the store's owner may do this.");
    return access;
  }

  /** The name the history shows for `uid`: its own profile's name (it reads its own users document). */
  async actorName(uid: string): Promise<string> {
    const known = this.names.get(uid);
    if (known !== undefined) return known;
    const data = plainData(await getDoc(doc(this.db, COLLECTIONS.users, uid)));
    const name = typeof data?.name === 'string' ? data.name : '';
    this.names.set(uid, name);
    return name;
  }
}

/**
 * The view a tracking document stores: the repair's customer-safe fields exactly as the repair stores
 * them, null where it has none (firestore.rules compare the two after the same commit).
 */
export function storedViewOf(stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(TRACKING_VIEW_FIELDS.map((name) => [name, stored[name] ?? null]));
}

/**
 * What the tracking page shows, from a stored view as the SDK reads it (Timestamps) and the store's
 * profile: domain trackingViewOfStored on its plain values. Null when the document holds no view.
 */
export function trackingViewFromStored(
  raw: unknown,
  profile: Readonly<Record<string, unknown>> | undefined,
): TrackingView | null {
  return trackingViewOfStored(fromFirestore(raw), profile);
}

/** A repair document's data as a ShopRepair (Timestamps as Dates). */
export function shopRepairOf(id: string, raw: Readonly<Record<string, unknown>>): ShopRepair {
  return parseShopRepair(id, fromFirestore(raw));
}

/**
 * A repair document read from Firestore as a ShopRepair, marked pendingSync while this device holds a
 * change of it that the server has not acknowledged yet (a queued offline write).
 */
export function shopRepairOfSnapshot(snapshot: DocumentSnapshot<DocumentData>): ShopRepair | null {
  const raw = snapshot.data();
  if (raw === undefined) return null;
  return { ...shopRepairOf(snapshot.id, raw), pendingSync: snapshot.metadata.hasPendingWrites };
}

/** A Date as Firestore stores it. */
export function stamp(date: Date): Timestamp {
  return Timestamp.fromDate(date);
}
