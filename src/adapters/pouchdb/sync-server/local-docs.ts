import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principals } from './device-access';
import { deviceHeaders, HttpError, type Json, parseJson, type Upstream } from './http';

/**
 * `_local` documents (replication checkpoints; never replicated) through the sync gateway: a device
 * reads and writes only the ones it wrote itself, each at most LOCAL_DOC_MAX_BYTES; it keeps at most
 * LOCAL_DOCS_PER_DEVICE per database (writing one more deletes its oldest, so replication goes on and
 * the server's share stays bounded). The gateway keeps who wrote which in its own database
 * (LOCAL_INDEX_DB), which devices cannot reach.
 */

/** A device's `_local` documents (replication checkpoints): each at most this large… */
export const LOCAL_DOC_MAX_BYTES = 4096;
/** …and at most this many per device and database; writing one more drops its oldest. */
export const LOCAL_DOCS_PER_DEVICE = 16;
/** The gateway's own database on the server: which `_local` documents each device wrote. */
export const LOCAL_INDEX_DB = 'gateway-local-docs';

/** One device's index of the `_local` documents it wrote in one database, oldest first. */
interface LocalIndex {
  readonly _id: string;
  readonly _rev?: string;
  readonly ids: string[];
}

/** Serves `/{db}/_local/{localId}` for a device. */
export type LocalDocs = (
  req: IncomingMessage,
  res: ServerResponse,
  db: string,
  device: Principals,
  localId: string,
  search: string,
) => Promise<void>;

export function localDocsOf(upstream: Upstream): LocalDocs {
  const { asAdmin, proxy, readBody } = upstream;
  let localIndexReady: Promise<void> | null = null;
  /** Index updates of one (database, device) run one at a time (no 409s between a device's own writes). */
  const localQueues = new Map<string, Promise<unknown>>();

  function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = localQueues.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    localQueues.set(key, settled);
    void settled.then(() => {
      if (localQueues.get(key) === settled) localQueues.delete(key);
    });
    return next;
  }

  async function readLocalIndex(db: string, device: Principals): Promise<LocalIndex> {
    localIndexReady ??= asAdmin(`/${LOCAL_INDEX_DB}`, { method: 'PUT' }).then(
      () => undefined,
      (error: unknown) => {
        localIndexReady = null; // the database was away: ask again next time
        throw error;
      },
    );
    await localIndexReady;
    const id = `${db}:${device.name}`;
    const { status, body } = await asAdmin(`/${LOCAL_INDEX_DB}/${encodeURIComponent(id)}`);
    const stored = body as Partial<LocalIndex> | null;
    return status === 200 && stored !== null && Array.isArray(stored.ids)
      ? {
          _id: id,
          ...(stored._rev ? { _rev: stored._rev } : {}),
          ids: stored.ids.filter((x) => typeof x === 'string'),
        }
      : { _id: id, ids: [] };
  }

  return async (req, res, db, device, localId, search) => {
    const method = req.method ?? 'GET';
    if (localId === '') throw new HttpError(400, 'bad_request', 'Name the _local document.');
    const path = `/${encodeURIComponent(db)}/_local/${encodeURIComponent(localId)}`;
    if (device.admin) return proxy(req, res, `${path}${search}`, deviceHeaders(req));
    const key = `${db}:${device.name}`;
    if (method === 'GET' || method === 'HEAD') {
      const index = await readLocalIndex(db, device);
      if (!index.ids.includes(localId)) throw new HttpError(404, 'not_found', 'missing');
      return proxy(req, res, `${path}${search}`, deviceHeaders(req));
    }
    if (method === 'DELETE') {
      await serialized(key, async () => {
        const index = await readLocalIndex(db, device);
        if (!index.ids.includes(localId)) throw new HttpError(404, 'not_found', 'missing');
        await asAdmin(`/${LOCAL_INDEX_DB}/${encodeURIComponent(index._id)}`, {
          method: 'PUT',
          body: JSON.stringify({ ...index, ids: index.ids.filter((id) => id !== localId) }),
        });
      });
      return proxy(req, res, `${path}${search}`, deviceHeaders(req));
    }
    if (method !== 'PUT') throw new HttpError(405, 'method_not_allowed', 'Method not allowed.');
    const raw = await readBody(req);
    const bytes = Buffer.byteLength(raw, 'utf8');
    if (bytes > LOCAL_DOC_MAX_BYTES)
      throw new HttpError(
        403,
        'forbidden',
        `A _local document is at most ${LOCAL_DOC_MAX_BYTES} bytes (this one is ${bytes}).`,
      );
    const doc = parseJson(raw) as Json;
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
      throw new HttpError(400, 'bad_request', 'A _local document is a JSON object.');
    if ('_attachments' in doc)
      throw new HttpError(
        403,
        'forbidden',
        'Attachments are not synced: a document carries no _attachments.',
      );
    await serialized(key, async () => {
      const index = await readLocalIndex(db, device);
      const ids = [...index.ids.filter((id) => id !== localId), localId];
      const dropped = ids.splice(0, Math.max(0, ids.length - LOCAL_DOCS_PER_DEVICE));
      const saved = await asAdmin(`/${LOCAL_INDEX_DB}/${encodeURIComponent(index._id)}`, {
        method: 'PUT',
        body: JSON.stringify({ ...index, ids }),
      });
      if (saved.status >= 300) throw new HttpError(503, 'unavailable', 'Try the checkpoint again.');
      for (const old of dropped) {
        const oldPath = `/${encodeURIComponent(db)}/_local/${encodeURIComponent(old)}`;
        const stored = await asAdmin(oldPath);
        const rev = (stored.body as { _rev?: unknown } | null)?._rev;
        if (stored.status === 200 && typeof rev === 'string')
          await asAdmin(`${oldPath}?rev=${encodeURIComponent(rev)}`, { method: 'DELETE' });
      }
    });
    return proxy(req, res, `${path}${search}`, deviceHeaders(req), raw);
  };
}
