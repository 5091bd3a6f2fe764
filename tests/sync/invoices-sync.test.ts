import { describe, expect, it } from 'vitest';
import { createPouchBackend, type PouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { freePort } from '../../src/adapters/pouchdb/sync-server/server';
import { ManualClock } from '../../src/demo/manual-clock';
import { INVOICE_MESSAGES } from '../../src/domain/shop/invoice';
import { financialYearOf, formatInvoiceNumber } from '../../src/domain/shop/invoice-number';
import { gstinCheckCharacter } from '../../src/domain/shop/settings';
import { PortError } from '../../src/ports/errors';
import { newRepair } from '../contract/shop-fixtures';
import {
  DEVICE_PASSWORD,
  OWNER_PASSWORD,
  shopWithTwoCounters,
  syncServerForFile,
  waitFor,
} from './sync-helpers';

/**
 * Invoices on PouchDB with sync (docs/pouchdb.md "Invoices"): the sync server gives the numbers. Two
 * counters of one shop issue through the gateway, which checks each counter move and each invoice; a
 * device that cannot reach the server is told that issuing needs the network; what a device pushes
 * around the rules (an invoice without its counter's number, a skipped counter, an edit) is refused.
 */

const STORE_GSTIN = `27AAPFS1234C1Z${gstinCheckCharacter('27AAPFS1234C1Z')}`;

const sync = syncServerForFile();

/** A counter of the shop on PouchDB in memory, syncing with `syncUrl`; the owner's account on it. */
async function open(prefix: string, name: string, syncUrl: string): Promise<PouchBackend> {
  const backend = await createPouchBackend({
    PouchDB: nodePouchDB(),
    adapter: 'memory',
    prefix: `inv-${name}-${prefix}-${process.pid}`,
    clock: new ManualClock(new Date()),
    pbkdf2Iterations: 1000,
    syncUrl,
    syncPrefix: prefix,
  });
  sync.devices.push(backend);
  await backend.seeder.account({ uid: 'uid-owner', email: 'owner@sync.test', password: OWNER_PASSWORD });
  return backend;
}

const shop = () =>
  shopWithTwoCounters(sync.server(), 'inv', sync.devices, {
    state: 'Maharashtra',
    gstin: STORE_GSTIN,
    repairIdPrefix: 'SMC',
  });

/**
 * A repair of store-1 with a final amount, created on `device` and waited for on the server after each
 * write (the gateway judges a create and an edit pushed together as one series, which it refuses for the
 * dues fields: a limit of the repairs' gateway, not of invoices).
 */
async function readyOnServer(
  device: PouchBackend,
  remote: (name: string) => PouchDB.Database,
  finalPaise: number,
) {
  const repairs = remote('repairs');
  const onServer = async (what: string, check: (doc: Record<string, unknown>) => boolean) =>
    // A busy machine (the whole suite on two cores) can hold a live replication back for a while.
    waitFor(
      what,
      async () => {
        const doc = (await repairs.get(id).catch(() => null)) as Record<string, unknown> | null;
        return doc !== null && check(doc);
      },
      60_000,
    );
  const created = await device.ports.shopRepairs.create('store-1', newRepair());
  const id = created.id;
  await onServer('the new repair on the server', () => true);
  const repair = await device.ports.shopRepairs.update(id, { finalPaise });
  await onServer('its final amount on the server', (doc) => doc.amount === finalPaise / 100);
  await repairs.close();
  return repair;
}

describe('invoices with sync: the server gives the numbers (issue 18)', () => {
  it('numbers the invoices of two counters consecutively, through the gateway, and both devices read them', {
    timeout: 300_000,
    // Under a heavy load (the whole suite beside other work on two cores) a device's push of a new
    // repair has been seen not to arrive within a minute; each try opens a new shop. Known flaky,
    // under investigation with the gateway's handling of pushes (issue 20): retried, never weakened.
    retry: 2,
  }, async () => {
    const { a, b, remote } = await shop();
    const fy = financialYearOf(new Date());
    const repairs = [
      await readyOnServer(a, remote, 118_000),
      await readyOnServer(b, remote, 59_000),
      await readyOnServer(a, remote, 23_600),
      await readyOnServer(b, remote, 11_800),
    ];
    const issued = await Promise.all(
      repairs.map((repair, i) =>
        (i % 2 === 0 ? a : b).ports.invoices.issue(repair.id, { customerGstin: '' }),
      ),
    );
    expect(issued.map((invoice) => invoice.serial).sort()).toEqual([1, 2, 3, 4]);
    for (const invoice of issued) expect(invoice.number).toBe(formatInvoiceNumber('SMC', fy, invoice.serial));
    // Each device reads its own at once, and the other's once it has synced.
    for (const [i, repair] of repairs.entries())
      await waitFor('the invoice on both devices', async () => {
        const [onA, onB] = await Promise.all([
          a.ports.invoices.invoiceOf(repair.id),
          b.ports.invoices.invoiceOf(repair.id),
        ]);
        return onA?.number === issued[i]?.number && onB?.number === issued[i]?.number;
      });
    const counters = remote('invoiceCounters');
    expect(await counters.get('store-1_invoice')).toMatchObject({ lastSerial: 4, fy });
    await counters.close();
  });

  it('tells a device that cannot reach the server that issuing needs the network', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const device = await open(`off-${Date.now().toString(36)}`, 'off', `http://dev:pw@127.0.0.1:${port}/`);
    await device.seeder.store({
      id: 'store-1',
      ownerId: 'uid-owner',
      name: 'Sharma Mobile Care',
      gstin: STORE_GSTIN,
    });
    await device.seeder.user('uid-owner', {
      email: 'owner@sync.test',
      role: 'business',
      name: 'Rahul Sharma',
    });
    await device.ports.auth.signIn('owner@sync.test', OWNER_PASSWORD);
    const created = await device.ports.shopRepairs.create('store-1', newRepair());
    await device.ports.shopRepairs.update(created.id, { finalPaise: 10_000 });
    const refused = await device.ports.invoices
      .issue(created.id, { customerGstin: '' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PortError);
    expect(refused).toMatchObject({ code: 'unavailable', message: INVOICE_MESSAGES.needsNetwork });
    expect(await device.databases.invoices.allDocs({})).toHaveLength(0);
    // Reading stays on the device: it works with the server out of reach.
    expect(await device.ports.invoices.invoiceOf(created.id)).toBeNull();
    expect(await device.ports.invoices.vouchersOf(created.id)).toEqual([]);
  });

  it('refuses an invoice without its counter’s number, a skipped counter, an edit and a deletion', {
    timeout: 120_000,
  }, async () => {
    const { prefix, a, remote } = await shop();
    const fy = financialYearOf(new Date());
    const first = await readyOnServer(a, remote, 118_000);
    const second = await readyOnServer(a, remote, 59_000);
    const invoice = await a.ports.invoices.issue(first.id, { customerGstin: '' });
    /** A database of the shop through the gateway, as counter A's device account. */
    const asDevice = (name: string) =>
      new (nodePouchDB())(`${sync.server().url.replace(/\/+$/, '')}/${prefix}-${name}`, {
        auth: { username: `${prefix}-a`, password: DEVICE_PASSWORD },
        skip_setup: true,
      } as never);
    const invoices = asDevice('invoices');
    const counters = asDevice('invoiceCounters');
    const stored = (await invoices.get(`${first.id}:${first.id}`)) as unknown as Record<string, unknown>;
    const forbidden = (promise: Promise<unknown>) =>
      promise.then(
        () => 'written',
        (error: { status?: number }) => error.status,
      );
    // An edit and a deletion of an issued invoice.
    expect(await forbidden(invoices.put({ ...stored, description: 'Something else' } as never))).toBe(403);
    expect(await forbidden(invoices.remove(stored as never))).toBe(403);
    // An invoice of the second repair written without moving the counter to it.
    const { _rev: _ignored, ...issuedFields } = stored;
    const forged = {
      ...issuedFields,
      _id: `${second.id}:${second.id}`,
      id: second.id,
      repairDocId: second.id,
      serial: 2,
      number: formatInvoiceNumber('SMC', fy, 2),
    };
    expect(await forbidden(invoices.put(forged as never))).toBe(403);
    // A counter that skips a number.
    const counter = (await counters.get('store-1_invoice')) as unknown as Record<string, unknown>;
    expect(counter).toMatchObject({ lastSerial: 1, lastInvoiceId: invoice.id });
    const skip = { ...counter, lastSerial: 3, lastInvoiceId: second.id, lastRepairDocId: second.id };
    expect(await forbidden(counters.put(skip as never))).toBe(403);
    // The honest move by one, then its invoice, pass.
    const step = { ...counter, lastSerial: 2, lastInvoiceId: second.id, lastRepairDocId: second.id };
    expect(await forbidden(counters.put(step as never))).toBe('written');
    // …and the counter cannot move again before that number's invoice is on the server.
    const again = (await counters.get('store-1_invoice')) as unknown as Record<string, unknown>;
    const third = { ...again, lastSerial: 3, lastInvoiceId: first.id, lastRepairDocId: first.id };
    expect(await forbidden(counters.put(third as never))).toBe(403);
    expect(await forbidden(invoices.put(forged as never))).toBe('written');
    await invoices.close();
    await counters.close();
  });
});
