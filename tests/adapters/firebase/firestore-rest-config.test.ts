import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../src/adapters/firebase/firestore-data';
import type { FirestoreRestValue } from '../../../src/adapters/firebase/firestore-rest';
import { RestAppConfigReader, URLS_COLLECTION } from '../../../src/adapters/firebase/firestore-rest-config';
import { NO_STORE_LINKS } from '../../../src/domain/config/store-links';
import { isPortError } from '../../../src/ports/errors';

/**
 * RestAppConfigReader (issue 19) without a network: the landing page's store links read over
 * Firestore's REST API as FirestoreAppConfigRepository reads them with the SDK (the first document of
 * Urls in id order, only https links, none for an empty collection), and a failed read passed on as
 * the port's error (the use case turns it into no links). The emulator run is in
 * tests/firebase/contract.test.ts ("store links read over the REST API").
 */

const TARGET = { projectId: 'demo-repairmate', emulator: { host: '127.0.0.1', port: 8181 } };
const ANDROID = 'https://play.google.com/store/apps/details?id=com.repairmate.app';
const IOS = 'https://apps.apple.com/app/repairmate/id6450000000';

/** A fetch answering every list with `documents` (each an id and its fields), recording the URLs. */
function listing(documents: ReadonlyArray<[string, Record<string, FirestoreRestValue>]>, seen: string[]) {
  const fetcher: typeof fetch = async (input) => {
    seen.push(String(input));
    const body =
      documents.length === 0
        ? {}
        : {
            documents: documents.map(([id, fields]) => ({
              name: `projects/demo-repairmate/databases/(default)/documents/Urls/${id}`,
              fields,
            })),
          };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  };
  return fetcher;
}

describe('RestAppConfigReader.getStoreLinks', () => {
  it('reads android and ios of the first Urls document, asking for one document in id order', async () => {
    const seen: string[] = [];
    const reader = new RestAppConfigReader(
      TARGET,
      listing([['storeLinks', { android: { stringValue: ANDROID }, ios: { stringValue: IOS } }]], seen),
    );
    await expect(reader.getStoreLinks()).resolves.toEqual({ android: ANDROID, ios: IOS });
    expect(seen).toEqual([
      'http://127.0.0.1:8181/v1/projects/demo-repairmate/databases/(default)/documents/Urls?pageSize=1&orderBy=__name__',
    ]);
  });

  it('takes the first document of the answer when it holds more than one', async () => {
    const reader = new RestAppConfigReader(
      TARGET,
      listing(
        [
          ['a', { android: { stringValue: ANDROID } }],
          ['b', { android: { stringValue: 'https://play.google.com/other' }, ios: { stringValue: IOS } }],
        ],
        [],
      ),
    );
    await expect(reader.getStoreLinks()).resolves.toEqual({ android: ANDROID, ios: null });
  });

  it('keeps only https links: another scheme, a non-link or a non-string is none', async () => {
    const reader = new RestAppConfigReader(
      TARGET,
      listing(
        [
          [
            'storeLinks',
            {
              android: { stringValue: 'javascript:alert(1)' },
              ios: { stringValue: 'http://apps.apple.com/x' },
            },
          ],
        ],
        [],
      ),
    );
    await expect(reader.getStoreLinks()).resolves.toEqual(NO_STORE_LINKS);
    const odd = new RestAppConfigReader(
      TARGET,
      listing([['storeLinks', { android: { stringValue: 'not a link' }, ios: { integerValue: '7' } }]], []),
    );
    await expect(odd.getStoreLinks()).resolves.toEqual(NO_STORE_LINKS);
  });

  it('answers NO_STORE_LINKS for an empty Urls collection, and for a document without fields', async () => {
    await expect(new RestAppConfigReader(TARGET, listing([], [])).getStoreLinks()).resolves.toEqual(
      NO_STORE_LINKS,
    );
    await expect(
      new RestAppConfigReader(TARGET, listing([['storeLinks', {}]], [])).getStoreLinks(),
    ).resolves.toEqual(NO_STORE_LINKS);
  });

  it.each<[string, typeof fetch, string]>([
    [
      'a refusal by the rules',
      async () => new Response(JSON.stringify({ error: { message: 'Refused.' } }), { status: 403 }),
      'permission-denied',
    ],
    [
      'no network',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      'unavailable',
    ],
    ['a garbled answer', async () => new Response(JSON.stringify({ documents: 'x' })), 'unknown'],
  ])('passes %s on as a PortError (%s), never as no links', async (_name, fetcher, code) => {
    const error = await new RestAppConfigReader(TARGET, fetcher).getStoreLinks().catch((caught) => caught);
    expect(isPortError(error, code as never)).toBe(true);
  });
});

describe('URLS_COLLECTION', () => {
  it('is the collection the SDK adapter reads (firestore-data.ts COLLECTIONS.urls)', () => {
    expect(URLS_COLLECTION).toBe(COLLECTIONS.urls);
  });
});
