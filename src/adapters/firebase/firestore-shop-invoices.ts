import type { Auth } from 'firebase/auth';
import {
  collection,
  type DocumentData,
  type DocumentReference,
  doc,
  type Firestore,
  query,
  runTransaction,
  serverTimestamp,
  type Transaction,
  where,
} from 'firebase/firestore';
import type { Invoice } from '../../domain/shop/invoice';
import { INVOICE_MESSAGES, isVoucherKind } from '../../domain/shop/invoice';
import {
  buildInvoice,
  buildVoucher,
  type InvoicePayment,
  type InvoiceRefusal,
  refusalCode,
  voucherKindOf,
} from '../../domain/shop/invoice-build';
import {
  type InvoiceSeries,
  type IssuedNumber,
  invoiceCounterId,
  nextInSeries,
  parseInvoiceCounter,
} from '../../domain/shop/invoice-number';
import { parseStoredInvoice, storedInvoice } from '../../domain/shop/invoice-record';
import { storeRepairIdPrefix } from '../../domain/shop/repair-id';
import { storeRefOf } from '../../domain/shop/repair-store';
import { parseStoreSettings } from '../../domain/shop/settings';
import { isTrackingToken } from '../../domain/shop/tracking';
import { parseStoreRecord } from '../../domain/stores/store';
import type { Clock } from '../../ports/clock';
import { isPortError, PortError } from '../../ports/errors';
import type { IssueInvoiceRequest, ShopInvoiceRepository } from '../../ports/shop-invoices';
import { KeyedLock } from '../shared/keyed-lock';
import { firestoreCall, toPortError } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { isOffline } from './firestore-online-or-queue';
import { getDoc, getDocs, transactionGet } from './firestore-reads';
import { parsePayment } from './firestore-repair-queries';
import { ShopRepairWriter } from './firestore-repair-writer';
import {
  type FirestoreShopAccess,
  SHOP_COLLECTIONS,
  ShopAccessChecker,
  shopRepairOf,
} from './firestore-shop-data';

/**
 * GST invoices on Firestore (issue 18; owner-console.md "Invoice"; the port: ports/shop-invoices.ts):
 *
 *  - repairs/{repairDocId}/invoices/{repairDocId}: the repair's tax invoice or receipt, and
 *    repairs/{repairDocId}/invoices/{paymentId}: a payment's receipt or refund voucher, as the domain
 *    builds them (invoice-build.ts), `issuedAt` the server's time; fixed once written, kept when the
 *    repair is deleted;
 *  - invoiceCounters/{storeId}_{series}: each series' counter (invoice-number.ts), moved by one in the
 *    same transaction that writes the document carrying its number (firestore.rules check both sides);
 *  - tracking/{token}/invoices/{repairDocId}: a copy of the invoice for the tracking link's holder
 *    (signed out too), written with the invoice when the repair has a live link, and by the tracking
 *    adapter when a link is made later (firestore-shop-tracking.ts rotate). The rules let anyone get it
 *    only while the link is live and names that repair.
 *
 * Issuing needs the server: a transaction cannot run offline, and the number must be the server's
 * counter's. Offline (or when the transaction cannot reach the server) issue answers 'unavailable' with
 * INVOICE_MESSAGES.needsNetwork; reads answer from the cache. Issues from this client run one at a time
 * per series; one that loses its number to another client is tried again with the next one.
 */

/** How often an issue's transaction is tried when other clients take numbers of the series at once. */
const ISSUE_ATTEMPTS = 25;

/** repairs/{repairDocId}/invoices/{id}: an invoice (id: the repair's) or voucher (id: its payment's). */
export function invoiceRef(db: Firestore, repairDocId: string, id: string): DocumentReference<DocumentData> {
  return doc(db, COLLECTIONS.repairs, repairDocId, SHOP_COLLECTIONS.invoices, id);
}

/** tracking/{token}/invoices/{repairDocId}: the copy the link's holder reads. */
export function trackedInvoiceRef(
  db: Firestore,
  token: string,
  repairDocId: string,
): DocumentReference<DocumentData> {
  return doc(db, SHOP_COLLECTIONS.tracking, token, SHOP_COLLECTIONS.invoices, repairDocId);
}

/** A domain refusal as the port answers it. */
function refusal(failure: { readonly reason?: InvoiceRefusal; readonly message?: string }): PortError {
  return failure.reason === undefined
    ? new PortError('failed-precondition', failure.message ?? INVOICE_MESSAGES.issueFailed)
    : new PortError(refusalCode(failure.reason), failure.message ?? INVOICE_MESSAGES.issueFailed);
}

/** What one issue writes, planned inside the transaction after all its reads. */
interface IssuePlan {
  readonly invoice: Invoice;
  readonly series: InvoiceSeries;
  readonly number: IssuedNumber;
  /** The live tracking link's token to copy an invoice under ('' for none, and for vouchers). */
  readonly copyTo: string;
}

export class FirestoreShopInvoiceRepository implements ShopInvoiceRepository {
  private readonly access: ShopAccessChecker;
  private readonly writer: ShopRepairWriter;
  /** One issue at a time per store and series from this client (other clients: the transaction retries). */
  private readonly series = new KeyedLock();

  constructor(
    private readonly db: Firestore,
    auth: Auth,
    private readonly clock: Clock,
  ) {
    this.access = new ShopAccessChecker(db, auth);
    this.writer = new ShopRepairWriter(db, this.access);
  }

  private counterRef(storeId: string, series: InvoiceSeries) {
    return doc(this.db, SHOP_COLLECTIONS.invoiceCounters, invoiceCounterId(storeId, series));
  }

  /**
   * The members of the repair's store read its invoice; one that outlives its deleted repair, the
   * members of the store it names (firestore.rules say the same); no repair and no invoice: null.
   */
  invoiceOf(repairDocId: string): Promise<Invoice | null> {
    return firestoreCall(async () => {
      this.access.uid();
      const repair = plainData(await getDoc(this.writer.repairRef(repairDocId)));
      if (repair !== undefined)
        await this.access.requireMember(storeRefOf(shopRepairOf(repairDocId, repair)));
      const stored = parseStoredInvoice(
        plainData(await getDoc(invoiceRef(this.db, repairDocId, repairDocId))),
      );
      if (stored === null || isVoucherKind(stored.kind)) return null;
      if (repair === undefined) await this.access.requireMember(stored.storeId);
      return stored;
    });
  }

  vouchersOf(repairDocId: string): Promise<Invoice[]> {
    return firestoreCall(async () => {
      const access = await this.writer.repairAccess(repairDocId);
      // Members list by the store the documents name (firestore.rules: list by storeId).
      const snapshot = await getDocs(
        query(
          collection(this.db, COLLECTIONS.repairs, repairDocId, SHOP_COLLECTIONS.invoices),
          where('storeId', '==', access.store.id),
        ),
      );
      return snapshot.docs
        .flatMap((document) => parseStoredInvoice(plainData(document)) ?? [])
        .filter((invoice) => isVoucherKind(invoice.kind))
        .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
    });
  }

  issue(repairDocId: string, request: IssueInvoiceRequest): Promise<Invoice> {
    return firestoreCall(async () => {
      const { access, offline } = await this.writer.repairState(repairDocId);
      const existing = await this.stored(repairDocId, repairDocId);
      if (existing !== null) return existing;
      if (offline) throw new PortError('unavailable', INVOICE_MESSAGES.needsNetwork);
      const by = { uid: access.uid, name: await this.access.actorName(access.uid) };
      const payments = await this.paymentsOf(repairDocId);
      return this.issueOnce(access, 'invoice', repairDocId, repairDocId, async (transaction, take) => {
        const raw = await this.writer.current(transaction, repairDocId);
        const repair = shopRepairOf(repairDocId, raw);
        const vouchers = await this.voucherReads(transaction, repairDocId, payments);
        const token = repair.trackingToken;
        const link =
          token === ''
            ? undefined
            : (await transactionGet(transaction, this.writer.trackingRef(token))).data();
        const { store, number } = await take();
        const built = buildInvoice({
          repairDocId,
          repair,
          store,
          customerGstin: request.customerGstin,
          payments,
          vouchers,
          number,
          now: this.clock.now(),
          by,
        });
        if (!built.ok) throw refusal(built);
        const live = link !== undefined && link.revoked !== true && link.repairDocId === repairDocId;
        return { invoice: built.value, series: 'invoice', number, copyTo: live ? token : '' };
      });
    });
  }

  issueVoucher(repairDocId: string, paymentId: string): Promise<Invoice> {
    return firestoreCall(async () => {
      const { access, offline } = await this.writer.repairState(repairDocId);
      const existing = await this.stored(repairDocId, paymentId);
      if (existing !== null) return existing;
      const payments = await this.paymentsOf(repairDocId);
      const payment = payments.find((p) => p.id === paymentId);
      if (payment === undefined) throw new PortError('not-found', 'No payment of this repair has this id.');
      if (offline) throw new PortError('unavailable', INVOICE_MESSAGES.needsNetwork);
      const by = { uid: access.uid, name: await this.access.actorName(access.uid) };
      const series = voucherKindOf(payment);
      return this.issueOnce(access, series, repairDocId, paymentId, async (transaction, take) => {
        const repair = shopRepairOf(repairDocId, await this.writer.current(transaction, repairDocId));
        const others = payments.filter((p) => p.id !== paymentId);
        const vouchers = await this.voucherReads(transaction, repairDocId, others);
        const invoice = parseStoredInvoice(
          plainData(await transactionGet(transaction, invoiceRef(this.db, repairDocId, repairDocId))),
        );
        const { store, number } = await take();
        const built = buildVoucher({
          repairDocId,
          repair,
          store,
          payment,
          invoice,
          vouchers,
          number,
          now: this.clock.now(),
          by,
        });
        if (!built.ok) throw refusal(built);
        return { invoice: built.value, series, number, copyTo: '' };
      });
    });
  }

  invoiceByTrackingToken(token: string): Promise<Invoice | null> {
    return firestoreCall(async () => {
      if (!isTrackingToken(token)) return null;
      const link = plainData(await getDoc(this.writer.trackingRef(token)));
      if (link === undefined || link.revoked === true || typeof link.repairDocId !== 'string') return null;
      const repairDocId = link.repairDocId;
      if (repairDocId === '' || repairDocId.includes('/')) return null;
      try {
        const copy = parseStoredInvoice(
          plainData(await getDoc(trackedInvoiceRef(this.db, token, repairDocId))),
        );
        return copy !== null && !isVoucherKind(copy.kind) ? copy : null;
      } catch (error) {
        // The link was revoked between the two reads: the rules refuse its copy.
        if (isPortError(toPortError(error), 'permission-denied')) return null;
        throw error;
      }
    });
  }

  /** A stored invoice or voucher, or null (a read, answered from the cache offline). */
  private async stored(repairDocId: string, id: string): Promise<Invoice | null> {
    try {
      return parseStoredInvoice(plainData(await getDoc(invoiceRef(this.db, repairDocId, id))));
    } catch (error) {
      if (isOffline(error)) return null;
      throw error;
    }
  }

  private async paymentsOf(repairDocId: string): Promise<InvoicePayment[]> {
    const snapshot = await getDocs(this.writer.payments(repairDocId));
    return snapshot.docs.map((payment) => parsePayment(repairDocId, plainData(payment) ?? {}));
  }

  /** The vouchers of these payments as stored now (inside the transaction: read by id). */
  private async voucherReads(
    transaction: Transaction,
    repairDocId: string,
    payments: readonly InvoicePayment[],
  ): Promise<Invoice[]> {
    const read = await Promise.all(
      payments.map(async (payment) =>
        parseStoredInvoice(
          plainData(await transactionGet(transaction, invoiceRef(this.db, repairDocId, payment.id))),
        ),
      ),
    );
    return read
      .flatMap((invoice) => (invoice !== null && isVoucherKind(invoice.kind) ? [invoice] : []))
      .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime());
  }

  /**
   * Runs one issue: per store and series one at a time on this client, in a transaction that reads
   * the document (a stored one is the answer), then what `plan` reads, then the counter, the store and
   * (for a new series) the Repair ID counter whose prefix it takes (`take`), and writes the document,
   * the counter moved by one and the tracking link's copy. A refusal after another client took the
   * number meanwhile (the counter moved past what was read) is tried again; offline is 'unavailable'.
   */
  private issueOnce(
    access: FirestoreShopAccess,
    series: InvoiceSeries,
    repairDocId: string,
    id: string,
    plan: (
      transaction: Transaction,
      take: () => Promise<{
        store: { id: string; name: string; settings: ReturnType<typeof parseStoreSettings> };
        number: IssuedNumber;
      }>,
    ) => Promise<IssuePlan>,
  ): Promise<Invoice> {
    const storeId = access.store.id;
    const counterRef = this.counterRef(storeId, series);
    const ref = invoiceRef(this.db, repairDocId, id);
    return this.series.run(counterRef.path, async () => {
      for (let attempt = 1; ; attempt++) {
        const seen: { counter: unknown } = { counter: undefined };
        try {
          const issued = await runTransaction(
            this.db,
            async (transaction) => {
              const before = parseStoredInvoice(plainData(await transactionGet(transaction, ref)));
              if (before !== null) return before;
              const planned = await plan(transaction, async () => {
                const counterData = (await transactionGet(transaction, counterRef)).data();
                seen.counter = counterData?.lastSerial;
                const storeData = plainData(
                  await transactionGet(transaction, doc(this.db, COLLECTIONS.stores, storeId)),
                );
                if (storeData === undefined) throw new PortError('not-found', 'No store has this id.');
                const store = parseStoreRecord(storeId, storeData);
                const settings = parseStoreSettings(storeData);
                const counter = parseInvoiceCounter(counterData);
                if (counterData !== undefined && counter === null)
                  throw new PortError('failed-precondition', INVOICE_MESSAGES.counterInvalid);
                const repairCounter =
                  counter === null
                    ? (
                        await transactionGet(
                          transaction,
                          doc(this.db, SHOP_COLLECTIONS.repairCounters, storeId),
                        )
                      ).data()
                    : undefined;
                const prefix = storeRepairIdPrefix(repairCounter ?? null, {
                  repairIdPrefix: settings.repairIdPrefix,
                  name: store.name,
                });
                let number: IssuedNumber;
                try {
                  number = nextInSeries(
                    counter,
                    { storeId, series, prefix },
                    this.clock.now(),
                    id,
                    repairDocId,
                  );
                } catch {
                  throw new PortError('resource-exhausted', INVOICE_MESSAGES.numbersUsedUp);
                }
                return { store: { id: storeId, name: store.name, settings }, number };
              });
              const stored = { ...storedInvoice(planned.invoice), issuedAt: serverTimestamp() };
              transaction.set(ref, stored);
              transaction.set(counterRef, { ...planned.number.counter });
              if (planned.copyTo !== '')
                transaction.set(trackedInvoiceRef(this.db, planned.copyTo, repairDocId), stored);
              return null;
            },
            { maxAttempts: ISSUE_ATTEMPTS },
          );
          if (issued !== null) return issued;
          // The answer as stored: issuedAt is the server's time.
          const written = await this.stored(repairDocId, id);
          if (written === null) throw new PortError('unavailable', INVOICE_MESSAGES.issueFailed);
          return written;
        } catch (error) {
          if (isOffline(error))
            throw new PortError('unavailable', INVOICE_MESSAGES.needsNetwork, { cause: error });
          // Another client's issue committed between this one's reads and its commit: the rules judge
          // against the newer counter first, so a refusal then is a lost race, tried again.
          if (attempt >= ISSUE_ATTEMPTS || !isPortError(toPortError(error), 'permission-denied')) throw error;
          const now = (await getDoc(counterRef)).data()?.lastSerial;
          if (now === seen.counter && (await this.stored(repairDocId, id)) === null) throw error;
        }
      }
    });
  }
}
