import { describe, expect, it } from 'vitest';
import {
  decodeFields,
  decodeValue,
  type FirestoreRestValue,
  getRestDocument,
  listRestDocuments,
} from '../../../src/adapters/firebase/firestore-rest';
import { documentUrl } from '../../../src/adapters/firebase/firestore-rest-url';
import { isPortError } from '../../../src/ports/errors';

/**
 * The SDK-free Firestore REST reader (issue 19): Firestore's typed JSON values decoded into the plain
 * values the adapters hand the domain, the document address on production and on the emulator, and
 * how a GET's answers (found, missing, refused, unreachable, garbled) come out, for one document and
 * for a collection's list. No network: the fetch is a function answering as the REST API does.
 */

const PRODUCTION = { projectId: 'demo-repairmate' };
const EMULATOR = { projectId: 'demo-repairmate', emulator: { host: '127.0.0.1', port: 8181 } };

describe('decodeValue: each of Firestore’s typed values as a plain value', () => {
  it.each<[string, FirestoreRestValue, unknown]>([
    ['a string', { stringValue: 'Sharma Mobile Care' }, 'Sharma Mobile Care'],
    ['an empty string', { stringValue: '' }, ''],
    ['an integer (a decimal string)', { integerValue: '45000' }, 45000],
    ['a negative integer', { integerValue: '-20000' }, -20000],
    ['an integer sent as a number', { integerValue: 7 }, 7],
    ['a double', { doubleValue: 2.5 }, 2.5],
    ['true', { booleanValue: true }, true],
    ['false', { booleanValue: false }, false],
    ['null', { nullValue: null }, null],
    ['null as the enum word', { nullValue: 'NULL_VALUE' }, null],
    [
      'a reference (its document path)',
      { referenceValue: 'projects/p/databases/(default)/documents/stores/s1' },
      'stores/s1',
    ],
    [
      'a geo point',
      { geoPointValue: { latitude: 12.9, longitude: 77.6 } },
      { latitude: 12.9, longitude: 77.6 },
    ],
  ])('%s', (_name, value, expected) => {
    expect(decodeValue(value)).toEqual(expected);
  });

  it('reads the doubles JSON cannot hold, sent as words', () => {
    expect(decodeValue({ doubleValue: 'NaN' })).toBeNaN();
    expect(decodeValue({ doubleValue: 'Infinity' })).toBe(Number.POSITIVE_INFINITY);
    expect(decodeValue({ doubleValue: '-Infinity' })).toBe(Number.NEGATIVE_INFINITY);
  });

  it('makes a timestamp a Date, to the millisecond (microseconds dropped)', () => {
    const at = decodeValue({ timestampValue: '2026-11-26T10:15:30.123456Z' });
    expect(at).toBeInstanceOf(Date);
    expect((at as Date).toISOString()).toBe('2026-11-26T10:15:30.123Z');
  });

  it('makes bytes a Uint8Array', () => {
    expect(decodeValue({ bytesValue: 'AQID/w==' })).toEqual(Uint8Array.from([1, 2, 3, 255]));
  });

  it('decodes maps and arrays inside each other, and empty ones', () => {
    const timeline: FirestoreRestValue = {
      arrayValue: {
        values: [
          {
            mapValue: {
              fields: { status: { stringValue: 'received' }, at: { timestampValue: '2026-11-20T04:30:00Z' } },
            },
          },
          {
            mapValue: {
              fields: { status: { stringValue: 'ready' }, at: { timestampValue: '2026-11-21T09:00:00Z' } },
            },
          },
        ],
      },
    };
    expect(decodeValue(timeline)).toEqual([
      { status: 'received', at: new Date('2026-11-20T04:30:00Z') },
      { status: 'ready', at: new Date('2026-11-21T09:00:00Z') },
    ]);
    expect(decodeValue({ arrayValue: {} })).toEqual([]);
    expect(decodeValue({ mapValue: {} })).toEqual({});
  });

  it.each<[string, unknown]>([
    ['an unknown kind', { lolValue: 1 }],
    ['no kind at all', {}],
    ['an integer that is not one', { integerValue: '12.5' }],
    ['an empty integer', { integerValue: '' }],
    ['a double word Firestore never sends', { doubleValue: 'many' }],
    ['a timestamp that is not a time', { timestampValue: 'yesterday' }],
    ['a boolean sent as text', { booleanValue: 'true' }],
    ['bytes that are not base64', { bytesValue: 'not base64!' }],
    ['a reference outside any database', { referenceValue: 'stores/s1' }],
    ['a garbled value inside a map', { mapValue: { fields: { at: { timestampValue: 'soon' } } } }],
    ['not an object', 'text'],
  ])('refuses %s (PortError unknown), never guesses', (_name, value) => {
    let caught: unknown;
    try {
      decodeValue(value as FirestoreRestValue);
    } catch (error) {
      caught = error;
    }
    expect(isPortError(caught, 'unknown')).toBe(true);
  });
});

describe('decodeFields: a document’s fields', () => {
  it('decodes a tracking document as the SDK’s adapters see it', () => {
    expect(
      decodeFields({
        repairDocId: { stringValue: 'r-1001' },
        storeId: { stringValue: 'store-1' },
        revoked: { booleanValue: false },
        view: {
          mapValue: {
            fields: {
              repairId: { stringValue: 'RPR-1001' },
              status: { stringValue: 'ready' },
              duePaise: { integerValue: '25000' },
              promisedDate: { nullValue: null },
            },
          },
        },
      }),
    ).toEqual({
      repairDocId: 'r-1001',
      storeId: 'store-1',
      revoked: false,
      view: { repairId: 'RPR-1001', status: 'ready', duePaise: 25000, promisedDate: null },
    });
  });

  it('reads a document without fields as empty', () => {
    expect(decodeFields(undefined)).toEqual({});
  });
});

describe('documentUrl: where the GET goes', () => {
  it('on production, Google’s host', () => {
    expect(documentUrl(PRODUCTION, ['tracking', 'AbC_-123'])).toBe(
      'https://firestore.googleapis.com/v1/projects/demo-repairmate/databases/(default)/documents/tracking/AbC_-123',
    );
  });

  it('on the emulator, its host and port', () => {
    expect(documentUrl(EMULATOR, ['storeProfiles', 'store-1'])).toBe(
      'http://127.0.0.1:8181/v1/projects/demo-repairmate/databases/(default)/documents/storeProfiles/store-1',
    );
  });

  it('encodes each segment, so an id cannot reach another path or add a query', () => {
    expect(documentUrl(PRODUCTION, ['tracking', '../users/u1?x=1'])).toMatch(
      /\/documents\/tracking\/\.\.%2Fusers%2Fu1%3Fx%3D1$/,
    );
  });

  it.each([[[]], [['tracking']], [['tracking', '']], [['tracking', 't', 'invoices']]])(
    'refuses %j: not a document’s path',
    (path) => {
      expect(() => documentUrl(PRODUCTION, path)).toThrow(/collection and an id/);
    },
  );
});

/** A fetch answering every request with `status` and `body` (as JSON), recording the addresses. */
const answering =
  (status: number, body: unknown, seen: string[] = []): typeof fetch =>
  async (input) => {
    seen.push(String(input));
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

describe('getRestDocument: one signed-out GET', () => {
  it('returns the fields of a document that exists, from the document’s address', async () => {
    const seen: string[] = [];
    const fetcher = answering(
      200,
      {
        name: 'projects/demo-repairmate/databases/(default)/documents/tracking/tok',
        fields: { revoked: { booleanValue: true }, storeId: { stringValue: 's1' } },
        createTime: '2026-11-26T10:00:00Z',
        updateTime: '2026-11-26T10:00:00Z',
      },
      seen,
    );
    await expect(getRestDocument(EMULATOR, ['tracking', 'tok'], fetcher)).resolves.toEqual({
      revoked: true,
      storeId: 's1',
    });
    expect(seen).toEqual([documentUrl(EMULATOR, ['tracking', 'tok'])]);
  });

  it('returns undefined for a document that does not exist (404)', async () => {
    const fetcher = answering(404, {
      error: { code: 404, message: 'Document not found', status: 'NOT_FOUND' },
    });
    await expect(getRestDocument(PRODUCTION, ['tracking', 'none'], fetcher)).resolves.toBeUndefined();
  });

  it.each<[number, string]>([
    [403, 'permission-denied'],
    [401, 'unauthenticated'],
    [429, 'resource-exhausted'],
    [503, 'unavailable'],
    [500, 'unknown'],
  ])('says HTTP %i as PortError %s, with Firestore’s message', async (status, code) => {
    const fetcher = answering(status, {
      error: { code: status, message: 'Missing or insufficient permissions.' },
    });
    const error = await getRestDocument(PRODUCTION, ['tracking', 't'], fetcher).catch((caught) => caught);
    expect(isPortError(error, code as never)).toBe(true);
    expect((error as Error).message).toBe('Missing or insufficient permissions.');
  });

  it('says no network as unavailable', async () => {
    const fetcher: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await getRestDocument(PRODUCTION, ['tracking', 't'], fetcher).catch((caught) => caught);
    expect(isPortError(error, 'unavailable')).toBe(true);
  });

  it('refuses a 200 whose body is not JSON (a proxy’s page), never reads it as a missing document', async () => {
    const html: typeof fetch = async () =>
      new Response('<html>Sign in to the Wi-Fi</html>', {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
      });
    const error = await getRestDocument(PRODUCTION, ['tracking', 't'], html).catch((caught) => caught);
    expect(isPortError(error, 'unknown')).toBe(true);
  });

  it('refuses an answer that is not a document', async () => {
    const error = await getRestDocument(PRODUCTION, ['tracking', 't'], answering(200, { hello: 1 })).catch(
      (caught) => caught,
    );
    expect(isPortError(error, 'unknown')).toBe(true);
  });
});

describe('listRestDocuments: the first documents of a top-level collection', () => {
  const LIST = '/v1/projects/demo-repairmate/databases/(default)/documents/Urls?pageSize=1&orderBy=__name__';

  /** A document of the list answer, as the REST API writes it. */
  const listed = (id: string, fields: Record<string, FirestoreRestValue>) => ({
    name: `projects/demo-repairmate/databases/(default)/documents/Urls/${id}`,
    fields,
    createTime: '2026-11-26T10:00:00Z',
    updateTime: '2026-11-26T10:00:00Z',
  });

  it('asks production for the page in id order', async () => {
    const seen: string[] = [];
    await listRestDocuments(PRODUCTION, 'Urls', 1, answering(200, {}, seen));
    expect(seen).toEqual([`https://firestore.googleapis.com${LIST}`]);
  });

  it('asks the emulator at its host and port, with the page size given', async () => {
    const seen: string[] = [];
    await listRestDocuments(EMULATOR, 'Urls', 20, answering(200, {}, seen));
    expect(seen).toEqual([
      'http://127.0.0.1:8181/v1/projects/demo-repairmate/databases/(default)/documents/Urls?pageSize=20&orderBy=__name__',
    ]);
  });

  it('returns each document’s fields decoded, in the order of the answer', async () => {
    const fetcher = answering(200, {
      documents: [
        listed('a-first', {
          android: { stringValue: 'https://play.google.com/x' },
          n: { integerValue: '1' },
        }),
        listed('b-second', { ios: { stringValue: 'https://apps.apple.com/y' } }),
        { name: 'projects/demo-repairmate/databases/(default)/documents/Urls/c-empty' },
      ],
    });
    await expect(listRestDocuments(PRODUCTION, 'Urls', 3, fetcher)).resolves.toEqual([
      { android: 'https://play.google.com/x', n: 1 },
      { ios: 'https://apps.apple.com/y' },
      {},
    ]);
  });

  it('returns [] for an empty collection (the REST API answers {})', async () => {
    await expect(listRestDocuments(PRODUCTION, 'Urls', 1, answering(200, {}))).resolves.toEqual([]);
  });

  it('says a refusal by the rules (403) as PortError permission-denied, with Firestore’s message', async () => {
    const fetcher = answering(403, { error: { code: 403, message: 'Missing or insufficient permissions.' } });
    const error = await listRestDocuments(PRODUCTION, 'Urls', 1, fetcher).catch((caught) => caught);
    expect(isPortError(error, 'permission-denied')).toBe(true);
    expect((error as Error).message).toBe('Missing or insufficient permissions.');
  });

  it('says no network as unavailable', async () => {
    const fetcher: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await listRestDocuments(PRODUCTION, 'Urls', 1, fetcher).catch((caught) => caught);
    expect(isPortError(error, 'unavailable')).toBe(true);
  });

  it.each(['', 'stores/s1/members', 'Urls/'])(
    'refuses the collection %j (one path segment only), asking nothing',
    async (collection) => {
      const seen: string[] = [];
      const error = await listRestDocuments(PRODUCTION, collection, 1, answering(200, {}, seen)).catch(
        (caught) => caught,
      );
      expect(isPortError(error, 'invalid-argument')).toBe(true);
      expect(seen).toEqual([]);
    },
  );

  it.each<[string, unknown]>([
    ['documents that are not a list', { documents: { a: 1 } }],
    ['documents as text', { documents: 'none' }],
    ['a listed item that is not a document', { documents: [{ fields: {} }] }],
    [
      'a listed document with a garbled value',
      { documents: [listed('a', { at: { timestampValue: 'soon' } })] },
    ],
    ['an answer that is not an object', 'Sign in to the Wi-Fi'],
    ['null', null],
  ])('refuses %s (PortError unknown), never reads it as an empty collection', async (_name, body) => {
    const error = await listRestDocuments(PRODUCTION, 'Urls', 1, answering(200, body)).catch(
      (caught) => caught,
    );
    expect(isPortError(error, 'unknown')).toBe(true);
  });

  it('refuses a 200 whose body is not JSON (a proxy’s page), never reads it as an empty collection', async () => {
    const html: typeof fetch = async () =>
      new Response('<html>Sign in to the Wi-Fi</html>', {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
      });
    const error = await listRestDocuments(PRODUCTION, 'Urls', 1, html).catch((caught) => caught);
    expect(isPortError(error, 'unknown')).toBe(true);
  });
});
