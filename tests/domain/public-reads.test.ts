import { describe, expect, it, vi } from 'vitest';
import { MemoryLogger } from '../../src/demo/memory-logger';
import { NO_STORE_LINKS } from '../../src/domain/config/store-links';
import { type PublicReadPorts, publicReads } from '../../src/domain/public-reads';
import { PortError } from '../../src/ports/errors';

/**
 * publicReads (src/domain/public-reads.ts, issue 19): what a signed-out visitor reads on the public
 * pages, over narrow ports. The store links come from the config port and never fail (none, and the
 * cause logged); the tracking link's two reads are the tracking reads, bound to the same ports.
 */

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const LINKS = {
  android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
  ios: 'https://apps.apple.com/app/repairmate/id6450000000',
};

function ports(getStoreLinks: () => Promise<typeof LINKS>) {
  const logger = new MemoryLogger();
  const resolve = vi.fn(async () => ({ state: 'revoked' }) as const);
  const invoiceByTrackingToken = vi.fn(async () => null);
  const config = { getStoreLinks: vi.fn(getStoreLinks) };
  const bound: PublicReadPorts = {
    tracking: { resolve },
    invoices: { invoiceByTrackingToken },
    config,
    logger,
  };
  return { bound, logger, resolve, invoiceByTrackingToken, config };
}

describe('publicReads', () => {
  it("answers the config port's store links, logging nothing", async () => {
    const fake = ports(async () => LINKS);
    await expect(publicReads(fake.bound).storeLinks()).resolves.toEqual(LINKS);
    expect(fake.config.getStoreLinks).toHaveBeenCalledTimes(1);
    expect(fake.logger.entries).toEqual([]);
  });

  it('answers no store links when the port fails, logging the cause as a warning', async () => {
    const cause = new PortError('unavailable', 'Firestore could not be reached.');
    const fake = ports(() => Promise.reject(cause));
    await expect(publicReads(fake.bound).storeLinks()).resolves.toEqual(NO_STORE_LINKS);
    expect(fake.logger.entries).toEqual([
      { level: 'warn', message: 'The store links could not be loaded', cause },
    ]);
  });

  it("binds the tracking link's two reads to the same ports, asking the config port nothing", async () => {
    const fake = ports(async () => LINKS);
    const reads = publicReads(fake.bound);
    await expect(reads.resolveTracking(` ${TOKEN} `)).resolves.toMatchObject({
      ok: false,
      reason: 'revoked',
    });
    await expect(reads.invoiceByTrackingToken(TOKEN)).resolves.toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(fake.resolve).toHaveBeenCalledWith(TOKEN);
    expect(fake.invoiceByTrackingToken).toHaveBeenCalledWith(TOKEN);
    expect(fake.config.getStoreLinks).not.toHaveBeenCalled();
  });
});
