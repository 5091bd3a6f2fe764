import { describe, expect, it } from 'vitest';
import type { Principals } from '../../../src/adapters/pouchdb/sync-server/device-access';
import {
  type InvoiceWrite,
  invoiceCounterProblem,
  invoiceDocumentProblem,
  isStaleWrite,
} from '../../../src/adapters/pouchdb/sync-server/invoice-entries';
import { buildInvoice } from '../../../src/domain/shop/invoice-build';
import { nextInSeries } from '../../../src/domain/shop/invoice-number';
import { storedInvoice } from '../../../src/domain/shop/invoice-record';
import { parseStoreSettings } from '../../../src/domain/shop/settings';
import { parseStoreRecord } from '../../../src/domain/stores/store';

/**
 * The sync gateway's invoice checks as functions (sync-server/invoice-entries.ts; the HTTP path is
 * tests/sync/invoices-sync.test.ts): who may write, never edited or deleted, a counter by exactly one
 * once its last invoice is on the server, an invoice with exactly its counter's number.
 */

const NOW = new Date('2026-11-26T10:00:00Z');
const owner: Principals = { name: 'dev', admin: false, superAdmin: false, uids: ['uid-owner'], phones: [] };
const stranger: Principals = { ...owner, uids: ['uid-rival'] };
const store = parseStoreRecord('store-1', { ownerId: 'uid-owner', name: 'Sharma Mobile Care' });
const repairDoc = { _id: 'r1', repairId: 'SMC-1001', storeId: 'store-1', businessId: 'uid-owner' };

const issued = nextInSeries(null, { storeId: 'store-1', series: 'invoice', prefix: 'SMC' }, NOW, 'r1', 'r1');
const built = buildInvoice({
  repairDocId: 'r1',
  repair: {
    repairId: 'SMC-1001',
    status: 'ready',
    customerName: 'Cara',
    customerMobile: '9876543210',
    productName: 'Galaxy S21',
    problemList: ['Screen broken'],
    finalPaise: 10_000,
  },
  store: { id: 'store-1', name: 'Sharma Mobile Care', settings: parseStoreSettings({}) },
  customerGstin: '',
  payments: [],
  vouchers: [],
  number: issued,
  now: NOW,
  by: { uid: 'uid-owner', name: 'Rahul' },
});
if (!built.ok) throw new Error('a buildable invoice');
const invoiceDoc = { _id: 'r1:r1', ...JSON.parse(JSON.stringify(storedInvoice(built.value))) };
const counterDoc = { _id: 'store-1_invoice', ...issued.counter };

function write(
  doc: Record<string, unknown> & { _id: string },
  over: Partial<InvoiceWrite> = {},
): InvoiceWrite {
  return {
    doc,
    current: null,
    device: owner,
    stores: async (id) => (id === 'store-1' ? store : null),
    repairOf: async (id) => (id === 'r1' ? repairDoc : null),
    invoiceOf: async () => null,
    counterOf: async () => counterDoc,
    ...over,
  };
}

describe('the gateway on invoices', () => {
  it('takes an invoice carrying its counter’s number, from a device of the store, once', async () => {
    expect(await invoiceDocumentProblem(write(invoiceDoc))).toBeNull();
    expect(await invoiceDocumentProblem(write(invoiceDoc, { device: stranger }))).toMatch(
      /account of this device/,
    );
    expect(await invoiceDocumentProblem(write(invoiceDoc, { counterOf: async () => null }))).toMatch(
      /counter/,
    );
    expect(await invoiceDocumentProblem(write({ ...invoiceDoc, number: 'SMC/26-27/0002' }))).toMatch(
      /number/,
    );
    expect(await invoiceDocumentProblem(write({ ...invoiceDoc, _id: 'r2:r1' }))).toMatch(/id/);
    expect(await invoiceDocumentProblem(write(invoiceDoc, { repairOf: async () => null }))).toMatch(/repair/);
    const stored = { ...invoiceDoc, _rev: '1-a' };
    expect(await invoiceDocumentProblem(write({ ...stored }, { current: stored }))).toBeNull();
    expect(await invoiceDocumentProblem(write({ ...stored, sac: '998713' }, { current: stored }))).toMatch(
      /never edited/,
    );
    expect(
      await invoiceDocumentProblem(write({ _id: 'r1:r1', _deleted: true }, { current: stored })),
    ).toMatch(/never deleted/);
  });

  it('takes a counter’s first number and each next one, once the last invoice is there; never a skip', async () => {
    expect(await invoiceCounterProblem(write(counterDoc, { invoiceOf: async () => null }))).toBeNull();
    expect(await invoiceCounterProblem(write(counterDoc, { device: stranger }))).toMatch(/does not work/);
    const current = { ...counterDoc, _rev: '1-a' };
    const next = { ...current, lastSerial: 2, lastInvoiceId: 'r1', lastRepairDocId: 'r1' };
    const lastThere = async (id: string) => (id === 'r1:r1' ? invoiceDoc : null);
    // r1 holds number 1 already: number 2 cannot go to it.
    expect(await invoiceCounterProblem(write(next, { current, invoiceOf: lastThere }))).toMatch(
      /has its number/,
    );
    const toR2 = { ...next, lastInvoiceId: 'r2', lastRepairDocId: 'r2' };
    const withR2 = async (id: string) => (id === 'r1' || id === 'r2' ? { ...repairDoc, _id: id } : null);
    expect(
      await invoiceCounterProblem(write(toR2, { current, invoiceOf: lastThere, repairOf: withR2 })),
    ).toBeNull();
    expect(await invoiceCounterProblem(write(toR2, { current, repairOf: withR2 }))).toMatch(
      /once the invoice/,
    );
    expect(
      await invoiceCounterProblem(write({ ...toR2, lastSerial: 3 }, { current, invoiceOf: lastThere })),
    ).toMatch(/exactly one/);
    expect(
      await invoiceCounterProblem(write({ ...toR2, prefix: 'ABC' }, { current, invoiceOf: lastThere })),
    ).toMatch(/fixed/);
    expect(
      await invoiceCounterProblem(write({ _id: 'store-1_invoice', _deleted: true }, { current })),
    ).toMatch(/never deleted/);
    expect(isStaleWrite({ ...toR2, _rev: '1-a' }, current)).toBe(false);
    expect(isStaleWrite({ ...toR2, _rev: '0-z' }, current)).toBe(true);
    expect(isStaleWrite(counterDoc, null)).toBe(false);
  });
});
