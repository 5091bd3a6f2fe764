import type { Invoice } from '../../domain/shop/invoice';
import { isVoucherKind } from '../../domain/shop/invoice';
import { byIssue } from '../../domain/shop/invoice-build';
import { invoiceCounterId, seriesOfKind } from '../../domain/shop/invoice-number';
import { parseStoredInvoice } from '../../domain/shop/invoice-record';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { storeRefOf } from '../../domain/shop/repair-store';
import { isTrackingToken } from '../../domain/shop/tracking';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { IssueInvoiceRequest, ShopInvoiceRepository } from '../../ports/shop-invoices';
import type { ShopPayment } from '../../ports/shop-repairs';
import {
  enforceInvoiceWrite,
  type InvoicePlan,
  type InvoiceSources,
  planInvoice,
  planVoucher,
  storedPlan,
} from '../local/invoice-rules';
import {
  requireRepairOfStore,
  requireSignedIn,
  requireStoreMember,
  type ShopAccess,
} from '../local/local-rules';
import type { MemoryDatabase, StoredRecord } from './memory-database';
import { memoryMembershipLookup } from './memory-shop-membership';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored payment, parsed (as memory-shop-repairs.ts reads them). */
function parsePayment(repairDocId: string, raw: StoredRecord): ShopPayment {
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
    upiReference: text(raw.upiReference),
  };
}

/**
 * Invoices and vouchers in memory (ports/shop-invoices.ts): `db.invoices` by repair, `db.invoiceCounters`
 * by `{storeId}_{series}`. Rules in the family (local/invoice-rules.ts, local-rules.ts): members of the
 * repair's store issue and read; each issue reads the counter, plans, checks and writes the counter and
 * the document in one JavaScript turn (no await between), so concurrent issues take consecutive numbers
 * and a second issue of one repair or payment answers the first.
 */
export class MemoryShopInvoiceRepository implements ShopInvoiceRepository {
  private readonly lookup;

  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {
    this.lookup = memoryMembershipLookup(db);
  }

  /** The caller's membership of the repair's store; 'not-found' for no repair. */
  private async access(repairDocId: string): Promise<ShopAccess> {
    requireSignedIn(this.db);
    const found = this.db.repairs.get(repairDocId);
    if (found === undefined) throw new PortError('not-found', 'No repair has this id.');
    const member = await requireStoreMember(
      this.db,
      storeRefOf(parseShopRepair(repairDocId, found)),
      this.lookup,
    );
    const raw = this.db.repairs.get(repairDocId);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    return requireRepairOfStore(raw, member);
  }

  private stored(repairDocId: string, id: string): Invoice | null {
    const raw = this.db.invoices.get(repairDocId)?.get(id);
    return raw === undefined ? null : parseStoredInvoice(this.db.read(raw));
  }

  private vouchers(repairDocId: string): Invoice[] {
    return [...(this.db.invoices.get(repairDocId)?.values() ?? [])]
      .map((raw) => parseStoredInvoice(raw))
      .filter((invoice): invoice is Invoice => invoice !== null && isVoucherKind(invoice.kind))
      .sort(byIssue);
  }

  /** What a plan reads, all in this turn. */
  private sources(repairDocId: string, access: ShopAccess): InvoiceSources {
    const raw = this.db.repairs.get(repairDocId);
    if (raw === undefined) throw new PortError('not-found', 'No repair has this id.');
    const invoiceRaw = this.db.invoices.get(repairDocId)?.get(repairDocId);
    return {
      repairDocId,
      repair: parseShopRepair(repairDocId, raw),
      access,
      storeRaw: this.db.stores.get(access.store.id) ?? null,
      repairCounterRaw: this.db.repairCounters.get(access.store.id) ?? null,
      payments: (this.db.payments.get(repairDocId) ?? []).map((p) => parsePayment(repairDocId, p)),
      vouchers: this.vouchers(repairDocId),
      invoice: invoiceRaw === undefined ? null : parseStoredInvoice(invoiceRaw),
      by: { uid: access.uid, name: this.db.profile(access.uid)?.name ?? '' },
      now: this.clock.now(),
    };
  }

  /** Writes a plan's counter and document (checked first), in the caller's turn. */
  private commit(plan: InvoicePlan): Invoice {
    const stored = storedPlan(plan);
    enforceInvoiceWrite(plan, stored, 'domain');
    const key = invoiceCounterId(plan.counter.storeId, seriesOfKind(plan.invoice.kind));
    this.db.invoiceCounters.set(key, stored.counter);
    const ofRepair = this.db.invoices.get(plan.invoice.repairDocId) ?? new Map<string, StoredRecord>();
    ofRepair.set(plan.invoice.id, stored.invoice);
    this.db.invoices.set(plan.invoice.repairDocId, ofRepair);
    return parseStoredInvoice(stored.invoice) as Invoice;
  }

  async invoiceOf(repairDocId: string): Promise<Invoice | null> {
    await this.db.roundTrip();
    requireSignedIn(this.db);
    const raw = this.db.invoices.get(repairDocId)?.get(repairDocId);
    if (raw === undefined) {
      if (!this.db.repairs.has(repairDocId)) return null;
      await this.access(repairDocId);
      return null;
    }
    // The invoice names its store (it outlives a deleted repair): members of that store read it.
    await requireStoreMember(this.db, text(raw.storeId), this.lookup);
    return this.stored(repairDocId, repairDocId);
  }

  async issue(repairDocId: string, request: IssueInvoiceRequest): Promise<Invoice> {
    await this.db.roundTrip();
    const access = await this.access(repairDocId);
    // From here to the writes: one JavaScript turn, so no other issue can take the same number.
    const existing = this.stored(repairDocId, repairDocId);
    if (existing !== null) return existing;
    const sources = this.sources(repairDocId, access);
    const counter = this.db.invoiceCounters.get(invoiceCounterId(access.store.id, 'invoice')) ?? null;
    return this.commit(planInvoice(sources, request.customerGstin ?? '', counter));
  }

  async vouchersOf(repairDocId: string): Promise<Invoice[]> {
    await this.db.roundTrip();
    await this.access(repairDocId);
    return this.vouchers(repairDocId).map((voucher) => this.db.read(voucher));
  }

  async issueVoucher(repairDocId: string, paymentId: string): Promise<Invoice> {
    await this.db.roundTrip();
    const access = await this.access(repairDocId);
    // One JavaScript turn from here, as issue.
    const existing = this.stored(repairDocId, paymentId);
    if (existing !== null && existing.paymentId === paymentId) return existing;
    const raw = (this.db.payments.get(repairDocId) ?? []).find((p) => p.id === paymentId);
    if (raw === undefined) throw new PortError('not-found', 'This repair has no such payment.');
    const sources = this.sources(repairDocId, access);
    const payment = parsePayment(repairDocId, raw);
    const series = payment.kind === 'refund' ? 'refund-voucher' : 'receipt-voucher';
    const counter = this.db.invoiceCounters.get(invoiceCounterId(access.store.id, series)) ?? null;
    return this.commit(planVoucher(sources, payment, counter));
  }

  async invoiceByTrackingToken(token: string): Promise<Invoice | null> {
    await this.db.roundTrip();
    // As the tracking port resolves a link: live, naming a repair that still carries this token.
    if (!isTrackingToken(token)) return null;
    const link = this.db.trackingLinks.get(token);
    if (link === undefined || link.revoked === true) return null;
    const repairDocId = text(link.repairDocId);
    const raw = this.db.repairs.get(repairDocId);
    if (raw === undefined || parseShopRepair(repairDocId, raw).trackingToken !== token) return null;
    const invoice = this.stored(repairDocId, repairDocId);
    return invoice !== null && !isVoucherKind(invoice.kind) ? invoice : null;
  }
}
