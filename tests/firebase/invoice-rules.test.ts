import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setLogLevel,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRules } from '../../scripts/firebase-emulator-rest';
import type { Invoice } from '../../src/domain/shop/invoice';
import { buildInvoice, buildVoucher } from '../../src/domain/shop/invoice-build';
import {
  type InvoiceSeries,
  invoiceCounterId,
  nextInSeries,
  parseInvoiceCounter,
} from '../../src/domain/shop/invoice-number';
import { parseStoredInvoice, storedInvoice } from '../../src/domain/shop/invoice-record';
import { parseShopRepair } from '../../src/domain/shop/repair-record';
import { parseStoreSettings } from '../../src/domain/shop/settings';
import { INVOICE_COUNTERS, INVOICES } from '../../src/domain/stored/documents';
import {
  type DocumentSchema,
  fieldsOf,
  oversizeValue,
  withValueAt,
  wrongTypeValue,
} from '../../src/domain/stored/schema';
import { emulatorEndpoints } from './firebase-harness';
import { INVOICE_RULES_PROJECT } from './projects';
import {
  CUSTOMER,
  clientOf,
  type Data,
  NAMES,
  OWNER,
  patchDoc,
  paymentDoc,
  RIVAL,
  STAFF,
  seedShopSurface,
  shopRepair,
  storedDoc,
  TOKEN,
} from './shop-surface-fixtures';

/**
 * firestore.rules for GST invoices (issue 18), written against the rules directly: an invoice or voucher
 * (repairs/{id}/invoices/{id}) only by a member of its store, in the commit that moves its series'
 * counter (invoiceCounters/{storeId}_{series}) by exactly one to its number; its kind, money and GST
 * those of the repair, its payment and the store's settings; fixed once written; the tracking link's
 * copy (tracking/{token}/invoices/{repairDocId}) equal to the invoice and read by the link's holder
 * only. The documents are built with the domain (buildInvoice, nextInSeries), as every backend does.
 * Repair r1 of store-1 (prefix SMC) is ready with a final amount of ₹1,180 and a live link; r2 is
 * another ready repair of the store without one.
 */
let env: RulesTestEnvironment;
const clients = new Map<string, Firestore>();
const as = (uid: string | null) => clientOf(env, clients, uid);
const GSTIN = '27AAPFU0939F1ZV';

beforeAll(async () => {
  setLogLevel('silent');
  const { host, firestorePort } = emulatorEndpoints();
  env = await initializeTestEnvironment({
    projectId: INVOICE_RULES_PROJECT,
    firestore: { host, port: firestorePort, rules: readRules() },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

const r2 = shopRepair({ repairId: 'SMC-1002', status: 'ready', amount: 500, trackingToken: '' });

async function seed(store: Data = {}): Promise<void> {
  await env.clearFirestore();
  await seedShopSurface(env, shopRepair({ status: 'ready', amount: 1180 }));
  await patchDoc(env, 'repairs/r2', r2);
  if (Object.keys(store).length > 0) await patchDoc(env, 'stores/store-1', store);
}

beforeEach(() => seed());

interface Planned {
  /** The invoice as the adapters write it (issuedAt: the server's time). */
  readonly invoice: Data;
  readonly counter: Data;
  readonly counterPath: string;
  readonly path: string;
}

/** What an issue by `uid` writes, built with the domain from the stored repair, store and counter. */
async function plan(
  uid: string,
  repairDocId = 'r1',
  voucher?: { paymentId: string; kind: 'payment' | 'refund' },
): Promise<Planned> {
  const repair = parseShopRepair(repairDocId, await storedDoc(env, `repairs/${repairDocId}`));
  const storeData = (await storedDoc(env, 'stores/store-1')) ?? {};
  const store = { id: 'store-1', name: String(storeData.name), settings: parseStoreSettings(storeData) };
  const series: InvoiceSeries =
    voucher === undefined ? 'invoice' : voucher.kind === 'refund' ? 'refund-voucher' : 'receipt-voucher';
  const counterPath = `invoiceCounters/${invoiceCounterId('store-1', series)}`;
  const id = voucher?.paymentId ?? repairDocId;
  const now = new Date();
  const number = nextInSeries(
    parseInvoiceCounter(await storedDoc(env, counterPath)),
    { storeId: 'store-1', series, prefix: 'SMC' },
    now,
    id,
    repairDocId,
  );
  const by = { uid, name: NAMES[uid] ?? '' };
  const vouchers: Invoice[] = [];
  for (const paymentId of ['r1-p1', 'pay-2']) {
    const stored = parseStoredInvoice(await storedDoc(env, `repairs/${repairDocId}/invoices/${paymentId}`));
    if (stored !== null) vouchers.push(stored);
  }
  const built =
    voucher === undefined
      ? buildInvoice({
          repairDocId,
          repair,
          store,
          customerGstin: '',
          payments: [],
          vouchers,
          number,
          now,
          by,
        })
      : buildVoucher({
          repairDocId,
          repair,
          store,
          payment: {
            id: voucher.paymentId,
            kind: voucher.kind,
            amountPaise: 50_000,
            at: new Date(now.getTime() - 60_000),
          },
          invoice: null,
          vouchers,
          number,
          now,
          by,
        });
  if (!built.ok) throw new Error(`the domain refused: ${built.message}`);
  return {
    invoice: { ...storedInvoice(built.value), issuedAt: serverTimestamp() },
    counter: { ...number.counter },
    counterPath,
    path: `repairs/${repairDocId}/invoices/${id}`,
  };
}

/** Commits a planned issue as `uid`, with parts replaced or left out (null). */
function commit(
  uid: string | null,
  planned: Planned,
  options: { invoice?: Data | null; counter?: Data | null; copy?: Data | null } = {},
): Promise<void> {
  const db = as(uid);
  const batch = writeBatch(db);
  const invoice = options.invoice === undefined ? planned.invoice : options.invoice;
  const counter = options.counter === undefined ? planned.counter : options.counter;
  if (invoice !== null) batch.set(doc(db, planned.path), invoice);
  if (counter !== null) batch.set(doc(db, planned.counterPath), counter);
  if (options.copy !== undefined && options.copy !== null)
    batch.set(doc(db, `tracking/${TOKEN}/invoices/r1`), options.copy);
  return batch.commit();
}

const issue = async (uid: string, repairDocId = 'r1') => commit(uid, await plan(uid, repairDocId));

describe('invoices: who issues them', () => {
  it('lets the owner issue a receipt (a store without a GSTIN), numbered SMC/yy-yy/0001', async () => {
    const planned = await plan(OWNER);
    expect(planned.invoice).toMatchObject({ kind: 'receipt', serial: 1 });
    await assertSucceeds(commit(OWNER, planned));
    const stored = await storedDoc(env, 'repairs/r1/invoices/r1');
    expect(String(stored?.number)).toMatch(/^SMC\/\d{2}-\d{2}\/0001$/);
    expect(await storedDoc(env, 'invoiceCounters/store-1_invoice')).toMatchObject({
      lastSerial: 1,
      lastInvoiceId: 'r1',
    });
  });

  it('lets staff issue a tax invoice (a store with a GSTIN), and the next repair gets the next number', async () => {
    await seed({ gstin: GSTIN });
    const planned = await plan(STAFF);
    expect(planned.invoice).toMatchObject({
      kind: 'tax-invoice',
      gst: {
        ratePercent: 18,
        totalPaise: 118_000,
        taxablePaise: 100_000,
        cgstPaise: 9_000,
        sgstPaise: 9_000,
      },
    });
    await assertSucceeds(commit(STAFF, planned));
    await assertSucceeds(issue(OWNER, 'r2'));
    expect(String((await storedDoc(env, 'repairs/r2/invoices/r2'))?.number)).toMatch(/\/0002$/);
  });

  it('refuses an outsider, the customer, another store’s owner and a signed-out writer', async () => {
    for (const uid of [RIVAL, CUSTOMER]) await assertFails(commit(uid, await plan(uid)));
    await assertFails(commit(null, await plan(OWNER)));
    expect(await storedDoc(env, 'repairs/r1/invoices/r1')).toBeUndefined();
    expect(await storedDoc(env, 'invoiceCounters/store-1_invoice')).toBeUndefined();
  });

  it('refuses an invoice in another’s name', async () => {
    const planned = await plan(STAFF);
    await assertFails(
      commit(STAFF, planned, { invoice: { ...planned.invoice, issuedBy: { uid: OWNER, name: 'Rahul' } } }),
    );
  });
});

describe('invoices: numbers never skipped, never reused', () => {
  it('refuses a skipped number, a counter moved without its invoice, an invoice without its counter', async () => {
    const planned = await plan(OWNER);
    const skip = { ...planned.counter, lastSerial: 2 };
    await assertFails(
      commit(OWNER, planned, {
        counter: skip,
        invoice: {
          ...planned.invoice,
          serial: 2,
          number: String(planned.invoice.number).replace('0001', '0002'),
        },
      }),
    );
    await assertFails(commit(OWNER, planned, { invoice: null }));
    await assertFails(commit(OWNER, planned, { counter: null }));
    await assertFails(
      commit(OWNER, planned, {
        invoice: { ...planned.invoice, number: String(planned.invoice.number).replace('SMC', 'XYZ') },
      }),
    );
    await assertFails(
      commit(OWNER, planned, {
        counter: { ...planned.counter, prefix: 'XYZ' },
        invoice: { ...planned.invoice, number: String(planned.invoice.number).replace('SMC', 'XYZ') },
      }),
    );
    // A jump to a later financial year would jam the series.
    await assertFails(
      commit(OWNER, planned, {
        counter: { ...planned.counter, fy: 2999 },
        invoice: { ...planned.invoice, financialYear: 2999, number: 'SMC/99-00/0001' },
      }),
    );
    await assertSucceeds(commit(OWNER, planned));
  });

  it('refuses a reused number: a second invoice carrying the counter’s last number, or the counter moved back', async () => {
    const first = await plan(OWNER);
    await assertSucceeds(commit(OWNER, first));
    const second = await plan(OWNER, 'r2');
    await assertFails(
      commit(OWNER, second, { invoice: { ...second.invoice, serial: 1, number: first.invoice.number } }),
    );
    await assertFails(
      commit(OWNER, second, {
        counter: null,
        invoice: { ...second.invoice, serial: 1, number: first.invoice.number },
      }),
    );
    await assertFails(
      commit(OWNER, second, {
        counter: { ...second.counter, lastSerial: 1 },
        invoice: { ...second.invoice, serial: 1, number: first.invoice.number },
      }),
    );
    // A second invoice of the same repair (its id taken) is refused too.
    const again = await plan(OWNER);
    await assertFails(commit(OWNER, again));
    await assertSucceeds(commit(OWNER, second));
  });

  it('refuses edits and deletes of an invoice and of a counter, by anyone', async () => {
    await assertSucceeds(issue(OWNER));
    for (const uid of [OWNER, STAFF]) {
      await assertFails(updateDoc(doc(as(uid), 'repairs/r1/invoices/r1'), { balancePaise: 0 }));
      await assertFails(deleteDoc(doc(as(uid), 'repairs/r1/invoices/r1')));
      await assertFails(deleteDoc(doc(as(uid), 'invoiceCounters/store-1_invoice')));
    }
  });
});

describe('invoices: the money is the repair’s', () => {
  beforeEach(() => seed({ gstin: GSTIN }));

  it('refuses another total, a wrong GST split, a receipt for a store with a GSTIN, a cancelled repair', async () => {
    const planned = await plan(STAFF);
    const gst = planned.invoice.gst as Data;
    await assertFails(
      commit(STAFF, planned, {
        invoice: {
          ...planned.invoice,
          gst: { ...gst, totalPaise: 100_000, taxablePaise: 84_746, cgstPaise: 7_627, sgstPaise: 7_627 },
          balancePaise: 100_000,
        },
      }),
    );
    await assertFails(
      commit(STAFF, planned, {
        invoice: { ...planned.invoice, gst: { ...gst, cgstPaise: 10_000, sgstPaise: 8_000 } },
      }),
    );
    await assertFails(
      commit(STAFF, planned, {
        invoice: { ...planned.invoice, gst: { ...gst, taxablePaise: 100_001, sgstPaise: 8_999 } },
      }),
    );
    await assertFails(
      commit(STAFF, planned, {
        invoice: {
          ...planned.invoice,
          kind: 'receipt',
          seller: { ...(planned.invoice.seller as Data), gstin: '' },
          gst: { ...gst, ratePercent: 0, taxablePaise: 118_000, cgstPaise: 0, sgstPaise: 0 },
        },
      }),
    );
    await assertFails(
      commit(STAFF, planned, {
        invoice: {
          ...planned.invoice,
          seller: { ...(planned.invoice.seller as Data), gstin: '29AAGCB7383J1Z4' },
        },
      }),
    );
    await patchDoc(env, 'repairs/r1', { status: 'cancelled' });
    await assertFails(commit(STAFF, planned));
    await patchDoc(env, 'repairs/r1', { status: 'ready' });
    await assertSucceeds(commit(STAFF, planned));
  });

  it('numbers receipt and refund vouchers in their own series, of the payment’s amount', async () => {
    await patchDoc(env, 'repairs/r1/payments/r1-p1', {
      ...paymentDoc('r1-p1', STAFF, 50_000),
      at: Timestamp.now(),
    });
    await patchDoc(env, 'repairs/r1/payments/pay-2', {
      ...paymentDoc('pay-2', OWNER, 50_000, 'refund'),
      at: Timestamp.now(),
    });
    const receipt = await plan(STAFF, 'r1', { paymentId: 'r1-p1', kind: 'payment' });
    expect(String(receipt.invoice.number)).toMatch(/\/R001$/);
    await assertFails(
      commit(STAFF, receipt, {
        invoice: { ...receipt.invoice, gst: { ...(receipt.invoice.gst as Data), totalPaise: 60_000 } },
      }),
    );
    await assertFails(commit(STAFF, receipt, { invoice: { ...receipt.invoice, kind: 'refund-voucher' } }));
    await assertSucceeds(commit(STAFF, receipt));
    const refund = await plan(OWNER, 'r1', { paymentId: 'pay-2', kind: 'refund' });
    expect(refund.invoice).toMatchObject({ kind: 'refund-voucher', serial: 1 });
    expect(String(refund.invoice.number)).toMatch(/\/F001$/);
    await assertSucceeds(commit(OWNER, refund));
    // The tax invoice keeps its own series.
    expect((await plan(STAFF)).invoice).toMatchObject({ serial: 1 });
  });
});

describe('invoices: a receipt voucher after the tax invoice', () => {
  beforeEach(() => seed({ gstin: GSTIN }));

  it('takes one by staff for a payment made before the invoice (the heaviest write)', async () => {
    await patchDoc(env, 'repairs/r1/payments/r1-p1', {
      ...paymentDoc('r1-p1', STAFF, 50_000),
      at: Timestamp.now(),
    });
    await assertSucceeds(issue(STAFF));
    await assertSucceeds(commit(STAFF, await plan(STAFF, 'r1', { paymentId: 'r1-p1', kind: 'payment' })));
  });
});

describe('invoices: who reads them', () => {
  it('gives the store’s members the invoice, and no one else', async () => {
    await assertSucceeds(issue(OWNER));
    for (const uid of [OWNER, STAFF]) {
      await assertSucceeds(getDoc(doc(as(uid), 'repairs/r1/invoices/r1')));
      await assertSucceeds(getDoc(doc(as(uid), 'invoiceCounters/store-1_invoice')));
    }
    const byStore = (uid: string | null) =>
      getDocs(query(collection(as(uid), 'repairs/r1/invoices'), where('storeId', '==', 'store-1')));
    await assertSucceeds(byStore(STAFF));
    await assertFails(byStore(RIVAL));
    await assertFails(getDocs(collection(as(STAFF), 'repairs/r1/invoices')));
    for (const uid of [RIVAL, CUSTOMER, null]) {
      await assertFails(getDoc(doc(as(uid), 'repairs/r1/invoices/r1')));
      await assertFails(getDoc(doc(as(uid), 'invoiceCounters/store-1_invoice')));
    }
  });

  it('lets the link’s holder read its repair’s invoice copy only, equal to the invoice, while the link is live', async () => {
    const planned = await plan(OWNER);
    // A copy that is not the invoice as stored is refused.
    await assertFails(commit(OWNER, planned, { copy: { ...planned.invoice, balancePaise: 0 } }));
    await assertSucceeds(commit(OWNER, planned, { copy: planned.invoice }));
    await assertSucceeds(getDoc(doc(as(null), `tracking/${TOKEN}/invoices/r1`)));
    await assertSucceeds(getDoc(doc(as(CUSTOMER), `tracking/${TOKEN}/invoices/r1`)));
    // Never another repair's invoice under this link, never a list, never the invoice itself.
    await assertSucceeds(issue(OWNER, 'r2'));
    await assertFails(getDoc(doc(as(null), `tracking/${TOKEN}/invoices/r2`)));
    await assertFails(getDocs(collection(as(null), `tracking/${TOKEN}/invoices`)));
    await assertFails(getDoc(doc(as(null), 'repairs/r1/invoices/r1')));
    const r2Invoice = await storedDoc(env, 'repairs/r2/invoices/r2');
    await assertFails(
      writeBatch(as(OWNER))
        .set(doc(as(OWNER), `tracking/${TOKEN}/invoices/r2`), r2Invoice ?? {})
        .commit(),
    );
    // Fixed, and gone from view with a revoked link.
    await assertFails(updateDoc(doc(as(OWNER), `tracking/${TOKEN}/invoices/r1`), { balancePaise: 0 }));
    await assertFails(deleteDoc(doc(as(OWNER), `tracking/${TOKEN}/invoices/r1`)));
    await patchDoc(env, `tracking/${TOKEN}`, { revoked: true });
    await assertFails(getDoc(doc(as(null), `tracking/${TOKEN}/invoices/r1`)));
  });
});

/** Every field of a kind: a wrong type, one over its size, and an unknown extra field. */
function walk(schema: DocumentSchema, base: Data): { what: string; data: Data }[] {
  const cases: { what: string; data: Data }[] = [{ what: 'an extra field', data: { ...base, zzExtra: 'x' } }];
  const place = (path: readonly string[], value: unknown) =>
    withValueAt(schema, base, path, value, 'domain', new Date());
  for (const { path, spec } of fieldsOf(schema)) {
    cases.push({ what: `${path.join('.')}: wrong type`, data: place(path, wrongTypeValue(spec)) });
    const oversize = oversizeValue(spec, () => 'x');
    if (oversize !== null) cases.push({ what: `${path.join('.')}: oversize`, data: place(path, oversize) });
  }
  return cases;
}

describe('invoices: the write schemas (the invoice’s halves in its rule and its counter’s)', () => {
  it('refuses every field of an invoice and of its counter with a wrong type, oversize, or an extra field', async () => {
    await seed({ gstin: GSTIN });
    const planned = await plan(STAFF);
    for (const { what, data } of walk(INVOICES, planned.invoice)) {
      const outcome = await commit(STAFF, planned, {
        // The walk copies the base; the server's time goes back in where the case is another field.
        invoice: what.startsWith('issuedAt') ? data : { ...data, issuedAt: serverTimestamp() },
      }).then(
        () => 'allowed',
        () => 'refused',
      );
      expect(outcome, what).toBe('refused');
    }
    for (const { what, data } of walk(INVOICE_COUNTERS, planned.counter)) {
      const outcome = await commit(STAFF, planned, { counter: data }).then(
        () => 'allowed',
        () => 'refused',
      );
      expect(outcome, what).toBe('refused');
    }
    await assertSucceeds(commit(STAFF, planned));
  });
});
