/**
 * sharedReads (src/ui/service-source.ts, issue 19): the first script starts a tracking link's reads
 * before React loads, and the route's loader asking the same within SHARED_READ_MS gets those answers
 * instead of reading again. A clock is injected; a read that throws or answers 'failed' is not shared.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PublicReads } from '../../src/domain/public-reads';
import {
  type AppSettings,
  createServiceSource,
  SHARED_READ_MS,
  sharedReads,
} from '../../src/ui/service-source';

const SETTINGS: AppSettings = {
  productName: 'RepairMate',
  supportEmail: 'support@repairmate.app',
  backend: 'firebase',
};

/** Reads whose every call is counted; each answer names the call that gave it. */
function countedReads() {
  let calls = 0;
  const resolveTracking = vi.fn(async (token: string) => ({
    ok: false as const,
    reason: 'revoked' as const,
    message: `${token}#${++calls}`,
  }));
  const invoiceByTrackingToken = vi.fn(async (token: string) => ({
    ok: false as const,
    reason: 'not-found' as const,
    message: `${token}#${++calls}`,
  }));
  const storeLinks = vi.fn(async () => ({ android: `https://play.example/${++calls}`, ios: null }));
  const reads: PublicReads = { resolveTracking, invoiceByTrackingToken, storeLinks };
  return { reads, resolveTracking, invoiceByTrackingToken, storeLinks };
}

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('sharedReads', () => {
  it('shares the same token within the window, reads again after it', async () => {
    const { reads, resolveTracking } = countedReads();
    const time = clock();
    const shared = sharedReads(reads, time.now);
    const first = await shared.resolveTracking('tok');
    time.advance(SHARED_READ_MS - 1);
    await expect(shared.resolveTracking('tok')).resolves.toBe(first);
    expect(resolveTracking).toHaveBeenCalledTimes(1);
    time.advance(1);
    const later = await shared.resolveTracking('tok');
    expect(later).not.toBe(first);
    expect(later).toMatchObject({ message: 'tok#2' });
    expect(resolveTracking).toHaveBeenCalledTimes(2);
  });

  it('shares a read still in flight with the next caller', async () => {
    const { reads, resolveTracking } = countedReads();
    const shared = sharedReads(reads, clock().now);
    const [a, b] = await Promise.all([shared.resolveTracking('tok'), shared.resolveTracking('tok')]);
    expect(a).toBe(b);
    expect(resolveTracking).toHaveBeenCalledTimes(1);
  });

  it('keeps tokens, and the link apart from its invoice', async () => {
    const { reads, resolveTracking, invoiceByTrackingToken } = countedReads();
    const shared = sharedReads(reads, clock().now);
    await expect(shared.resolveTracking('one')).resolves.toMatchObject({ message: 'one#1' });
    await expect(shared.resolveTracking('two')).resolves.toMatchObject({ message: 'two#2' });
    await expect(shared.invoiceByTrackingToken('one')).resolves.toMatchObject({ message: 'one#3' });
    await expect(shared.invoiceByTrackingToken('one')).resolves.toMatchObject({ message: 'one#3' });
    expect(resolveTracking.mock.calls).toEqual([['one'], ['two']]);
    expect(invoiceByTrackingToken).toHaveBeenCalledTimes(1);
  });

  it("does not share an answer with reason 'failed'", async () => {
    const resolveTracking = vi.fn(async () => ({
      ok: false as const,
      reason: 'failed' as const,
      message: 'offline',
    }));
    const invoiceByTrackingToken = vi.fn(async () => ({
      ok: false as const,
      reason: 'failed' as const,
      message: 'offline',
    }));
    const shared = sharedReads(
      { resolveTracking, invoiceByTrackingToken, storeLinks: async () => ({ android: null, ios: null }) },
      clock().now,
    );
    await shared.resolveTracking('tok');
    await shared.resolveTracking('tok');
    await shared.invoiceByTrackingToken('tok');
    await shared.invoiceByTrackingToken('tok');
    expect(resolveTracking).toHaveBeenCalledTimes(2);
    expect(invoiceByTrackingToken).toHaveBeenCalledTimes(2);
  });

  it('does not share a rejection: the next call reads again', async () => {
    const { reads, resolveTracking } = countedReads();
    resolveTracking.mockRejectedValueOnce(new Error('network down'));
    const shared = sharedReads(reads, clock().now);
    await expect(shared.resolveTracking('tok')).rejects.toThrow('network down');
    await expect(shared.resolveTracking('tok')).resolves.toMatchObject({ reason: 'revoked' });
    expect(resolveTracking).toHaveBeenCalledTimes(2);
  });

  it('shares the store links, then reads them again after the window', async () => {
    const { reads, storeLinks } = countedReads();
    const time = clock();
    const shared = sharedReads(reads, time.now);
    const first = await shared.storeLinks();
    await expect(shared.storeLinks()).resolves.toBe(first);
    expect(storeLinks).toHaveBeenCalledTimes(1);
    time.advance(SHARED_READ_MS);
    await expect(shared.storeLinks()).resolves.toEqual({ android: 'https://play.example/2', ios: null });
    expect(storeLinks).toHaveBeenCalledTimes(2);
  });
});

describe('createServiceSource().loadPublic shares its reads', () => {
  it('two resolveTracking calls for one token make one underlying read', async () => {
    const { reads, resolveTracking, storeLinks } = countedReads();
    const loader = vi.fn();
    const source = createServiceSource(SETTINGS, loader, async () => reads);
    const publicReads = await source.loadPublic();
    const first = await publicReads.resolveTracking('tok');
    await expect((await source.loadPublic()).resolveTracking('tok')).resolves.toBe(first);
    await publicReads.storeLinks();
    await publicReads.storeLinks();
    expect(resolveTracking).toHaveBeenCalledTimes(1);
    expect(storeLinks).toHaveBeenCalledTimes(1);
    expect(loader).not.toHaveBeenCalled();
  });
});
