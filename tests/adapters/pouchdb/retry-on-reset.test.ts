import { describe, expect, it } from 'vitest';
import { backOff, retryOnReset } from '../../../src/adapters/pouchdb/pouchdb-sync';

const reset = () =>
  Object.assign(new Error('request to http://127.0.0.1/db/ failed, reason: socket hang up'), {
    code: 'ECONNRESET',
  });

/** A fetch that fails with the given errors, in order, then answers 200. */
function flaky(...failures: Error[]) {
  const calls: string[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
    const failure = failures.shift();
    if (failure) throw failure;
    return new Response('{}', { status: 200 });
  };
  return { fetch, calls };
}

describe('retryOnReset (the sync client HTTP)', () => {
  it('sends a read again when the server reset the connection', async () => {
    const { fetch, calls } = flaky(reset(), reset());
    const response = await retryOnReset(fetch)('http://127.0.0.1/db/');
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      'GET http://127.0.0.1/db/',
      'GET http://127.0.0.1/db/',
      'GET http://127.0.0.1/db/',
    ]);
  });

  it('gives up after the last attempt with the original error', async () => {
    const { fetch, calls } = flaky(reset(), reset(), reset());
    await expect(retryOnReset(fetch, 3)('http://127.0.0.1/db/')).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(calls).toHaveLength(3);
  });

  it('never resends a write, nor retries other failures', async () => {
    const post = flaky(reset());
    await expect(
      retryOnReset(post.fetch)('http://127.0.0.1/db/_bulk_docs', { method: 'POST' }),
    ).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(post.calls).toHaveLength(1);
    const refused = flaky(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    await expect(retryOnReset(refused.fetch)('http://127.0.0.1/db/')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(refused.calls).toHaveLength(1);
  });
});

describe('backOff (the wait before replication tries the server again)', () => {
  it('waits 1 s, then twice as long each time, never more than 10 s', () => {
    const waits: number[] = [];
    let delay = 0;
    for (let i = 0; i < 7; i += 1) {
      delay = backOff(delay);
      waits.push(delay);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });
});
