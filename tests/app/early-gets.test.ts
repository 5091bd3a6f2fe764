/**
 * The GETs the first script starts before the app loads (src/app/early-gets.ts, issue 19): each is
 * handed once to the REST reader through earlyOrFetch, anything else is an ordinary fetch, and a
 * started GET that fails rejects only for whoever takes it. Each test uses its own URLs (the started
 * GETs live in the module).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyOrFetch, startEarlyGets } from '../../src/app/early-gets';

const base = 'https://firestore.example.test/v1/projects/p/databases/(default)/documents';

function stubFetch() {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ url: String(input) }), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startEarlyGets and earlyOrFetch', () => {
  it('starts one JSON GET per URL and hands each to the first taker only', async () => {
    const fetchMock = stubFetch();
    const a = `${base}/trackingLinks/a1`;
    const b = `${base}/trackingLinks/b1`;
    startEarlyGets([a, b]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([a, b]);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init).toEqual({ headers: { Accept: 'application/json' } });
    }
    const startedA = fetchMock.mock.results[0]?.value as Promise<Response>;

    const taken = earlyOrFetch(a, { headers: { Accept: 'application/json' } });
    expect(taken).toBe(startedA);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await (await taken).json()).toEqual({ url: a });

    const again = earlyOrFetch(a, { method: 'GET' });
    expect(again).not.toBe(startedA);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2]).toEqual([a, { method: 'GET' }]);
    await again;
  });

  it('fetches other URLs normally, with their init', async () => {
    const fetchMock = stubFetch();
    startEarlyGets([`${base}/trackingLinks/c1`]);
    const init: RequestInit = { method: 'POST', body: '{}' };
    const other = `${base}/trackingLinks/other`;
    await earlyOrFetch(other, init);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]).toEqual([other, init]);
    // The one started is still there for its taker.
    await earlyOrFetch(`${base}/trackingLinks/c1`);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('matches URL objects by href and Requests by url', async () => {
    const fetchMock = stubFetch();
    const byUrl = `${base}/trackingLinks/d1`;
    const byRequest = `${base}/trackingLinks/d2`;
    startEarlyGets([byUrl, byRequest]);
    const first = fetchMock.mock.results.map((result) => result.value as Promise<Response>);
    expect(earlyOrFetch(new URL(byUrl))).toBe(first[0]);
    expect(earlyOrFetch(new Request(byRequest))).toBe(first[1]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const request = new Request(byRequest);
    await earlyOrFetch(request);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2]?.[0]).toBe(request);
  });

  it('a started GET that fails rejects for its taker, with no unhandled rejection before', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    const url = `${base}/trackingLinks/e1`;
    startEarlyGets([url]);
    // Let the rejection settle untaken: vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(earlyOrFetch(url)).rejects.toThrow('offline');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a failed GET that nobody takes never surfaces', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyGets([`${base}/trackingLinks/never-taken`]);
    await expect(fetchMock.mock.results[0]?.value).rejects.toThrow('offline');
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
