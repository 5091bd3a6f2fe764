import { appendHistory, historyEntry } from '../../domain/shop/history';
import {
  formatRepairId,
  isValidPrefix,
  nextRepairNumber,
  prefixFromStoreName,
} from '../../domain/shop/repair-id';
import {
  newRepairDraft,
  parseShopRepair,
  type ShopOnlyRecord,
  type ShopRepair,
} from '../../domain/shop/repair-record';
import {
  DELIVERY_CODE_PATTERN,
  planStatusChange,
  REPAIR_STATUSES,
  type RepairStatus,
} from '../../domain/shop/status';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
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
import { checkShopRepairUpdate, requireSignedIn, requireStoreMember } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { applyShopPatch, checkShopLimit, checkShopPatch } from '../local/shop-rules';
import { backoff, guarded, MAX_WRITE_ATTEMPTS, storedRecord } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { randomId } from './pouchdb-password';
import {
  linkDocId,
  loadPayments,
  loadRepairDoc,
  paymentDocId,
  paymentRange,
  putLatest,
  repairAccess,
  rewriteRepair,
  unlockDocId,
} from './pouchdb-shop-docs';
import { pouchMembershipLookup } from './pouchdb-shop-membership';
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

/** A key sorting after every key it prefixes (CouchDB collation: objects after everything). */
const HIGH = {};

/**
 * The shop console's repairs on PouchDB: the same repairs database the tracker and the admin's counts
 * read; the unlock code and payments in the shopPrivate database; the tracking links in tracking; the
 * Repair ID counters in repairCounters. Queries read the shop/* views (pouchdb-views.ts), then only the
 * documents handed out. Writes go at a document's revision (a 409 reads again and retries); the shared
 * local rules (local-rules.ts, shop-rules.ts) check every write.
 */
export class PouchShopRepairRepository implements ShopRepairRepository {
  private readonly lookup;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
  ) {
    this.lookup = pouchMembershipLookup(dbs);
  }

  private async actor(uid: string) {
    return { uid, name: (await this.users.profile(uid))?.name ?? '' };
  }

  /** Whether a repair of the store already carries this Repair ID (one index row at most). */
  private async hasRepairId(storeId: string, repairId: string): Promise<boolean> {
    const rows = await this.dbs.repairs.query(VIEWS.shopByField, {
      startkey: [storeId, 'repairId', repairId],
      endkey: [storeId, 'repairId', repairId, HIGH],
      limit: 1,
    });
    return rows.length > 0;
  }

  /**
   * Claims the store's next Repair ID: the counter document moves to the next free number at its
   * revision. That write is the commit point: a 409 (another create claimed a number first) reads the
   * counter again and tries the number after; a claimed number is never handed out again.
   */
  private async claimRepairId(storeId: string, storeName: string): Promise<string> {
    const storeDoc = await this.dbs.stores.get(storeId);
    const ownPrefix = typeof storeDoc?.repairIdPrefix === 'string' ? storeDoc.repairIdPrefix : '';
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const counter = await this.dbs.repairCounters.get(storeId);
      const prefix =
        typeof counter?.prefix === 'string'
          ? counter.prefix
          : isValidPrefix(ownPrefix)
            ? ownPrefix
            : prefixFromStoreName(storeName);
      let number = nextRepairNumber(typeof counter?.last === 'number' ? counter.last : null);
      while (await this.hasRepairId(storeId, formatRepairId(prefix, number)))
        number = nextRepairNumber(number);
      const rev = await this.dbs.repairCounters.put({
        _id: storeId,
        ...(counter?._rev ? { _rev: counter._rev } : {}),
        storeId,
        prefix,
        last: number,
      });
      if (rev !== null) return formatRepairId(prefix, number);
      await backoff(attempt);
    }
    throw new PortError('unavailable', 'This store is busy; try again.');
  }

  create(storeId: string, input: NewShopRepair): Promise<ShopRepair> {
    return guarded(async () => {
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
      let repairId: string;
      try {
        repairId = await this.claimRepairId(storeId, access.store.name);
      } catch (error) {
        await putLatest(this.dbs.tracking, link, null);
        throw error;
      }
      const now = this.clock.now();
      const by = await this.actor(access.uid);
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
      const record = storedRecord({ ...draft.record, deliveryCode: draft.delivery.code });
      await this.dbs.repairs.put({ ...record, _id: id });
      await this.dbs.shopPrivate.bulkDocs([
        { _id: unlockDocId(id), repairDocId: id, storeId, ...storedRecord({ ...draft.shopOnly }) },
        ...(draft.advance === null
          ? []
          : [
              {
                _id: paymentDocId(id, 1),
                repairDocId: id,
                storeId,
                ...storedRecord({ ...draft.advance, id: `${id}-p1` }),
              },
            ]),
      ]);
      return parseShopRepair(id, record);
    });
  }

  get(id: string): Promise<ShopRepair | null> {
    return guarded(async () => {
      requireSignedIn(this.session);
      if ((await loadRepairDoc(this.dbs, id)) === null) return null;
      const { doc } = await repairAccess(this.dbs, this.session, this.lookup, id);
      return parseShopRepair(id, doc);
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
      return loadPayments(this.dbs, id);
    });
  }

  /** The repairs of the given ids in that order (one read of the primary index, documents only). */
  private async docsOf(ids: readonly string[]): Promise<ShopRepair[]> {
    if (ids.length === 0) return [];
    const rows = await this.dbs.repairs.allDocs({ keys: ids, include_docs: true });
    return rows.flatMap((row) => (row.doc ? [parseShopRepair(row.id, row.doc)] : []));
  }

  page(storeId: string, query: ShopRepairQuery): Promise<ShopRepairPage> {
    return guarded(async () => {
      await requireStoreMember(this.session, storeId, this.lookup);
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
      const rows = await this.dbs.repairs.query(view, {
        descending: true,
        startkey: upper,
        endkey: lower,
        limit: query.limit + 1 + (cursor === null ? 0 : 1),
        ...(view === VIEWS.shopByStatus ? { reduce: false } : {}),
      });
      const tails = rows
        .map((row) => tailOf(row.key))
        .filter(
          (tail) =>
            !(cursor !== null && tail.id === cursor.id && tail.time === cursor.time) &&
            (toMs === undefined || (tail.time !== null && tail.time < toMs)),
        );
      const items = tails.slice(0, query.limit);
      const last = items[items.length - 1];
      return {
        items: await this.docsOf(items.map((tail) => tail.id)),
        next: tails.length > query.limit && last !== undefined ? encodeCursor(last.time, last.id) : null,
      };
    });
  }

  search(storeId: string, search: ShopSearch): Promise<ShopRepair[]> {
    return guarded(async () => {
      await requireStoreMember(this.session, storeId, this.lookup);
      checkShopLimit(search.limit);
      const text = search.text;
      if (text.trim() === '') return [];
      const exact = search.field === 'repairId' || search.field === 'mobile';
      const rows = await this.dbs.repairs.query(
        VIEWS.shopByField,
        exact
          ? {
              descending: true,
              startkey: [storeId, search.field, text, HIGH],
              endkey: [storeId, search.field, text],
              limit: search.limit,
            }
          : {
              startkey: [storeId, search.field, text],
              endkey: [storeId, search.field, `${text}\uffff`],
              limit: search.limit,
            },
      );
      return this.docsOf(rows.map((row) => tailOf(row.key).id));
    });
  }

  countByStatus(storeId: string): Promise<ShopStatusCounts> {
    return guarded(async () => {
      await requireStoreMember(this.session, storeId, this.lookup);
      // One reduce row per stored status of the store: no document read.
      const rows = await this.dbs.repairs.query(VIEWS.shopByStatus, {
        startkey: [storeId],
        endkey: [storeId, HIGH],
        reduce: true,
        group_level: 2,
      });
      const counts = new Map<string, number>();
      let total = 0;
      for (const row of rows) {
        const status = Array.isArray(row.key) && typeof row.key[1] === 'string' ? row.key[1] : '';
        const count = typeof row.value === 'number' ? row.value : 0;
        counts.set(status, count);
        total += count;
      }
      const byStatus = Object.fromEntries(
        REPAIR_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
      ) as Record<RepairStatus, number>;
      return { byStatus, total };
    });
  }

  changeStatus(id: string, change: ShopStatusChange): Promise<ShopRepair> {
    return guarded(async () => {
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, id);
      const actor = { ...(await this.actor(access.uid)), role: access.role };
      return rewriteRepair(this.dbs, id, doc, (stored, repair) => {
        if (repair.status !== change.expectedStatus)
          throw new PortError('conflict', 'This repair was changed meanwhile. Please look at it again.');
        const now = this.clock.now();
        const plan = planStatusChange(repair, change, actor, now);
        if (!plan.ok)
          throw new PortError(
            plan.reason === 'owner-only' ? 'permission-denied' : 'failed-precondition',
            plan.message ?? 'This status change is not allowed.',
            { cause: plan },
          );
        const next = {
          ...stored,
          ...storedRecord({
            status: plan.value.status,
            updatedAt: now,
            history: appendHistory(repair.history, plan.value.entry),
          }),
        };
        checkShopRepairUpdate(repair, parseShopRepair(id, next), access, 'status', change);
        return next;
      });
    });
  }

  update(id: string, patch: ShopRepairPatch): Promise<ShopRepair> {
    return guarded(async () => {
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, id);
      checkShopPatch(patch);
      const by = await this.actor(access.uid);
      if (applyShopPatch(doc, patch).changed.length === 0) return parseShopRepair(id, doc);
      const updated = await rewriteRepair(this.dbs, id, doc, (stored, repair) => {
        const { next, changed } = applyShopPatch(stored, patch);
        const now = this.clock.now();
        const written = {
          ...storedRecord(next),
          ...storedRecord({
            updatedAt: now,
            history: appendHistory(
              repair.history,
              historyEntry('edit', repair.status, by, now, `Changed: ${changed.join(', ')}`),
            ),
          }),
        };
        checkShopRepairUpdate(repair, parseShopRepair(id, written), access, 'edit');
        return written;
      });
      if (patch.unlockCode !== undefined)
        await putLatest(this.dbs.shopPrivate, unlockDocId(id), {
          repairDocId: id,
          storeId: access.store.id,
          unlockCode: patch.unlockCode,
        });
      return updated;
    });
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
      if (token !== '') await putLatest(this.dbs.tracking, linkDocId(token), null);
    });
  }
}
