/**
 * The offline demo's public reads on a fresh browser (src/app/demo-public-boot.ts, issue 19): until
 * the page's backend has loaded they answer from the demo data set in memory, exactly as a memory
 * backend seeded with that data set would; once it has loaded, every read goes to it. Wherever the
 * stored data may differ from the data set (a sync server, no demo seed, the demo's database already
 * in this browser, or no way to know), the full backend answers from the start. `indexedDB` is stubbed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { bootDemoPublicReads } from '../../src/app/containers/demo-public-boot';
import { generateDemoData } from '../../src/demo/demo-data';
import { type PublicReads, publicReads } from '../../src/domain/public-reads';

const NOW = new Date('2026-11-26T09:15:00.000Z');
const PRODUCT = 'RepairMate';

/** RPR-1001's tracking token in the demo data set (as scripts/web-vitals.mjs finds it). */
function demoToken(): string {
  const repair = generateDemoData(new Date()).repairs.find((record) => record.repairId === 'RPR-1001');
  if (typeof repair?.trackingToken !== 'string' || repair.trackingToken === '')
    throw new Error('The demo data has no tracking link for RPR-1001.');
  return repair.trackingToken;
}

/** What a memory backend seeded with the demo data set answers. */
async function seededMemoryReads(): Promise<PublicReads> {
  const clock = { now: () => new Date() };
  const memory = createMemoryBackend({ clock, productName: PRODUCT });
  await memory.seeder.load(generateDemoData(clock.now()));
  return publicReads(memory.ports);
}

function stubDatabases(names: readonly string[]) {
  vi.stubGlobal('indexedDB', { databases: vi.fn(async () => names.map((name) => ({ name, version: 1 }))) });
}

/** Reads that say they are the backend's, counting their calls. */
function backendReads() {
  return {
    resolveTracking: vi.fn(async () => ({
      ok: false as const,
      reason: 'revoked' as const,
      message: 'backend',
    })),
    invoiceByTrackingToken: vi.fn(async () => ({
      ok: false as const,
      reason: 'failed' as const,
      message: 'backend',
    })),
    storeLinks: vi.fn(async () => ({ android: 'https://backend.example/android', ios: null })),
  } satisfies PublicReads;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('bootDemoPublicReads on a fresh browser', () => {
  it("answers RPR-1001's tracking link, store links and invoice from the demo data set", async () => {
    stubDatabases(['_pouch_other-config', 'some-other-db']);
    const fullBackend = vi.fn(async () => backendReads());
    const reads = await bootDemoPublicReads({}, fullBackend, () => null);
    const expected = await seededMemoryReads();
    const token = demoToken();

    const view = await reads.resolveTracking(token);
    const reference = await expected.resolveTracking(token);
    if (!(view.ok && reference.ok))
      throw new Error(`RPR-1001's link did not resolve: ${JSON.stringify(view)}`);
    expect(view.value.repairId).toBe('RPR-1001');
    for (const key of [
      'repairId',
      'shop',
      'status',
      'statusLabel',
      'device',
      'problems',
      'estimatePaise',
      'finalPaise',
      'paidPaise',
      'duePaise',
      'timeline',
    ] as const) {
      expect(view.value[key], key).toEqual(reference.value[key]);
    }
    expect(view.value).toEqual(reference.value);
    expect(view.value.timeline.length).toBeGreaterThan(0);

    expect(await reads.storeLinks()).toEqual(generateDemoData(NOW).storeLinks);
    await expect(reads.invoiceByTrackingToken(token)).resolves.toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    await expect(reads.resolveTracking('AAAAAAAAAAAAAAAAAAAAAA')).resolves.toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(fullBackend).not.toHaveBeenCalled();
  });

  it('sends every read to the backend once it has loaded', async () => {
    stubDatabases([]);
    const fullBackend = vi.fn(async () => backendReads());
    let loaded: ReturnType<typeof backendReads> | null = null;
    const reads = await bootDemoPublicReads({ VITE_POUCHDB_SYNC_URL: '  ' }, fullBackend, () => loaded);
    const token = demoToken();
    await expect(reads.resolveTracking(token)).resolves.toMatchObject({ ok: true });

    loaded = backendReads();
    await expect(reads.resolveTracking(token)).resolves.toMatchObject({ message: 'backend' });
    await expect(reads.invoiceByTrackingToken(token)).resolves.toMatchObject({ message: 'backend' });
    await expect(reads.storeLinks()).resolves.toEqual({
      android: 'https://backend.example/android',
      ios: null,
    });
    expect(loaded.resolveTracking).toHaveBeenCalledWith(token);
    expect(loaded.invoiceByTrackingToken).toHaveBeenCalledWith(token);
    expect(loaded.storeLinks).toHaveBeenCalledTimes(1);
    expect(fullBackend).not.toHaveBeenCalled();
  });
});

describe('bootDemoPublicReads uses the full backend', () => {
  const cases: ReadonlyArray<[string, Record<string, string>, () => void]> = [
    ['with a sync server', { VITE_POUCHDB_SYNC_URL: 'https://sync.example/db' }, () => stubDatabases([])],
    ['without the demo seed', { VITE_DEMO_SEED: 'false' }, () => stubDatabases([])],
    ['when the demo database is in this browser', {}, () => stubDatabases(['_pouch_repairmate-config'])],
    [
      "when the demo database of the build's prefix is in this browser",
      { VITE_POUCHDB_PREFIX: 'shopdemo' },
      () => stubDatabases(['_pouch_repairmate-config', '_pouch_shopdemo-config']),
    ],
    ['when indexedDB cannot list its databases', {}, () => vi.stubGlobal('indexedDB', {})],
    [
      'when listing the databases throws',
      {},
      () =>
        vi.stubGlobal('indexedDB', {
          databases: () => Promise.reject(new DOMException('denied', 'SecurityError')),
        }),
    ],
    ['when there is no indexedDB', {}, () => vi.stubGlobal('indexedDB', undefined)],
  ];

  it.each(cases)('%s', async (_name, env, stub) => {
    stub();
    const backend = backendReads();
    const fullBackend = vi.fn(async () => backend);
    const loadedBackend = vi.fn(() => null);
    await expect(bootDemoPublicReads(env, fullBackend, loadedBackend)).resolves.toBe(backend);
    expect(fullBackend).toHaveBeenCalledTimes(1);
  });

  it("answers from the data set when only another prefix's database is there", async () => {
    stubDatabases(['_pouch_repairmate-config']);
    const fullBackend = vi.fn(async () => backendReads());
    const reads = await bootDemoPublicReads({ VITE_POUCHDB_PREFIX: 'shopdemo' }, fullBackend, () => null);
    await expect(reads.resolveTracking(demoToken())).resolves.toMatchObject({ ok: true });
    expect(fullBackend).not.toHaveBeenCalled();
  });
});
