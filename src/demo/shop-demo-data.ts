import { ADVANCE_NOTE, repairDues, rupeesToPaise } from '../domain/shop/amounts';
import {
  type HistoryActor,
  type HistoryEntry,
  historyEntry,
  type StoredTimelineStep,
  timelineAfter,
} from '../domain/shop/history';
import { hasTypedProblem } from '../domain/shop/problems';
import { reportFieldsAfterMove } from '../domain/shop/report-fields';
import { CREDIT_NOTE_PREFIX } from '../domain/shop/status-values';
import { generateTrackingToken } from '../domain/shop/tracking';
import { seededRandom } from './random';
import type { SeedPayment, SeedRepairRecord, SeedShopData, SeedTrackingLink } from './seeder';

/**
 * The shop console's part of the demo data set (../shared/demo-data.md, "The shop console"), for
 * Sharma Mobile Care: staff@demo.test as staff of its first store, one pending invitation to its second
 * (an address without an account, so no demo account sees an invitation card); each of its repairs with the
 * console's fields (problem list, lower-case name for search, history from 'received' to its status,
 * paid so far); payments (RPR-1001's ₹500 cash advance, so ₹2,000 is due; delivered repairs paid in
 * full, but for the two delivered on credit; last month's deliveries with a card advance, and on the
 * first of them ₹100 paid over and refunded, so Reports shows every kind of money; a part advance on
 * the repair that is ready); the dues
 * khata's stored fields on each (duePaise, and owing: 'ready' or 'delivered' with money due, so the
 * first store's khata lists three customers); and a tracking link for RPR-1001, the repairs delivered on
 * credit and every repair still open. Deterministic for a given `now`.
 */

export interface SharmaShopFacts {
  readonly owner: HistoryActor;
  readonly staff: HistoryActor & { readonly email: string };
  /** The store staff@demo.test works in (the first). */
  readonly staffStore: string;
  readonly stores: readonly string[];
  /** The one pending invitation of the demo: an address with no account, invited to this store. */
  readonly invitation: { readonly storeId: string; readonly storeName: string; readonly email: string };
  /** The whole data set's repairs; only Sharma's are changed. */
  readonly repairs: readonly SeedRepairRecord[];
}

/** How a repair got to its status, one move at a time ('received' is where every repair starts). */
const PATHS: Readonly<Record<string, readonly string[]>> = {
  received: [],
  inprogress: ['inprogress'],
  sent_to_service_center: ['inprogress', 'sent_to_service_center'],
  waiting_for_parts: ['inprogress', 'waiting_for_parts'],
  ready: ['inprogress', 'ready'],
  delivered: ['inprogress', 'ready', 'delivered'],
  cancelled: ['cancelled'],
};

/**
 * Repairs of the first store handed over on 'Deliver on Credit' (../shared/demo-data.md): one with
 * half paid at delivery, one with nothing paid. With the ready repair's part advance, the first store's
 * dues khata lists three customers.
 */
const DELIVERED_ON_CREDIT: Readonly<Record<string, 'half' | 'none'>> = {
  'RPR-1011': 'half',
  'RPR-1012': 'none',
};
/** The delivery's history note, as 'Deliver on Credit' writes it (status.ts CREDIT_NOTE_PREFIX). */
const CREDIT_NOTE = `${CREDIT_NOTE_PREFIX}the customer pays at the end of the month`;

/** Statuses after which a repair no longer needs its customer to follow it. */
const CLOSED = new Set(['delivered', 'cancelled']);

const HOUR = 3600 * 1000;

const storeOf = (repair: SeedRepairRecord): string =>
  typeof repair.storeId === 'string' && repair.storeId !== ''
    ? repair.storeId
    : typeof repair.store === 'string'
      ? repair.store
      : '';

const rupees = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

export function sharmaShopData(
  now: Date,
  facts: SharmaShopFacts,
): { repairs: SeedRepairRecord[]; records: SeedShopData } {
  const random = seededRandom(20261123);
  const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  const trackingLinks: SeedTrackingLink[] = [];
  const payments: SeedPayment[] = [];
  const shopOnly: SeedShopData['shopOnly'][number][] = [];
  const sharma = new Set(facts.stores);
  /** Created in the calendar month before `now`'s (local time, as the demo's dates are made). */
  const lastMonth = (date: Date) =>
    new Date(date.getFullYear(), date.getMonth() + 1, 1).getTime() ===
    new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  let refundGiven = false;

  const repairs = facts.repairs.map((repair, index): SeedRepairRecord => {
    const storeId = storeOf(repair);
    if (!sharma.has(storeId)) return repair;
    const createdAt = repair.createdAt instanceof Date ? repair.createdAt : now;
    const status = typeof repair.status === 'string' ? repair.status : 'received';
    // The staff member works the first store's counter; the owner takes the other store's repairs.
    const receivedBy = storeId === facts.staffStore && index % 2 === 0 ? facts.staff : facts.owner;
    const steps = PATHS[status] ?? [];
    const credit = status === 'delivered' ? DELIVERED_ON_CREDIT[String(repair.repairId)] : undefined;
    // Each move a few hours after the one before, never after now.
    const at = (step: number) => new Date(Math.min(now.getTime(), createdAt.getTime() + step * 5 * HOUR));
    const history: HistoryEntry[] = [historyEntry('created', 'received', receivedBy, createdAt)];
    steps.forEach((next, step) => {
      const from = step === 0 ? 'received' : (steps[step - 1] ?? 'received');
      const note =
        next === 'cancelled'
          ? 'Customer declined the estimate'
          : next === 'delivered' && credit !== undefined
            ? CREDIT_NOTE
            : '';
      history.push(historyEntry('status', next, facts.owner, at(step + 1), note, from));
    });
    const isFirst = repair.repairId === 'RPR-1001';
    const finalPaise = rupees(repair.amount) === null ? null : rupeesToPaise(rupees(repair.amount) ?? 0);
    const estimatePaise =
      rupees(repair.estimatedCost) === null ? null : rupeesToPaise(rupees(repair.estimatedCost) ?? 0);
    const billPaise = finalPaise ?? estimatePaise ?? 0;
    const id = repair.id;
    const repairPayments: Omit<SeedPayment, 'seq' | 'id' | 'repairDocId' | 'storeId'>[] = [];
    if (isFirst)
      repairPayments.push({
        kind: 'payment',
        amountPaise: 50_000,
        mode: 'cash',
        at: createdAt,
        by: receivedBy,
        note: ADVANCE_NOTE,
      });
    else if (status === 'delivered' && billPaise > 0 && credit === 'half')
      repairPayments.push({
        kind: 'payment',
        amountPaise: Math.round(billPaise / 200) * 100,
        mode: 'cash',
        at: at(steps.length),
        by: facts.owner,
        note: 'Part paid at delivery',
      });
    else if (status === 'delivered' && billPaise > 20_000 && credit === undefined && lastMonth(createdAt)) {
      // Last month's deliveries give Reports every kind of money: a card advance, the rest at delivery,
      // and on the first of them ₹100 paid over by UPI and given back in cash (a refund).
      repairPayments.push(
        {
          kind: 'payment',
          amountPaise: 20_000,
          mode: 'card',
          at: createdAt,
          by: receivedBy,
          note: ADVANCE_NOTE,
        },
        {
          kind: 'payment',
          amountPaise: billPaise - 20_000,
          mode: index % 2 === 0 ? 'upi' : 'cash',
          at: at(steps.length),
          by: facts.owner,
          note: 'Paid at delivery',
        },
      );
      if (!refundGiven) {
        refundGiven = true;
        const after = new Date(Math.min(now.getTime(), at(steps.length).getTime() + HOUR / 2));
        repairPayments.push(
          {
            kind: 'payment',
            amountPaise: 10_000,
            mode: 'upi',
            at: after,
            by: facts.owner,
            note: 'Paid ₹100 too much',
          },
          {
            kind: 'refund',
            amountPaise: 10_000,
            mode: 'cash',
            at: after,
            by: facts.owner,
            note: 'Excess returned',
          },
        );
      }
    } else if (status === 'delivered' && billPaise > 0 && credit === undefined)
      repairPayments.push({
        kind: 'payment',
        amountPaise: billPaise,
        mode: index % 2 === 0 ? 'upi' : 'cash',
        at: at(steps.length),
        by: facts.owner,
        note: 'Paid at delivery',
      });
    else if (status === 'ready' && billPaise > 20_000)
      repairPayments.push({
        kind: 'payment',
        amountPaise: 20_000,
        mode: 'upi',
        at: createdAt,
        by: receivedBy,
        note: ADVANCE_NOTE,
      });
    for (const [seq, payment] of repairPayments.entries())
      payments.push({ ...payment, seq, id: `${id}-p${seq + 1}`, repairDocId: id, storeId });
    const paidPaise = repairPayments.reduce(
      (sum, payment) => sum + (payment.kind === 'refund' ? -payment.amountPaise : payment.amountPaise),
      0,
    );
    // The khata's stored fields, as every shop write keeps them (amounts.ts repairDues).
    const dues = repairDues(status, finalPaise, estimatePaise, paidPaise);
    const trackingToken =
      isFirst || !CLOSED.has(status) || credit !== undefined ? generateTrackingToken(randomBytes) : '';
    if (trackingToken !== '') trackingLinks.push({ token: trackingToken, repairDocId: id, storeId });
    if (isFirst) shopOnly.push({ repairDocId: id, storeId, unlockCode: '2580' });
    const problems = typeof repair.problems === 'string' ? repair.problems : '';
    const customerName = typeof repair.customerName === 'string' ? repair.customerName : '';
    const last = history[history.length - 1];
    return {
      ...repair,
      problemList: problems === '' ? [] : problems.split(',').map((problem) => problem.trim()),
      customerNameLower: customerName.toLowerCase(),
      ...(estimatePaise === null ? {} : { estimatePaise }),
      paidPaise,
      duePaise: dues.duePaise,
      owing: dues.owing,
      trackingToken,
      history,
      // The customer's status steps, as the console keeps them beside its history (no names, no notes).
      timeline: history.reduce(timelineAfter, [] as StoredTimelineStep[]),
      createdBy: receivedBy,
      updatedAt: last?.at ?? createdAt,
      // The reports' index of deliveries: when a delivered repair was delivered (its last step).
      ...(status === 'delivered' && last !== undefined ? { deliveredAt: last.at } : {}),
      // And the reports' sums (report-fields.ts), as the delivery and the job card stored them.
      ...(status === 'delivered' && last !== undefined
        ? reportFieldsAfterMove(status, { ...repair, estimatePaise, createdAt }, last.at)
        : {}),
      otherProblem: hasTypedProblem(
        problems === '' ? [] : problems.split(',').map((problem) => problem.trim()),
      ),
      ...(isFirst
        ? {
            imeiSerial: '356938035643809',
            accessories: ['sim-tray', 'back-cover'],
            conditionNotes: 'Screen shattered at the top left; back panel scratched.',
          }
        : {}),
    };
  });

  return {
    repairs,
    records: {
      members: [
        {
          storeId: facts.staffStore,
          uid: facts.staff.uid,
          email: facts.staff.email,
          name: facts.staff.name,
          addedAt: new Date(now.getFullYear(), now.getMonth() - 6, 1),
          addedBy: facts.owner.uid,
        },
      ],
      invitations: [
        {
          ...facts.invitation,
          invitedBy: facts.owner.uid,
          invitedAt: new Date(now.getTime() - 2 * 24 * HOUR),
        },
      ],
      trackingLinks,
      payments,
      counters: [],
      shopOnly,
    },
  };
}
