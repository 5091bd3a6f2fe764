import { parseShopRepair } from '../../domain/shop/repair-record';
import { repairBelongsTo, storeRefOf } from '../../domain/shop/repair-store';
import {
  addMoney,
  addRepairFacts,
  emptyReportDay,
  monthReportFromDays,
  type RepairReportFacts,
  type ReportDay,
  type ReportDue,
  type ReportMoney,
  repairReportFacts,
} from '../../domain/shop/report-totals';
import { daysOfMonth, type MonthReport, type ReportMonth } from '../../domain/shop/reports';
import type {
  ExportQuery,
  PageOfReportPayments,
  ReportPayment,
  ShopReportRepository,
} from '../../ports/shop-reports';
import { requireStoreOwner } from '../local/local-rules';
import {
  checkExportQuery,
  checkReportMonth,
  encodePaymentCursor,
  type PaymentPosition,
} from '../local/report-rules';
import type { MemoryDatabase, StoredRecord } from './memory-database';
import { timeKey } from './memory-shop-indexes';
import { memoryMembershipLookup } from './memory-shop-membership';
import { parsePayment } from './memory-shop-repairs';

/**
 * The owner's reports in memory (ports/shop-reports.ts), from running indexes, never from every repair:
 *  - per store and IST day, the day's totals (domain/shop/report-totals.ts ReportDay: received,
 *    delivered, sales, turnaround, problems, money by mode and refunds), moved by each repair's and
 *    payment's facts as they are written (the old facts taken back, the new added);
 *  - per store, the dues now (the owing repairs' total and count);
 *  - per store, its payments' keys `time␀repair␀payment`, sorted, for the export's pages.
 * Like ShopIndexes, they follow the collections' change logs: each call first applies the repairs and
 * payments written since the last (a store's owner changing, or a log too far behind, rebuilds them).
 * A month's report reads at most its days' entries and the dues entry (each counted as a document
 * read, like Firestore's per-day summary documents would be).
 */

const SEP = '\u0000';

interface RepairEntry {
  readonly store: string;
  readonly facts: RepairReportFacts;
}

interface PaymentEntry {
  readonly store: string;
  readonly key: string;
  readonly money: ReportMoney;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

const positionKey = (position: PaymentPosition) =>
  `${timeKey(position.atMs)}${SEP}${position.repairDocId}${SEP}${position.paymentId}`;

function positionOfKey(key: string): PaymentPosition {
  const [time, repairDocId, paymentId] = key.split(SEP);
  return { atMs: Number(time), repairDocId: repairDocId ?? '', paymentId: paymentId ?? '' };
}

export class MemoryReportIndexes {
  private repairsVersion = -1;
  private paymentsVersion = -1;
  private storesVersion = -1;
  private readonly days = new Map<string, Map<string, ReportDay>>();
  private readonly dues = new Map<string, { duePaise: number; dueRepairs: number }>();
  private readonly repairEntries = new Map<string, RepairEntry>();
  private readonly paymentEntries = new Map<string, PaymentEntry[]>();
  private readonly paymentKeys = new Map<string, string[]>();

  constructor(private readonly db: MemoryDatabase) {}

  private ownerOf = (storeId: string): string => {
    const owner = this.db.stores.get(storeId)?.ownerId;
    return typeof owner === 'string' ? owner : '';
  };

  private dayOf(store: string, day: string): ReportDay {
    let days = this.days.get(store);
    if (days === undefined) {
      days = new Map();
      this.days.set(store, days);
    }
    let totals = days.get(day);
    if (totals === undefined) {
      totals = emptyReportDay();
      days.set(day, totals);
    }
    return totals;
  }

  private dueOf(store: string): { duePaise: number; dueRepairs: number } {
    let due = this.dues.get(store);
    if (due === undefined) {
      due = { duePaise: 0, dueRepairs: 0 };
      this.dues.set(store, due);
    }
    return due;
  }

  private applyRepair(entry: RepairEntry, sign: 1 | -1): void {
    addRepairFacts((day) => this.dayOf(entry.store, day), entry.facts, sign);
    if (entry.facts.owing) {
      const due = this.dueOf(entry.store);
      due.duePaise += sign * entry.facts.duePaise;
      due.dueRepairs += sign;
    }
  }

  private setRepair(id: string, raw: StoredRecord | undefined): void {
    const old = this.repairEntries.get(id);
    if (old !== undefined) {
      this.applyRepair(old, -1);
      this.repairEntries.delete(id);
    }
    if (raw === undefined) return;
    const repair = parseShopRepair(id, raw);
    const store = storeRefOf(repair);
    if (store === '' || !repairBelongsTo(raw, store, this.ownerOf(store))) return;
    const entry = { store, facts: repairReportFacts(repair) };
    this.repairEntries.set(id, entry);
    this.applyRepair(entry, 1);
  }

  private setPayments(repairDocId: string, list: readonly StoredRecord[] | undefined, sorted: boolean): void {
    for (const old of this.paymentEntries.get(repairDocId) ?? []) {
      addMoney((day) => this.dayOf(old.store, day), old.money, -1);
      const keys = this.paymentKeys.get(old.store) ?? [];
      const at = lowerBound(keys, old.key);
      if (keys[at] === old.key) keys.splice(at, 1);
    }
    this.paymentEntries.delete(repairDocId);
    if (list === undefined || list.length === 0) return;
    const entries: PaymentEntry[] = [];
    for (const raw of list) {
      const store = typeof raw.storeId === 'string' ? raw.storeId : '';
      if (store === '') continue;
      const payment = parsePayment(repairDocId, raw);
      const key = positionKey({ atMs: payment.at.getTime(), repairDocId, paymentId: payment.id });
      const money: ReportMoney = payment;
      entries.push({ store, key, money });
      addMoney((day) => this.dayOf(store, day), money, 1);
      let keys = this.paymentKeys.get(store);
      if (keys === undefined) {
        keys = [];
        this.paymentKeys.set(store, keys);
      }
      if (sorted) keys.splice(lowerBound(keys, key), 0, key);
      else keys.push(key);
    }
    this.paymentEntries.set(repairDocId, entries);
  }

  /** Applies what was written since the last call (or rebuilds everything when that is not known). */
  private refresh(): void {
    const { repairs, payments, stores } = this.db;
    if (
      this.repairsVersion === repairs.version &&
      this.paymentsVersion === payments.version &&
      this.storesVersion === stores.version
    )
      return;
    const changedRepairs = this.repairsVersion < 0 ? null : repairs.changedSince(this.repairsVersion);
    const changedPayments = this.paymentsVersion < 0 ? null : payments.changedSince(this.paymentsVersion);
    if (changedRepairs === null || changedPayments === null || this.storesVersion !== stores.version) {
      this.days.clear();
      this.dues.clear();
      this.repairEntries.clear();
      this.paymentEntries.clear();
      this.paymentKeys.clear();
      for (const [id, raw] of repairs) this.setRepair(id, raw);
      for (const [id, list] of payments) this.setPayments(id, list, false);
      for (const keys of this.paymentKeys.values()) keys.sort();
    } else {
      for (const id of new Set(changedRepairs)) this.setRepair(id, repairs.get(id));
      for (const id of new Set(changedPayments)) this.setPayments(id, payments.get(id), true);
    }
    this.repairsVersion = repairs.version;
    this.paymentsVersion = payments.version;
    this.storesVersion = stores.version;
  }

  /** The month's day entries of a store (only the days that have one) and its dues entry. */
  month(store: string, month: ReportMonth): { days: Map<string, ReportDay>; due: ReportDue | undefined } {
    this.refresh();
    const all = this.days.get(store);
    const days = new Map<string, ReportDay>();
    if (all !== undefined)
      for (const day of daysOfMonth(month)) {
        const totals = all.get(day);
        if (totals !== undefined) days.set(day, totals);
      }
    return { days, due: this.dues.get(store) };
  }

  /** The store's payment positions taken in [fromMs, toMs), after `after`, at most `limit`. */
  payments(
    store: string,
    fromMs: number,
    toMs: number,
    after: PaymentPosition | null,
    limit: number,
  ): PaymentPosition[] {
    this.refresh();
    const keys = this.paymentKeys.get(store) ?? [];
    let start = lowerBound(keys, timeKey(fromMs));
    if (after !== null) {
      const next = lowerBound(keys, positionKey(after));
      start = Math.max(start, keys[next] === positionKey(after) ? next + 1 : next);
    }
    const end = lowerBound(keys, timeKey(toMs));
    return keys.slice(start, Math.min(end, start + limit)).map(positionOfKey);
  }
}

const byDatabase = new WeakMap<MemoryDatabase, MemoryReportIndexes>();

/** One MemoryReportIndexes per database. */
export function reportIndexesOf(db: MemoryDatabase): MemoryReportIndexes {
  let indexes = byDatabase.get(db);
  if (indexes === undefined) {
    indexes = new MemoryReportIndexes(db);
    byDatabase.set(db, indexes);
  }
  return indexes;
}

export class MemoryShopReportRepository implements ShopReportRepository {
  private readonly lookup;

  constructor(private readonly db: MemoryDatabase) {
    this.lookup = memoryMembershipLookup(db);
  }

  async monthReport(storeId: string, month: ReportMonth): Promise<MonthReport> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    checkReportMonth(month);
    const { days, due } = reportIndexesOf(this.db).month(storeId, month);
    // Each day entry and the dues entry is a read (as a summary document would be).
    for (const totals of days.values()) this.db.read(totals);
    if (due !== undefined) this.db.read(due);
    return monthReportFromDays(storeId, month, (day) => days.get(day), {
      duePaise: due?.duePaise ?? 0,
      dueRepairs: due?.dueRepairs ?? 0,
    });
  }

  async paymentsPage(storeId: string, query: ExportQuery): Promise<PageOfReportPayments> {
    await this.db.roundTrip();
    await requireStoreOwner(this.db, storeId, this.lookup);
    const { fromMs, toMs, limit, after } = checkExportQuery(query);
    const positions = reportIndexesOf(this.db).payments(storeId, fromMs, toMs, after, limit + 1);
    const page = positions.slice(0, limit);
    const repairs = new Map<string, { repairId: string; customerName: string }>();
    const items = page.flatMap((position): ReportPayment[] => {
      const raw = (this.db.payments.get(position.repairDocId) ?? []).find(
        (payment) => payment.id === position.paymentId,
      );
      if (raw === undefined) return [];
      let repair = repairs.get(position.repairDocId);
      if (repair === undefined) {
        const parsed = parseShopRepair(
          position.repairDocId,
          this.db.read(this.db.repairs.get(position.repairDocId) ?? {}),
        );
        repair = { repairId: parsed.repairId, customerName: parsed.customerName };
        repairs.set(position.repairDocId, repair);
      }
      return [{ ...parsePayment(position.repairDocId, this.db.read(raw)), ...repair }];
    });
    const last = page[page.length - 1];
    return {
      items,
      next: positions.length > limit && last !== undefined ? encodePaymentCursor(last) : null,
    };
  }
}
