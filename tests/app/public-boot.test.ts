import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPublicReads } from '../../src/app/containers/public-boot';
import type { PublicReads } from '../../src/domain/public-reads';
import { TRACKING_LINK_MESSAGES } from '../../src/domain/shop/tracking-messages';
import { isPortError } from '../../src/ports/errors';

/**
 * bootPublicReads (src/app/containers/public-boot.ts, issue 19): the Firebase build's public reads (a tracking
 * link's repair and invoice, the landing page's store links) over Firestore's REST API, from the
 * build's settings. Which address a read asks (the emulator's or
 * production's), and when the full backend answers instead (a build it cannot read the project from).
 */

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const PATH = `/v1/projects/demo-repairmate/databases/(default)/documents/tracking/${TOKEN}`;

/** Where the store links are read: the first document of Urls, in id order. */
const URLS_LIST =
  '/v1/projects/demo-repairmate/databases/(default)/documents/Urls?pageSize=1&orderBy=__name__';

/**
 * The global fetch, recording the addresses asked: 404 (no such link), or `body` for every request
 * when one is given.
 */
function stubFetch(body?: unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return body === undefined
      ? new Response(JSON.stringify({ error: { code: 404 } }), { status: 404 })
      : new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

/** A full backend that must not be asked; a spy to check it was not. */
const unusedBackend = () =>
  vi.fn(async (): Promise<PublicReads> => {
    throw new Error('the full backend was loaded');
  });

/** The full backend's reads, recognisable by their answer. */
const FULL_BACKEND: PublicReads = {
  resolveTracking: async () => ({ ok: false, reason: 'failed', message: 'from the full backend' }),
  invoiceByTrackingToken: async () => ({ ok: false, reason: 'failed', message: 'from the full backend' }),
  storeLinks: async () => ({ android: 'https://full.backend/android', ios: null }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('bootPublicReads', () => {
  it('reads production Firestore over REST when no emulator is configured', async () => {
    const asked = stubFetch();
    const fullBackend = unusedBackend();
    const reads = await bootPublicReads({ VITE_FIREBASE_PROJECT_ID: ' demo-repairmate ' }, fullBackend);
    await expect(reads.resolveTracking(TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'not-found',
      message: TRACKING_LINK_MESSAGES.trackingNotFound,
    });
    await expect(reads.invoiceByTrackingToken(TOKEN)).resolves.toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(asked).toEqual([
      `https://firestore.googleapis.com${PATH}`,
      `https://firestore.googleapis.com${PATH}`,
    ]);
    expect(fullBackend).not.toHaveBeenCalled();
  });

  it("reads the Firestore emulator where the build points Auth at an emulator (config.ts's host and port)", async () => {
    const asked = stubFetch();
    const fullBackend = unusedBackend();
    const reads = await bootPublicReads(
      {
        VITE_FIREBASE_PROJECT_ID: 'demo-repairmate',
        VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
        VITE_FIRESTORE_EMULATOR_HOST: 'localhost',
        VITE_FIRESTORE_EMULATOR_PORT: '8181',
      },
      fullBackend,
    );
    await reads.resolveTracking(TOKEN);
    expect(asked).toEqual([`http://localhost:8181${PATH}`]);
    expect(fullBackend).not.toHaveBeenCalled();
  });

  it('defaults the emulator to 127.0.0.1:8080 as config.ts does (blank settings count as none)', async () => {
    const asked = stubFetch();
    const reads = await bootPublicReads(
      {
        VITE_FIREBASE_PROJECT_ID: 'demo-repairmate',
        VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
        VITE_FIRESTORE_EMULATOR_HOST: ' ',
      },
      unusedBackend(),
    );
    await reads.invoiceByTrackingToken(TOKEN);
    expect(asked).toEqual([`http://127.0.0.1:8080${PATH}`]);
  });

  it('ignores the Firestore emulator settings when Auth is not on an emulator (production)', async () => {
    const asked = stubFetch();
    const reads = await bootPublicReads(
      { VITE_FIREBASE_PROJECT_ID: 'demo-repairmate', VITE_FIRESTORE_EMULATOR_PORT: 'abc' },
      unusedBackend(),
    );
    await reads.resolveTracking(TOKEN);
    expect(asked).toEqual([`https://firestore.googleapis.com${PATH}`]);
  });

  it('reads the store links from the REST list of Urls on production', async () => {
    const asked = stubFetch({});
    const fullBackend = unusedBackend();
    const reads = await bootPublicReads({ VITE_FIREBASE_PROJECT_ID: 'demo-repairmate' }, fullBackend);
    await expect(reads.storeLinks()).resolves.toEqual({ android: null, ios: null });
    expect(asked).toEqual([`https://firestore.googleapis.com${URLS_LIST}`]);
    expect(fullBackend).not.toHaveBeenCalled();
  });

  it('reads the store links from the REST list of Urls on the emulator, its links decoded', async () => {
    const asked = stubFetch({
      documents: [
        {
          name: 'projects/demo-repairmate/databases/(default)/documents/Urls/storeLinks',
          fields: {
            android: { stringValue: 'https://play.google.com/store/apps/details?id=com.repairmate.app' },
            ios: { stringValue: 'javascript:alert(1)' },
          },
        },
      ],
    });
    const fullBackend = unusedBackend();
    const reads = await bootPublicReads(
      {
        VITE_FIREBASE_PROJECT_ID: 'demo-repairmate',
        VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
        VITE_FIRESTORE_EMULATOR_PORT: '8181',
      },
      fullBackend,
    );
    await expect(reads.storeLinks()).resolves.toEqual({
      android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
      ios: null,
    });
    expect(asked).toEqual([`http://127.0.0.1:8181${URLS_LIST}`]);
    expect(fullBackend).not.toHaveBeenCalled();
  });

  it('answers no store links when the list fails (the landing page never fails on them)', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reads = await bootPublicReads({ VITE_FIREBASE_PROJECT_ID: 'demo-repairmate' }, unusedBackend());
    await expect(reads.storeLinks()).resolves.toEqual({ android: null, ios: null });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe('[RepairMate] The store links could not be loaded');
    expect(isPortError(warn.mock.calls[0]?.[1], 'unavailable')).toBe(true);
  });

  it('asks nothing for a token of the wrong shape', async () => {
    const asked = stubFetch();
    const reads = await bootPublicReads({ VITE_FIREBASE_PROJECT_ID: 'demo-repairmate' }, unusedBackend());
    await expect(reads.resolveTracking('../users/u1')).resolves.toMatchObject({ reason: 'not-found' });
    await expect(reads.invoiceByTrackingToken('short')).resolves.toMatchObject({ reason: 'not-found' });
    expect(asked).toEqual([]);
  });

  type Env = Readonly<Record<string, string>>;
  const emulatorPort = (port: string): Env => ({
    VITE_FIREBASE_PROJECT_ID: 'demo-repairmate',
    VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
    VITE_FIRESTORE_EMULATOR_PORT: port,
  });
  it.each<readonly [string, Env]>([
    ['no project id', {}],
    ['a blank project id', { VITE_FIREBASE_PROJECT_ID: '  ' }],
    ...['abc', '0', '-1', '65536', '80.5'].map(
      (port) => [`an emulator port ${port}`, emulatorPort(port)] as const,
    ),
  ])(
    'answers with the full backend for a build with %s (its startup failure names the setting)',
    async (_name, env) => {
      const asked = stubFetch();
      const fullBackend = vi.fn(async () => FULL_BACKEND);
      await expect(bootPublicReads(env, fullBackend)).resolves.toBe(FULL_BACKEND);
      expect(fullBackend).toHaveBeenCalledTimes(1);
      expect(asked).toEqual([]);
    },
  );

  it("passes the full backend's failure on", async () => {
    const failure = new Error('VITE_FIREBASE_PROJECT_ID is missing');
    await expect(bootPublicReads({}, () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
