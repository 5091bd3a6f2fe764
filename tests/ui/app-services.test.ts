import { describe, expect, it, vi } from 'vitest';
import type { PublicReads } from '../../src/domain/public-reads';
import type { UseCases } from '../../src/domain/use-cases';
import {
  type AppServices,
  type AppSettings,
  createServiceSource,
  publicReadsOf,
  StartupFailure,
} from '../../src/ui/service-source';

/**
 * ServiceSource.loadPublic (src/ui/app-services.tsx, issue 19): the tracking link's two reads come
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
function readsFrom(origin: string): PublicReads {
  return {
    resolveTracking: async () => ({ ok: false, reason: 'failed', message: origin }),
    invoiceByTrackingToken: async () => ({ ok: false, reason: 'failed', message: origin }),
    storeLinks: async () => ({ android: `https://${origin}/android`, ios: null }),
  };
}

/** The loader's reads, as loadPublic hands them (shared for a moment: sharedReads): they answer from `origin`. */
async function expectReadsFrom(pending: Promise<PublicReads>, origin: string): Promise<PublicReads> {
  const reads = await pending;
  await expect(reads.resolveTracking(TOKEN)).resolves.toMatchObject({ message: origin });
  await expect(reads.invoiceByTrackingToken(TOKEN)).resolves.toMatchObject({ message: origin });
  await expect(reads.storeLinks()).resolves.toEqual({ android: `https://${origin}/android`, ios: null });
  return reads;
}

/** Loaded services whose three public use cases are spies (nothing else is used here). */
function servicesWithSpies() {
  const resolveTracking = vi.fn(async () => ({ ok: false, reason: 'revoked', message: 'use case' }) as const);
  const byTrackingToken = vi.fn(
    async () => ({ ok: false, reason: 'not-found', message: 'use case' }) as const,
  );
  const storeLinks = vi.fn(async () => ({ android: 'https://use.case/android', ios: null }));
  const services: AppServices = {
    useCases: {
      shop: { resolveTracking },
      invoices: { byTrackingToken },
      config: { storeLinks },
    } as unknown as UseCases,
    demo: null,
    settings: SETTINGS,
  };
  return { services, resolveTracking, byTrackingToken, storeLinks };
}

describe('createServiceSource().loadPublic', () => {
  it('with a tracking loader, never loads the backend', async () => {
    const loader = vi.fn(async () => servicesWithSpies().services);
    const reads = readsFrom('REST');
    const source = createServiceSource(SETTINGS, loader, async () => reads);
    await expectReadsFrom(source.loadPublic(), 'REST');
    await expect((await source.loadPublic()).resolveTracking(TOKEN)).resolves.toMatchObject({
      message: 'REST',
    });
    expect(loader).not.toHaveBeenCalled();
    expect(source.current()).toBeNull();
  });

  it('without one, loads the backend once and reads through its use cases (publicReadsOf)', async () => {
    const { services, resolveTracking, byTrackingToken } = servicesWithSpies();
    const loader = vi.fn(async () => services);
    const source = createServiceSource(SETTINGS, loader);
    const reads = await source.loadPublic();
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
    const publicLoader = vi.fn(async () => readsFrom('REST'));
    const source = createServiceSource(SETTINGS, vi.fn(), publicLoader);
    const first = source.loadPublic();
    expect(source.loadPublic()).toBe(first);
    const reads = await first;
    await expect(source.loadPublic()).resolves.toBe(reads);
    expect(publicLoader).toHaveBeenCalledTimes(1);
  });

  it('tries a failed tracking load again on the next call, without a startup failure', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const reads = readsFrom('REST');
    const publicLoader = vi
      .fn<() => Promise<PublicReads>>()
      .mockRejectedValueOnce(offline)
      .mockResolvedValue(reads);
    const loader = vi.fn(async () => servicesWithSpies().services);
    const source = createServiceSource(SETTINGS, loader, publicLoader);
    const notified = vi.fn();
    source.subscribe(notified);

    await expect(source.loadPublic()).rejects.toBe(offline);
    expect(source.failure()).toBeNull();
    expect(notified).not.toHaveBeenCalled();
    await expectReadsFrom(source.loadPublic(), 'REST');
    expect(publicLoader).toHaveBeenCalledTimes(2);
    expect(loader).not.toHaveBeenCalled();
  });

  it('takes a loader that throws synchronously as a rejected load, tried again on the next call', async () => {
    const broken = new TypeError('import.meta.env is undefined');
    const reads = readsFrom('REST');
    let calls = 0;
    const publicLoader = vi.fn((): Promise<PublicReads> => {
      calls += 1;
      if (calls === 1) throw broken;
      return Promise.resolve(reads);
    });
    const loader = vi.fn(async () => servicesWithSpies().services);
    const source = createServiceSource(SETTINGS, loader, publicLoader);

    let pending: Promise<PublicReads> | undefined;
    expect(() => {
      pending = source.loadPublic();
    }).not.toThrow();
    await expect(pending).rejects.toBe(broken);
    expect(source.failure()).toBeNull();
    const loaded = await expectReadsFrom(source.loadPublic(), 'REST');
    await expect(source.loadPublic()).resolves.toBe(loaded);
    expect(publicLoader).toHaveBeenCalledTimes(2);
    expect(loader).not.toHaveBeenCalled();
  });

  it('without a tracking loader, a backend that cannot start fails the reads with its StartupFailure', async () => {
    const source = createServiceSource(SETTINGS, () => Promise.reject(new Error('storage unavailable')));
    const error = await source.loadPublic().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StartupFailure);
    expect(source.failure()).toBe(error);
  });
});

describe('publicReadsOf', () => {
  it('maps the three reads onto the shop, invoice and config use cases', async () => {
    const { services, resolveTracking, byTrackingToken, storeLinks } = servicesWithSpies();
    const reads = publicReadsOf(services);
    await reads.resolveTracking(TOKEN);
    await reads.invoiceByTrackingToken(`${TOKEN}x`);
    await expect(reads.storeLinks()).resolves.toEqual({ android: 'https://use.case/android', ios: null });
    expect(resolveTracking).toHaveBeenCalledWith(TOKEN);
    expect(byTrackingToken).toHaveBeenCalledWith(`${TOKEN}x`);
    expect(storeLinks).toHaveBeenCalledTimes(1);
  });
});
