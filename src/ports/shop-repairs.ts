import type { Accessory, DeviceType, ValidJobCard } from '../domain/shop/job-card';
import type { PendingChange } from '../domain/shop/pending-changes';
import type { EditBasis, RefusedChange } from '../domain/shop/refused-changes';
import type { AdvancePayment, PaymentMode, ShopOnlyRecord, ShopRepair } from '../domain/shop/repair-record';
import type { StatusChangeRequest } from '../domain/shop/status';
import type { RepairStatus } from '../domain/shop/status-values';

/** What the counter hands the port to create a repair; the port adds the Repair ID, the store's
 * business, who and when. */
export interface NewShopRepair {
  /** The checked job card (validateJobCard). Its photos are not stored here: the PhotoStore does. */
  readonly card: ValidJobCard;
  /** Four digits (generateDeliveryCode). */
  readonly deliveryCode: string;
  /** A fresh token (generateTrackingToken); 'conflict' if it is already in use. */
  readonly trackingToken: string;
  /** How the advance was paid; cash unless said. */
  readonly advanceMode?: PaymentMode;
}

/** How many job cards this device can take with the network cut (ShopRepairRepository.prepareOffline). */
export interface OfflineJobCards {
  /** null: no limit (the backend numbers repairs on the device); else the Repair IDs held here. */
  readonly repairIdsHeld: number | null;
}

/** A page of a store's repairs, newest first. */
export interface ShopRepairQuery {
  /** Only this stored status (any value, known or an app's own); all statuses when absent. */
  readonly status?: string;
  /**
   * createdAt within [from, to) when given; repairs without createdAt never match a range. Without a
   * range, the local families list them last; Firestore leaves them out of pages (an orderBy on
   * createdAt skips documents without the field), though countByStatus counts them.
   */
  readonly from?: Date;
  readonly to?: Date;
  /** 1 to MAX_SHOP_PAGE_SIZE. */
  readonly limit: number;
  /** The `next` of the previous page; null or absent for the first. */
  readonly cursor?: string | null;
}

/** One page of results of `page` (a slice of the store's repairs and the cursor of the next), not a screen. */
export interface PageOfShopRepairs {
  readonly items: readonly ShopRepair[];
  /** An opaque cursor for the next page, or null when this page is the last. */
  readonly next: string | null;
}

export const MAX_SHOP_PAGE_SIZE = 50;

/** The fields a search looks in. */
export type ShopSearchField = 'repairId' | 'mobile' | 'mobilePrefix' | 'imeiSerial' | 'name';

export interface ShopSearch {
  /**
   * repairId: the stored Repair ID exactly (pass parseRepairId(…).repairId for what was typed);
   * mobile: customerMobile exactly (the 10 digits, as the web stores it);
   * mobilePrefix: a prefix of customerMobile (digits: what is typed of a number, e.g. '98765');
   * imeiSerial: a prefix of the stored imeiSerial (digits, or an upper-case serial);
   * name: a prefix of customerNameLower (pass it lower-cased).
   */
  readonly field: ShopSearchField;
  readonly text: string;
  /** 1 to MAX_SHOP_PAGE_SIZE. */
  readonly limit: number;
}

/** Counts of a store's repairs: one per known status, and all of them (apps' own statuses included). */
export interface ShopStatusCounts {
  readonly byStatus: Readonly<Record<RepairStatus, number>>;
  readonly total: number;
}

/** A status change as the repair page sends it. */
export interface ShopStatusChange extends StatusChangeRequest {
  /**
   * The status the person saw when choosing the move. The write is refused with 'conflict' when the
   * stored status is another (someone moved the repair meanwhile): a stale write never lands.
   */
  readonly expectedStatus: string;
}

/**
 * The fields a member may edit after creation. Absent fields are unchanged. The spec's fields the
 * tracker and the apps read are kept in step by the backend (customerName → customerNameLower,
 * problemList → problems, estimatePaise → estimatedCost, finalPaise → amount, in rupees).
 */
export interface ShopRepairPatch {
  readonly customerName?: string;
  /** 10 digits. */
  readonly customerMobile?: string;
  readonly productType?: DeviceType;
  readonly productName?: string;
  readonly imeiSerial?: string;
  readonly problemList?: readonly string[];
  readonly accessories?: readonly Accessory[];
  readonly otherAccessory?: string;
  readonly conditionNotes?: string;
  readonly estimatePaise?: number | null;
  /** The final amount (the spec's amount); null clears it. */
  readonly finalPaise?: number | null;
  /** 'YYYY-MM-DD' or null. */
  readonly promisedDate?: string | null;
  /** Kept apart from the repair (ShopOnlyRecord). */
  readonly unlockCode?: string;
}

/** A payment recorded against a repair (the advance on the job card, 'Take Payment', 'Refund'). */
export interface ShopPayment extends Omit<AdvancePayment, 'kind'> {
  readonly id: string;
  /** The repair's document id. */
  readonly repairDocId: string;
  readonly kind: 'payment' | 'refund';
  /** For a UPI payment: the 12-digit UTR the customer's app shows ('' when none was typed). */
  readonly upiReference: string;
}

/**
 * A payment or refund as 'Take Payment' and 'Refund' send it. The client makes `id` once per entry
 * (before the first try), so a retried or re-synced entry applies once.
 */
export interface NewShopPayment {
  /** 1–128 of [A-Za-z0-9_-], made by the client (newPaymentId in domain/shop/payments.ts). */
  readonly id: string;
  readonly kind: 'payment' | 'refund';
  /** Positive, in paise, at most MAX_AMOUNT_PAISE; a refund at most what was paid. */
  readonly amountPaise: number;
  readonly mode: PaymentMode;
  /** UPI payments only: '' or the 12-digit UTR. */
  readonly upiReference?: string;
  /** A payment's optional note; a refund's required reason. */
  readonly note: string;
}

/** What recordPayment answers: the stored entry and the repair after it. */
export interface RecordedPayment {
  readonly payment: ShopPayment;
  readonly repair: ShopRepair;
}

/** A page of a store's repairs with money due (the dues khata), oldest first. */
export interface DuesQuery {
  /** 1 to MAX_DUES_PAGE_SIZE. */
  readonly limit: number;
  /** The `next` of the previous page; null or absent for the first. */
  readonly cursor?: string | null;
}

export const MAX_DUES_PAGE_SIZE = 200;

/**
 * The shop console's repairs: the same `repairs` documents the apps, the customer tracker
 * (RepairRepository.findByRepairId) and the admin's monthly count (RepairRepository.countCreated)
 * read, with every field the spec names (domain/shop/repair-record.ts). Every query is answered from
 * an index of one store (storeId + createdAt, storeId + status + createdAt, storeId + repairId,
 * storeId + customerMobile, storeId + imeiSerial, storeId + customerNameLower), never by reading the
 * collection.
 *
 * Security (every backend, enforced in the family): the members of a store are its owner
 * (stores.ownerId) and its staff (ShopMembershipRepository). Signed out: 'unauthenticated'. Anyone
 * else, including a customer of the repair, a super admin and the owner of another store:
 * 'permission-denied' (the customer and the super admin read repairs through RepairRepository). A
 * repair document id that names no repair reads as null (get, getShopOnly) and is refused with 'not-found' by
 * the other methods, for any signed-in account: it tells nothing about any store.
 */
export interface ShopRepairRepository {
  /**
   * Creates a repair in `storeId` with status 'received' and a 'created' history entry by the caller.
   * Members of the store (owner, staff).
   *
   * The Repair ID is allocated atomically with the write, by the domain's one Repair ID rule
   * (src/domain/shop/repair-id.ts nextRepairId): the store's counter (suggested home
   * `repairCounters/{storeId}`: prefix, last number) moves to the next number in the same
   * transaction as the repair is written, so two creates never get one number and a number is never
   * handed out again, even after its repair is deleted. The prefix is fixed at the first allocation
   * (the store's `repairIdPrefix` when valid, else prefixFromStoreName: prefixForStore). A number whose Repair ID
   * already names a repair of the store (an app's record) is skipped. Memory does all of it in one
   * JavaScript turn; PouchDB writes the counter document with its _rev and retries on a 409 before
   * writing the repair (the counter update is the commit point; a repair written offline on one
   * device takes numbers from that device's replica, see docs/adapters.md, "The shop console"); Firestore numbers the repair
   * from a block of numbers this device holds when it holds any (prepareOffline; ADR 0012), online or
   * offline, its writes one batch (marked pendingSync until the server has it), else runs one
   * transaction over the counter and the new repair document; offline with no number held it fails
   * with 'unavailable' (SHOP_MESSAGES.createNeedsNetwork).
   *
   * The unlock code goes to the shop-only record; an advance above zero is recorded as a payment.
   *
   * The counter moves by exactly one (lastRepairDocId the new repair): at MAX_REPAIR_NUMBER
   * (9,999,999) the create is refused with 'resource-exhausted' (SHOP_MESSAGES.repairIdsUsedUp), and a
   * counter holding an invalid prefix or number (isCounterState) with 'failed-precondition'
   * (SHOP_MESSAGES.repairCounterInvalid); nothing is written then. The delivery code is kept apart from
   * the repair (repairs/{id}/shop/delivery); the answer carries it for its creator (the customer's copy
   * of the job sheet), and every later read by staff says ''.
   */
  create(storeId: string, repair: NewShopRepair): Promise<ShopRepair>;
  /**
   * Readies this device to take job cards with the network cut, for the signed-in member of `storeId`,
   * and says how many it can take: `repairIdsHeld` is null where the backend numbers repairs on the
   * device (memory, PouchDB: no limit), else the Repair IDs this device holds for the store (Firestore:
   * it reserves a block of REPAIR_ID_BLOCK_SIZE numbers while online when it holds fewer than
   * REPAIR_ID_TOP_UP_BELOW; offline it answers what it holds). Members of the store; a failed
   * reservation is logged, not thrown (online job cards still take the counter's numbers).
   */
  prepareOffline(storeId: string): Promise<OfflineJobCards>;
  /**
   * The edits of `repairDocId` made on this device that the server refused when they arrived, because
   * the repair had been changed on another device meanwhile (Firestore: a queued offline edit whose
   * history the stored one had outgrown), each with the values it was based on, oldest first; kept
   * until dismissed. Memory and PouchDB write on the device's own copy and refuse nothing on arrival:
   * none. Members of the repair's store (the signed-in account's own changes only).
   */
  refusedChanges(repairDocId: string): Promise<readonly RefusedChange[]>;
  /** Forgets a refused change (the person chose what to keep); unknown ids are ignored. */
  dismissRefusedChange(changeId: string): Promise<void>;
  /**
   * The outbox: the signed-in account's changes made on this device that the server does not have yet,
   * oldest first (Firestore: writes queued offline, listed until they land or are refused, a reload
   * included). Memory and PouchDB: none (their writes land on the device's own copy; PouchDB's sync
   * carries them on). Signed-in accounts; never needs the network.
   */
  pendingChanges(): Promise<readonly PendingChange[]>;
  /**
   * A repair by document id, or null. Members of the store it belongs to (a repair naming a store only
   * by the apps' `store` belongs to it only while its businessId is the store's owner). Every read of
   * this port (get, page, search, the answers of changeStatus and update) gives `deliveryCode` to the
   * store's owner only; staff read ''.
   */
  get(repairDocId: string): Promise<ShopRepair | null>;
  /** The shop-only part of a repair (the unlock code), or null. Members of its store. */
  getShopOnly(repairDocId: string): Promise<ShopOnlyRecord | null>;
  /** The payments of a repair, oldest first. Members of its store. */
  listPayments(repairDocId: string): Promise<ShopPayment[]>;
  /**
   * Records a payment ('Take Payment', members) or a refund ('Refund', the store's owner only:
   * 'permission-denied' for staff) as a new entry, never edited or deleted, with one 'payment' or
   * 'refund' history entry by the caller, and moves what the repair has been paid by its amount in the
   * same atomic write. 'invalid-argument' for an amount that is not a positive whole number of paise
   * up to MAX_AMOUNT_PAISE, a bad mode, id or UPI reference, a refund without a reason;
   * 'failed-precondition' for a refund above what was paid (paid never goes below zero).
   *
   * Idempotent by `id`: an entry whose id the repair already has is not applied again; the call
   * answers the stored entry and the repair as it is (a retry after a lost answer, a re-synced
   * device). 20 concurrent calls with 20 ids on one repair are all counted, once each.
   *
   * On Firestore the payments document and the repair's running totals commit in one transaction and
   * the rules check the sums; on PouchDB each entry is its own document, so entries taken offline on
   * two devices for one repair both count after sync (the sync gateway checks them as the rules do).
   */
  recordPayment(repairDocId: string, payment: NewShopPayment): Promise<RecordedPayment>;
  /**
   * The store's repairs with money due (status 'ready' or 'delivered' and the amount due above zero:
   * the dues khata), oldest first, from an index of the store's owing repairs (never a scan of its
   * repairs). Members of the store. The khata shows no delivery code: its repairs carry none ('').
   */
  dues(storeId: string, query: DuesQuery): Promise<PageOfShopRepairs>;
  /**
   * A store's repairs, newest first (createdAt descending, then document id descending), filtered by
   * one status and/or a creation range. Members of the store. 'invalid-argument' for a bad limit or a
   * cursor this query did not make.
   */
  page(storeId: string, query: ShopRepairQuery): Promise<PageOfShopRepairs>;
  /**
   * Up to `limit` repairs of a store matching the search. Exact searches (repairId, mobile) come
   * newest first; prefix searches (mobilePrefix, imeiSerial, name) in the order of the searched field,
   * then oldest first (what an index on the field can give without reading every match: a mobile
   * prefix is a range of the storeId + customerMobile index, never a scan). Members of the store.
   */
  search(storeId: string, search: ShopSearch): Promise<ShopRepair[]>;
  /**
   * The prefix of the store's Repair IDs: its counter's once it has one (fixed at the first
   * allocation), else the one its first repair would get (prefixForStore: its valid `repairIdPrefix`,
   * else one made from its name). What a search for a bare number ('1005') puts before it. Members of
   * the store.
   */
  repairIdPrefix(storeId: string): Promise<string>;
  /** How many repairs the store has, per status. Members of the store. */
  countByStatus(storeId: string): Promise<ShopStatusCounts>;
  /**
   * Moves a repair to another status: the stored status must be `expectedStatus` ('conflict'
   * otherwise) and planStatusChange must allow the move from it for the caller's role
   * ('failed-precondition' with the workflow's message, 'permission-denied' for what only an owner
   * may do: a reopen, a delivery without the code). The write sets status and updatedAt and appends
   * exactly one history entry, by the caller (appendsOneEntryBy), in one atomic write. Members of the
   * repair's store.
   *
   * 'delivered' with a code: the try is recorded first (repairs/{id}/shop/tries), then judged against
   * the code kept apart: a wrong one is 'failed-precondition' with SHOP_MESSAGES.deliveryCodeWrong;
   * after 5 tries the repair refuses tries for 15 minutes with 'resource-exhausted'
   * (SHOP_MESSAGES.deliveryPaused), the right code included, and nothing changes. The owner's override
   * is not a try and works while tries are paused.
   */
  changeStatus(repairDocId: string, change: ShopStatusChange): Promise<ShopRepair>;
  /**
   * Edits the fields of `patch` and appends one 'edit' history entry naming them. Never changes the
   * Repair ID, store, business, status, history, delivery code, tracking token, payments or
   * createdAt. 'invalid-argument' for a value the job card would refuse. Members of the repair's
   * store. A delivered or cancelled repair is fixed: 'failed-precondition', nothing changes (the
   * owner reopens it first). A new customerMobile sets customerMobileBy to the caller.
   * `basis`: the values of the patched fields as the person saw them (refused-changes.ts baseOf). When
   * another device has changed one of them since (staleFields), nothing is written: the edit is kept as
   * a refused change (refusedChanges, for the repair page to ask field by field) and the call fails
   * with 'conflict' and SHOP_MESSAGES.editChangedElsewhere. Without a basis the edit applies as it is.
   */
  update(repairDocId: string, patch: ShopRepairPatch, basis?: EditBasis): Promise<ShopRepair>;
  /**
   * Deletes a repair, its shop-only record, payments and tracking link. Its number is never handed
   * out again. The store's owner only (staff: 'permission-denied').
   */
  delete(repairDocId: string): Promise<void>;
}
