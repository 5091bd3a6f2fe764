import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  FirebaseStoragePhotoStore,
  RepairImageList,
} from '../../../src/adapters/firebase/firebase-storage-photos';
import { MemoryLogger } from '../../../src/demo/memory-logger';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../src/domain/shop/photos';
import { PortError } from '../../../src/ports/errors';

/**
 * The Firebase Storage adapter over the real `firebase/storage` SDK, its HTTP traffic served by msw as
 * the Storage REST API answers it (the Storage emulator cannot run on these machines: firebase-tools
 * wants Java 21 and downloads a rules jar; docs/adapters.md, "Photos"). Endpoints the SDK calls:
 *   upload   POST   https://firebasestorage.googleapis.com/v0/b/{bucket}/o?name={path}
 *                   (X-Goog-Upload-Protocol: multipart; a JSON metadata part, then the bytes)
 *   URL      GET    https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{encoded path} → downloadTokens
 *   delete   DELETE https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{encoded path} → 204
 * The repair's side (Firestore) is a fake RepairImageList here; the server below keeps the objects
 * and refuses what storage.rules refuses for a path it is told is forbidden.
 */

const BUCKET = 'demo-photos.firebasestorage.app';
const API = `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o`;

interface StoredObject {
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly metadata: Record<string, unknown>;
  readonly token: string;
}

const objects = new Map<string, StoredObject>();
const requests: { method: string; path: string; protocol: string | null }[] = [];
/** Paths whose writes the server refuses with 403, as storage.rules would for a non-member. */
const forbidden = new Set<string>();
let tokens = 0;

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The two parts of the SDK's multipart/related body: the metadata JSON and the bytes. */
function parseMultipart(body: Uint8Array, contentType: string) {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1] ?? '';
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const separator = encoder.encode(`--${boundary}\r\n`);
  const headerEnd = encoder.encode('\r\n\r\n');
  const firstHeaders = indexOf(body, headerEnd, indexOf(body, separator));
  const metaEnd = indexOf(body, encoder.encode(`\r\n--${boundary}\r\n`), firstHeaders);
  const metadata = JSON.parse(decoder.decode(body.subarray(firstHeaders + 4, metaEnd))) as Record<
    string,
    unknown
  >;
  const secondHeaders = indexOf(body, headerEnd, metaEnd + 2);
  const partHeaders = decoder.decode(body.subarray(metaEnd, secondHeaders));
  const end = indexOf(body, encoder.encode(`\r\n--${boundary}--`), secondHeaders);
  return {
    metadata,
    partType: /Content-Type: ([^\r\n]+)/.exec(partHeaders)?.[1] ?? '',
    bytes: body.slice(secondHeaders + 4, end),
  };
}

function resource(path: string, object: StoredObject) {
  return {
    name: path,
    bucket: BUCKET,
    generation: '1',
    metageneration: '1',
    contentType: object.contentType,
    size: String(object.bytes.length),
    timeCreated: '2026-03-15T05:00:00.000Z',
    updated: '2026-03-15T05:00:00.000Z',
    metadata: object.metadata.metadata ?? {},
    downloadTokens: object.token,
  };
}

const objectPath = (url: string) => decodeURIComponent(new URL(url).pathname.split('/o/')[1] ?? '');
const notFound = () => HttpResponse.json({ error: { code: 404, message: 'Not Found.' } }, { status: 404 });

const server = setupServer(
  http.post(API, async ({ request }) => {
    const path = new URL(request.url).searchParams.get('name') ?? '';
    requests.push({ method: 'POST', path, protocol: request.headers.get('x-goog-upload-protocol') });
    if (forbidden.has(path))
      return HttpResponse.json({ error: { code: 403, message: 'Permission denied.' } }, { status: 403 });
    const body = new Uint8Array(await request.arrayBuffer());
    const { metadata, partType, bytes } = parseMultipart(body, request.headers.get('content-type') ?? '');
    tokens += 1;
    const object = { contentType: partType, bytes, metadata, token: `token-${tokens}` };
    objects.set(path, object);
    return HttpResponse.json(resource(path, object));
  }),
  http.get(`${API}/*`, ({ request }) => {
    const path = objectPath(request.url);
    requests.push({ method: 'GET', path, protocol: null });
    const object = objects.get(path);
    return object === undefined ? notFound() : HttpResponse.json(resource(path, object));
  }),
  http.delete(`${API}/*`, ({ request }) => {
    const path = objectPath(request.url);
    requests.push({ method: 'DELETE', path, protocol: null });
    if (!objects.delete(path)) return notFound();
    return new HttpResponse(null, { status: 204 });
  }),
);

/** The repair's side, as Firestore would keep it: one repair of store-1. */
class FakeRepairs implements RepairImageList {
  imageUrls: string[] = [];
  member = true;
  failAdd = false;
  async target(repairDocId: string) {
    if (repairDocId !== 'rep-1') throw new PortError('not-found', 'No repair has this id.');
    if (!this.member) throw new PortError('permission-denied', 'Only members of this store may do this.');
    return { storeId: 'store-1', imageUrls: [...this.imageUrls] };
  }
  async add(_id: string, url: string) {
    if (this.failAdd) throw new PortError('unavailable', 'Firestore is unreachable.');
    if (this.imageUrls.length >= MAX_PHOTOS) throw new PortError('failed-precondition', 'Full.');
    this.imageUrls.push(url);
  }
  async remove(_id: string, url: string) {
    this.imageUrls = this.imageUrls.filter((item) => item !== url);
  }
}

const jpeg = (size = 48, type = 'image/jpeg') =>
  new Blob([Uint8Array.from({ length: size }, (_, i) => (i * 7) % 256)], { type });

let sdk: {
  getStorage: typeof import('firebase/storage').getStorage;
  Store: typeof FirebaseStoragePhotoStore;
};
let app: FirebaseApp;
let repairs: FakeRepairs;
let logger: MemoryLogger;
let store: FirebaseStoragePhotoStore;
let apps = 0;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  const [{ getStorage }, { FirebaseStoragePhotoStore: Store }] = await Promise.all([
    import('firebase/storage'),
    import('../../../src/adapters/firebase/firebase-storage-photos'),
  ]);
  sdk = { getStorage, Store };
});
beforeEach(() => {
  apps += 1;
  app = initializeApp(
    { apiKey: 'test-api-key', projectId: 'demo-photos', storageBucket: BUCKET },
    `photos-${apps}`,
  );
  const storage = sdk.getStorage(app);
  // A refused request is not retried for minutes in a test.
  storage.maxOperationRetryTime = 500;
  storage.maxUploadRetryTime = 500;
  repairs = new FakeRepairs();
  logger = new MemoryLogger();
  store = new sdk.Store(storage, repairs, logger);
  objects.clear();
  forbidden.clear();
  requests.length = 0;
});
afterEach(async () => {
  server.resetHandlers();
  await deleteApp(app);
});
afterAll(() => server.close());

describe('FirebaseStoragePhotoStore over the Storage REST API', () => {
  it('uploads to repairs/{storeId}/{repairDocId}/{photoId} and lists the download URL', async () => {
    const stored = await store.upload('rep-1', jpeg(48, 'image/JPEG'));
    const upload = requests.find((request) => request.method === 'POST');
    expect(upload?.protocol).toBe('multipart');
    expect(upload?.path).toMatch(/^repairs\/store-1\/rep-1\/[A-Za-z0-9_-]{22}$/);
    const object = objects.get(upload?.path ?? '');
    expect(object?.contentType).toBe('image/jpeg');
    expect([...(object?.bytes ?? [])]).toEqual([...new Uint8Array(await jpeg(48).arrayBuffer())]);
    expect(object?.metadata).toMatchObject({
      contentType: 'image/jpeg',
      // The REST resource carries custom metadata under `metadata`.
      metadata: { repairDocId: 'rep-1' },
    });
    expect(stored).toEqual({
      url: `${API}/${encodeURIComponent(upload?.path ?? '')}?alt=media&token=${object?.token}`,
      contentType: 'image/jpeg',
      size: 48,
    });
    expect(repairs.imageUrls).toEqual([stored.url]);
    // The page loads the download URL itself.
    expect(await store.open(stored.url)).toBeNull();
  });

  it('sends nothing for what is not an image, too large, a seventh photo, or a non-member', async () => {
    await expect(store.upload('rep-1', jpeg(10, 'image/svg+xml'))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(store.upload('rep-1', jpeg(MAX_PHOTO_BYTES + 1))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    repairs.imageUrls = Array.from({ length: MAX_PHOTOS }, (_, i) => `https://example.test/${i}.jpg`);
    await expect(store.upload('rep-1', jpeg())).rejects.toMatchObject({ code: 'failed-precondition' });
    repairs.imageUrls = [];
    repairs.member = false;
    await expect(store.upload('rep-1', jpeg())).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(store.upload('rep-2', jpeg())).rejects.toMatchObject({ code: 'not-found' });
    expect(requests).toEqual([]);
  });

  it("reads storage.rules' refusal as permission-denied and lists nothing", async () => {
    server.use(
      http.post(API, () =>
        HttpResponse.json({ error: { code: 403, message: 'Permission denied.' } }, { status: 403 }),
      ),
    );
    await expect(store.upload('rep-1', jpeg())).rejects.toMatchObject({ code: 'permission-denied' });
    expect(repairs.imageUrls).toEqual([]);
  });

  it('deletes the uploaded object again when its URL cannot be listed', async () => {
    repairs.failAdd = true;
    await expect(store.upload('rep-1', jpeg())).rejects.toMatchObject({ code: 'unavailable' });
    const upload = requests.find((request) => request.method === 'POST');
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: upload?.path, protocol: null },
    ]);
    expect(objects.size).toBe(0);
  });

  it('removes the URL, then the object of this repair', async () => {
    const first = await store.upload('rep-1', jpeg());
    const second = await store.upload('rep-1', jpeg(20));
    requests.length = 0;
    await store.remove('rep-1', first.url);
    expect(repairs.imageUrls).toEqual([second.url]);
    expect(requests.map((request) => request.method)).toEqual(['DELETE']);
    expect(objects.size).toBe(1);
    await expect(store.remove('rep-1', first.url)).rejects.toMatchObject({ code: 'not-found' });
  });

  it("takes an app's URL out of the list without deleting what is not this repair's", async () => {
    const foreign = `${API}/${encodeURIComponent('other/place.jpg')}?alt=media&token=x`;
    const elsewhere = 'https://images.example.test/phone.jpg';
    repairs.imageUrls = [foreign, elsewhere];
    await store.remove('rep-1', foreign);
    await store.remove('rep-1', elsewhere);
    expect(repairs.imageUrls).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('still removes the URL when the object is already gone, and logs a delete that failed', async () => {
    const gone = await store.upload('rep-1', jpeg());
    objects.clear();
    await store.remove('rep-1', gone.url);
    expect(repairs.imageUrls).toEqual([]);
    expect(logger.entries).toEqual([]);
    const kept = await store.upload('rep-1', jpeg());
    server.use(http.delete(`${API}/*`, () => HttpResponse.json({ error: { code: 403 } }, { status: 403 })));
    await store.remove('rep-1', kept.url);
    expect(repairs.imageUrls).toEqual([]);
    expect(logger.entries).toEqual([expect.objectContaining({ level: 'warn' })]);
  });
});
