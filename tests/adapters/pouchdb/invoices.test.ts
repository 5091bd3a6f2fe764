import { afterEach, describe, expect, it } from 'vitest';
import { invoiceDocId } from '../../../src/adapters/pouchdb/pouchdb-shop-invoices';
import { financialYearOf, formatInvoiceNumber } from '../../../src/domain/shop/invoice-number';
import { seedCast, signInAs } from '../../contract/fixtures';
import type { BackendHarness } from '../../contract/harness';
import { newRepair } from '../../contract/shop-fixtures';
import { destroyAll, memoryBackend, type TestBackend } from './helpers';

/**
 * PouchDB's invoice numbering beyond the contract (pouchdb-shop-invoices.ts): the counter is the commit
 * point and the invoice is written after it, so a crash between the two leaves a counter naming a
 * document that does not exist. The next issue finishes that document with the counter's own number
 * before it takes the next: a number is never skipped, nor given twice.
 */

afterEach(destroyAll);

async function shop(): Promise<{ backend: TestBackend; h: BackendHarness }> {
  const backend = await memoryBackend();
  const h = { ports: backend.ports, seeder: backend.seeder } as unknown as BackendHarness;
  const cast = await seedCast(h);
  await backend.seeder.store({
    id: 'store-1',
    ownerId: cast.owner,
    name: 'Sharma Mobile Care',
    repairIdPrefix: 'SMC',
  });
  await signInAs(h, 'owner');
  return { backend, h };
}

async function ready(backend: TestBackend, finalPaise: number) {
  const created = await backend.ports.shopRepairs.create('store-1', newRepair());
  return backend.ports.shopRepairs.update(created.id, { finalPaise });
}

describe('PouchDB invoices: a crash between the counter and the invoice', () => {
  it('finishes the missing invoice with its number, then numbers the next one after it', async () => {
    const { backend } = await shop();
    const fy = financialYearOf(backend.clock.now());
    const [a, b, c] = [
      await ready(backend, 10_000),
      await ready(backend, 20_000),
      await ready(backend, 30_000),
    ];
    expect((await backend.ports.invoices.issue(a.id, { customerGstin: '' })).serial).toBe(1);
    // B's issue crashed after its counter write: the counter names B's invoice, which was never written.
    const counters = backend.databases.invoiceCounters;
    const counter = await counters.get('store-1_invoice');
    await counters.put({
      ...counter,
      _id: 'store-1_invoice',
      fy,
      lastSerial: 2,
      lastInvoiceId: b.id,
      lastRepairDocId: b.id,
    });
    expect(await backend.databases.invoices.get(invoiceDocId(b.id, b.id))).toBeNull();

    const third = await backend.ports.invoices.issue(c.id, { customerGstin: '' });
    expect(third).toMatchObject({ serial: 3, number: formatInvoiceNumber('SMC', fy, 3) });
    const finished = await backend.ports.invoices.invoiceOf(b.id);
    expect(finished).toMatchObject({
      serial: 2,
      number: formatInvoiceNumber('SMC', fy, 2),
      gst: { totalPaise: 20_000 },
    });
    expect(await backend.ports.invoices.issue(b.id, { customerGstin: '' })).toEqual(finished);
  });

  it('gives a crashed issue of the same repair its own number when it is tried again', async () => {
    const { backend } = await shop();
    const fy = financialYearOf(backend.clock.now());
    const a = await ready(backend, 10_000);
    await backend.databases.invoiceCounters.put({
      _id: 'store-1_invoice',
      storeId: 'store-1',
      series: 'invoice',
      prefix: 'SMC',
      fy,
      lastSerial: 1,
      lastInvoiceId: a.id,
      lastRepairDocId: a.id,
    });
    const invoice = await backend.ports.invoices.issue(a.id, { customerGstin: '' });
    expect(invoice).toMatchObject({ serial: 1, number: formatInvoiceNumber('SMC', fy, 1) });
    expect(await backend.databases.invoiceCounters.get('store-1_invoice')).toMatchObject({
      lastSerial: 1,
    });
  });
});
