import { judgeDeliveryTry, parseDeliveryTries } from '../../domain/shop/delivery-tries';
import { historyEntry } from '../../domain/shop/history';
import { SHOP_MESSAGES } from '../../domain/shop/messages';
import { planDuesNote, planPayment } from '../../domain/shop/payments';
import type { PendingChange } from '../../domain/shop/pending-changes';
import { type EditBasis, type RefusedChange, staleFields } from '../../domain/shop/refused-changes';
import { nextRepairId, storeRepairIdPrefix } from '../../domain/shop/repair-id';
import {
  deliveredAtAfterMove,
  newRepairDraft,
  parseShopRepair,
  type ShopOnlyRecord,
  type ShopRepair,
  storedDues,
} from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
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
  paymentRefusal,
  repairWriteParties,
  requireRepairOfStore,
  requireSignedIn,
  requireStoreMember,
  requireStoreOwner,
  type ShopAccess,
  withEntry,
  withTimelineStep,
} from '../local/local-rules';
import { applyShopPatch, checkDuesLimit, checkShopLimit, checkShopPatch } from '../local/shop-rules';
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
export function parsePayment(repairDocId: string, raw: StoredRecord): ShopPayment {
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
    upiReference: typeof raw.upiReference === 'string' ? raw.upiReference : '',
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The shop console's repairs in memory. Rules in the family: membership (local-rules), and every write
 * of a repair judged by the domain's repair-write-rules (enforceRepairWrite) before it is stored;
 * queries from ShopIndexes; the Repair ID allocated and the repair written in one JavaScript turn (no
 * await between reading the counter and writing both). The delivery code lives apart
 * (db.repairDelivery): the owner reads it, staff read ''.
 */
export class MemoryShopRepairRepository implements ShopRepairRepository {
  private readonly lookup;
  /** Edits refused for a stale basis (update), with the account that made them. */
  private readonly refused: (RefusedChange & { readonly uid: string })[] = [];
  private sequence = 0;

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
    const access = owner
      ? await requireStoreOwner(this.db, storeId, this.lookup)
      : await requireStoreMember(this.db, storeId, this.lookup);
    return requireRepairOfStore(this.db.repairs.get(id) ?? raw, access);
  }

  private current(id: string): { raw: StoredRecord; repair: ShopRepair } {
    const raw = this.db.repairs.get(id);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    return { raw, repair: parseShopRepair(id, raw) };
  }

  private actorName(uid: string): string {
    return this.db.profile(uid)?.name ?? '';
  }

  /** The delivery code: the shop console's, kept apart; else the apps' on the repair. */
  private codeOf(id: string): string {
    return text(this.db.repairDelivery.get(id)?.code) || text(this.db.repairs.get(id)?.deliveryCode);
  }

  /** The repair as `role` reads it: staff never read the delivery code. */
  private handOut(id: string, role: ShopRole): ShopRepair {
    const repair = parseShopRepair(id, this.db.read(this.db.repairs.get(id)));
    return { ...repair, deliveryCode: deliveryCodeFor(role, this.codeOf(id)) };
  }

  /**
   * Writes land on this copy at once: nothing is refused on arrival. An edit based on values another
   * account has changed since (update's basis) is kept here, per account, for the person to choose.
   */
  async refusedChanges(repairDocId: string): Promise<readonly RefusedChange[]> {
    const access = await this.access(repairDocId);
    return this.refused
      .filter((change) => change.repairDocId === repairDocId && change.uid === access.uid)
      .map(({ uid: _uid, ...change }) => change);
  }

  async dismissRefusedChange(changeId: string): Promise<void> {
    const uid = requireSignedIn(this.db);
    const at = this.refused.findIndex((change) => change.id === changeId && change.uid === uid);
    if (at !== -1) this.refused.splice(at, 1);
  }

  /** Every write lands on this copy at once: nothing waits for a server. */
  async pendingChanges(): Promise<readonly PendingChange[]> {
    requireSignedIn(this.db);
    return [];
  }

  /** Repairs are numbered here, with or without a network: no limit to prepare. */
  async prepareOffline(storeId: string): Promise<OfflineJobCards> {
    await this.db.roundTrip();
    await requireStoreMember(this.db, storeId, this.lookup);
    return { repairIdsHeld: null };
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
    let counter: StoredRecord | null = this.db.repairCounters.get(storeId) ?? null;
    const storeRaw = this.db.stores.get(storeId) ?? {};
    const store = { repairIdPrefix: storeRaw.repairIdPrefix, name: access.store.name };
    // The Repair ID rule (repair-id.ts nextRepairId). A number an app's repair of the store already
    // holds is skipped: the counter moves past it, one number at a time, naming that repair (what the
    // rules allow of a counter-only write).
    let next = nextRepairId(counter, store);
    for (;;) {
      if (!next.ok) throw new PortError(next.code, next.message);
      const holder = this.indexes.holderOf(storeId, next.repairId);
      if (holder === null) break;
      const skipped = { prefix: next.prefix, last: next.number, lastRepairDocId: holder };
      const problem = counterSkipProblem(counter, skipped, this.db.repairs.get(holder) ?? null);
      if (problem !== null) throw new PortError(problem.code, problem.message);
      this.db.repairCounters.set(storeId, skipped);
      counter = skipped;
      next = nextRepairId(counter, store);
    }
    const { prefix, number, repairId } = next;
    const id = this.db.nextId('repair-');
    const now = this.clock.now();
    const by = { uid: access.uid, name: this.actorName(access.uid) };
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
    const record: StoredRecord = { ...draft.record };
    const nextCounter = { prefix, last: number, lastRepairDocId: id };
    const payment = draft.advance === null ? null : { ...draft.advance, id: `${id}-p1`, storeId };
    enforceRepairWrite({
      repairDocId: id,
      before: null,
      after: record,
      ...repairWriteParties(access, by.name),
      now,
      counter: { before: counter, after: nextCounter },
      delivery: { ...draft.delivery },
      payment,
    });
    this.db.repairCounters.set(storeId, nextCounter);
    this.db.repairs.set(id, record);
    this.db.repairDelivery.set(id, { ...draft.delivery });
    this.db.repairPrivate.set(id, { ...draft.shopOnly });
    this.db.payments.set(id, payment === null ? [] : [payment]);
    this.db.trackingLinks.set(input.trackingToken, { repairDocId: id, storeId, revoked: false });
    // The creator reads the code once, to print the customer's copy of the job sheet.
    return this.handOut(id, 'owner');
  }

  async get(id: string): Promise<ShopRepair | null> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    if (!this.db.repairs.has(id)) return null;
    const access = await this.access(id);
    return this.db.repairs.has(id) ? this.handOut(id, access.role) : null;
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

  /**
   * A payment or refund (payments.ts planPayment), judged by the write rule with its payment entry
   * and written with it in one JavaScript turn (no await between reading the repair and writing both),
   * so concurrent calls each see the last one's paid. An id the repair already has answers that entry.
   */
  async recordPayment(id: string, input: NewShopPayment): Promise<RecordedPayment> {
    await this.db.roundTrip();
    const access = await this.access(id);
    const { raw, repair } = this.current(id);
    const stored = (this.db.payments.get(id) ?? []).find((payment) => payment.id === input.id);
    if (stored !== undefined)
      return { payment: parsePayment(id, this.db.read(stored)), repair: this.handOut(id, access.role) };
    const now = this.clock.now();
    const actor = { uid: access.uid, name: this.actorName(access.uid), role: access.role };
    const plan = planPayment(repair, input, actor, access.store.id, now);
    if (!plan.ok) throw paymentRefusal(plan);
    const { payment, entry, paidPaise, dues } = plan.value;
    const record: StoredRecord = { ...payment };
    const next: StoredRecord = { ...raw, paidPaise, ...dues, updatedAt: now, history: withEntry(raw, entry) };
    enforceRepairWrite({
      repairDocId: id,
      before: raw,
      after: next,
      ...repairWriteParties(access, actor.name),
      now,
      payment: record,
    });
    this.db.repairs.set(id, next);
    this.db.payments.set(id, [...(this.db.payments.get(id) ?? []), record]);
    return { payment: parsePayment(id, record), repair: this.handOut(id, access.role) };
  }

  async page(storeId: string, query: ShopRepairQuery): Promise<PageOfShopRepairs> {
    await this.db.roundTrip();
    const access = await requireStoreMember(this.db, storeId, this.lookup);
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
      items: items.map((key) => this.handOut(idOfKey(key), access.role)),
      next: keys.length > query.limit && last !== undefined ? encodeCursor(last) : null,
    };
  }

  async dues(storeId: string, query: DuesQuery): Promise<PageOfShopRepairs> {
    await this.db.roundTrip();
    const access = await requireStoreMember(this.db, storeId, this.lookup);
    checkDuesLimit(query.limit);
    const keys = this.indexes.oldestFirst('owing', [storeId], {
      ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
      limit: query.limit + 1,
    });
    const items = keys.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      // The khata never shows a delivery code (ports/shop-repairs.ts dues).
      items: items.map((key) => ({ ...this.handOut(idOfKey(key), access.role), deliveryCode: '' })),
      next: keys.length > query.limit && last !== undefined ? encodeCursor(last) : null,
    };
  }

  async search(storeId: string, search: ShopSearch): Promise<ShopRepair[]> {
    await this.db.roundTrip();
    const access = await requireStoreMember(this.db, storeId, this.lookup);
    checkShopLimit(search.limit);
    const text = search.text;
    if (text.trim() === '') return [];
    const keys =
      search.field === 'repairId' || search.field === 'mobile'
        ? this.indexes.newestFirst(search.field, [storeId, text], { limit: search.limit })
        : this.indexes.prefixed(
            search.field === 'mobilePrefix' ? 'mobile' : search.field,
            storeId,
            text,
            search.limit,
          );
    return keys.map((key) => this.handOut(idOfKey(key), access.role));
  }

  async repairIdPrefix(storeId: string): Promise<string> {
    await this.db.roundTrip();
    const access = await requireStoreMember(this.db, storeId, this.lookup);
    const storeRaw = this.db.stores.get(storeId) ?? {};
    return storeRepairIdPrefix(this.db.repairCounters.get(storeId), {
      repairIdPrefix: storeRaw.repairIdPrefix,
      name: access.store.name,
    });
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
    const code = this.codeOf(id);
    // A delivery by code: the try is written down first (refused while tries are paused), then judged.
    const typed = (change.deliveryCode ?? '').replace(/\s/g, '');
    const tryingCode =
      change.to.trim() === 'delivered' &&
      change.override === undefined &&
      DELIVERY_CODE_PATTERN.test(typed) &&
      DELIVERY_CODE_PATTERN.test(code) &&
      !isFinalStatus(repair.status.trim()) &&
      isAllowedMove(repair.status.trim(), 'delivered');
    if (tryingCode) {
      const judged = judgeDeliveryTry(
        parseDeliveryTries(this.db.deliveryTries.get(id) ?? null),
        { code: typed, by: access.uid },
        now,
      );
      if (!judged.ok) throw new PortError('resource-exhausted', judged.message, { cause: judged });
      this.db.deliveryTries.set(id, { ...judged.next });
    }
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
    const next: StoredRecord = {
      ...raw,
      status: plan.value.status,
      updatedAt: now,
      history: withEntry(raw, plan.value.entry),
      timeline: withTimelineStep(raw, plan.value.entry),
      deliveredAt: deliveredAtAfterMove(plan.value.status, now),
      ...reportFieldsAfterMove(plan.value.status, raw, now),
    };
    Object.assign(next, storedDues(next));
    enforceRepairWrite({
      repairDocId: id,
      before: raw,
      after: next,
      ...repairWriteParties(access, actor.name),
      now,
      delivery: this.db.repairDelivery.get(id) ?? null,
      tries: this.db.deliveryTries.get(id) ?? null,
    });
    this.db.repairs.set(id, next);
    return this.handOut(id, access.role);
  }

  async update(id: string, patch: ShopRepairPatch, basis?: EditBasis): Promise<ShopRepair> {
    await this.db.roundTrip();
    const access = await this.access(id);
    checkShopPatch(patch);
    const { raw, repair } = this.current(id);
    if (basis !== undefined && staleFields(repair, patch, basis).length > 0) {
      this.sequence += 1;
      this.refused.push({
        id: `${id}~stale-${this.sequence}`,
        repairDocId: id,
        patch,
        base: basis,
        at: this.clock.now().toISOString(),
        uid: access.uid,
      });
      throw new PortError('conflict', SHOP_MESSAGES.editChangedElsewhere);
    }
    const { next, changed } = applyShopPatch(raw, patch, access.uid);
    if (changed.length === 0) return this.handOut(id, access.role);
    const now = this.clock.now();
    const by = { uid: access.uid, name: this.actorName(access.uid) };
    next.updatedAt = now;
    next.history = withEntry(
      raw,
      historyEntry('edit', repair.status, by, now, `Changed: ${changed.join(', ')}`),
    );
    enforceRepairWrite({
      repairDocId: id,
      before: raw,
      after: next,
      ...repairWriteParties(access, by.name),
      now,
    });
    this.db.repairs.set(id, next);
    // A ready repair's new amounts: the note that stores its dues fields (payments.ts planDuesNote).
    const dues = planDuesNote(next, by, now);
    if (dues !== null) {
      const noted: StoredRecord = {
        ...next,
        ...dues.dues,
        updatedAt: now,
        history: withEntry(next, dues.entry),
      };
      enforceRepairWrite({
        repairDocId: id,
        before: next,
        after: noted,
        ...repairWriteParties(access, by.name),
        now,
      });
      this.db.repairs.set(id, noted);
    }
    if (patch.unlockCode !== undefined) this.db.repairPrivate.set(id, { unlockCode: patch.unlockCode });
    return this.handOut(id, access.role);
  }

  async delete(id: string): Promise<void> {
    await this.db.roundTrip();
    await this.access(id, true);
    const { repair } = this.current(id);
    // The counter is left as it is: the number is never handed out again.
    this.db.repairs.delete(id);
    this.db.repairPrivate.delete(id);
    this.db.repairDelivery.delete(id);
    this.db.deliveryTries.delete(id);
    this.db.payments.delete(id);
    if (repair.trackingToken !== '') this.db.trackingLinks.delete(repair.trackingToken);
  }
}
