import { describe, expect, it, vi } from 'vitest';
import type { TrackingReads } from '../../src/domain/shop/tracking-reads';
import type { UseCases } from '../../src/domain/use-cases';
import {
  type AppServices,
  type AppSettings,
  createServiceSource,
  StartupFailure,
  trackingReadsOf,
} from '../../src/ui/app-services';

/**
 * ServiceSource.loadTracking (src/ui/app-services.tsx, issue 19): the tracking link's two reads come
 * from a backend of their own where the build has one (never loading the full backend), else from the
 * loaded backend's use cases; a failed load is the read's, tried again on the next call, never a
 * startup failure.
 */

const SETTINGS: AppSettings = {
  productName: 'RepairMate',
  supportEmail: 'support@repairmate.app',
  backend: 'firebase',
};
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

/** Reads that say where they come from. */
function readsFrom(origin: string): TrackingReads {
  return {
    resolveTracking: async () => ({ ok: false, reason: 'failed', message: origin }),
    invoiceByTrackingToken: async () => ({ ok: false, reason: 'failed', message: origin }),
  };
}

/** Loaded services whose two tracking use cases are spies (nothing else is used here). */
function servicesWithSpies() {
  const resolveTracking = vi.fn(async () => ({ ok: false, reason: 'revoked', message: 'use case' }) as const);
  const byTrackingToken = vi.fn(
    async () => ({ ok: false, reason: 'not-found', message: 'use case' }) as const,
  );
  const services: AppServices = {
    useCases: { shop: { resolveTracking }, invoices: { byTrackingToken } } as unknown as UseCases,
    demo: null,
    settings: SETTINGS,
  };
  return { services, resolveTracking, byTrackingToken };
}

describe('createServiceSource().loadTracking', () => {
  it('with a tracking loader, never loads the backend', async () => {
    const loader = vi.fn(async () => servicesWithSpies().services);
    const reads = readsFrom('REST');
    const source = createServiceSource(SETTINGS, loader, async () => reads);
    await expect(source.loadTracking()).resolves.toBe(reads);
    await expect((await source.loadTracking()).resolveTracking(TOKEN)).resolves.toMatchObject({
      message: 'REST',
    });
    expect(loader).not.toHaveBeenCalled();
    expect(source.current()).toBeNull();
  });

  it('without one, loads the backend once and reads through its use cases (trackingReadsOf)', async () => {
    const { services, resolveTracking, byTrackingToken } = servicesWithSpies();
    const loader = vi.fn(async () => services);
    const source = createServiceSource(SETTINGS, loader);
    const reads = await source.loadTracking();
    await expect(reads.resolveTracking(TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'revoked',
      message: 'use case',
    });
    await expect(reads.invoiceByTrackingToken(TOKEN)).resolves.toMatchObject({ reason: 'not-found' });
    expect(resolveTracking).toHaveBeenCalledWith(TOKEN);
    expect(byTrackingToken).toHaveBeenCalledWith(TOKEN);
    await source.load();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(source.current()).toBe(services);
  });

  it('keeps a loaded tracking backend: later calls get the same promise', async () => {
    const trackingLoader = vi.fn(async () => readsFrom('REST'));
    const source = createServiceSource(SETTINGS, vi.fn(), trackingLoader);
    const first = source.loadTracking();
    expect(source.loadTracking()).toBe(first);
    const reads = await first;
    await expect(source.loadTracking()).resolves.toBe(reads);
    expect(trackingLoader).toHaveBeenCalledTimes(1);
  });

  it('tries a failed tracking load again on the next call, without a startup failure', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const reads = readsFrom('REST');
    const trackingLoader = vi
      .fn<() => Promise<TrackingReads>>()
      .mockRejectedValueOnce(offline)
      .mockResolvedValue(reads);
    const loader = vi.fn(async () => servicesWithSpies().services);
    const source = createServiceSource(SETTINGS, loader, trackingLoader);
    const notified = vi.fn();
    source.subscribe(notified);

    await expect(source.loadTracking()).rejects.toBe(offline);
    expect(source.failure()).toBeNull();
    expect(notified).not.toHaveBeenCalled();
    await expect(source.loadTracking()).resolves.toBe(reads);
    expect(trackingLoader).toHaveBeenCalledTimes(2);
    expect(loader).not.toHaveBeenCalled();
  });

  it('without a tracking loader, a backend that cannot start fails the reads with its StartupFailure', async () => {
    const source = createServiceSource(SETTINGS, () => Promise.reject(new Error('storage unavailable')));
    const error = await source.loadTracking().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StartupFailure);
    expect(source.failure()).toBe(error);
  });
});

describe('trackingReadsOf', () => {
  it('maps the two reads onto the shop and invoice use cases', async () => {
    const { services, resolveTracking, byTrackingToken } = servicesWithSpies();
    const reads = trackingReadsOf(services);
    await reads.resolveTracking(TOKEN);
    await reads.invoiceByTrackingToken(`${TOKEN}x`);
    expect(resolveTracking).toHaveBeenCalledWith(TOKEN);
    expect(byTrackingToken).toHaveBeenCalledWith(`${TOKEN}x`);
  });
});
