import { describe, expect, it } from 'vitest';
import type { FirestoreRestValue } from '../../../src/adapters/firebase/firestore-rest';
import { RestTrackingReader } from '../../../src/adapters/firebase/firestore-rest-tracking';
import type { Invoice } from '../../../src/domain/shop/invoice';
import { buildInvoice, buildVoucher } from '../../../src/domain/shop/invoice-build';
import { storedInvoice } from '../../../src/domain/shop/invoice-record';
import { gstinCheckCharacter, parseStoreSettings } from '../../../src/domain/shop/settings';
import { isPortError } from '../../../src/ports/errors';

/**
 * RestTrackingReader (issue 19) without a network: which documents resolve and invoiceByTrackingToken
 * ask for, how they answer a missing, revoked or refused link, the invoice copy decoded from REST typed
 * values, and the one GET of the link the two reads share when they ask at the same time. The active view is checked against the emulator
 * by the tracking contract (tests/firebase/contract.test.ts, "read over the REST API").
 */

const TARGET = { projectId: 'demo-repairmate', emulator: { host: '127.0.0.1', port: 8181 } };
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

/** A fetch answering each document path from `documents` (404 when absent), recording the paths. */
function server(documents: Record<string, unknown>, seen: string[], status = 200): typeof fetch {
  return async (input) => {
    const path = decodeURIComponent(String(input).split('/documents/')[1] ?? '');
    seen.push(path);
    const fields = documents[path];
    if (status !== 200) return new Response(JSON.stringify({ error: { message: 'Refused.' } }), { status });
    if (fields === undefined) return new Response(JSON.stringify({ error: { code: 404 } }), { status: 404 });
    return new Response(JSON.stringify({ name: `projects/p/databases/(default)/documents/${path}`, fields }));
  };
}

describe('RestTrackingReader.resolve', () => {
  it('answers not-found for a token of the wrong shape without asking Firestore', async () => {
    const seen: string[] = [];
    const repository = new RestTrackingReader(TARGET, server({}, seen));
    await expect(repository.resolve('short')).resolves.toEqual({ state: 'not-found' });
    await expect(repository.resolve('../users/u1-aaaaaaaaaaaaaaaa')).resolves.toEqual({ state: 'not-found' });
    expect(seen).toEqual([]);
  });

  it('answers not-found for a link that does not exist', async () => {
    const seen: string[] = [];
    const repository = new RestTrackingReader(TARGET, server({}, seen));
    await expect(repository.resolve(TOKEN)).resolves.toEqual({ state: 'not-found' });
    expect(seen).toEqual([`tracking/${TOKEN}`]);
  });

  it('answers revoked for a revoked link, reading nothing else', async () => {
    const seen: string[] = [];
    const documents = {
      [`tracking/${TOKEN}`]: { revoked: { booleanValue: true }, storeId: { stringValue: 'store-1' } },
    };
    const repository = new RestTrackingReader(TARGET, server(documents, seen));
    await expect(repository.resolve(TOKEN)).resolves.toEqual({ state: 'revoked' });
    expect(seen).toEqual([`tracking/${TOKEN}`]);
  });

  it('answers not-found for a link without a view, after reading its store profile', async () => {
    const seen: string[] = [];
    const documents = {
      [`tracking/${TOKEN}`]: { revoked: { booleanValue: false }, storeId: { stringValue: 'store-1' } },
      'storeProfiles/store-1': { name: { stringValue: 'Sharma Mobile Care' } },
    };
    const repository = new RestTrackingReader(TARGET, server(documents, seen));
    await expect(repository.resolve(TOKEN)).resolves.toEqual({ state: 'not-found' });
    expect(seen).toEqual([`tracking/${TOKEN}`, 'storeProfiles/store-1']);
  });

  it('passes a refusal on as a PortError', async () => {
    const repository = new RestTrackingReader(TARGET, server({}, [], 403));
    const error = await repository.resolve(TOKEN).catch((caught) => caught);
    expect(isPortError(error, 'permission-denied')).toBe(true);
  });
});

/** A plain stored value as Firestore's REST API writes it (the inverse of firestore-rest.ts decodeValue). */
function restValue(value: unknown): FirestoreRestValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(restValue) } };
  return { mapValue: { fields: restFields(value as Record<string, unknown>) } };
}

function restFields(plain: Record<string, unknown>): Record<string, FirestoreRestValue> {
  return Object.fromEntries(Object.entries(plain).map(([key, item]) => [key, restValue(item)]));
}

const REPAIR_DOC_ID = 'repair-1';
const LINK = `tracking/${TOKEN}`;
const COPY = `tracking/${TOKEN}/invoices/${REPAIR_DOC_ID}`;
const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const STORE = {
  id: 'store-1',
  name: 'Sharma Mobile Care',
  settings: parseStoreSettings({
    address: 'Shop 4, Station Road',
    city: 'Pune',
    state: 'Maharashtra',
    gstin: gstin('27AAPFS1234C1Z'),
  }),
};
const REPAIR = {
  repairId: 'SMC-1042',
  status: 'ready',
  customerName: 'Ravi Kumar',
  customerMobile: '9876543210',
  productName: 'Samsung Galaxy A52',
  problemList: ['Screen broken'],
  finalPaise: 118_000,
};
const BY = { uid: 'owner-1', name: 'Anil Sharma' };

/** A tax invoice as the console issues it (domain buildInvoice), with an advance voucher before it. */
function issued(): { invoice: Invoice; voucher: Invoice } {
  const advance = {
    id: 'pay-1',
    kind: 'payment' as const,
    amountPaise: 50_000,
    at: new Date('2026-11-20T05:00:00Z'),
  };
  const voucher = buildVoucher({
    repairDocId: REPAIR_DOC_ID,
    repair: REPAIR,
    store: STORE,
    payment: advance,
    invoice: null,
    vouchers: [],
    number: { number: 'SMC/26-27/R001', fy: 2026, serial: 1 },
    now: advance.at,
    by: BY,
  });
  if (!voucher.ok || voucher.value === null) throw new Error('no voucher');
  const invoice = buildInvoice({
    repairDocId: REPAIR_DOC_ID,
    repair: REPAIR,
    store: STORE,
    customerGstin: '',
    payments: [advance],
    vouchers: [voucher.value],
    number: { number: 'SMC/26-27/0001', fy: 2026, serial: 1 },
    now: new Date('2026-11-26T06:00:00.123Z'),
    by: BY,
  });
  if (!invoice.ok) throw new Error(invoice.message);
  return { invoice: invoice.value, voucher: voucher.value };
}

/** A live link to the repair (what the shop's SDK writes at tracking/{token}, the view left out). */
const liveLink = (over: Record<string, unknown> = {}) =>
  restFields({ storeId: 'store-1', repairDocId: REPAIR_DOC_ID, revoked: false, ...over });

/**
 * A fetch answering each path from `answers`: fields (200), a number (that HTTP status), absent (404).
 * `gate`, when given, holds every answer until it resolves (requests then overlap).
 */
function serverOf(
  answers: Record<string, Record<string, FirestoreRestValue> | number>,
  seen: string[],
  gate?: Promise<void>,
): typeof fetch {
  return async (input) => {
    const path = decodeURIComponent(String(input).split('/documents/')[1] ?? '');
    seen.push(path);
    await gate;
    const answer = answers[path];
    if (answer === undefined) return new Response(JSON.stringify({ error: { code: 404 } }), { status: 404 });
    if (typeof answer === 'number')
      return new Response(JSON.stringify({ error: { message: `Answered ${answer}.` } }), { status: answer });
    return new Response(
      JSON.stringify({ name: `projects/p/databases/(default)/documents/${path}`, fields: answer }),
    );
  };
}

describe('RestTrackingReader.invoiceByTrackingToken', () => {
  it('answers null for a token of the wrong shape without asking Firestore', async () => {
    const seen: string[] = [];
    const reader = new RestTrackingReader(TARGET, serverOf({}, seen));
    await expect(reader.invoiceByTrackingToken('short')).resolves.toBeNull();
    await expect(reader.invoiceByTrackingToken(`${TOKEN}/invoices/x`)).resolves.toBeNull();
    await expect(reader.invoiceByTrackingToken(` ${TOKEN}`)).resolves.toBeNull();
    expect(seen).toEqual([]);
  });

  it.each([
    ['no link', undefined],
    ['a revoked link', liveLink({ revoked: true })],
    ['a link without repairDocId', restFields({ storeId: 'store-1', revoked: false })],
    ['a link whose repairDocId names another path', liveLink({ repairDocId: 'a/b' })],
    ['a link whose repairDocId is no text', liveLink({ repairDocId: 12 })],
  ])('answers null for %s, reading only the link', async (_name, link) => {
    const seen: string[] = [];
    const { invoice } = issued();
    const answers = { [COPY]: restFields(storedInvoice(invoice)), ...(link ? { [LINK]: link } : {}) };
    const reader = new RestTrackingReader(TARGET, serverOf(answers, seen));
    await expect(reader.invoiceByTrackingToken(TOKEN)).resolves.toBeNull();
    expect(seen).toEqual([LINK]);
  });

  it("reads the link's copy of an issued tax invoice as the invoice that was issued", async () => {
    const seen: string[] = [];
    const { invoice } = issued();
    expect(invoice).toMatchObject({ kind: 'tax-invoice', advanceVoucherNumbers: ['SMC/26-27/R001'] });
    const answers = { [LINK]: liveLink(), [COPY]: restFields(storedInvoice(invoice)) };
    const reader = new RestTrackingReader(TARGET, serverOf(answers, seen));
    await expect(reader.invoiceByTrackingToken(TOKEN)).resolves.toEqual(invoice);
    expect(seen).toEqual([LINK, COPY]);
  });

  it('answers null when the copy is missing or is a voucher', async () => {
    const { voucher } = issued();
    expect(voucher.kind).toBe('receipt-voucher');
    const withVoucher = new RestTrackingReader(
      TARGET,
      serverOf({ [LINK]: liveLink(), [COPY]: restFields(storedInvoice(voucher)) }, []),
    );
    await expect(withVoucher.invoiceByTrackingToken(TOKEN)).resolves.toBeNull();
    const seen: string[] = [];
    const without = new RestTrackingReader(TARGET, serverOf({ [LINK]: liveLink() }, seen));
    await expect(without.invoiceByTrackingToken(TOKEN)).resolves.toBeNull();
    expect(seen).toEqual([LINK, COPY]);
  });

  it('answers null when the rules refuse the copy (the link was revoked between the two reads)', async () => {
    const reader = new RestTrackingReader(TARGET, serverOf({ [LINK]: liveLink(), [COPY]: 403 }, []));
    await expect(reader.invoiceByTrackingToken(TOKEN)).resolves.toBeNull();
  });

  it('passes a failed read of the copy or of the link on as a PortError', async () => {
    const copyFailed = new RestTrackingReader(TARGET, serverOf({ [LINK]: liveLink(), [COPY]: 500 }, []));
    const error = await copyFailed.invoiceByTrackingToken(TOKEN).catch((caught) => caught);
    expect(isPortError(error, 'unknown')).toBe(true);
    const linkRefused = new RestTrackingReader(TARGET, serverOf({ [LINK]: 403 }, []));
    const refused = await linkRefused.invoiceByTrackingToken(TOKEN).catch((caught) => caught);
    expect(isPortError(refused, 'permission-denied')).toBe(true);
  });
});

describe('RestTrackingReader: one GET of the link for the reads asking at the same time', () => {
  const answers = () => ({
    [LINK]: liveLink(),
    'storeProfiles/store-1': restFields({ name: 'Sharma Mobile Care' }),
    [COPY]: restFields(storedInvoice(issued().invoice)),
  });
  const linkReads = (seen: readonly string[]) => seen.filter((path) => path === LINK).length;

  it('shares the request in flight between resolve and invoiceByTrackingToken', async () => {
    const seen: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const reader = new RestTrackingReader(TARGET, serverOf(answers(), seen, gate));
    const both = Promise.all([reader.resolve(TOKEN), reader.invoiceByTrackingToken(TOKEN)]);
    open();
    const [resolution, invoice] = await both;
    expect(resolution).toEqual({ state: 'not-found' }); // the link holds no view
    expect(invoice).toEqual(issued().invoice);
    expect(linkReads(seen)).toBe(1);
    expect([...seen].sort()).toEqual([COPY, 'storeProfiles/store-1', LINK].sort());
  });

  it('asks again for a read that comes after (nothing is cached), also after a failure', async () => {
    const seen: string[] = [];
    const reader = new RestTrackingReader(TARGET, serverOf(answers(), seen));
    await reader.resolve(TOKEN);
    await reader.invoiceByTrackingToken(TOKEN);
    expect(linkReads(seen)).toBe(2);

    let fail = true;
    const flaky: typeof fetch = async (input, init) =>
      fail ? new Response('{}', { status: 503 }) : serverOf(answers(), [])(input, init);
    const retried = new RestTrackingReader(TARGET, flaky);
    const error = await retried.invoiceByTrackingToken(TOKEN).catch((caught) => caught);
    expect(isPortError(error, 'unavailable')).toBe(true);
    fail = false;
    await expect(retried.invoiceByTrackingToken(TOKEN)).resolves.toEqual(issued().invoice);
  });
});
