import {
  type CollectionReference,
  collection,
  type DocumentData,
  type DocumentReference,
  doc,
  FieldValue,
  type Firestore,
  type Transaction,
  type WriteBatch,
  writeBatch,
} from 'firebase/firestore';
import type { ShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import { PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import { COLLECTIONS, plainData, repairLookupRefPath } from './firestore-data';
import { cachedData } from './firestore-online-or-queue';
import type { PendingWrites } from './firestore-pending-writes';
import { getDoc, transactionGet } from './firestore-reads';
import {
  type FirestoreShopAccess,
  SHOP_COLLECTIONS,
  SHOP_DELIVERY_DOC,
  SHOP_PRIVATE_DOC,
  SHOP_TRIES_DOC,
  type ShopAccessChecker,
  shopRepairOf,
  storedViewOf,
  withoutUndefined,
} from './firestore-shop-data';

/**
 * How a repair document is written on Firestore, shared by the repairs adapter
 * (firestore-shop-repairs.ts), its Repair ID allocator and the tracking adapter: the documents of a
 * repair (the repair, shop/private, shop/delivery, shop/tries, its tracking link), the repair and the
 * caller's membership read before a write, and the two ways a write lands: in a transaction
 * (`current` + `prepare`) or, offline, as a queued batch (`queued`; see firestore-online-or-queue.ts).
 * Either way the live tracking link's view is rewritten with the repair, so /t/$token always matches.
 */

/** The delivery code is never in what staff (or any list) read: '' (the owner's get reads it apart). */
export function withoutCode(repair: ShopRepair): ShopRepair {
  return { ...repair, deliveryCode: '' };
}

/** The stored record as read back: the server's timestamps it asked for, as `now`. */
export function asRead(id: string, stored: Readonly<Record<string, unknown>>, now: Date): ShopRepair {
  const readable = Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [key, value instanceof FieldValue ? now : value]),
  );
  return shopRepairOf(id, readable);
}

/**
 * Writes on a repair shared by the repairs and tracking adapters: the repair document and, when it has
 * a live tracking link, the link's customer-safe view, in the same transaction (so /t/$token reads one
 * document that always matches the repair).
 */
export class ShopRepairWriter {
  constructor(
    readonly db: Firestore,
    readonly access: ShopAccessChecker,
    /** The device's outbox: queued writes are listed there until they settle (issue 20). */
    private readonly outbox?: PendingWrites,
  ) {}

  repairRef(id: string): DocumentReference<DocumentData> {
    return doc(this.db, COLLECTIONS.repairs, id);
  }

  trackingRef(token: string): DocumentReference<DocumentData> {
    return doc(this.db, SHOP_COLLECTIONS.tracking, token);
  }

  privateRef(id: string): DocumentReference<DocumentData> {
    return doc(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.shop, SHOP_PRIVATE_DOC);
  }

  deliveryRef(id: string): DocumentReference<DocumentData> {
    return doc(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.shop, SHOP_DELIVERY_DOC);
  }

  /** repairs/{id}/payments: the repair's payments and refunds. */
  payments(id: string): CollectionReference<DocumentData> {
    return collection(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.payments);
  }

  triesRef(id: string): DocumentReference<DocumentData> {
    return doc(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.shop, SHOP_TRIES_DOC);
  }

  /** Adds to `batch` the deletes of a repair, its Repair ID's lookup entry and its shop documents. */
  deleteRepair(batch: WriteBatch, id: string, repairId: string): void {
    batch.delete(this.repairRef(id));
    if (repairId !== '') batch.delete(doc(this.db, repairLookupRefPath(repairId, id)));
    batch.delete(this.privateRef(id));
    batch.delete(this.deliveryRef(id));
    batch.delete(this.triesRef(id));
  }

  /** The repair (read past the rules' read check) and the caller's membership of its store. */
  async repairAccess(id: string, owner = false): Promise<FirestoreShopAccess> {
    return (await this.repairState(id, owner)).access;
  }

  /**
   * repairAccess, and whether the repair came from this device's cache: a get answers from the cache
   * only when the client knows it is offline, so then a write queues instead of trying a transaction.
   */
  async repairState(id: string, owner = false): Promise<{ access: FirestoreShopAccess; offline: boolean }> {
    this.access.uid();
    const snapshot = await getDoc(this.repairRef(id));
    const raw = plainData(snapshot);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    const storeId = storeRefOf(shopRepairOf(id, raw));
    const access = await (owner ? this.access.requireOwner(storeId) : this.access.requireMember(storeId));
    return { access, offline: snapshot.metadata.fromCache };
  }

  /**
   * Offline: the repair as this device has it, and the function that writes its next state and its
   * tracking view (when the live link is cached here) in one batch that queues until the network
   * returns. The rules check it when it reaches the server; a refusal (someone moved the repair
   * meanwhile) rolls this device's cache back, and is logged.
   */
  async queued(
    id: string,
    access: FirestoreShopAccess,
    logger: Logger | undefined,
    what: string,
    /** Called when the server refuses the write on arrival (the change is kept: refused changes). */
    onRefused?: (error: unknown) => void,
  ): Promise<{
    raw: Record<string, unknown>;
    write: (next: Record<string, unknown>, extra?: (batch: WriteBatch) => void) => ShopRepair;
  }> {
    const raw = await cachedData(this.repairRef(id));
    if (raw === undefined)
      throw new PortError('unavailable', 'This repair is not on this device. Please connect to the network.');
    const token = shopRepairOf(id, raw).trackingToken;
    const link = token === '' ? undefined : await cachedData(this.trackingRef(token));
    const write = (next: Record<string, unknown>, extra?: (batch: WriteBatch) => void) => {
      const stored = withoutUndefined(next);
      const batch = writeBatch(this.db);
      batch.set(this.repairRef(id), stored);
      // The link's view is the repair's own fields: a repair's token always names its live link
      // (a revoke clears it, in the same write).
      if (token !== '' && link?.revoked !== true)
        batch.update(this.trackingRef(token), { view: storedViewOf(stored) });
      extra?.(batch);
      // Not awaited: the promise settles only when the server has the write.
      const commit = batch.commit();
      this.outbox?.track(
        access.uid,
        { repairDocId: id, repairId: shopRepairOf(id, raw).repairId, what, at: new Date().toISOString() },
        commit,
      );
      commit.catch((error: unknown) => {
        onRefused?.(error);
        logger?.error(
          `A ${what} of repair ${id} made offline was refused when it reached the server; this device's copy went back to the server's.`,
          error,
        );
      });
      return { ...withoutCode(asRead(id, stored, new Date())), pendingSync: true };
    };
    return { raw, write };
  }

  /** The repair as stored, inside a transaction; 'not-found' when it is gone. */
  async current(transaction: Transaction, id: string): Promise<Record<string, unknown>> {
    const snapshot = await transactionGet(transaction, this.repairRef(id));
    const raw = snapshot.data();
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    return raw;
  }

  /**
   * Reads what a view needs (the live link): call before any write of the transaction. Returns the
   * function that writes the repair and its link's view (the repair's customer-safe fields).
   */
  async prepare(
    transaction: Transaction,
    token: string,
  ): Promise<(id: string, next: Record<string, unknown>) => ShopRepair> {
    const link =
      token === '' ? undefined : (await transactionGet(transaction, this.trackingRef(token))).data();
    const live = link !== undefined && link.revoked !== true;
    return (id, next) => {
      const stored = withoutUndefined(next);
      transaction.set(this.repairRef(id), stored);
      if (live) transaction.update(this.trackingRef(token), { view: storedViewOf(stored) });
      return withoutCode(asRead(id, stored, new Date()));
    };
  }
}
