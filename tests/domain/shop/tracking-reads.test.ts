import { describe, expect, it, vi } from 'vitest';
import { MemoryLogger } from '../../../src/demo/memory-logger';
import { INVOICE_MESSAGES, type Invoice } from '../../../src/domain/shop/invoice';
import { trackedRepairOf } from '../../../src/domain/shop/tracked-repair';
import { trackingView } from '../../../src/domain/shop/tracking';
import { TRACKING_LINK_MESSAGES } from '../../../src/domain/shop/tracking-messages';
import {
  loadInvoiceByTrackingToken,
  resolveTracking,
  type TrackingReadPorts,
  trackingReads,
} from '../../../src/domain/shop/tracking-reads';
import { PortError } from '../../../src/ports/errors';
import type { TrackingResolution } from '../../../src/ports/shop-tracking';

/**
 * The tracking link's two reads (domain/shop/tracking-reads.ts, issue 19) over fake ports: the
 * outcome and message the customer's page shows for each answer of the ports, what is logged, what
 * is thrown again, and which token reaches the port.
 */

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

const VIEW = trackingView(
  trackedRepairOf({ repairId: 'RPR-1001', status: 'inprogress', productName: 'Galaxy S21', timeline: [] }),
  { name: 'Sharma Mobile Care', phone: '9876543210', upiId: '' },
);

/** Enough of an invoice for the reads, which hand it on as it is. */
const INVOICE = { id: 'repair-1', kind: 'tax-invoice', number: 'SMC/26-27/0001' } as Invoice;

function ports(answers: {
  resolve?: () => Promise<TrackingResolution>;
  invoice?: () => Promise<Invoice | null>;
}) {
  const logger = new MemoryLogger();
  const resolve = vi.fn(answers.resolve ?? (async () => ({ state: 'not-found' }) as const));
  const invoiceByTrackingToken = vi.fn(answers.invoice ?? (async () => null));
  const bound: TrackingReadPorts = { tracking: { resolve }, invoices: { invoiceByTrackingToken }, logger };
  return { bound, logger, resolve, invoiceByTrackingToken };
}

describe('resolveTracking', () => {
  it('answers the view of an active link, asking the port with the token trimmed', async () => {
    const fake = ports({ resolve: async () => ({ state: 'active', view: VIEW }) });
    await expect(resolveTracking(fake.bound, `  ${TOKEN}\n`)).resolves.toEqual({ ok: true, value: VIEW });
    expect(fake.resolve).toHaveBeenCalledWith(TOKEN);
    expect(fake.logger.entries).toEqual([]);
  });

  it.each([
    ['revoked', TRACKING_LINK_MESSAGES.trackingRevoked],
    ['not-found', TRACKING_LINK_MESSAGES.trackingNotFound],
  ] as const)('answers a %s link with its reason and message, logging nothing', async (state, message) => {
    const fake = ports({ resolve: async () => ({ state }) });
    await expect(resolveTracking(fake.bound, TOKEN)).resolves.toEqual({ ok: false, reason: state, message });
    expect(fake.logger.entries).toEqual([]);
  });

  it.each(['', 'short', `${TOKEN}/x`, '../users/u1-aaaaaaaaaaaaaaaa', `${TOKEN} ${TOKEN}`])(
    'answers not-found for the token %j without asking the port',
    async (token) => {
      const fake = ports({ resolve: async () => ({ state: 'active', view: VIEW }) });
      await expect(resolveTracking(fake.bound, token)).resolves.toEqual({
        ok: false,
        reason: 'not-found',
        message: TRACKING_LINK_MESSAGES.trackingNotFound,
      });
      expect(fake.resolve).not.toHaveBeenCalled();
    },
  );

  it("answers 'failed' with its message for a port's error, logging the cause", async () => {
    const cause = new PortError('unavailable', 'Firestore could not be reached.');
    const fake = ports({ resolve: () => Promise.reject(cause) });
    await expect(resolveTracking(fake.bound, TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'failed',
      message: TRACKING_LINK_MESSAGES.trackingFailed,
    });
    expect(fake.logger.at('error')).toEqual([
      { level: 'error', message: 'Resolving a tracking link failed', cause },
    ]);
  });

  it('throws again what is no port error (a programming error), logging nothing', async () => {
    const bug = new TypeError('view is undefined');
    const fake = ports({ resolve: () => Promise.reject(bug) });
    await expect(resolveTracking(fake.bound, TOKEN)).rejects.toBe(bug);
    expect(fake.logger.entries).toEqual([]);
  });
});

describe('loadInvoiceByTrackingToken', () => {
  it('answers the invoice the link names, asking the port with the token trimmed', async () => {
    const fake = ports({ invoice: async () => INVOICE });
    await expect(loadInvoiceByTrackingToken(fake.bound, TOKEN)).resolves.toEqual({
      ok: true,
      value: INVOICE,
    });
    await expect(loadInvoiceByTrackingToken(fake.bound, `\t${TOKEN}  \n`)).resolves.toEqual({
      ok: true,
      value: INVOICE,
    });
    expect(fake.invoiceByTrackingToken.mock.calls).toEqual([[TOKEN], [TOKEN]]);
    expect(fake.logger.entries).toEqual([]);
  });

  it.each([
    '',
    '   ',
    'short',
    `${TOKEN}/x`,
    '../users/u1-aaaaaaaaaaaaaaaa',
    `${TOKEN} ${TOKEN}`,
    TOKEN.slice(1),
    'a'.repeat(129),
  ])('answers not-found for the token %j without asking the port, logging nothing', async (token) => {
    const fake = ports({ invoice: async () => INVOICE });
    await expect(loadInvoiceByTrackingToken(fake.bound, token)).resolves.toEqual({
      ok: false,
      reason: 'not-found',
      message: INVOICE_MESSAGES.notFound,
    });
    expect(fake.invoiceByTrackingToken).not.toHaveBeenCalled();
    expect(fake.logger.entries).toEqual([]);
  });

  it("answers 'not-found' with its message when the link names no invoice", async () => {
    const fake = ports({ invoice: async () => null });
    await expect(loadInvoiceByTrackingToken(fake.bound, TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'not-found',
      message: INVOICE_MESSAGES.notFound,
    });
    expect(fake.logger.entries).toEqual([]);
  });

  it.each([
    new PortError('unavailable', 'Firestore could not be reached.'),
    new PortError('permission-denied', 'Refused.'),
    new PortError('unknown', 'Firestore answered HTTP 500.'),
  ])("answers 'failed' for a port's error ($code), logging the cause", async (cause) => {
    const fake = ports({ invoice: () => Promise.reject(cause) });
    await expect(loadInvoiceByTrackingToken(fake.bound, TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'failed',
      message: INVOICE_MESSAGES.loadFailed,
    });
    expect(fake.logger.at('error')).toEqual([
      { level: 'error', message: 'Opening an invoice from a tracking link failed', cause },
    ]);
  });

  it('throws again what is no port error, logging nothing', async () => {
    const bug = new RangeError('bad date');
    const fake = ports({ invoice: () => Promise.reject(bug) });
    await expect(loadInvoiceByTrackingToken(fake.bound, TOKEN)).rejects.toBe(bug);
    expect(fake.logger.entries).toEqual([]);
  });
});

describe('trackingReads', () => {
  it('binds the two reads to the ports', async () => {
    const fake = ports({ resolve: async () => ({ state: 'revoked' }), invoice: async () => INVOICE });
    const reads = trackingReads(fake.bound);
    await expect(reads.resolveTracking(` ${TOKEN} `)).resolves.toMatchObject({
      ok: false,
      reason: 'revoked',
    });
    await expect(reads.invoiceByTrackingToken(` ${TOKEN}`)).resolves.toEqual({ ok: true, value: INVOICE });
    expect(fake.resolve).toHaveBeenCalledWith(TOKEN);
    expect(fake.invoiceByTrackingToken).toHaveBeenCalledWith(TOKEN);
    await expect(reads.resolveTracking('short')).resolves.toMatchObject({ reason: 'not-found' });
    await expect(reads.invoiceByTrackingToken('short')).resolves.toMatchObject({ reason: 'not-found' });
    expect(fake.resolve).toHaveBeenCalledTimes(1);
    expect(fake.invoiceByTrackingToken).toHaveBeenCalledTimes(1);
  });
});
