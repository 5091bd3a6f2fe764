import type { Auth } from 'firebase/auth';
import {
  and,
  collection,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  doc,
  documentId,
  FieldValue,
  type Firestore,
  getDocFromCache,
  getDocsFromCache,
  limit,
  or,
  orderBy,
  type QueryCompositeFilterConstraint,
  type QueryFilterConstraint,
  type QueryNonFilterConstraint,
  query,
  runTransaction,
  serverTimestamp,
  startAfter,
  Timestamp,
  type Transaction,
  type WriteBatch,
  where,
  writeBatch,
} from 'firebase/firestore';
import { storeRefOf } from '../../domain/repairs/repair';
import { historyEntry } from '../../domain/shop/history';
import { SHOP_MESSAGES } from '../../domain/shop/messages';
import {
  formatRepairId,
  isValidPrefix,
  MAX_REPAIR_NUMBER,
  nextRepairNumber,
  prefixFromStoreName,
} from '../../domain/shop/repair-id';
import { newRepairDraft, type ShopOnlyRecord, type ShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo } from '../../domain/shop/repair-write-rules';
import {
  DELIVERY_CODE_PATTERN,
  isFinalStatus,
  planStatusChange,
  REPAIR_STATUSES,
  type RepairStatus,
  statusLabel,
} from '../../domain/shop/status';
import { isTrackingToken } from '../../domain/shop/tracking';
import { DELIVERY_TRIES } from '../../domain/stored/documents';
import type { Clock } from '../../ports/clock';
import { isPortError, PortError } from '../../ports/errors';
import type { Logger } from '../../ports/logger';
import type {
  NewShopRepair,
  ShopPayment,
  ShopRepairPage,
  ShopRepairPatch,
  ShopRepairQuery,
  ShopRepairRepository,
  ShopSearch,
  ShopStatusChange,
  ShopStatusCounts,
} from '../../ports/shop-repairs';
import { checkShopRepairUpdate } from '../local/local-rules';
import { applyShopPatch, checkShopLimit, checkShopPatch } from '../local/shop-rules';
import { firestoreCall, toPortError } from './firebase-errors';
import { COLLECTIONS, plainData, repairLookupRefPath } from './firestore-data';
import { getCountFromServer, getDoc, getDocs, transactionGet } from './firestore-reads';
import {
  type FirestoreShopAccess,
  SHOP_COLLECTIONS,
  SHOP_DELIVERY_DOC,
  SHOP_PRIVATE_DOC,
  SHOP_TRIES_DOC,
  ShopAccessChecker,
  shopRepairOf,
  shopRepairOfSnapshot,
  storedViewOf,
  withoutUndefined,
} from './firestore-shop-data';

/** A delivery with the customer's code is checked by the server. */
const DELIVERY_NEEDS_NETWORK =
  'A delivery with the customer’s code needs the network. Please connect and try again.';

/** How often a create's transaction is tried when other clients take numbers at the same time. */
const CREATE_ATTEMPTS = 25;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored payment, parsed. */
function parsePayment(repairDocId: string, raw: Readonly<Record<string, unknown>>): ShopPayment {
  const by = (raw.by ?? {}) as { uid?: unknown; name?: unknown };
  return {
    id: text(raw.id),
    repairDocId,
    kind: raw.kind === 'refund' ? 'refund' : 'payment',
    amountPaise: Number(raw.amountPaise) || 0,
    mode: raw.mode === 'upi' || raw.mode === 'card' ? raw.mode : 'cash',
    at: raw.at instanceof Date ? raw.at : new Date(0),
    by: { uid: text(by.uid), name: text(by.name) },
    note: text(raw.note),
  };
}

function encodeCursor(repair: ShopRepair): string {
  return `${repair.createdAt?.getTime() ?? 0}~${repair.id}`;
}

function decodeCursor(cursor: string): { at: Timestamp; id: string } {
  const match = /^(\d{1,15})~([^/]{1,1500})$/.exec(cursor);
  if (match === null) throw new PortError('invalid-argument', 'This page cursor is not valid.');
  return { at: Timestamp.fromMillis(Number(match[1])), id: match[2] ?? '' };
}

/** The document field each search looks in. */
const SEARCH_FIELDS = {
  repairId: 'repairId',
  mobile: 'customerMobile',
  imeiSerial: 'imeiSerial',
  name: 'customerNameLower',
} as const;

/**
 * The repairs of one store: those naming it by `storeId`, and the apps' older records that name it by
 * `store` with businessId its owner (a `store` value alone grants nothing: firestore.rules list them
 * only so). A record naming another store by `storeId` is dropped from the answers (belongsTo).
 */
function ofStore(access: FirestoreShopAccess): QueryCompositeFilterConstraint {
  return or(
    where('storeId', '==', access.store.id),
    and(where('store', '==', access.store.id), where('businessId', '==', access.store.ownerId)),
  );
}

/** The store a repair belongs to, as firestore.rules decide it (storeRefOf). */
function belongsTo(repair: ShopRepair, access: FirestoreShopAccess): boolean {
  return repairBelongsTo(repair, access.store.id, access.store.ownerId);
}

/** The delivery code is never in what staff (or any list) read: '' (the owner's get reads it apart). */
function withoutCode(repair: ShopRepair): ShopRepair {
  return { ...repair, deliveryCode: '' };
}

/** The stored record as read back: the server's timestamps it asked for, as `now`. */
function asRead(id: string, stored: Readonly<Record<string, unknown>>, now: Date): ShopRepair {
  const readable = Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [key, value instanceof FieldValue ? now : value]),
  );
  return shopRepairOf(id, readable);
}

/** Member fields an edit commits at once at most (firestore.rules' budget of 1,000 expressions). */
const PATCH_FIELDS_PER_WRITE = 6;

/**
 * A patch in parts of at most PATCH_FIELDS_PER_WRITE fields (each stored as at most two fields),
 * each written as its own edit: a rules evaluation checks every changed field's type and size, and
 * a large edit in one commit would exceed the rules' budget.
 */
function patchParts(patch: ShopRepairPatch): ShopRepairPatch[] {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (entries.length <= PATCH_FIELDS_PER_WRITE) return [patch];
  const parts: ShopRepairPatch[] = [];
  for (let i = 0; i < entries.length; i += PATCH_FIELDS_PER_WRITE)
    parts.push(Object.fromEntries(entries.slice(i, i + PATCH_FIELDS_PER_WRITE)) as ShopRepairPatch);
  return parts;
}

/** Whether a Firestore failure means the server could not be reached (the write can queue instead). */
function isOffline(error: unknown): boolean {
  if (error instanceof PortError && !(error.cause instanceof Error)) return false;
  const code = (error instanceof PortError ? error.cause : error) as { code?: unknown } | undefined;
  return typeof code?.code === 'string' && OFFLINE_CODES.has(code.code.replace(/^firestore\//, ''));
}

/** The SDK's codes for a server it cannot reach (not 'aborted': that is a contended transaction). */
const OFFLINE_CODES: ReadonlySet<string> = new Set(['unavailable', 'deadline-exceeded']);

/** A document from this device's cache, or undefined when it has none (never asks the server). */
async function cachedData(reference: DocumentReference<DocumentData>) {
  try {
    return (await getDocFromCache(reference)).data();
  } catch {
    return undefined;
  }
}

/** The stored history list as it is (Timestamps untouched), so that a rewrite keeps it equal. */
function storedHistory(raw: Readonly<Record<string, unknown>>): unknown[] {
  return Array.isArray(raw.history) ? [...raw.history] : [];
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

  triesRef(id: string): DocumentReference<DocumentData> {
    return doc(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.shop, SHOP_TRIES_DOC);
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
    _access: FirestoreShopAccess,
    logger: Logger | undefined,
    what: string,
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
      batch.commit().catch((error: unknown) => {
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

/**
 * The shop console's repairs on Firestore: repairs/{id} (the apps' collection) with every field of the
 * spec, the unlock code in repairs/{id}/shop/private, payments in repairs/{id}/payments, the Repair ID
 * from repairCounters/{storeId} in the transaction that writes the repair, and the tracking link's view
 * in tracking/{token} rewritten with every write. Every query is one store's, on a composite index
 * (firestore.indexes.json); counts are count() aggregations. firestore.rules enforce membership, the
 * workflow and append-only history; the adapter checks the same first, for clear messages.
 */
export class FirestoreShopRepairRepository implements ShopRepairRepository {
  private readonly access: ShopAccessChecker;
  private readonly writer: ShopRepairWriter;
  /** One create at a time per store from this client (other clients: the transaction retries). */
  private readonly creating = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Firestore,
    auth: Auth,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {
    this.access = new ShopAccessChecker(db, auth);
    this.writer = new ShopRepairWriter(db, this.access);
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

  create(storeId: string, input: NewShopRepair): Promise<ShopRepair> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      if (!DELIVERY_CODE_PATTERN.test(input.deliveryCode))
        throw new PortError('invalid-argument', 'A delivery code has 4 digits.');
      if (!isTrackingToken(input.trackingToken))
        throw new PortError('invalid-argument', 'This tracking token is not valid.');
      // The Repair ID is the counter's, taken in a transaction: that needs the server.
      if (access.offline) throw new PortError('unavailable', SHOP_MESSAGES.createNeedsNetwork);
      const by = { uid: access.uid, name: await this.access.actorName(access.uid) };
      return this.serially(storeId, () => this.allocate(access, input, by));
    });
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
        // A damaged counter is never numbered from (firestore.rules would refuse every move of it).
        if (
          counter !== undefined &&
          (!isValidPrefix(text(counter.prefix)) || !Number.isSafeInteger(counter.last))
        )
          throw new PortError('failed-precondition', SHOP_MESSAGES.repairCounterInvalid);
        const ownPrefix = text(access.storeData.repairIdPrefix);
        const prefix =
          counter !== undefined
            ? text(counter.prefix)
            : isValidPrefix(ownPrefix)
              ? ownPrefix
              : prefixFromStoreName(access.store.name);
        const last = counter === undefined ? null : (counter.last as number);
        if (last !== null && last >= MAX_REPAIR_NUMBER)
          throw new PortError('resource-exhausted', SHOP_MESSAGES.repairIdsUsedUp);
        const number = nextRepairNumber(last);
        const repairId = formatRepairId(prefix, number);
        const holder = await this.repairIdHolder(access, repairId);
        if (holder !== null) {
          transaction.set(counterRef, { prefix, last: number, lastRepairDocId: holder });
          return null;
        }
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
        // The delivery code lives apart (draft.delivery: shop/delivery), never on the repair staff read.
        const paymentId = `${id}-p1`;
        const record = withoutUndefined({
          ...draft.record,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }) as Record<string, unknown>;
        transaction.set(this.writer.repairRef(id), record);
        transaction.set(doc(this.db, repairLookupRefPath(repairId, id)), {});
        transaction.set(counterRef, { prefix, last: number, lastRepairDocId: id });
        transaction.set(this.writer.privateRef(id), { unlockCode: draft.shopOnly.unlockCode, storeId });
        transaction.set(this.writer.deliveryRef(id), { ...draft.delivery });
        if (draft.advance !== null)
          transaction.set(doc(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.payments, paymentId), {
            ...draft.advance,
            at: serverTimestamp(),
            id: paymentId,
            storeId,
            seq: 0,
          });
        transaction.set(trackingRef, {
          repairDocId: id,
          storeId,
          revoked: false,
          view: storedViewOf(record),
        });
        // The create's answer carries the code (the job sheet prints it).
        return { ...asRead(id, record, now), deliveryCode: input.deliveryCode };
      },
      { maxAttempts: CREATE_ATTEMPTS },
    );
  }

  get(id: string): Promise<ShopRepair | null> {
    return firestoreCall(async () => {
      this.access.uid();
      const repair = shopRepairOfSnapshot(await getDoc(this.writer.repairRef(id)));
      if (repair === null) return null;
      const access = await this.access.requireMember(storeRefOf(repair));
      if (access.role !== 'owner') return withoutCode(repair);
      // The owner reads the code apart (an app's repair keeps its own on the repair).
      const code = await this.ownersCode(id).catch((error: unknown) => {
        if (isOffline(error)) return '';
        throw error;
      });
      return { ...repair, deliveryCode: code || repair.deliveryCode };
    });
  }

  /** The repairs with their delivery codes for the owner; for staff without (''). */
  private async codesFor(access: FirestoreShopAccess, repairs: ShopRepair[]): Promise<ShopRepair[]> {
    if (access.role !== 'owner') return repairs.map(withoutCode);
    return Promise.all(
      repairs.map(async (repair) => {
        const code = await this.ownersCode(repair.id).catch((error: unknown) => {
          if (isOffline(error)) return '';
          throw error;
        });
        return { ...repair, deliveryCode: code || repair.deliveryCode };
      }),
    );
  }

  /** The delivery code of shop/delivery ('' when there is none): the owner's read. */
  private async ownersCode(id: string): Promise<string> {
    return text(plainData(await getDoc(this.writer.deliveryRef(id)))?.code);
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
      const snapshot = await getDocs(
        query(collection(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.payments), orderBy('at', 'asc')),
      );
      return snapshot.docs.map((payment) => parsePayment(id, plainData(payment) ?? {}));
    });
  }

  page(storeId: string, request: ShopRepairQuery): Promise<ShopRepairPage> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      checkShopLimit(request.limit);
      const filters: QueryFilterConstraint[] = [ofStore(access)];
      if (request.status !== undefined) filters.push(where('status', '==', request.status));
      if (request.from !== undefined)
        filters.push(where('createdAt', '>=', Timestamp.fromDate(request.from)));
      if (request.to !== undefined) filters.push(where('createdAt', '<', Timestamp.fromDate(request.to)));
      const constraints: QueryNonFilterConstraint[] = [
        orderBy('createdAt', 'desc'),
        orderBy(documentId(), 'desc'),
      ];
      if (request.cursor) {
        const cursor = decodeCursor(request.cursor);
        constraints.push(startAfter(cursor.at, cursor.id));
      }
      constraints.push(limit(request.limit + 1));
      const snapshot = await getDocs(query(this.repairs(), and(...filters), ...constraints));
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

  search(storeId: string, search: ShopSearch): Promise<ShopRepair[]> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      checkShopLimit(search.limit);
      const wanted = search.text;
      if (wanted.trim() === '') return [];
      const field = SEARCH_FIELDS[search.field];
      if (field === undefined) throw new PortError('invalid-argument', 'This search field is not known.');
      const exact = search.field === 'repairId' || search.field === 'mobile';
      const filter = exact
        ? and(ofStore(access), where(field, '==', wanted))
        : and(ofStore(access), where(field, '>=', wanted), where(field, '<', `${wanted}\uf8ff`));
      const order = exact
        ? [orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc')]
        : [orderBy(field, 'asc'), orderBy('createdAt', 'asc')];
      const snapshot = await getDocs(query(this.repairs(), filter, ...order, limit(search.limit)));
      return this.codesFor(
        access,
        snapshot.docs
          .flatMap((repair) => shopRepairOfSnapshot(repair) ?? [])
          .filter((repair) => belongsTo(repair, access)),
      );
    });
  }

  countByStatus(storeId: string): Promise<ShopStatusCounts> {
    return firestoreCall(async () => {
      const access = await this.access.requireMember(storeId);
      // count() runs on the server even where the client knows it is offline: ask the cache then.
      if (access.offline) return this.countInCache(access);
      try {
        return await this.countOnServer(access);
      } catch (error) {
        if (!isOffline(error)) throw error;
        return this.countInCache(access);
      }
    });
  }

  /**
   * Offline, count() cannot run (it is the server's): the counts are then those of the store's
   * repairs this device has seen (in its cache), with its own queued changes.
   */
  private async countInCache(access: FirestoreShopAccess): Promise<ShopStatusCounts> {
    const snapshot = await getDocsFromCache(query(this.repairs(), ofStore(access)));
    const byStatus = Object.fromEntries(REPAIR_STATUSES.map((status) => [status, 0])) as Record<
      RepairStatus,
      number
    >;
    let total = 0;
    for (const document of snapshot.docs) {
      const repair = shopRepairOf(document.id, document.data());
      if (!belongsTo(repair, access)) continue;
      total += 1;
      if (repair.status in byStatus) byStatus[repair.status as RepairStatus] += 1;
    }
    return { byStatus, total };
  }

  private async countOnServer(access: FirestoreShopAccess): Promise<ShopStatusCounts> {
    {
      const [total, ...counts] = await Promise.all([
        getCountFromServer(query(this.repairs(), ofStore(access))),
        ...REPAIR_STATUSES.map((status) =>
          getCountFromServer(query(this.repairs(), and(ofStore(access), where('status', '==', status)))),
        ),
      ]);
      const byStatus = Object.fromEntries(
        REPAIR_STATUSES.map((status, i) => [status, counts[i]?.data().count ?? 0]),
      ) as Record<RepairStatus, number>;
      return { byStatus, total: total?.data().count ?? 0 };
    }
  }

  /**
   * The next state of a status change, planned against `raw` (the stored repair, or this device's copy
   * offline): the expected status, the workflow, one history entry and the timeline's step. Staff
   * never read the delivery code: the plan takes the typed one, and firestore.rules compare it with
   * shop/delivery (through the try written first, tryCode).
   */
  private planStatus(
    id: string,
    raw: Record<string, unknown>,
    change: ShopStatusChange,
    access: FirestoreShopAccess,
    name: string,
  ): { repair: ShopRepair; next: Record<string, unknown> } {
    const stored = shopRepairOf(id, raw);
    if (stored.status !== change.expectedStatus)
      throw new PortError('conflict', 'This repair was changed meanwhile. Please look at it again.');
    const typed = (change.deliveryCode ?? '').replace(/\s/g, '');
    const repair: ShopRepair = {
      ...stored,
      deliveryCode: DELIVERY_CODE_PATTERN.test(typed)
        ? typed
        : DELIVERY_CODE_PATTERN.test(stored.deliveryCode)
          ? stored.deliveryCode
          : '0000',
    };
    const now = this.clock.now();
    const plan = planStatusChange(repair, change, { uid: access.uid, name, role: access.role }, now);
    if (!plan.ok)
      throw new PortError(
        plan.reason === 'owner-only' ? 'permission-denied' : 'failed-precondition',
        plan.message ?? 'This status change is not allowed.',
        { cause: plan },
      );
    const timeline = Array.isArray(raw.timeline) ? raw.timeline : [];
    const next: Record<string, unknown> = {
      ...raw,
      status: plan.value.status,
      updatedAt: serverTimestamp(),
      history: [...storedHistory(raw), plan.value.entry],
      timeline: [...timeline, { status: plan.value.status, at: plan.value.entry.at }],
    };
    checkShopRepairUpdate(
      repair,
      { ...asRead(id, next, now), deliveryCode: repair.deliveryCode },
      access,
      'status',
      change,
    );
    return { repair, next };
  }

  /**
   * A delivery code try, committed before the move (firestore.rules count the tries and accept the
   * move only after a try of the right code by the same account in the last 2 minutes): the sixth try
   * within 15 minutes of a series' first is refused ('resource-exhausted').
   */
  private async tryCode(id: string, uid: string, code: string): Promise<void> {
    const triesRef = this.writer.triesRef(id);
    let before: Record<string, unknown> | undefined;
    const exhausted = () => new PortError('resource-exhausted', SHOP_MESSAGES.deliveryPaused);
    try {
      await runTransaction(this.db, async (transaction) => {
        before = (await transactionGet(transaction, triesRef)).data();
        const firstAt = before?.firstAt instanceof Timestamp ? before.firstAt.toMillis() : null;
        const fresh =
          before === undefined ||
          firstAt === null ||
          this.clock.now().getTime() - firstAt >= DELIVERY_TRIES.pauseMinutes * 60_000;
        const tries = Number(before?.tries) || 0;
        if (!fresh && tries >= DELIVERY_TRIES.max) throw exhausted();
        transaction.set(triesRef, {
          tries: fresh ? 1 : tries + 1,
          firstAt: fresh ? serverTimestamp() : before?.firstAt,
          at: serverTimestamp(),
          code,
          by: uid,
        });
      });
    } catch (error) {
      if (isPortError(toPortError(error), 'permission-denied') && Number(before?.tries) >= DELIVERY_TRIES.max)
        throw exhausted();
      throw error;
    }
  }

  /** The next state of an edit, planned against `raw`; null when nothing changes. */
  private planEdit(
    id: string,
    raw: Record<string, unknown>,
    patch: ShopRepairPatch,
    access: FirestoreShopAccess,
    name: string,
  ): { repair: ShopRepair; next: Record<string, unknown> | null } {
    const repair = shopRepairOf(id, raw);
    // Delivered and cancelled repairs are fixed (firestore.rules refuse the write as well).
    if (isFinalStatus(repair.status))
      throw new PortError('failed-precondition', SHOP_MESSAGES.repairFinalFixed(statusLabel(repair.status)));
    const { next, changed } = applyShopPatch(raw, patch, access.uid);
    if (changed.length === 0) return { repair, next: null };
    const now = this.clock.now();
    next.updatedAt = serverTimestamp();
    next.history = [
      ...storedHistory(raw),
      historyEntry('edit', repair.status, { uid: access.uid, name }, now, `Changed: ${changed.join(', ')}`),
    ];
    checkShopRepairUpdate(repair, asRead(id, next, now), access, 'edit');
    return { repair, next };
  }

  /**
   * A status change: a transaction online; offline (the client knows it, or the transaction cannot
   * reach the server) the same change planned against this device's copy, queued as a batch, and
   * returned marked pendingSync. A delivery with the customer's code first commits the try
   * (tryCode); the rules then refuse the move when the code is not the stored one.
   */
  changeStatus(id: string, change: ShopStatusChange): Promise<ShopRepair> {
    return firestoreCall(async () => {
      const { access, offline } = await this.writer.repairState(id);
      const name = await this.access.actorName(access.uid);
      const withCode = change.to === 'delivered' && change.override === undefined;
      const queue = async () => {
        if (withCode) throw new PortError('unavailable', DELIVERY_NEEDS_NETWORK);
        const { raw, write } = await this.writer.queued(id, access, this.logger, 'status change');
        return write(this.planStatus(id, raw, change, access, name).next);
      };
      if (offline) return queue();
      try {
        if (withCode) {
          // The typed code is checked (form, presence) before it counts as a try.
          const raw = plainData(await getDoc(this.writer.repairRef(id)));
          if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
          const { repair } = this.planStatus(id, raw, change, access, name);
          await this.tryCode(id, access.uid, repair.deliveryCode);
        }
        return await runTransaction(this.db, async (transaction) => {
          const raw = await this.writer.current(transaction, id);
          const { repair, next } = this.planStatus(id, raw, change, access, name);
          const write = await this.writer.prepare(transaction, repair.trackingToken);
          return write(id, next);
        });
      } catch (error) {
        if (withCode && isPortError(toPortError(error), 'permission-denied'))
          throw new PortError('failed-precondition', SHOP_MESSAGES.deliveryCodeWrong, { cause: error });
        if (!isOffline(error)) throw error;
        return queue();
      }
    });
  }

  /**
   * An edit: like changeStatus, a transaction online and a queued batch offline. A patch of many
   * fields is written in parts (patchParts), each with its own entry.
   */
  update(id: string, patch: ShopRepairPatch): Promise<ShopRepair> {
    return firestoreCall(async () => {
      const { access, offline } = await this.writer.repairState(id);
      checkShopPatch(patch);
      const name = await this.access.actorName(access.uid);
      let result: ShopRepair | null = null;
      for (const part of patchParts(patch)) result = await this.updatePart(id, part, access, offline, name);
      return (
        result ?? withoutCode(shopRepairOf(id, plainData(await getDoc(this.writer.repairRef(id))) ?? {}))
      );
    });
  }

  private async updatePart(
    id: string,
    patch: ShopRepairPatch,
    access: FirestoreShopAccess,
    offline: boolean,
    name: string,
  ): Promise<ShopRepair> {
    const privateDoc = { unlockCode: patch.unlockCode, storeId: access.store.id };
    const queue = async () => {
      const { raw, write } = await this.writer.queued(id, access, this.logger, 'change');
      const { repair, next } = this.planEdit(id, raw, patch, access, name);
      if (next === null) return withoutCode(repair);
      return write(next, (batch) => {
        if (patch.unlockCode !== undefined) batch.set(this.writer.privateRef(id), privateDoc);
      });
    };
    if (offline) return queue();
    try {
      return await runTransaction(this.db, async (transaction) => {
        const raw = await this.writer.current(transaction, id);
        const { repair, next } = this.planEdit(id, raw, patch, access, name);
        if (next === null) return withoutCode(repair);
        const write = await this.writer.prepare(transaction, repair.trackingToken);
        if (patch.unlockCode !== undefined) transaction.set(this.writer.privateRef(id), privateDoc);
        return write(id, next);
      });
    } catch (error) {
      if (!isOffline(error)) throw error;
      return queue();
    }
  }

  delete(id: string): Promise<void> {
    return firestoreCall(async () => {
      await this.writer.repairAccess(id, true);
      const raw = plainData(await getDoc(this.writer.repairRef(id)));
      if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
      const repair = shopRepairOf(id, raw);
      const payments = await getDocs(collection(this.db, COLLECTIONS.repairs, id, SHOP_COLLECTIONS.payments));
      const link =
        repair.trackingToken === '' ? null : await getDoc(this.writer.trackingRef(repair.trackingToken));
      // The counter is left as it is: the number is never handed out again.
      const batch = writeBatch(this.db);
      batch.delete(this.writer.repairRef(id));
      if (repair.repairId !== '') batch.delete(doc(this.db, repairLookupRefPath(repair.repairId, id)));
      batch.delete(this.writer.privateRef(id));
      batch.delete(this.writer.deliveryRef(id));
      batch.delete(this.writer.triesRef(id));
      for (const payment of payments.docs) batch.delete(payment.ref);
      if (link?.exists()) batch.delete(link.ref);
      await batch.commit();
    });
  }
}
