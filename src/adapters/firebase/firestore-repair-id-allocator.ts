import {
  and,
  collection,
  type DocumentData,
  type DocumentReference,
  doc,
  type Firestore,
  limit,
  query,
  runTransaction,
  serverTimestamp,
  where,
  writeBatch,
} from 'firebase/firestore';
import { nextRepairId } from '../../domain/shop/repair-id';
import { newRepairDraft, type ShopRepair } from '../../domain/shop/repair-record';
import type { Clock } from '../../ports/clock';
import { isPortError, PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import type { NewShopRepair } from '../../ports/shop-repairs';
import { toPortError } from './firebase-errors';
import { COLLECTIONS, repairLookupRefPath } from './firestore-data';
import type { PendingWrites } from './firestore-pending-writes';
import { getDoc, getDocs, transactionGet } from './firestore-reads';
import { belongsTo, ofStore } from './firestore-repair-queries';
import { asRead, type ShopRepairWriter } from './firestore-repair-writer';
import {
  type FirestoreShopAccess,
  SHOP_COLLECTIONS,
  shopRepairOf,
  storedViewOf,
  withoutUndefined,
} from './firestore-shop-data';

/**
 * The Repair ID allocator of the Firestore repairs adapter: a new repair takes the next number of
 * repairCounters/{storeId} in the same transaction that writes the repair, its lookup document, its
 * shop-only documents, its advance and its tracking link, so a number is never handed out twice
 * (firestore.rules let the counter move by exactly one, to the repair written with it). The numbering
 * rule is the domain's (src/domain/shop/repair-id.ts); creates from this client run one at a time per
 * store, and a transaction that loses the number to another client is tried again.
 */

/** How often a create's transaction is tried when other clients take numbers at the same time. */
const CREATE_ATTEMPTS = 25;

/** How long a block-numbered create online waits for the server before answering pendingSync. */
const SENT_WAIT_MS = 4000;

/** A transaction or a batch: where a new repair's documents are set. */
interface DocumentSetter {
  set(reference: DocumentReference<DocumentData>, data: DocumentData): unknown;
}

/** Whether a commit landed, was refused, or is still waiting after `ms` (0: do not wait). */
async function settlesWithin(commit: Promise<void>, ms: number): Promise<'landed' | 'refused' | 'waiting'> {
  if (ms <= 0) return 'waiting';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<'waiting'>((resolve) => {
    timer = setTimeout(() => resolve('waiting'), ms);
  });
  try {
    return await Promise.race([
      commit.then(
        () => 'landed' as const,
        () => 'refused' as const,
      ),
      waited,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class FirestoreRepairIdAllocator {
  /** One create at a time per store from this client (other clients: the transaction retries). */
  private readonly creating = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Firestore,
    private readonly writer: ShopRepairWriter,
    private readonly clock: Clock,
    /** The device's outbox: a job card's batch is listed there until it lands (issue 20). */
    private readonly outbox?: PendingWrites,
  ) {}

  /** Creates the repair with the store's next Repair ID (the caller checked the input and the network). */
  create(access: FirestoreShopAccess, input: NewShopRepair, by: { uid: string; name: string }) {
    return this.serially(access.store.id, () => this.allocate(access, input, by));
  }

  private repairs() {
    return collection(this.db, COLLECTIONS.repairs);
  }

  private serially<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.creating.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(task);
    this.creating.set(key, run);
    run
      .finally(() => {
        if (this.creating.get(key) === run) this.creating.delete(key);
      })
      .catch(() => undefined);
    return run;
  }

  /** The document id of a repair of the store that already carries this Repair ID (an app's), or null. */
  private async repairIdHolder(access: FirestoreShopAccess, repairId: string): Promise<string | null> {
    const found = await getDocs(
      query(this.repairs(), and(ofStore(access), where('repairId', '==', repairId)), limit(2)),
    );
    return found.docs.find((repair) => belongsTo(shopRepairOf(repair.id, repair.data()), access))?.id ?? null;
  }

  /**
   * Runs the create's transaction. Another client that takes the number first makes this commit
   * either abort (the SDK retries it) or, where the rules are checked against the newer counter first
   * (the emulator does), fail the counter's rule: then, when the counter has moved past what this
   * attempt read, the allocation is simply tried again with the new counter.
   */
  private async allocate(
    access: FirestoreShopAccess,
    input: NewShopRepair,
    by: { uid: string; name: string },
  ): Promise<ShopRepair> {
    const counterRef = doc(this.db, SHOP_COLLECTIONS.repairCounters, access.store.id);
    for (let attempt = 1; ; attempt++) {
      const seen: { last: unknown } = { last: undefined };
      try {
        const created = await this.allocateOnce(access, input, by, seen);
        // null: the counter stepped past a number an app's repair holds; the next number is tried.
        if (created !== null) return created;
        if (attempt >= CREATE_ATTEMPTS)
          throw new PortError('unavailable', 'No free Repair ID was found. Please try again.');
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || !isPortError(toPortError(error), 'permission-denied')) throw error;
        const now = (await getDoc(counterRef)).data()?.last;
        if (now === seen.last) throw error;
      }
    }
  }

  /**
   * One try of the create: the counter moves by exactly one (firestore.rules), to this repair's
   * number, or, when an app's repair of the store already holds that number, to that repair (then
   * null: the caller tries the next number).
   */
  private allocateOnce(
    access: FirestoreShopAccess,
    input: NewShopRepair,
    by: { uid: string; name: string },
    seen: { last: unknown },
  ): Promise<ShopRepair | null> {
    const storeId = access.store.id;
    const id = doc(this.repairs()).id;
    const counterRef = doc(this.db, SHOP_COLLECTIONS.repairCounters, storeId);
    const trackingRef = this.writer.trackingRef(input.trackingToken);
    return runTransaction(
      this.db,
      async (transaction) => {
        const counter = (await transactionGet(transaction, counterRef)).data();
        seen.last = counter?.last;
        if ((await transactionGet(transaction, trackingRef)).exists())
          throw new PortError('conflict', 'This tracking token is already in use.');
        // The Repair ID rule (repair-id.ts nextRepairId): a damaged or used-up counter numbers nothing
        // (firestore.rules would refuse every move of it).
        const next = nextRepairId(counter ?? null, {
          repairIdPrefix: access.storeData.repairIdPrefix,
          name: access.store.name,
        });
        if (!next.ok) throw new PortError(next.code, next.message);
        const { prefix, number, repairId } = next;
        const holder = await this.repairIdHolder(access, repairId);
        if (holder !== null) {
          transaction.set(counterRef, { ...counter, prefix, last: number, lastRepairDocId: holder });
          return null;
        }
        const planned = this.plan(access, input, by, id, repairId);
        planned.writeTo(transaction);
        transaction.set(counterRef, { ...counter, prefix, last: number, lastRepairDocId: id });
        return planned.created;
      },
      { maxAttempts: CREATE_ATTEMPTS },
    );
  }

  /**
   * Creates the repair with a number this device holds from one of its member's blocks (ADR 0012):
   * one batch (the repair naming its block, its lookup entry, the number's claim, its shop-only
   * documents, its advance and its tracking link) that needs no server. Online it is awaited for
   * SENT_WAIT_MS, so a refusal is said at once; offline (or slow) it stays queued in Firestore's
   * cache, lands with the network, and the answer is marked pendingSync. A refusal on arrival (the
   * member was removed meanwhile) rolls this device's copy back and is logged.
   */
  async createFromBlock(
    access: FirestoreShopAccess,
    input: NewShopRepair,
    by: { uid: string; name: string },
    taken: { readonly repairId: string; readonly idBlock: number },
    logger: Logger | undefined,
  ): Promise<ShopRepair> {
    const storeId = access.store.id;
    const id = doc(this.repairs()).id;
    const planned = this.plan(access, input, by, id, taken.repairId, taken.idBlock);
    const batch = writeBatch(this.db);
    planned.writeTo(batch);
    const number = taken.repairId.slice(taken.repairId.lastIndexOf('-') + 1);
    batch.set(doc(this.db, SHOP_COLLECTIONS.repairIdClaims, `${storeId}_${number}`), {
      storeId,
      repairDocId: id,
    });
    const sent = batch.commit();
    this.outbox?.track(
      access.uid,
      { repairDocId: id, repairId: taken.repairId, what: 'new repair', at: this.clock.now().toISOString() },
      sent,
    );
    const landed = await settlesWithin(sent, access.offline ? 0 : SENT_WAIT_MS);
    if (landed === 'refused') throw await sent.catch((error: unknown) => error);
    if (landed === 'waiting')
      sent.catch((error: unknown) => {
        logger?.error(
          `The new repair ${taken.repairId} (${id}) made offline was refused when it reached the server; this device's copy went back to the server's.`,
          error,
        );
      });
    return { ...planned.created, pendingSync: landed === 'waiting' };
  }

  /**
   * A new repair's documents, planned once for the counter's transaction and a block's batch: the
   * repair (naming its block when numbered from one), its lookup entry, its unlock code and delivery
   * code apart, its advance and its tracking link. `created` is the create's answer, with the code
   * (the job sheet prints it).
   */
  private plan(
    access: FirestoreShopAccess,
    input: NewShopRepair,
    by: { uid: string; name: string },
    id: string,
    repairId: string,
    idBlock?: number,
  ): { created: ShopRepair; writeTo: (target: DocumentSetter) => void } {
    const storeId = access.store.id;
    const now = this.clock.now();
    const draft = newRepairDraft(input.card, {
      storeId,
      businessId: access.store.ownerId,
      repairId,
      deliveryCode: input.deliveryCode,
      trackingToken: input.trackingToken,
      now,
      by,
      ...(input.advanceMode === undefined ? {} : { advanceMode: input.advanceMode }),
    });
    const paymentId = `${id}-p1`;
    const record = withoutUndefined({
      ...draft.record,
      ...(idBlock === undefined ? {} : { idBlock }),
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    }) as Record<string, unknown>;
    const writeTo = (target: DocumentSetter) => {
      target.set(this.writer.repairRef(id), record);
      target.set(doc(this.db, repairLookupRefPath(repairId, id)), {});
      // The delivery code lives apart (draft.delivery: shop/delivery), never on the repair staff read.
      target.set(this.writer.privateRef(id), { unlockCode: draft.shopOnly.unlockCode, storeId });
      target.set(this.writer.deliveryRef(id), { ...draft.delivery });
      if (draft.advance !== null)
        target.set(doc(this.writer.payments(id), paymentId), {
          ...draft.advance,
          at: serverTimestamp(),
          id: paymentId,
          storeId,
          seq: 0,
        });
      target.set(this.writer.trackingRef(input.trackingToken), {
        repairDocId: id,
        storeId,
        revoked: false,
        view: storedViewOf(record),
      });
    };
    return { created: { ...asRead(id, record, now), deliveryCode: input.deliveryCode }, writeTo };
  }
}
