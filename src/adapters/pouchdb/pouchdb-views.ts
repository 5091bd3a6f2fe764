import { countKeyOf } from '../../domain/repairs/repair';
import { normalisePhone } from '../../domain/shared/phone';
import { asText } from '../../domain/shared/text';
import { asInstant } from '../../domain/shared/time';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import { repairReportFacts } from '../../domain/shop/report-totals';
import { istDay } from '../../domain/shop/reports';
import { countedLedgerPaise } from '../shared/recharge';

/**
 * The secondary indexes: CouchDB-style design documents with built-in reduces, whose map functions are
 * functions of this module, not source text. A design document names its map function
 * (`registered:<design>/<view>#<hash of the function>`) and pouchdb-registered-views.ts resolves the name,
 * so nothing is ever compiled from text: the page's Content-Security-Policy forbids `eval`, and the
 * views read documents with the domain's own parsers (asText, asInstant, countKeyOf) instead of
 * repeating them. A changed function changes its name, so PouchDB builds that index again.
 * These design documents stay on the device (the sync leaves _design/ documents alone).
 */

type Emit = (key: unknown, value: unknown) => void;
/** A map function: called for every document of the database. */
export type MapFunction = (
  doc: Readonly<Record<string, unknown>> & { readonly _id: string },
  emit: Emit,
) => void;

export interface ViewDefinition {
  readonly map: MapFunction;
  readonly reduce?: '_count' | '_sum';
}

interface StoredView {
  readonly map: string;
  readonly reduce?: '_count' | '_sum';
}

export interface DesignDoc {
  readonly _id: string;
  readonly views: Readonly<Record<string, StoredView>>;
}

/** Every registered map function by its name in the design documents. */
export const REGISTERED_MAPS = new Map<string, MapFunction>();

/** FNV-1a, hex: a short fingerprint of a function's source, so that a change makes a new index. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function design(name: string, views: Readonly<Record<string, ViewDefinition>>): DesignDoc {
  const stored: Record<string, StoredView> = {};
  for (const [view, definition] of Object.entries(views)) {
    const id = `registered:${name}/${view}#${fingerprint(definition.map.toString())}`;
    REGISTERED_MAPS.set(id, definition.map);
    stored[view] = { map: id, ...(definition.reduce ? { reduce: definition.reduce } : {}) };
  }
  return { _id: `_design/${name}`, views: stored };
}

/** Epoch milliseconds of a stored time (asInstant), or null. */
const millis = (value: unknown): number | null => asInstant(value)?.getTime() ?? null;

export const USERS_DESIGN = design('users', {
  /** Key: the role as stored (null when none). Reduce: the number of users (all, or of a role). */
  byRole: {
    map: (doc, emit) => emit(typeof doc.role === 'string' ? doc.role : null, null),
    reduce: '_count',
  },
  /**
   * Key: the uid; value: what the business table sorts and searches by. Queried with the owners'
   * uids, it gives the business users' names and e-mails without reading their documents.
   */
  businessKeys: {
    map: (doc, emit) => emit(doc._id, { businessName: doc.businessName, name: doc.name, email: doc.email }),
  },
  /** Users documents holding a recharge whose ledger write is not confirmed (normally none). */
  walletPending: {
    map: (doc, emit) => {
      if (doc.walletPending) emit(doc._id, null);
    },
  },
});

export const STORES_DESIGN = design('stores', {
  /** Key: ownerId. Grouped, it lists the owners (and their store counts) without reading stores. */
  byOwner: {
    map: (doc, emit) => emit(asText(doc.ownerId), null),
    reduce: '_count',
  },
});

export const REPAIRS_DESIGN = design('repairs', {
  /** Key: the human-entered Repair ID, exactly as stored (text only). */
  byRepairId: {
    map: (doc, emit) => {
      if (typeof doc.repairId === 'string') emit(doc.repairId, null);
    },
  },
  /**
   * Key: [the customer's number as its 10 digits (normalisePhone), createdAt in epoch ms]: a customer's
   * own repairs, newest first, by one range (the tracker's list).
   */
  byCustomerMobile: {
    map: (doc, emit) => {
      const mobile =
        typeof doc.customerMobile === 'number' ? String(doc.customerMobile) : asText(doc.customerMobile);
      const digits = normalisePhone(mobile);
      if (digits !== '') emit([digits, millis(doc.createdAt) ?? 0], null);
    },
  },
  /**
   * Key: [count key, createdAt in epoch ms]; reduce: count. One key per repair (its store, else its
   * business), so a repair counts once.
   */
  createdByKey: {
    map: (doc, emit) => {
      const key = countKeyOf({
        storeId: asText(doc.storeId),
        store: asText(doc.store),
        businessId: asText(doc.businessId),
      });
      const created = millis(doc.createdAt);
      if (key !== '' && created !== null) emit([key, created], null);
    },
    reduce: '_count',
  },
});

/** The store a repair names (storeId, else the apps' store), '' when none. */
const shopStoreOf = (doc: Readonly<Record<string, unknown>>): string =>
  storeRefOf({ storeId: asText(doc.storeId), store: asText(doc.store) });

/**
 * A row's value: null for a repair naming its store by storeId; its businessId for one naming it only
 * by the apps' `store`, which belongs to that store only while businessId is its owner (the queries
 * drop the rows of any other business: repairBelongsTo).
 */
const shopClaimOf = (doc: Readonly<Record<string, unknown>>): string | null =>
  asText(doc.storeId) !== '' ? null : asText(doc.businessId);

/** The status as the shop console reads it (parseRepairRecord keeps the stored text). */
const shopStatusOf = (doc: Readonly<Record<string, unknown>>): string => asText(doc.status);

/**
 * The shop console's indexes over the repairs database (ports/shop-repairs.ts): one store's repairs by
 * time, by status and time, and by one searched field; repairs naming no store are left out. Times are
 * createdAt in epoch ms, null when a repair has none (null sorts before every number).
 */
export const SHOP_REPAIRS_DESIGN = design('shop', {
  /** Key: [store, createdAt ms, doc id]: a store's repairs, newest first when read descending. */
  byStore: {
    map: (doc, emit) => {
      const store = shopStoreOf(doc);
      if (store !== '') emit([store, millis(doc.createdAt), doc._id], shopClaimOf(doc));
    },
  },
  /** Key: [store, status, createdAt ms, doc id]; reduce: count (grouped at level 2: counts per status). */
  byStatus: {
    map: (doc, emit) => {
      const store = shopStoreOf(doc);
      if (store !== '') emit([store, shopStatusOf(doc), millis(doc.createdAt), doc._id], shopClaimOf(doc));
    },
    reduce: '_count',
  },
  /**
   * Key: [store, createdAt ms, doc id] of the repairs with money due (stored `owing` true: status
   * 'ready' or 'delivered' and duePaise above zero, kept by every shop write): the dues khata, oldest
   * first when read ascending. Only owing repairs are in it, so a page reads no other row.
   */
  owing: {
    map: (doc, emit) => {
      const store = shopStoreOf(doc);
      if (store !== '' && doc.owing === true) emit([store, millis(doc.createdAt), doc._id], shopClaimOf(doc));
    },
  },
  /**
   * Key: [store, businessId, status] of the repairs naming their store only by the apps' `store`;
   * reduce: count. The counts of byStatus less those of other businesses are the store's own.
   */
  byClaim: {
    map: (doc, emit) => {
      const store = shopStoreOf(doc);
      const claim = shopClaimOf(doc);
      if (store !== '' && claim !== null) emit([store, claim, shopStatusOf(doc)], null);
    },
    reduce: '_count',
  },
  /**
   * Key: [store, field, stored value, createdAt ms, doc id] for the searched fields (repairId,
   * customerMobile as 'mobile', imeiSerial, customerNameLower as 'name'), only what is stored as text.
   */
  byField: {
    map: (doc, emit) => {
      const store = shopStoreOf(doc);
      if (store === '') return;
      const time = millis(doc.createdAt);
      const fields: readonly [string, unknown][] = [
        ['repairId', doc.repairId],
        ['mobile', doc.customerMobile],
        ['imeiSerial', doc.imeiSerial],
        ['name', doc.customerNameLower],
      ];
      for (const [field, value] of fields)
        if (typeof value === 'string' && value !== '')
          emit([store, field, value, time, doc._id], shopClaimOf(doc));
    },
  },
});

/** The metrics a repair adds to its store's month (report-totals.ts), as the reports view names them. */
export const REPORT_REPAIR_METRICS = {
  received: 'received',
  delivered: 'delivered',
  sales: 'salesPaise',
  turnaroundMs: 'turnaroundMs',
  turnaroundRepairs: 'turnaroundRepairs',
  /** Followed by the 'Top Problems' bucket: 'problem:Screen broken', 'problem:Other'. */
  problem: 'problem:',
} as const;

/**
 * The owner's reports over the repairs database (ports/shop-reports.ts; issue 18): each repair's facts
 * as domain/shop/report-totals.ts reads them, summed by the built-in reduce, so a month's report reads
 * a few reduce rows and never a repair. The claim is '' for a repair naming its store by storeId, its
 * businessId for one naming it by the apps' `store` only (the queries take '' and the store's owner).
 */
export const REPORT_REPAIRS_DESIGN = design('reports', {
  /**
   * Key: [store, claim, 'YYYY-MM', metric, 'YYYY-MM-DD'] (IST); value: a number; reduce: sum. Received
   * and problems by the day it was created, delivered, sales and turnaround by its last delivery's;
   * grouped at level 4, a month's totals per metric.
   */
  byMonth: {
    map: (doc, emit) => {
      const store = shopStoreOf(doc);
      if (store === '') return;
      const claim = shopClaimOf(doc) ?? '';
      const facts = repairReportFacts(parseShopRepair(doc._id, doc));
      const row = (day: string, metric: string, value: number) =>
        emit([store, claim, day.slice(0, 7), metric, day], value);
      if (facts.receivedDay !== null) {
        row(facts.receivedDay, REPORT_REPAIR_METRICS.received, 1);
        for (const bucket of facts.problems)
          row(facts.receivedDay, `${REPORT_REPAIR_METRICS.problem}${bucket}`, 1);
      }
      if (facts.deliveredDay !== null) {
        row(facts.deliveredDay, REPORT_REPAIR_METRICS.delivered, 1);
        row(facts.deliveredDay, REPORT_REPAIR_METRICS.sales, facts.salePaise);
        if (facts.turnaroundMs !== null) {
          row(facts.deliveredDay, REPORT_REPAIR_METRICS.turnaroundMs, facts.turnaroundMs);
          row(facts.deliveredDay, REPORT_REPAIR_METRICS.turnaroundRepairs, 1);
        }
      }
    },
    reduce: '_sum',
  },
  /**
   * Key: [store, claim, 'duePaise' | 'dueRepairs'] of the repairs in the dues khata now (owing);
   * value: the amount due, or 1; reduce: sum ('Due').
   */
  due: {
    map: (doc, emit) => {
      const store = shopStoreOf(doc);
      if (store === '') return;
      const facts = repairReportFacts(parseShopRepair(doc._id, doc));
      if (!facts.owing) return;
      const claim = shopClaimOf(doc) ?? '';
      emit([store, claim, 'duePaise'], facts.duePaise);
      emit([store, claim, 'dueRepairs'], 1);
    },
    reduce: '_sum',
  },
});

/**
 * A payment or refund document's report fields: the payments database's `{repairDocId}:{paymentId}`,
 * and the advances earlier versions (and the demo seeder) keep in shopPrivate as
 * `payment:{repairDocId}:{n}`; null for any other document.
 */
export function reportPaymentOf(doc: Readonly<Record<string, unknown>> & { readonly _id: string }): {
  readonly storeId: string;
  readonly repairDocId: string;
  readonly paymentId: string;
  readonly atMs: number;
  readonly metric: 'cash' | 'upi' | 'card' | 'refunds';
  readonly amountPaise: number;
} | null {
  const id = doc._id;
  const legacy = id.startsWith('payment:');
  const parts = (legacy ? id.slice('payment:'.length) : id).split(':');
  if (parts.length !== 2 || parts[0] === '') return null;
  const storeId = asText(doc.storeId);
  const paymentId = asText(doc.id);
  const atMs = millis(doc.at);
  const amountPaise = typeof doc.amountPaise === 'number' ? doc.amountPaise : 0;
  if (storeId === '' || paymentId === '' || atMs === null || !Number.isSafeInteger(amountPaise)) return null;
  if (doc.kind !== 'payment' && doc.kind !== 'refund') return null;
  const mode = doc.mode === 'upi' || doc.mode === 'card' ? doc.mode : 'cash';
  return {
    storeId,
    repairDocId: parts[0] as string,
    paymentId,
    atMs,
    metric: doc.kind === 'refund' ? 'refunds' : mode,
    amountPaise,
  };
}

/**
 * The owner's reports over payments and refunds (the payments database, and shopPrivate's older
 * advances: the same design in both).
 */
export const REPORT_PAYMENTS_DESIGN = design('reportPayments', {
  /**
   * Key: [store, 'YYYY-MM', 'cash' | 'upi' | 'card' | 'refunds', 'YYYY-MM-DD'] (IST, the day it was
   * taken); value: paise; reduce: sum. Grouped at level 4, a month's money per mode and day.
   */
  byMonth: {
    map: (doc, emit) => {
      const payment = reportPaymentOf(doc);
      if (payment === null) return;
      const day = istDay(new Date(payment.atMs));
      emit([payment.storeId, day.slice(0, 7), payment.metric, day], payment.amountPaise);
    },
    reduce: '_sum',
  },
  /** Key: [store, taken at ms, repairDocId, paymentId]: the export's pages, oldest first. */
  byTime: {
    map: (doc, emit) => {
      const payment = reportPaymentOf(doc);
      if (payment !== null)
        emit([payment.storeId, payment.atMs, payment.repairDocId, payment.paymentId], null);
    },
  },
});

/** Store membership records (storeMembers/{storeId}_{uid}). */
export const STORE_MEMBERS_DESIGN = design('members', {
  /** Key: the member's uid: the stores an account is staff of. */
  byUid: {
    map: (doc, emit) => {
      if (typeof doc.uid === 'string' && typeof doc.storeId === 'string') emit(doc.uid, doc.storeId);
    },
  },
  /** Key: [storeId, name, uid]: a store's staff in the settings' order. */
  byStore: {
    map: (doc, emit) => {
      if (typeof doc.uid === 'string' && typeof doc.storeId === 'string')
        emit([doc.storeId, asText(doc.name), doc.uid], null);
    },
  },
});

/** Invitations to work in a store (invitations/{storeId}_{email}). */
export const INVITATIONS_DESIGN = design('invitations', {
  /** Key: [email, storeId]: the invitations sent to one address. */
  byEmail: {
    map: (doc, emit) => {
      if (typeof doc.email === 'string' && typeof doc.storeId === 'string')
        emit([doc.email, doc.storeId], null);
    },
  },
  /** Key: [storeId, email]: a store's pending invitations, by address. */
  byStore: {
    map: (doc, emit) => {
      if (typeof doc.email === 'string' && typeof doc.storeId === 'string')
        emit([doc.storeId, doc.email], null);
    },
  },
});

export const LEDGER_DESIGN = design('ledger', {
  /** Key: timestamp in epoch ms (null when undated): the latest transactions, newest first. */
  byTime: {
    map: (doc, emit) => emit(millis(doc.timestamp), null),
  },
  /**
   * Key: [distributorId, timestamp ms]; value: the paise this adapter counted into the balance (0 for
   * seeded or imported history, and for entries that fail countedLedgerPaise's checks). Reduce: sum.
   */
  byDistributor: {
    map: (doc, emit) => emit([asText(doc.distributorId), millis(doc.timestamp)], countedLedgerPaise(doc)),
    reduce: '_sum',
  },
  /**
   * Key: [distributorId, adminId]; value: checked paise; reduce: sum. Grouped, the paise each admin
   * credited to a distributor, so that only entries written by super admins are counted.
   */
  byDistributorAdmin: {
    map: (doc, emit) => {
      const paise = countedLedgerPaise(doc);
      if (paise > 0) emit([asText(doc.distributorId), doc.adminId], paise);
    },
    reduce: '_sum',
  },
});

export const VIEWS = {
  usersByRole: 'users/byRole',
  usersBusinessKeys: 'users/businessKeys',
  usersWalletPending: 'users/walletPending',
  storesByOwner: 'stores/byOwner',
  repairsByRepairId: 'repairs/byRepairId',
  repairsCreatedByKey: 'repairs/createdByKey',
  repairsByCustomerMobile: 'repairs/byCustomerMobile',
  shopByStore: 'shop/byStore',
  shopByStatus: 'shop/byStatus',
  shopByField: 'shop/byField',
  shopByClaim: 'shop/byClaim',
  shopOwing: 'shop/owing',
  reportsByMonth: 'reports/byMonth',
  reportsDue: 'reports/due',
  reportPaymentsByMonth: 'reportPayments/byMonth',
  reportPaymentsByTime: 'reportPayments/byTime',
  membersByUid: 'members/byUid',
  membersByStore: 'members/byStore',
  invitationsByEmail: 'invitations/byEmail',
  invitationsByStore: 'invitations/byStore',
  ledgerByTime: 'ledger/byTime',
  ledgerByDistributor: 'ledger/byDistributor',
  ledgerByDistributorAdmin: 'ledger/byDistributorAdmin',
} as const;
