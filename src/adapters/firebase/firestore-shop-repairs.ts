import type { Auth } from 'firebase/auth';
import {
  collection,
  type DocumentData,
  type DocumentSnapshot,
  doc,
  type Firestore,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  writeBatch,
} from 'firebase/firestore';
import { SHOP_MESSAGES } from '../../domain/shop/messages';
import { isPaymentId, planDuesNote } from '../../domain/shop/payments';
import type { PendingChange } from '../../domain/shop/pending-changes';
import { baseOf, type EditBasis, type RefusedChange, staleFields } from '../../domain/shop/refused-changes';
import { storeRepairIdPrefix } from '../../domain/shop/repair-id';
import type { ShopOnlyRecord, ShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import { DELIVERY_CODE_PATTERN } from '../../domain/shop/status';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { Clock } from '../../ports/clock';
import { isPortError, PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import type {
  DuesQuery,
  NewShopPayment,
  NewShopRepair,
  OfflineJobCards,
  PageOfShopRepairs,
  RecordedPayment,
  ShopPayment,
  ShopRepairPatch,
  ShopRepairQuery,
  ShopRepairRepository,
  ShopSearch,
  ShopStatusChange,
  ShopStatusCounts,
} from '../../ports/shop-repairs';
import { checkDuesLimit, checkShopLimit, checkShopPatch } from '../local/shop-rules';
import { KeyedLock } from '../shared/keyed-lock';
import { firestoreCall, toPortError } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { cachedData, isOffline, writeOnlineOrQueue } from './firestore-online-or-queue';
import { PendingWrites } from './firestore-pending-writes';
import { getDoc, getDocs, transactionGet } from './firestore-reads';
import { RefusedChangeStore } from './firestore-refused-changes';
import { FirestoreRepairIdAllocator } from './firestore-repair-id-allocator';
import {
  type DeviceStorage,
  FirestoreRepairIdBlocks,
  memoryDeviceStorage,
} from './firestore-repair-id-blocks';
import { patchParts, planEdit, planPaymentWrite, planStatus, tryCode } from './firestore-repair-plans';
import {
  belongsTo,
  duesQuery,
  encodeCursor,
  pageQuery,
  parsePayment,
  searchQuery,
  statusCounts,
} from './firestore-repair-queries';
import { ShopRepairWriter, withoutCode } from './firestore-repair-writer';
import {
  type FirestoreShopAccess,
  SHOP_COLLECTIONS,
  ShopAccessChecker,
  shopRepairOf,
  shopRepairOfSnapshot,
} from './firestore-shop-data';

/** How often a payment's transaction is tried when other clients write the repair at the same time. */
const PAYMENT_ATTEMPTS = 25;

/** A delivery with the customer's code is checked by the server. */
const DELIVERY_NEEDS_NETWORK =
  'A delivery with the customer’s code needs the network. Please connect and try again.';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Thrown inside an edit's write when its basis is stale (update catches it: nothing written). */
const STALE_EDIT = new Error('This edit is based on values changed since.');

/**
 * The shop console's repairs on Firestore: repairs/{id} (the apps' collection) with every field of the
 * spec, the unlock code in repairs/{id}/shop/private, payments in repairs/{id}/payments, the Repair ID
 * from repairCounters/{storeId} in the transaction that writes the repair (firestore-repair-id-allocator.ts),
 * and the tracking link's view in tracking/{token} rewritten with every write (firestore-repair-writer.ts).
 * Queries and counts: firestore-repair-queries.ts. Updates are planned by firestore-repair-plans.ts and
 * written online or queued offline (firestore-online-or-queue.ts). firestore.rules enforce membership,
 * the workflow and append-only history; the adapter checks the same first, for clear messages.
 */
export class FirestoreShopRepairRepository implements ShopRepairRepository {
  private readonly access: ShopAccessChecker;
  /** This client's payments on one repair, one at a time (other clients: the transaction retries). */
  private readonly paymentLock = new KeyedLock();
  private readonly writer: ShopRepairWriter;
  private readonly allocator: FirestoreRepairIdAllocator;

  private readonly blocks: FirestoreRepairIdBlocks;
  /** This device's writes not yet on the server. */
  private readonly outbox: PendingWrites;
  /** Queued edits the server refused on arrival, kept on this device for the person to choose. */
  private readonly refused: RefusedChangeStore;

  constructor(
    private readonly db: Firestore,
    auth: Auth,
    private readonly clock: Clock,
    private readonly logger?: Logger,
    /** Where this device keeps its Repair ID blocks (the browser's localStorage; a map in Node). */
    deviceStorage: DeviceStorage = memoryDeviceStorage(),
  ) {
    this.access = new ShopAccessChecker(db, auth);
    this.outbox = new PendingWrites(db, deviceStorage);
    this.writer = new ShopRepairWriter(db, this.access, this.outbox);
    this.allocator = new FirestoreRepairIdAllocator(db, this.writer, clock, this.outbox);
    this.blocks = new FirestoreRepairIdBlocks(db, deviceStorage, () => auth.currentUser?.uid ?? null, logger);
    this.refused = new RefusedChangeStore(deviceStorage);
  }

  private repairs() {
    return collection(this.db, COLLECTIONS.repairs);
  }

  create(storeId: string, input: NewShopRepair): Promise<ShopRepair> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      if (!DELIVERY_CODE_PATTERN.test(input.deliveryCode))
        throw new PortError('invalid-argument', 'A delivery code has 4 digits.');
      if (!isTrackingToken(input.trackingToken))
        throw new PortError('invalid-argument', 'This tracking token is not valid.');
      const by = { uid: access.uid, name: await this.actorName(access) };
      // A number this device holds from its member's block comes first, online too (ADR 0012): its
      // writes go as one batch that needs no server, and a shop with one counter numbers 1001, 1002, ….
      // Holding none, the counter's next number, taken in a transaction (the server is needed then).
      // Blocks are topped up by prepareOffline, which the console asks, never here: while no device
      // holds a block, creates move the counter by one and the numbers have no gap.
      if (this.blocks.count(access) > 0) return this.createFromBlock(access, input, by);
      if (access.offline) throw new PortError('unavailable', SHOP_MESSAGES.createNeedsNetwork);
      try {
        return await this.allocator.create(access, input, by);
      } catch (error) {
        if (isOffline(error))
          throw new PortError('unavailable', SHOP_MESSAGES.createNeedsNetwork, { cause: error });
        throw error;
      }
    });
  }

  /** The writer's name for the history entry; offline, from this device's copy (else no create). */
  private async actorName(access: FirestoreShopAccess): Promise<string> {
    try {
      return await this.access.actorName(access.uid);
    } catch (error) {
      if (isOffline(error)) throw new PortError('unavailable', SHOP_MESSAGES.createNeedsNetwork);
      throw error;
    }
  }

  private createFromBlock(
    access: FirestoreShopAccess,
    input: NewShopRepair,
    by: { uid: string; name: string },
  ): Promise<ShopRepair> {
    const taken = this.blocks.take(access);
    if (taken === null) throw new PortError('unavailable', SHOP_MESSAGES.createNeedsNetwork);
    return this.allocator.createFromBlock(access, input, by, taken, this.logger);
  }

  prepareOffline(storeId: string): Promise<OfflineJobCards> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      // The writer's name goes on a job card's history entry: read now, while online.
      if (!access.offline) await this.access.actorName(access.uid);
      await this.blocks.topUp(access);
      return { repairIdsHeld: this.blocks.count(access) };
    });
  }

  get(id: string): Promise<ShopRepair | null> {
    return firestoreCall(async () => {
      this.access.uid();
      const repair = shopRepairOfSnapshot(await getDoc(this.writer.repairRef(id)));
      if (repair === null) return null;
      const access = await this.access.requireMember(storeRefOf(repair));
      // The owner reads the code apart (an app's repair keeps its own on the repair).
      const [read] = await this.codesFor(access, [repair]);
      return read ?? null;
    });
  }

  /** The repairs with their delivery codes for the owner; for staff without (''). */
  private async codesFor(access: FirestoreShopAccess, repairs: ShopRepair[]): Promise<ShopRepair[]> {
    if (access.role !== 'owner') return repairs.map(withoutCode);
    return Promise.all(
      repairs.map(async (repair) => ({
        ...repair,
        deliveryCode: (await this.ownersCode(repair.id)) || repair.deliveryCode,
      })),
    );
  }

  /** The delivery code of shop/delivery ('' when there is none, or offline and not cached): the owner's read. */
  private async ownersCode(id: string): Promise<string> {
    try {
      return text(plainData(await getDoc(this.writer.deliveryRef(id)))?.code);
    } catch (error) {
      if (isOffline(error)) return '';
      throw error;
    }
  }

  getShopOnly(id: string): Promise<ShopOnlyRecord | null> {
    return firestoreCall(async () => {
      this.access.uid();
      const raw = plainData(await getDoc(this.writer.repairRef(id)));
      if (raw === undefined) return null;
      await this.access.requireMember(storeRefOf(shopRepairOf(id, raw)));
      let snapshot: DocumentSnapshot<DocumentData>;
      try {
        snapshot = await getDoc(this.writer.privateRef(id));
      } catch (error) {
        // Offline, a shop-only record this device never read (or that does not exist) is not in the
        // cache: the page shows no unlock code rather than failing.
        if (isOffline(error)) return null;
        throw error;
      }
      const shopOnly = plainData(snapshot);
      return shopOnly === undefined ? null : { unlockCode: text(shopOnly.unlockCode) };
    });
  }

  listPayments(id: string): Promise<ShopPayment[]> {
    return firestoreCall(async () => {
      await this.writer.repairAccess(id);
      const snapshot = await getDocs(query(this.writer.payments(id), orderBy('at', 'asc')));
      return snapshot.docs.map((payment) => parsePayment(id, plainData(payment) ?? {}));
    });
  }

  /**
   * A payment or refund: one transaction that reads the repair and repairs/{id}/payments/{paymentId},
   * then creates the payment (the server's time) and rewrites the repair's paidPaise, duePaise, owing,
   * history and updatedAt with its tracking view (firestore.rules isPaymentMove check the sums). A
   * payment id already stored answers that entry and the repair as it is. Online only: offline the
   * transaction fails with 'unavailable', and the same id may be sent again later.
   */
  recordPayment(id: string, input: NewShopPayment): Promise<RecordedPayment> {
    return firestoreCall(async () => {
      const { access } = await this.writer.repairState(id);
      if (!isPaymentId(input.id)) throw new PortError('invalid-argument', SHOP_MESSAGES.paymentIdInvalid);
      const name = await this.access.actorName(access.uid);
      const paymentRef = doc(this.writer.payments(id), input.id);
      const answer = await this.paymentLock.run(id, async () => {
        for (let attempt = 1; ; attempt += 1) {
          const seen = { history: -1 };
          try {
            return await runTransaction(
              this.db,
              async (transaction) => {
                const raw = await this.writer.current(transaction, id);
                seen.history = Array.isArray(raw.history) ? raw.history.length : 0;
                const stored = plainData(await transactionGet(transaction, paymentRef));
                if (stored !== undefined)
                  return { payment: parsePayment(id, stored), repair: withoutCode(shopRepairOf(id, raw)) };
                const { plan, next } = planPaymentWrite(this.clock, id, raw, input, access, name);
                const write = await this.writer.prepare(transaction, shopRepairOf(id, raw).trackingToken);
                transaction.set(paymentRef, { ...plan.payment, at: serverTimestamp() });
                return { payment: { ...plan.payment, repairDocId: id }, repair: write(id, next) };
              },
              { maxAttempts: PAYMENT_ATTEMPTS },
            );
          } catch (error) {
            // Another client's payment committed between this one's reads and its commit: the rules
            // judge the commit against the new state first (its history grew, or this id is taken),
            // so a refusal then is a lost race, tried again; any other refusal stands.
            if (attempt >= PAYMENT_ATTEMPTS || !isPortError(toPortError(error), 'permission-denied'))
              throw error;
            const now = plainData(await getDoc(this.writer.repairRef(id)));
            const grown = Array.isArray(now?.history) ? now.history.length : 0;
            if (grown === seen.history && !(await getDoc(paymentRef)).exists()) throw error;
          }
        }
      });
      const [repair] = await this.codesFor(access, [answer.repair]);
      return { payment: answer.payment, repair: repair ?? answer.repair };
    });
  }

  page(storeId: string, request: ShopRepairQuery): Promise<PageOfShopRepairs> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      checkShopLimit(request.limit);
      const snapshot = await getDocs(pageQuery(this.repairs(), access, request));
      const all = snapshot.docs.flatMap((repair) => shopRepairOfSnapshot(repair) ?? []);
      const considered = all.slice(0, request.limit);
      const last = considered[considered.length - 1];
      return {
        items: await this.codesFor(
          access,
          considered.filter((repair) => belongsTo(repair, access)),
        ),
        next: all.length > request.limit && last !== undefined ? encodeCursor(last) : null,
      };
    });
  }

  /** The dues khata: one page of the store's owing repairs, oldest first (duesQuery), without codes. */
  dues(storeId: string, request: DuesQuery): Promise<PageOfShopRepairs> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      checkDuesLimit(request.limit);
      const snapshot = await getDocs(duesQuery(this.repairs(), access, request));
      const all = snapshot.docs.flatMap((repair) => shopRepairOfSnapshot(repair) ?? []);
      const items = all.slice(0, request.limit);
      const last = items[items.length - 1];
      return {
        // The khata never shows a delivery code: none is read (the owner's would cost a read a repair).
        items: items.filter((repair) => belongsTo(repair, access)).map(withoutCode),
        next: all.length > request.limit && last !== undefined ? encodeCursor(last) : null,
      };
    });
  }

  search(storeId: string, search: ShopSearch): Promise<ShopRepair[]> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      checkShopLimit(search.limit);
      if (search.text.trim() === '') return [];
      const snapshot = await getDocs(searchQuery(this.repairs(), access, search));
      return this.codesFor(
        access,
        snapshot.docs
          .flatMap((repair) => shopRepairOfSnapshot(repair) ?? [])
          .filter((repair) => belongsTo(repair, access)),
      );
    });
  }

  repairIdPrefix(storeId: string): Promise<string> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      // Members get the counter (firestore.rules `match /repairCounters`: get).
      const counter = plainData(await getDoc(doc(this.db, SHOP_COLLECTIONS.repairCounters, storeId)));
      return storeRepairIdPrefix(counter ?? null, {
        repairIdPrefix: access.storeData.repairIdPrefix,
        name: access.store.name,
      });
    });
  }

  countByStatus(storeId: string): Promise<ShopStatusCounts> {
    return firestoreCall(async () => statusCounts(this.repairs(), await this.access.requireMember(storeId)));
  }

  /**
   * A status change: a transaction online; offline (the client knows it, or the transaction cannot
   * reach the server) the same change planned against this device's copy, queued as a batch, and
   * returned marked pendingSync (writeOnlineOrQueue). A delivery with the customer's code first
   * commits the try (tryCode); the rules then refuse the move when the code is not the stored one.
   */
  changeStatus(id: string, change: ShopStatusChange): Promise<ShopRepair> {
    return firestoreCall(async () => {
      const { access, offline } = await this.writer.repairState(id);
      const name = await this.access.actorName(access.uid);
      const withCode = change.to === 'delivered' && change.override === undefined;
      return writeOnlineOrQueue({
        offline,
        queued: async () => {
          if (withCode) throw new PortError('unavailable', DELIVERY_NEEDS_NETWORK);
          // Refused on arrival (another device changed the repair first): kept, for the page to say so.
          let from = '';
          const { raw, write } = await this.writer.queued(
            id,
            access,
            this.logger,
            'status change',
            (error) => {
              if (isPortError(toPortError(error), 'permission-denied'))
                this.refused.keep(access.uid, {
                  repairDocId: id,
                  patch: {},
                  base: {},
                  move: { to: change.to, from },
                  at: this.clock.now().toISOString(),
                });
            },
          );
          from = shopRepairOf(id, raw).status;
          return write(planStatus(this.clock, id, raw, change, access, name).next);
        },
        online: async () => {
          if (withCode) {
            // The typed code is checked (form, presence) before it counts as a try.
            const raw = plainData(await getDoc(this.writer.repairRef(id)));
            if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
            const { repair } = planStatus(this.clock, id, raw, change, access, name);
            await tryCode(this.db, this.clock, this.writer.triesRef(id), access.uid, repair.deliveryCode);
          }
          return runTransaction(this.db, async (transaction) => {
            const raw = await this.writer.current(transaction, id);
            const { repair, next } = planStatus(this.clock, id, raw, change, access, name);
            const write = await this.writer.prepare(transaction, repair.trackingToken);
            return write(id, next);
          });
        },
        refusal: (error) =>
          withCode && isPortError(toPortError(error), 'permission-denied')
            ? new PortError('failed-precondition', SHOP_MESSAGES.deliveryCodeWrong, { cause: error })
            : undefined,
      });
    });
  }

  /**
   * An edit: like changeStatus, a transaction online and a queued batch offline (writeOnlineOrQueue).
   * A patch of many fields is written in parts (patchParts), each with its own entry.
   */
  update(id: string, patch: ShopRepairPatch, basis?: EditBasis): Promise<ShopRepair> {
    return firestoreCall(async () => {
      const { access, offline } = await this.writer.repairState(id);
      checkShopPatch(patch);
      const name = await this.access.actorName(access.uid);
      let result: ShopRepair | null = null;
      // The whole edit's basis is judged with its first part, on the version that part is written on.
      const judged = basis === undefined ? undefined : { patch, basis };
      try {
        for (const [index, part] of patchParts(patch).entries())
          result = await this.updatePart(id, part, access, offline, name, index === 0 ? judged : undefined);
      } catch (error) {
        if (error !== STALE_EDIT) throw error;
        this.refused.keep(access.uid, {
          repairDocId: id,
          patch,
          base: basis ?? {},
          at: this.clock.now().toISOString(),
        });
        throw new PortError('conflict', SHOP_MESSAGES.editChangedElsewhere);
      }
      // A ready repair's new amounts: the note that stores its dues fields (payments.ts planDuesNote).
      if (!offline && (patch.estimatePaise !== undefined || patch.finalPaise !== undefined))
        result = (await this.duesNote(id, access, name)) ?? result;
      return (
        result ?? withoutCode(shopRepairOf(id, plainData(await getDoc(this.writer.repairRef(id))) ?? {}))
      );
    });
  }

  /** The note write of planDuesNote, in a transaction; null when the dues fields are right. */
  private duesNote(id: string, access: FirestoreShopAccess, name: string): Promise<ShopRepair | null> {
    return runTransaction(this.db, async (transaction) => {
      const raw = await this.writer.current(transaction, id);
      const dues = planDuesNote(raw, { uid: access.uid, name }, this.clock.now());
      if (dues === null) return null;
      const write = await this.writer.prepare(transaction, shopRepairOf(id, raw).trackingToken);
      const history = Array.isArray(raw.history) ? [...raw.history] : [];
      return write(id, {
        ...raw,
        ...dues.dues,
        updatedAt: serverTimestamp(),
        history: [...history, dues.entry],
      });
    });
  }

  private updatePart(
    id: string,
    patch: ShopRepairPatch,
    access: FirestoreShopAccess,
    offline: boolean,
    name: string,
    judged?: { readonly patch: ShopRepairPatch; readonly basis: EditBasis },
  ): Promise<ShopRepair> {
    // Based on values another device has changed since (as this device knows the repair): not written.
    const judge = (raw: Record<string, unknown>) => {
      if (judged !== undefined && staleFields(shopRepairOf(id, raw), judged.patch, judged.basis).length > 0)
        throw STALE_EDIT;
    };
    const privateDoc = { unlockCode: patch.unlockCode, storeId: access.store.id };
    return writeOnlineOrQueue({
      offline,
      queued: async () => {
        // What this device had of the edited fields: kept with the change if the server refuses it.
        const cachedCode = patch.unlockCode === undefined ? null : await this.cachedUnlockCode(id);
        let base: RefusedChange['base'] = {};
        const { raw, write } = await this.writer.queued(id, access, this.logger, 'change', (error) => {
          if (isPortError(toPortError(error), 'permission-denied'))
            this.refused.keep(access.uid, {
              repairDocId: id,
              patch,
              base,
              at: this.clock.now().toISOString(),
            });
        });
        judge(raw);
        base = baseOf(shopRepairOf(id, raw), cachedCode, patch);
        const { repair, next } = planEdit(this.clock, id, raw, patch, access, name);
        if (next === null) return withoutCode(repair);
        return write(next, (batch) => {
          if (patch.unlockCode !== undefined) batch.set(this.writer.privateRef(id), privateDoc);
        });
      },
      online: () =>
        runTransaction(this.db, async (transaction) => {
          const raw = await this.writer.current(transaction, id);
          judge(raw);
          const { repair, next } = planEdit(this.clock, id, raw, patch, access, name);
          if (next === null) return withoutCode(repair);
          const write = await this.writer.prepare(transaction, repair.trackingToken);
          if (patch.unlockCode !== undefined) transaction.set(this.writer.privateRef(id), privateDoc);
          return write(id, next);
        }),
    });
  }

  /** The unlock code this device has read (null: none cached). */
  private async cachedUnlockCode(id: string): Promise<string | null> {
    const data = await cachedData(this.writer.privateRef(id));
    return typeof data?.unlockCode === 'string' ? data.unlockCode : null;
  }

  refusedChanges(repairDocId: string): Promise<readonly RefusedChange[]> {
    return firestoreCall(async () => {
      const uid = this.access.uid();
      return this.refused.of(uid).filter((change) => change.repairDocId === repairDocId);
    });
  }

  /** Whether any account of this device has changes queued that the server does not have yet. */
  anyPendingOnDevice(): boolean {
    return this.outbox.anyPending();
  }

  pendingChanges(): Promise<readonly PendingChange[]> {
    return firestoreCall(async () => this.outbox.pending(this.access.uid()));
  }

  dismissRefusedChange(changeId: string): Promise<void> {
    return firestoreCall(async () => {
      this.refused.dismiss(this.access.uid(), changeId);
    });
  }

  delete(id: string): Promise<void> {
    return firestoreCall(async () => {
      await this.writer.repairAccess(id, true);
      const raw = plainData(await getDoc(this.writer.repairRef(id)));
      if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
      const repair = shopRepairOf(id, raw);
      const payments = await getDocs(this.writer.payments(id));
      const link =
        repair.trackingToken === '' ? null : await getDoc(this.writer.trackingRef(repair.trackingToken));
      // The counter is left as it is: the number is never handed out again.
      const batch = writeBatch(this.db);
      this.writer.deleteRepair(batch, id, repair.repairId);
      for (const payment of payments.docs) batch.delete(payment.ref);
      if (link?.exists()) batch.delete(link.ref);
      await batch.commit();
    });
  }
}
