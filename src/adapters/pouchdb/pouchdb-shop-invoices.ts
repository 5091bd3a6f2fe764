import type { Invoice } from '../../domain/shop/invoice';
import { INVOICE_MESSAGES, isVoucherKind } from '../../domain/shop/invoice';
import { byIssue } from '../../domain/shop/invoice-build';
import {
  formatInvoiceNumber,
  type InvoiceSeries,
  type IssuedNumber,
  invoiceCounterId,
  parseInvoiceCounter,
  type StoredInvoiceCounter,
} from '../../domain/shop/invoice-number';
import { parseStoredInvoice } from '../../domain/shop/invoice-record';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { IssueInvoiceRequest, ShopInvoiceRepository } from '../../ports/shop-invoices';
import type { ShopPayment } from '../../ports/shop-repairs';
import {
  checkIssue,
  checkVoucher,
  enforceInvoiceWrite,
  type InvoicePlan,
  type InvoiceSources,
  planInvoice,
  planVoucher,
  storedPlan,
} from '../local/invoice-rules';
import { requireSignedIn, requireStoreMember, type ShopAccess } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import {
  backoff,
  fieldsOf,
  guarded,
  MAX_WRITE_ATTEMPTS,
  type NewDoc,
  type StoredDoc,
  storedRecord,
} from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { linkDocId, loadRepairDoc, repairAccess } from './pouchdb-shop-docs';
import { isDocId, pouchMembershipLookup } from './pouchdb-shop-membership';
import { loadPaymentEntries } from './pouchdb-shop-payments';
import type { UserDocs } from './pouchdb-user-docs';

/** The invoices document of an invoice or voucher: `{repairDocId}:{invoiceId}` (ids have no ':'). */
export const invoiceDocId = (repairDocId: string, invoiceId: string) => `${repairDocId}:${invoiceId}`;

/** A repair's invoice and vouchers: one range of the invoices database's primary index. */
export const invoiceRange = (repairDocId: string) => ({
  startkey: `${repairDocId}:`,
  endkey: `${repairDocId}:\uffff`,
});

/**
 * Where the numbers are given: the databases whose counter documents are the authority. This device's
 * own (the local demo); on a syncing device, the sync server's, through its gateway (issued online only,
 * docs/pouchdb.md "Invoices"), each copy then written to this device's databases as replication would.
 */
export interface InvoiceAuthority {
  readonly invoices: InvoiceDocs;
  readonly invoiceCounters: InvoiceDocs;
  /**
   * After a write to the authority: copies the document, with its revision history, into this device's
   * database of the same name (as replication would, only sooner); null when the authority is local.
   */
  readonly mirror: ((collection: 'invoices' | 'invoiceCounters', id: string) => Promise<void>) | null;
}

/** Reads and writes of one database where numbers are given (a PouchCollection, or the server's). */
export interface InvoiceDocs {
  get(id: string): Promise<StoredDoc | null>;
  /** The new revision, or null when the write lost a revision race (409). */
  put(doc: NewDoc): Promise<string | null>;
}

/** Waits for a counter's document another issue is writing right now, before judging it lost in a crash. */
const PENDING_WAITS = 20;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Invoices and vouchers on PouchDB (ports/shop-invoices.ts). The invoices database holds each document
 * under `{repairDocId}:{invoiceId}`; invoiceCounters each series' counter under `{storeId}_{series}`.
 * An issue reads the counter, plans (local/invoice-rules.ts: a refusal takes no number), checks, and
 * writes the counter at the revision it read: that write is the commit point (a 409 means another issue
 * took the number: read again, plan again); the document is written after it. A counter whose document
 * is missing (a crash between the two writes) is finished first, with the counter's own number, so a
 * number is never skipped; an issue of that same repair or payment takes it.
 */
export class PouchShopInvoiceRepository implements ShopInvoiceRepository {
  private readonly lookup;
  private readonly authority: InvoiceAuthority;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
    authority: InvoiceAuthority | null = null,
  ) {
    this.lookup = pouchMembershipLookup(dbs);
    this.authority = authority ?? {
      invoices: dbs.invoices,
      invoiceCounters: dbs.invoiceCounters,
      mirror: null,
    };
  }

  /**
   * A stored invoice or voucher: this device's copy; with `authority`, else the one where numbers are
   * given (the sync server: an issue must see another device's, so it needs the network there; a plain
   * read stays on the device and works offline).
   */
  private async stored(repairDocId: string, id: string, authority = false): Promise<Invoice | null> {
    const docId = invoiceDocId(repairDocId, id);
    const doc =
      (await this.dbs.invoices.get(docId)) ??
      (authority && this.authority.mirror !== null ? await this.authority.invoices.get(docId) : null);
    return doc === null ? null : parseStoredInvoice(fieldsOf(doc));
  }

  private async allOf(repairDocId: string): Promise<Invoice[]> {
    const rows = await this.dbs.invoices.allDocs({ ...invoiceRange(repairDocId), include_docs: true });
    return rows
      .flatMap((row) => (row.doc && row.doc._deleted !== true ? [parseStoredInvoice(fieldsOf(row.doc))] : []))
      .filter((invoice): invoice is Invoice => invoice !== null)
      .sort(byIssue);
  }

  private async sources(repairDocId: string, access: ShopAccess): Promise<InvoiceSources> {
    const doc = await loadRepairDoc(this.dbs, repairDocId);
    if (doc === null) throw new PortError('not-found', 'No repair has this id.');
    const storeId = access.store.id;
    const [storeDoc, repairCounter, payments, all, profile] = await Promise.all([
      this.dbs.stores.get(storeId),
      this.dbs.repairCounters.get(storeId),
      loadPaymentEntries(this.dbs, repairDocId),
      this.allOf(repairDocId),
      this.users.profile(access.uid),
    ]);
    return {
      repairDocId,
      repair: parseShopRepair(repairDocId, doc),
      access,
      storeRaw: storeDoc === null ? null : fieldsOf(storeDoc),
      repairCounterRaw: repairCounter === null ? null : fieldsOf(repairCounter),
      payments,
      vouchers: all.filter((invoice) => isVoucherKind(invoice.kind)),
      invoice: all.find((invoice) => invoice.id === repairDocId && !isVoucherKind(invoice.kind)) ?? null,
      by: { uid: access.uid, name: profile?.name ?? '' },
      now: this.clock.now(),
    };
  }

  /** Writes a document to the authority (and its copy here); null when it exists already. */
  private async write(collection: 'invoices' | 'invoiceCounters', doc: NewDoc): Promise<string | null> {
    const rev = await this.authority[collection].put(doc);
    if (rev !== null && this.authority.mirror !== null) await this.authority.mirror(collection, doc._id);
    return rev;
  }

  /**
   * Issues the document `invoiceId` of `repairDocId` in `series`: `plan` numbers it from the counter as
   * read. Answers the stored document when it exists (a second issue, or another that got there first).
   */
  private async issueIn(
    series: InvoiceSeries,
    access: ShopAccess,
    repairDocId: string,
    invoiceId: string,
    plan: (sources: InvoiceSources, counterRaw: Record<string, unknown> | null) => InvoicePlan,
    fixed: (sources: InvoiceSources, number: IssuedNumber) => InvoicePlan,
  ): Promise<Invoice> {
    const counterId = invoiceCounterId(access.store.id, series);
    let waits = 0;
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS + PENDING_WAITS; attempt += 1) {
      const done = await this.stored(repairDocId, invoiceId, true);
      if (done !== null) return done;
      const counterDoc = await this.authority.invoiceCounters.get(counterId);
      const before = counterDoc === null ? null : fieldsOf(counterDoc);
      const counter = before === null ? null : parseInvoiceCounter(before);
      if (counter !== null && (await this.pending(counter))) {
        // The counter's number has no document yet: another issue is writing it, or it crashed between
        // its two writes. Wait a little; then write it (its own number: never skipped).
        const ours = counter.lastInvoiceId === invoiceId && counter.lastRepairDocId === repairDocId;
        if (!ours && waits < PENDING_WAITS) {
          waits += 1;
          await backoff(attempt);
          continue;
        }
        await this.finish(counter, ours ? fixed : null);
        continue;
      }
      const sources = await this.sources(repairDocId, access);
      const next = plan(sources, before);
      const stored = storedPlan(next);
      const json = { invoice: storedRecord(stored.invoice), counter: storedRecord(stored.counter) };
      enforceInvoiceWrite(next, json, 'json');
      const rev = counterDoc?._rev ? { _rev: counterDoc._rev } : {};
      // The commit point: the counter at the revision read. A 409: another issue took this number.
      if ((await this.write('invoiceCounters', { ...json.counter, _id: counterId, ...rev })) === null) {
        await backoff(attempt);
        continue;
      }
      await this.write('invoices', { ...json.invoice, _id: invoiceDocId(repairDocId, invoiceId) });
      return (await this.stored(repairDocId, invoiceId, true)) ?? next.invoice;
    }
    throw new PortError('unavailable', 'Invoices are busy; try again.');
  }

  /** Whether the counter's last number has no document. */
  private async pending(counter: StoredInvoiceCounter): Promise<boolean> {
    const id = invoiceDocId(counter.lastRepairDocId, counter.lastInvoiceId);
    return (await this.authority.invoices.get(id)) === null;
  }

  /**
   * Writes the missing document of a counter's last number, built now with that number: by `rebuild`
   * when it is this issue's own document (its request is known), else for another repair or payment
   * whose issue crashed (built as the repair and settings are now; a customer GSTIN typed then is not
   * known, so none).
   */
  private async finish(
    counter: StoredInvoiceCounter,
    rebuild: ((sources: InvoiceSources, number: IssuedNumber) => InvoicePlan) | null,
  ): Promise<void> {
    const repairDocId = counter.lastRepairDocId;
    const raw = await loadRepairDoc(this.dbs, repairDocId);
    if (raw === null) throw new PortError('failed-precondition', INVOICE_MESSAGES.counterInvalid);
    const access = await requireStoreMember(
      this.session,
      storeRefOf(parseShopRepair(repairDocId, raw)),
      this.lookup,
    );
    const sources = await this.sources(repairDocId, access);
    const number: IssuedNumber = {
      number: formatInvoiceNumber(counter.prefix, counter.fy, counter.lastSerial, counter.series),
      fy: counter.fy,
      serial: counter.lastSerial,
      counter,
    };
    let plan: InvoicePlan;
    try {
      plan = rebuild === null ? this.pendingPlan(counter, sources, number) : rebuild(sources, number);
    } catch (error) {
      // Another repair's number that can no longer be built (docs/pouchdb.md "Invoices", known limit).
      if (rebuild !== null) throw error;
      throw new PortError('failed-precondition', INVOICE_MESSAGES.counterInvalid, { cause: error });
    }
    const invoice = storedRecord(storedPlan(plan).invoice);
    await this.write('invoices', { ...invoice, _id: invoiceDocId(repairDocId, counter.lastInvoiceId) });
  }

  /** The plan of a counter's own missing document (invoice or voucher), with its number. */
  private pendingPlan(
    counter: StoredInvoiceCounter,
    sources: InvoiceSources,
    number: IssuedNumber,
  ): InvoicePlan {
    if (counter.series === 'invoice') return this.fixedInvoice('')(sources, number);
    const payment = sources.payments.find((p) => p.id === counter.lastInvoiceId);
    if (payment === undefined) throw new PortError('failed-precondition', INVOICE_MESSAGES.counterInvalid);
    return this.fixedVoucher(payment)(sources, number);
  }

  /** Plans an invoice with a number already taken (the counter names it). */
  private fixedInvoice(customerGstin: string) {
    return (sources: InvoiceSources, number: IssuedNumber): InvoicePlan => {
      const rewound = { ...number.counter, lastSerial: number.serial - 1 };
      const plan = planInvoice(sources, customerGstin, rewound);
      return {
        ...plan,
        invoice: { ...plan.invoice, number: number.number, financialYear: number.fy, serial: number.serial },
      };
    };
  }

  private fixedVoucher(payment: ShopPayment) {
    return (sources: InvoiceSources, number: IssuedNumber): InvoicePlan => {
      const rewound = { ...number.counter, lastSerial: number.serial - 1 };
      const plan = planVoucher(sources, payment, rewound);
      return {
        ...plan,
        invoice: { ...plan.invoice, number: number.number, financialYear: number.fy, serial: number.serial },
      };
    };
  }

  invoiceOf(repairDocId: string): Promise<Invoice | null> {
    return guarded(async () => {
      requireSignedIn(this.session);
      if (!isDocId(repairDocId)) return null;
      const doc = await this.dbs.invoices.get(invoiceDocId(repairDocId, repairDocId));
      if (doc === null) {
        if ((await loadRepairDoc(this.dbs, repairDocId)) === null) return null;
        await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
        return this.stored(repairDocId, repairDocId);
      }
      // The invoice names its store (it outlives a deleted repair): members of that store read it.
      await requireStoreMember(this.session, text(doc.storeId), this.lookup);
      return parseStoredInvoice(fieldsOf(doc));
    });
  }

  issue(repairDocId: string, request: IssueInvoiceRequest): Promise<Invoice> {
    return guarded(async () => {
      const { access, doc } = await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      const existing = await this.stored(repairDocId, repairDocId, true);
      if (existing !== null) return existing;
      const gstin = request.customerGstin ?? '';
      checkIssue(parseShopRepair(repairDocId, doc), gstin);
      return this.issueIn(
        'invoice',
        access,
        repairDocId,
        repairDocId,
        (sources, counter) => planInvoice(sources, gstin, counter),
        this.fixedInvoice(gstin),
      );
    });
  }

  vouchersOf(repairDocId: string): Promise<Invoice[]> {
    return guarded(async () => {
      await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      return (await this.allOf(repairDocId)).filter((invoice) => isVoucherKind(invoice.kind));
    });
  }

  issueVoucher(repairDocId: string, paymentId: string): Promise<Invoice> {
    return guarded(async () => {
      const { access } = await repairAccess(this.dbs, this.session, this.lookup, repairDocId);
      const existing = await this.stored(repairDocId, paymentId, true);
      if (existing !== null && existing.paymentId === paymentId) return existing;
      const payment = (await loadPaymentEntries(this.dbs, repairDocId)).find((p) => p.id === paymentId);
      if (payment === undefined) throw new PortError('not-found', 'This repair has no such payment.');
      const series = checkVoucher(await this.sources(repairDocId, access), payment);
      return this.issueIn(
        series,
        access,
        repairDocId,
        paymentId,
        (sources, counter) => planVoucher(sources, payment, counter),
        this.fixedVoucher(payment),
      );
    });
  }

  invoiceByTrackingToken(token: string): Promise<Invoice | null> {
    return guarded(async () => {
      // As the tracking port resolves a link: live, naming a repair that still carries this token.
      if (!isTrackingToken(token)) return null;
      const link = await this.dbs.tracking.get(linkDocId(token));
      if (link === null || link.revoked === true) return null;
      const repairDocId = text(link.repairDocId);
      const raw = await loadRepairDoc(this.dbs, repairDocId);
      if (raw === null || parseShopRepair(repairDocId, raw).trackingToken !== token) return null;
      const invoice = await this.stored(repairDocId, repairDocId);
      return invoice !== null && !isVoucherKind(invoice.kind) ? invoice : null;
    });
  }
}
