import { storeRefOf } from '../../domain/repairs/repair';
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
import {
  checkShopRepairUpdate,
  requireSignedIn,
  requireStoreMember,
  requireStoreOwner,
  type ShopAccess,
} from '../local/local-rules';
import { applyShopPatch, checkShopLimit, checkShopPatch } from '../local/shop-rules';
import type { MemoryDatabase, StoredRecord } from './memory-database';
import { idOfKey, type ShopIndexName, shopIndexesOf, tailOfKey, timeKey } from './memory-shop-indexes';
import { memoryMembershipLookup } from './memory-shop-membership';

function encodeCursor(key: string): string {
  const { time, id } = tailOfKey(key);
  return `${time}~${id}`;
}

function decodeCursor(cursor: string): string {
  const match = /^(-|\d{15})~(.+)$/.exec(cursor);
  if (match === null) throw new PortError('invalid-argument', 'This page cursor is not valid.');
  return `${match[1]}\u0000${match[2]}`;
}

/** A stored payment, parsed. */
function parsePayment(repairDocId: string, raw: StoredRecord): ShopPayment {
  const by = (raw.by ?? {}) as { uid?: unknown; name?: unknown };
  return {
    id: String(raw.id ?? ''),
    repairDocId,
    kind: raw.kind === 'refund' ? 'refund' : 'payment',
    amountPaise: Number(raw.amountPaise) || 0,
    mode: raw.mode === 'upi' || raw.mode === 'card' ? raw.mode : 'cash',
    at: raw.at instanceof Date ? raw.at : new Date(0),
    by: { uid: String(by.uid ?? ''), name: String(by.name ?? '') },
    note: String(raw.note ?? ''),
  };
}

/**
 * The shop console's repairs in memory. Rules in the family (local-rules: membership, the status
 * machine, append-only history); queries from ShopIndexes; the Repair ID allocated and the repair
 * written in one JavaScript turn (no await between reading the counter and writing both).
 */
export class MemoryShopRepairRepository implements ShopRepairRepository {
  private readonly lookup;

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {
    this.lookup = memoryMembershipLookup(db);
  }

  private get indexes() {
    return shopIndexesOf(this.db);
  }

  /** The repair and the caller's membership of its store; 'not-found' / 'permission-denied'. */
  private async access(id: string, owner = false): Promise<ShopAccess> {
    requireSignedIn(this.db);
    const raw = this.db.repairs.get(id);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    const storeId = storeRefOf(parseShopRepair(id, raw));
    return owner
      ? requireStoreOwner(this.db, storeId, this.lookup)
      : requireStoreMember(this.db, storeId, this.lookup);
  }

  private current(id: string): { raw: StoredRecord; repair: ShopRepair } {
    const raw = this.db.repairs.get(id);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    return { raw, repair: parseShopRepair(id, raw) };
  }

  private actorName(uid: string): string {
    return this.db.profile(uid)?.name ?? '';
  }

  private handOut(id: string): ShopRepair {
    return parseShopRepair(id, this.db.read(this.db.repairs.get(id)));
  }

  async create(storeId: string, input: NewShopRepair): Promise<ShopRepair> {
    await this.db.roundTrip();
    const access = await requireStoreMember(this.db, storeId, this.lookup);
    if (!DELIVERY_CODE_PATTERN.test(input.deliveryCode))
      throw new PortError('invalid-argument', 'A delivery code has 4 digits.');
    if (!isTrackingToken(input.trackingToken))
      throw new PortError('invalid-argument', 'This tracking token is not valid.');
    // From here to the writes: one JavaScript turn, so no other create can take the same number.
    if (this.db.trackingLinks.has(input.trackingToken))
      throw new PortError('conflict', 'This tracking token is already in use.');
    const counter = this.db.repairCounters.get(storeId);
    const storeRaw = this.db.stores.get(storeId) ?? {};
    const ownPrefix = typeof storeRaw.repairIdPrefix === 'string' ? storeRaw.repairIdPrefix : '';
    const prefix =
      typeof counter?.prefix === 'string'
        ? counter.prefix
        : isValidPrefix(ownPrefix)
          ? ownPrefix
          : prefixFromStoreName(access.store.name);
    let number = nextRepairNumber(typeof counter?.last === 'number' ? counter.last : null);
    while (this.indexes.hasRepairId(storeId, formatRepairId(prefix, number)))
      number = nextRepairNumber(number);
    const now = this.clock.now();
    const by = { uid: access.uid, name: this.actorName(access.uid) };
    const draft = newRepairDraft(input.card, {
      storeId,
      businessId: access.store.ownerId,
      repairId: formatRepairId(prefix, number),
      deliveryCode: input.deliveryCode,
      trackingToken: input.trackingToken,
      now,
      by,
      ...(input.advanceMode === undefined ? {} : { advanceMode: input.advanceMode }),
    });
    const id = this.db.nextId('repair-');
    this.db.repairCounters.set(storeId, { prefix, last: number });
    this.db.repairs.set(id, { ...draft.record, deliveryCode: draft.delivery.code });
    this.db.repairPrivate.set(id, { ...draft.shopOnly });
    this.db.payments.set(id, draft.advance === null ? [] : [{ ...draft.advance, id: `${id}-p1` }]);
    this.db.trackingLinks.set(input.trackingToken, { repairDocId: id, storeId, revoked: false });
    return this.handOut(id);
  }

  async get(id: string): Promise<ShopRepair | null> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    if (!this.db.repairs.has(id)) return null;
    await this.access(id);
    return this.db.repairs.has(id) ? this.handOut(id) : null;
  }

  async getShopOnly(id: string): Promise<ShopOnlyRecord | null> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    if (!this.db.repairs.has(id)) return null;
    await this.access(id);
    const raw = this.db.repairPrivate.get(id);
    if (raw === undefined) return null;
    this.db.read(raw);
    return { unlockCode: typeof raw.unlockCode === 'string' ? raw.unlockCode : '' };
  }

  async listPayments(id: string): Promise<ShopPayment[]> {
    await this.db.roundTrip();
    await this.access(id);
    return (this.db.payments.get(id) ?? []).map((raw) => parsePayment(id, this.db.read(raw)));
  }

  async page(storeId: string, query: ShopRepairQuery): Promise<ShopRepairPage> {
    await this.db.roundTrip();
    await requireStoreMember(this.db, storeId, this.lookup);
    checkShopLimit(query.limit);
    const ranged = query.from !== undefined || query.to !== undefined;
    const options = {
      ...(ranged ? { fromKey: timeKey(query.from?.getTime() ?? 0) } : {}),
      ...(query.to === undefined ? {} : { toKey: timeKey(query.to.getTime()) }),
      ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
      limit: query.limit + 1,
    };
    const [index, prefix]: [ShopIndexName, string[]] =
      query.status === undefined ? ['store', [storeId]] : ['status', [storeId, query.status]];
    const keys = this.indexes.newestFirst(index, prefix, options);
    const items = keys.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map((key) => this.handOut(idOfKey(key))),
      next: keys.length > query.limit && last !== undefined ? encodeCursor(last) : null,
    };
  }

  async search(storeId: string, search: ShopSearch): Promise<ShopRepair[]> {
    await this.db.roundTrip();
    await requireStoreMember(this.db, storeId, this.lookup);
    checkShopLimit(search.limit);
    const text = search.text;
    if (text.trim() === '') return [];
    const keys =
      search.field === 'repairId' || search.field === 'mobile'
        ? this.indexes.newestFirst(search.field, [storeId, text], { limit: search.limit })
        : this.indexes.prefixed(search.field, storeId, text, search.limit);
    return keys.map((key) => this.handOut(idOfKey(key)));
  }

  async countByStatus(storeId: string): Promise<ShopStatusCounts> {
    await this.db.roundTrip();
    await requireStoreMember(this.db, storeId, this.lookup);
    const byStatus = Object.fromEntries(
      REPAIR_STATUSES.map((status) => [status, this.indexes.count('status', [storeId, status])]),
    ) as Record<RepairStatus, number>;
    return { byStatus, total: this.indexes.count('store', [storeId]) };
  }

  async changeStatus(id: string, change: ShopStatusChange): Promise<ShopRepair> {
    await this.db.roundTrip();
    const access = await this.access(id);
    const { raw, repair } = this.current(id);
    if (repair.status !== change.expectedStatus)
      throw new PortError('conflict', 'This repair was changed meanwhile. Please look at it again.');
    const now = this.clock.now();
    const actor = { uid: access.uid, name: this.actorName(access.uid), role: access.role };
    const plan = planStatusChange(repair, change, actor, now);
    if (!plan.ok)
      throw new PortError(
        plan.reason === 'owner-only' ? 'permission-denied' : 'failed-precondition',
        plan.message ?? 'This status change is not allowed.',
        { cause: plan },
      );
    const next: StoredRecord = {
      ...raw,
      status: plan.value.status,
      updatedAt: now,
      history: appendHistory(repair.history, plan.value.entry),
    };
    checkShopRepairUpdate(repair, parseShopRepair(id, next), access, 'status', change);
    this.db.repairs.set(id, next);
    return this.handOut(id);
  }

  async update(id: string, patch: ShopRepairPatch): Promise<ShopRepair> {
    await this.db.roundTrip();
    const access = await this.access(id);
    checkShopPatch(patch);
    const { raw, repair } = this.current(id);
    const { next, changed } = applyShopPatch(raw, patch);
    if (changed.length === 0) return this.handOut(id);
    const now = this.clock.now();
    const by = { uid: access.uid, name: this.actorName(access.uid) };
    next.updatedAt = now;
    next.history = appendHistory(
      repair.history,
      historyEntry('edit', repair.status, by, now, `Changed: ${changed.join(', ')}`),
    );
    checkShopRepairUpdate(repair, parseShopRepair(id, next), access, 'edit');
    this.db.repairs.set(id, next);
    if (patch.unlockCode !== undefined) this.db.repairPrivate.set(id, { unlockCode: patch.unlockCode });
    return this.handOut(id);
  }

  async delete(id: string): Promise<void> {
    await this.db.roundTrip();
    await this.access(id, true);
    const { repair } = this.current(id);
    // The counter is left as it is: the number is never handed out again.
    this.db.repairs.delete(id);
    this.db.repairPrivate.delete(id);
    this.db.payments.delete(id);
    if (repair.trackingToken !== '') this.db.trackingLinks.delete(repair.trackingToken);
  }
}
