import { judgeDeliveryTry, parseDeliveryTries } from '../../domain/shop/delivery-tries';
import { historyEntry } from '../../domain/shop/history';
import { SHOP_MESSAGES } from '../../domain/shop/messages';
import { planDuesNote } from '../../domain/shop/payments';
import type { PendingChange } from '../../domain/shop/pending-changes';
import { type EditBasis, type RefusedChange, staleFields } from '../../domain/shop/refused-changes';
import { nextRepairId, storeRepairIdPrefix } from '../../domain/shop/repair-id';
import {
  deliveredAtAfterMove,
  type NewRepairDraft,
  newRepairDraft,
  parseShopRepair,
  type ShopOnlyRecord,
  type ShopRepair,
  storedDues,
} from '../../domain/shop/repair-record';
import { counterSkipProblem } from '../../domain/shop/repair-write-rules';
import { reportFieldsAfterMove } from '../../domain/shop/report-fields';
import {
  DELIVERY_CODE_PATTERN,
  isAllowedMove,
  planStatusChange,
  type ShopRole,
} from '../../domain/shop/status';
import type { RepairStatus } from '../../domain/shop/status-values';
import { isFinalStatus, REPAIR_STATUSES } from '../../domain/shop/status-values';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
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
import {
  deliveryCodeFor,
  enforceRepairWrite,
  repairWriteParties,
  requireSignedIn,
  requireStoreMember,
  type ShopAccess,
  withEntry,
  withTimelineStep,
} from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { applyShopPatch, checkDuesLimit, checkShopLimit, checkShopPatch } from '../local/shop-rules';
import { KeyedLock } from '../shared/keyed-lock';
import { backoff, fieldsOf, guarded, MAX_WRITE_ATTEMPTS, storedRecord } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import type { PouchOutbox } from './pouchdb-outbox';
import { randomId } from './pouchdb-password';
import {
  dropRefusedChange,
  keepRefusedChange,
  keptRefusedChanges,
  repairOfChange,
} from './pouchdb-repair-conflicts';
import {
  linkDocId,
  loadRepairDoc,
  paymentRange,
  putLatest,
  repairAccess,
  rewriteRepair,
  triesDocId,
  unlockDocId,
} from './pouchdb-shop-docs';
import { pouchMembershipLookup } from './pouchdb-shop-membership';
import {
  loadPaymentEntries,
  paymentEntryDocId,
  paymentEntryRange,
  recordPaymentEntry,
} from './pouchdb-shop-payments';
import type { UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

/** A page cursor: the last item's createdAt (15 digits of ms, '-' for none) and document id. */
function encodeCursor(time: number | null, id: string): string {
  return `${time === null ? '-' : String(time).padStart(15, '0')}~${id}`;
}

function decodeCursor(cursor: string): { time: number | null; id: string } {
  const match = /^(-|\d{15})~(.+)$/.exec(cursor);
  if (match === null) throw new PortError('invalid-argument', 'This page cursor is not valid.');
  return { time: match[1] === '-' ? null : Number(match[1]), id: match[2] as string };
}

/** The time and id at the end of a view key ([..., time, id]). */
function tailOf(key: unknown): { time: number | null; id: string } {
  const parts = Array.isArray(key) ? key : [];
  const time = parts[parts.length - 2];
  const id = parts[parts.length - 1];
  return { time: typeof time === 'number' ? time : null, id: typeof id === 'string' ? id : '' };
}

/** How long the repair page's read waits for a conflict to be settled (refusedChanges). */
const SETTLE_WAIT_MS = 3_000;

/** Waits for `work`, at most `ms` (the work goes on; its timer never outlives it). */
async function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** A key sorting after every key it prefixes (CouchDB collation: objects after everything). */
const HIGH = {};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A view row's claim: null for a repair naming its store by storeId; its businessId for one naming it
 * only by the apps' `store` (it belongs to that store only while businessId is the store's owner).
 */
const claimOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Whether a view row counts for a store owned by `ownerId` (repairBelongsTo, from the row alone). */
const rowBelongs = (row: { value: unknown }, ownerId: string): boolean => {
  const claim = claimOf(row.value);
  return claim === null || (claim !== '' && claim === ownerId);
};

/**
 * The shop console's repairs on PouchDB: the same repairs database the tracker and the admin's counts
 * read; the unlock code and payments in the shopPrivate database; the delivery code on the repair
 * (synced: never handed to staff) and its tries in shopDelivery; the tracking links in tracking; the Repair ID counters in
 * repairCounters. Queries read the shop/* views (pouchdb-views.ts), then only the documents handed
 * out. Writes go at a document's revision (a 409 reads again and retries); every write of a repair is
 * judged first by the domain's repair-write-rules (enforceRepairWrite), on the JSON it would store.
 */
export class PouchShopRepairRepository implements ShopRepairRepository {
  private readonly lookup;
  private readonly paymentLock = new KeyedLock();

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
    /**
     * On a syncing device: settles a repair's conflicting revisions now (PouchSync.settleRepair), and
     * the outbox of what the server does not have yet.
     */
    private readonly syncing?: {
      readonly settleConflicts: (id: string) => Promise<unknown>;
      readonly outbox: PouchOutbox;
    },
  ) {
    this.lookup = pouchMembershipLookup(dbs);
  }

  private async actor(uid: string) {
    return { uid, name: (await this.users.profile(uid))?.name ?? '' };
  }

  /** The delivery code: on the repair document on PouchDB (the shop console's and the apps' alike). */
  private async codeOf(_id: string, doc: Readonly<Record<string, unknown>>): Promise<string> {
    return text(doc.deliveryCode);
  }

  /** The repair as `role` reads it: staff never read the delivery code. */
  private async handOut(
    id: string,
    doc: Readonly<Record<string, unknown>>,
    role: ShopRole,
  ): Promise<ShopRepair> {
    const repair = parseShopRepair(id, doc);
    return {
      ...repair,
      deliveryCode: role === 'owner' ? await this.codeOf(id, doc) : deliveryCodeFor(role, ''),
    };
  }

  /** The document id of a repair of the store holding exactly this Repair ID, or null. */
  private async holderOf(storeId: string, ownerId: string, repairId: string): Promise<string | null> {
    const rows = await this.dbs.repairs.query(VIEWS.shopByField, {
      startkey: [storeId, 'repairId', repairId],
      endkey: [storeId, 'repairId', repairId, HIGH],
    });
    const row = rows.find((candidate) => rowBelongs(candidate, ownerId));
    return row === undefined ? null : tailOf(row.key).id;
  }

  /**
   * Claims the store's next Repair ID for the repair `id`: `prepare` builds and judges the repair for
   * the counter's move (throwing refuses it before anything is written); then the counter document
   * moves by one at its revision. That write is the commit point: a 409 (another create claimed a
   * number first) reads the counter again and prepares again; a claimed number is never handed out
   * again. A number an app's repair already holds is skipped first, by a counter-only write naming it.
   */
  private async claimRepairId(
    access: ShopAccess,
    id: string,
    prepare: (
      repairId: string,
      counter: { before: Record<string, unknown> | null; after: Record<string, unknown> },
    ) => NewRepairDraft,
  ): Promise<NewRepairDraft> {
    const storeId = access.store.id;
    const storeDoc = await this.dbs.stores.get(storeId);
    const store = { repairIdPrefix: storeDoc?.repairIdPrefix, name: access.store.name };
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const counterDoc = await this.dbs.repairCounters.get(storeId);
      const before = counterDoc === null ? null : fieldsOf(counterDoc);
      // The Repair ID rule (repair-id.ts nextRepairId): a damaged or used-up counter numbers nothing.
      const next = nextRepairId(before, store);
      if (!next.ok) throw new PortError(next.code, next.message);
      const { prefix, number, repairId } = next;
      const rev = counterDoc?._rev ? { _rev: counterDoc._rev } : {};
      const holder = await this.holderOf(storeId, access.store.ownerId, repairId);
      if (holder !== null) {
        const skipped = { prefix, last: number, lastRepairDocId: holder };
        const held = await this.dbs.repairs.get(holder);
        const problem = counterSkipProblem(before, skipped, held === null ? null : fieldsOf(held), 'json');
        if (problem !== null) throw new PortError(problem.code, problem.message);
        if ((await this.dbs.repairCounters.put({ _id: storeId, ...rev, ...skipped })) === null)
          await backoff(attempt);
        // A number skipped is progress, not a lost race: it does not count as an attempt.
        else attempt -= 1;
        continue;
      }
      const after = { prefix, last: number, lastRepairDocId: id };
      const draft = prepare(repairId, { before, after });
      if ((await this.dbs.repairCounters.put({ _id: storeId, ...rev, ...after })) !== null) return draft;
      await backoff(attempt);
    }
    throw new PortError('unavailable', 'This store is busy; try again.');
  }

  /**
   * The edits this device made that met another device's on sync (a conflict the sync server settled
   * for the other: pouchdb-repair-conflicts.ts). A conflict not settled yet is settled first, when this
   * device syncs; one that cannot be now (the server out of reach) waits for the next look.
   */
  refusedChanges(repairDocId: string): Promise<readonly RefusedChange[]> {
    return guarded(async () => {
      requireSignedIn(this.session);
      await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      if (this.syncing !== undefined) {
        const stored = await this.dbs.repairs.get(repairDocId, { conflicts: true });
        if ((stored?._conflicts?.length ?? 0) > 0)
          // At most SETTLE_WAIT_MS: the sync settles it anyway, and the screens read again then.
          await withinMs(
            this.syncing.settleConflicts(repairDocId).catch(() => undefined),
            SETTLE_WAIT_MS,
          );
      }
      return keptRefusedChanges(this.dbs, repairDocId);
    });
  }

  dismissRefusedChange(changeId: string): Promise<void> {
    return guarded(async () => {
      requireSignedIn(this.session);
      const repairDocId = repairOfChange(changeId);
      if (repairDocId === '') return;
      await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      await dropRefusedChange(this.dbs, changeId);
    });
  }

  /**
   * Writes land on this device's replica at once. Without a sync server nothing waits; with one, the
   * changes made here that the server does not have yet (pouchdb-outbox.ts: the whole device's, every
   * account's, as replication sends them whoever is signed in).
   */
  pendingChanges(): Promise<readonly PendingChange[]> {
    return guarded(async () => {
      requireSignedIn(this.session);
      return this.syncing === undefined ? [] : this.syncing.outbox.pending();
    });
  }

  /** A write's answer, its change noted in the outbox of a syncing device first (never failing it). */
  private async noted<T>(what: string, repairOf: (value: T) => ShopRepair, written: Promise<T>): Promise<T> {
    const value = await written;
    if (this.syncing !== undefined) {
      const repair = repairOf(value);
      await this.syncing.outbox
        .note({ repairDocId: repair.id, repairId: repair.repairId, what, at: this.clock.now().toISOString() })
        .catch(() => undefined);
    }
    return value;
  }

  /** Repairs are numbered on this device's replica, with or without a network: no limit to prepare. */
  prepareOffline(storeId: string): Promise<OfflineJobCards> {
    return guarded(async () => {
      await requireStoreMember(this.session, storeId, this.lookup);
      return { repairIdsHeld: null };
    });
  }

  create(storeId: string, input: NewShopRepair): Promise<ShopRepair> {
    return this.noted(
      'new repair',
      (repair) => repair,
      guarded(async () => {
        const access = await requireStoreMember(this.session, storeId, this.lookup);
        if (!DELIVERY_CODE_PATTERN.test(input.deliveryCode))
          throw new PortError('invalid-argument', 'A delivery code has 4 digits.');
        if (!isTrackingToken(input.trackingToken))
          throw new PortError('invalid-argument', 'This tracking token is not valid.');
        const id = `repair-${randomId(20)}`;
        // The link first: a put without a revision refuses a token in use (409), before a number is taken.
        const link = linkDocId(input.trackingToken);
        if ((await this.dbs.tracking.put({ _id: link, repairDocId: id, storeId, revoked: false })) === null)
          throw new PortError('conflict', 'This tracking token is already in use.');
        const by = await this.actor(access.uid);
        let record: Record<string, unknown> = {};
        let payment: Record<string, unknown> | null = null;
        let draft: NewRepairDraft;
        try {
          draft = await this.claimRepairId(access, id, (repairId, counter) => {
            const now = this.clock.now();
            const made = newRepairDraft(input.card, {
              storeId,
              businessId: access.store.ownerId,
              repairId,
              deliveryCode: input.deliveryCode,
              trackingToken: input.trackingToken,
              now,
              by,
              ...(input.advanceMode === undefined ? {} : { advanceMode: input.advanceMode }),
            });
            record = storedRecord({ ...made.record });
            payment =
              made.advance === null ? null : storedRecord({ ...made.advance, id: `${id}-p1`, storeId });
            enforceRepairWrite({
              repairDocId: id,
              before: null,
              after: record,
              ...repairWriteParties(access, by.name),
              now,
              representation: 'json',
              counter,
              delivery: { ...made.delivery },
              payment,
            });
            return made;
          });
        } catch (error) {
          await putLatest(this.dbs.tracking, link, null);
          throw error;
        }
        // On PouchDB the code rides on the repair document, which replicates (through the sync gateway,
        // which judges it as the code kept apart and hands it only to the owner and the repair's
        // customer); this adapter never hands it to staff. The device-only shopDelivery database would
        // leave it on the one device that took the repair in.
        await this.dbs.repairs.put({ ...record, deliveryCode: draft.delivery.code, _id: id });
        await this.dbs.shopPrivate.bulkDocs([
          { _id: unlockDocId(id), storeId, ...storedRecord({ ...draft.shopOnly }) },
        ]);
        // The advance is a payment entry like the others (it replicates with them).
        if (payment !== null)
          await this.dbs.payments.put({
            _id: paymentEntryDocId(id, `${id}-p1`),
            ...(payment as Record<string, unknown>),
          });
        // The creator reads the code once, to print the customer's copy of the job sheet.
        return { ...parseShopRepair(id, record), deliveryCode: draft.delivery.code };
      }),
    );
  }

  get(id: string): Promise<ShopRepair | null> {
    return guarded(async () => {
      requireSignedIn(this.session);
      if ((await loadRepairDoc(this.dbs, id)) === null) return null;
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, id);
      return this.handOut(id, doc, access.role);
    });
  }

  getShopOnly(id: string): Promise<ShopOnlyRecord | null> {
    return guarded(async () => {
      requireSignedIn(this.session);
      if ((await loadRepairDoc(this.dbs, id)) === null) return null;
      await repairAccess(this.dbs, this.session, this.lookup, id);
      const doc = await this.dbs.shopPrivate.get(unlockDocId(id));
      if (doc === null) return null;
      return { unlockCode: typeof doc.unlockCode === 'string' ? doc.unlockCode : '' };
    });
  }

  listPayments(id: string): Promise<ShopPayment[]> {
    return guarded(async () => {
      await repairAccess(this.dbs, this.session, this.lookup, id);
      return loadPaymentEntries(this.dbs, id);
    });
  }

  /**
   * A payment or refund (pouchdb-shop-payments.ts): its own document in the payments database, then
   * the repair's paid, dues and history at its revision; one call at a time per repair on this device.
   */
  recordPayment(id: string, input: NewShopPayment): Promise<RecordedPayment> {
    return this.noted(
      'payment',
      (recorded) => recorded.repair,
      guarded(async () => {
        const { access } = await repairAccess(this.dbs, this.session, this.lookup, id);
        const { name } = await this.actor(access.uid);
        return this.paymentLock.run(id, async () => {
          const { payment, repair } = await recordPaymentEntry(this.dbs, this.clock, id, input, {
            access,
            name,
          });
          return { payment, repair: await this.handOut(id, repair, access.role) };
        });
      }),
    );
  }

  /** The repairs of the given ids in that order, as `role` reads them (one read of the primary index). */
  private async docsOf(ids: readonly string[], role: ShopRole): Promise<ShopRepair[]> {
    if (ids.length === 0) return [];
    const rows = await this.dbs.repairs.allDocs({ keys: ids, include_docs: true });
    return rows.flatMap((row) => {
      if (!row.doc) return [];
      const repair = parseShopRepair(row.id, row.doc);
      return [{ ...repair, deliveryCode: deliveryCodeFor(role, repair.deliveryCode) }];
    });
  }

  page(storeId: string, query: ShopRepairQuery): Promise<PageOfShopRepairs> {
    return guarded(async () => {
      const access = await requireStoreMember(this.session, storeId, this.lookup);
      checkShopLimit(query.limit);
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const ranged = query.from !== undefined || query.to !== undefined;
      const [view, prefix] =
        query.status === undefined
          ? [VIEWS.shopByStore, [storeId]]
          : [VIEWS.shopByStatus, [storeId, query.status]];
      // Read newest first: from the upper bound (the cursor's key, included then dropped, or the end
      // of the range, excluded) down to the lower (the range's start, included).
      const upper =
        cursor !== null
          ? [...prefix, cursor.time, cursor.id]
          : query.to !== undefined
            ? [...prefix, query.to.getTime()]
            : [...prefix, HIGH];
      const lower = ranged ? [...prefix, query.from?.getTime() ?? 0] : prefix;
      const toMs = query.to?.getTime();
      const asked = query.limit + 1 + (cursor === null ? 0 : 1);
      const rows = await this.dbs.repairs.query(view, {
        descending: true,
        startkey: upper,
        endkey: lower,
        limit: asked,
        ...(view === VIEWS.shopByStatus ? { reduce: false } : {}),
      });
      const inRange = rows
        .map((row) => ({ row, tail: tailOf(row.key) }))
        .filter(
          ({ tail }) =>
            !(cursor !== null && tail.id === cursor.id && tail.time === cursor.time) &&
            (toMs === undefined || (tail.time !== null && tail.time < toMs)),
        );
      // Another business's repairs naming this store by `store` alone are not the store's.
      const tails = inRange
        .filter(({ row }) => rowBelongs(row, access.store.ownerId))
        .map(({ tail }) => tail);
      const items = tails.slice(0, query.limit);
      const last = items[items.length - 1];
      const lastSeen = inRange[inRange.length - 1]?.tail;
      const next =
        tails.length > query.limit && last !== undefined
          ? encodeCursor(last.time, last.id)
          : rows.length === asked && lastSeen !== undefined
            ? encodeCursor(lastSeen.time, lastSeen.id)
            : null;
      return {
        items: await this.docsOf(
          items.map((tail) => tail.id),
          access.role,
        ),
        next,
      };
    });
  }

  /**
   * The dues khata: the shop/owing view (only owing repairs are in it) read oldest first from just
   * after the cursor, then only the documents handed out.
   */
  dues(storeId: string, query: DuesQuery): Promise<PageOfShopRepairs> {
    return guarded(async () => {
      const access = await requireStoreMember(this.session, storeId, this.lookup);
      checkDuesLimit(query.limit);
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      // The cursor's own key is included by startkey, then dropped.
      const asked = query.limit + 1 + (cursor === null ? 0 : 1);
      const rows = await this.dbs.repairs.query(VIEWS.shopOwing, {
        startkey: cursor === null ? [storeId] : [storeId, cursor.time, cursor.id],
        endkey: [storeId, HIGH],
        limit: asked,
      });
      const seen = rows
        .map((row) => ({ row, tail: tailOf(row.key) }))
        .filter(({ tail }) => !(cursor !== null && tail.id === cursor.id && tail.time === cursor.time));
      const tails = seen.filter(({ row }) => rowBelongs(row, access.store.ownerId)).map(({ tail }) => tail);
      const items = tails.slice(0, query.limit);
      const last = items[items.length - 1];
      const lastSeen = seen[seen.length - 1]?.tail;
      const next =
        tails.length > query.limit && last !== undefined
          ? encodeCursor(last.time, last.id)
          : rows.length === asked && lastSeen !== undefined
            ? encodeCursor(lastSeen.time, lastSeen.id)
            : null;
      return {
        // The khata never shows a delivery code (ports/shop-repairs.ts dues): read as staff read them.
        items: await this.docsOf(
          items.map((tail) => tail.id),
          'staff',
        ),
        next,
      };
    });
  }

  search(storeId: string, search: ShopSearch): Promise<ShopRepair[]> {
    return guarded(async () => {
      const access = await requireStoreMember(this.session, storeId, this.lookup);
      checkShopLimit(search.limit);
      const text = search.text;
      if (text.trim() === '') return [];
      const exact = search.field === 'repairId' || search.field === 'mobile';
      // A mobile prefix is a range of the same view's 'mobile' keys.
      const field = search.field === 'mobilePrefix' ? 'mobile' : search.field;
      const rows = await this.dbs.repairs.query(
        VIEWS.shopByField,
        exact
          ? {
              descending: true,
              startkey: [storeId, field, text, HIGH],
              endkey: [storeId, field, text],
            }
          : {
              startkey: [storeId, field, text],
              endkey: [storeId, field, `${text}\uffff`],
            },
      );
      const ids = rows
        .filter((row) => rowBelongs(row, access.store.ownerId))
        .slice(0, search.limit)
        .map((row) => tailOf(row.key).id);
      return this.docsOf(ids, access.role);
    });
  }

  repairIdPrefix(storeId: string): Promise<string> {
    return guarded(async () => {
      const access = await requireStoreMember(this.session, storeId, this.lookup);
      const [storeDoc, counterDoc] = await Promise.all([
        this.dbs.stores.get(storeId),
        this.dbs.repairCounters.get(storeId),
      ]);
      return storeRepairIdPrefix(counterDoc === null ? null : fieldsOf(counterDoc), {
        repairIdPrefix: storeDoc?.repairIdPrefix,
        name: access.store.name,
      });
    });
  }

  countByStatus(storeId: string): Promise<ShopStatusCounts> {
    return guarded(async () => {
      const access = await requireStoreMember(this.session, storeId, this.lookup);
      // One reduce row per stored status of the store: no document read.
      const rows = await this.dbs.repairs.query(VIEWS.shopByStatus, {
        startkey: [storeId],
        endkey: [storeId, HIGH],
        reduce: true,
        group_level: 2,
      });
      // Less the repairs of other businesses that name this store by `store` alone.
      const claims = await this.dbs.repairs.query(VIEWS.shopByClaim, {
        startkey: [storeId],
        endkey: [storeId, HIGH],
        reduce: true,
        group_level: 3,
      });
      const counts = new Map<string, number>();
      let total = 0;
      for (const row of rows) {
        const status = Array.isArray(row.key) && typeof row.key[1] === 'string' ? row.key[1] : '';
        const count = typeof row.value === 'number' ? row.value : 0;
        counts.set(status, count);
        total += count;
      }
      for (const row of claims) {
        const key = Array.isArray(row.key) ? row.key : [];
        if (key[1] === access.store.ownerId && access.store.ownerId !== '') continue;
        const status = typeof key[2] === 'string' ? key[2] : '';
        const count = typeof row.value === 'number' ? row.value : 0;
        counts.set(status, (counts.get(status) ?? 0) - count);
        total -= count;
      }
      const byStatus = Object.fromEntries(
        REPAIR_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
      ) as Record<RepairStatus, number>;
      return { byStatus, total };
    });
  }

  /**
   * Writes a delivery code try down before the code is judged (DELIVERY_TRIES: refused with
   * 'resource-exhausted' while tries are paused), at the tries document's revision.
   */
  private async recordTry(id: string, code: string, uid: string): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const current = await this.dbs.shopDelivery.get(triesDocId(id));
      const judged = judgeDeliveryTry(
        parseDeliveryTries(current === null ? null : fieldsOf(current)),
        { code, by: uid },
        this.clock.now(),
      );
      if (!judged.ok) throw new PortError('resource-exhausted', judged.message, { cause: judged });
      const record = storedRecord({ ...judged.next });
      const rev = current?._rev ? { _rev: current._rev } : {};
      if ((await this.dbs.shopDelivery.put({ _id: triesDocId(id), ...rev, ...record })) !== null)
        return record;
      await backoff(attempt);
    }
    throw new PortError('unavailable', 'This repair is busy; try again.');
  }

  changeStatus(id: string, change: ShopStatusChange): Promise<ShopRepair> {
    return this.noted(
      'status change',
      (repair) => repair,
      guarded(async () => {
        const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, id);
        const actor = { ...(await this.actor(access.uid)), role: access.role };
        const code = text(doc.deliveryCode);
        const from = parseShopRepair(id, doc).status;
        if (from !== change.expectedStatus)
          throw new PortError('conflict', 'This repair was changed meanwhile. Please look at it again.');
        // A delivery by code: the try is written down first (refused while tries are paused), then judged.
        const typed = (change.deliveryCode ?? '').replace(/\s/g, '');
        let tries: Record<string, unknown> | null = null;
        if (
          change.to.trim() === 'delivered' &&
          change.override === undefined &&
          DELIVERY_CODE_PATTERN.test(typed) &&
          DELIVERY_CODE_PATTERN.test(code) &&
          !isFinalStatus(from.trim()) &&
          isAllowedMove(from.trim(), 'delivered')
        )
          tries = await this.recordTry(id, typed, access.uid);
        let stored: Record<string, unknown> = {};
        await rewriteRepair(this.dbs, id, doc, (current, repair) => {
          if (repair.status !== change.expectedStatus)
            throw new PortError('conflict', 'This repair was changed meanwhile. Please look at it again.');
          const now = this.clock.now();
          const plan = planStatusChange(
            { status: repair.status, deliveryCode: code, duePaise: repair.duePaise },
            change,
            actor,
            now,
          );
          if (!plan.ok)
            throw new PortError(
              plan.reason === 'owner-only' ? 'permission-denied' : 'failed-precondition',
              plan.message ?? 'This status change is not allowed.',
              { cause: plan },
            );
          const before = fieldsOf(current);
          const moved = {
            ...before,
            ...storedRecord({
              status: plan.value.status,
              updatedAt: now,
              history: withEntry(before, plan.value.entry),
              timeline: withTimelineStep(before, plan.value.entry),
              deliveredAt: deliveredAtAfterMove(plan.value.status, now),
              ...reportFieldsAfterMove(plan.value.status, before, now),
            }),
          };
          const next = { ...moved, ...storedDues(moved) };
          enforceRepairWrite({
            repairDocId: id,
            before,
            after: next,
            ...repairWriteParties(access, actor.name),
            now,
            representation: 'json',
            delivery: code === '' ? null : { code, storeId: access.store.id },
            tries,
          });
          stored = next;
          return next;
        });
        return this.handOut(id, stored, access.role);
      }),
    );
  }

  update(id: string, patch: ShopRepairPatch, basis?: EditBasis): Promise<ShopRepair> {
    return this.noted(
      'change',
      (repair) => repair,
      guarded(async () => {
        const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, id);
        checkShopPatch(patch);
        const by = await this.actor(access.uid);
        if (applyShopPatch(fieldsOf(doc), patch, access.uid).changed.length === 0)
          return this.handOut(id, doc, access.role);
        let stored: Record<string, unknown> = {};
        const stale = new Error('stale edit');
        const rewrite = rewriteRepair(this.dbs, id, doc, (current, repair) => {
          // Based on values another device has changed since: not written over theirs (kept below).
          if (basis !== undefined && staleFields(repair, patch, basis).length > 0) throw stale;
          const before = fieldsOf(current);
          const { next, changed } = applyShopPatch(before, patch, access.uid);
          const now = this.clock.now();
          const edited = {
            ...storedRecord(next),
            ...storedRecord({
              updatedAt: now,
              history: withEntry(
                before,
                historyEntry('edit', repair.status, by, now, `Changed: ${changed.join(', ')}`),
              ),
            }),
          };
          const written = edited;
          enforceRepairWrite({
            repairDocId: id,
            before,
            after: written,
            ...repairWriteParties(access, by.name),
            now,
            representation: 'json',
          });
          stored = written;
          return written;
        });
        const failure = await rewrite.then(
          () => null,
          (error: unknown) => ({ error }),
        );
        if (failure !== null && failure.error !== stale) throw failure.error;
        if (failure !== null) {
          const now = this.clock.now();
          await keepRefusedChange(
            this.dbs,
            { repairDocId: id, patch, base: basis ?? {}, at: now.toISOString() },
            `${now.getTime().toString(36)}-${randomId(6)}`,
          );
          throw new PortError('conflict', SHOP_MESSAGES.editChangedElsewhere);
        }
        // A ready repair's new amounts: the note that stores its dues fields (payments.ts planDuesNote).
        if (planDuesNote(stored, by, this.clock.now()) !== null) {
          const latest = await loadRepairDoc(this.dbs, id);
          if (latest !== null)
            await rewriteRepair(this.dbs, id, latest, (current) => {
              const before = fieldsOf(current);
              const now = this.clock.now();
              const dues = planDuesNote(before, by, now);
              if (dues === null) return before;
              const noted = {
                ...before,
                ...storedRecord({ ...dues.dues, updatedAt: now, history: withEntry(before, dues.entry) }),
              };
              enforceRepairWrite({
                repairDocId: id,
                before,
                after: noted,
                ...repairWriteParties(access, by.name),
                now,
                representation: 'json',
              });
              stored = noted;
              return noted;
            });
        }
        if (patch.unlockCode !== undefined)
          await putLatest(this.dbs.shopPrivate, unlockDocId(id), {
            storeId: access.store.id,
            unlockCode: patch.unlockCode,
          });
        return this.handOut(id, stored, access.role);
      }),
    );
  }

  delete(id: string): Promise<void> {
    return guarded(async () => {
      await repairAccess(this.dbs, this.session, this.lookup, id, true);
      let token = '';
      for (let attempt = 0; ; attempt += 1) {
        const doc = await this.dbs.repairs.get(id);
        if (doc === null) break;
        token = parseShopRepair(id, doc).trackingToken;
        // The counter is left as it is: the number is never handed out again.
        if ((await this.dbs.repairs.put({ _id: id, _rev: doc._rev, _deleted: true })) !== null) break;
        if (attempt + 1 >= MAX_WRITE_ATTEMPTS)
          throw new PortError('unavailable', 'This repair is busy; try again.');
        await backoff(attempt);
      }
      const payments = await this.dbs.shopPrivate.allDocs(paymentRange(id));
      await putLatest(this.dbs.shopPrivate, unlockDocId(id), null);
      for (const row of payments) await putLatest(this.dbs.shopPrivate, row.id, null);
      const entries = await this.dbs.payments.allDocs(paymentEntryRange(id));
      for (const row of entries) await putLatest(this.dbs.payments, row.id, null);
      await putLatest(this.dbs.shopDelivery, triesDocId(id), null);
      if (token !== '') await putLatest(this.dbs.tracking, linkDocId(token), null);
    });
  }
}
