import { describe, expect, it } from 'vitest';
import { RestTrackingReader } from '../../../src/adapters/firebase/firestore-rest-tracking';
import { isPortError } from '../../../src/ports/errors';

/**
 * RestTrackingReader.resolve (issue 19) without a network: which documents it asks for and
 * how it answers a missing, revoked or refused link. The active view is checked against the emulator
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
