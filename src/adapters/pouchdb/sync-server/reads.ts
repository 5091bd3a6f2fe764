import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CollectionName } from '../pouchdb-databases';
import { type Principals, readingOf } from './device-access';
import { type Doc, HttpError, send, type Upstream } from './http';
import type { StoreLookupOf } from './server-lookups';
import { repairFor } from './synced-documents';

/**
 * The sync gateway's filtered reads, for a device that may not read a whole database (routing.ts
 * sends the others straight on): the changes feed, `_bulk_get` and single documents, each asked of the
 * database as its administrator and handed over only where the device may read (device-access.ts,
 * readingOf), a customer's repair as its customer-safe projection (synced-documents.ts, repairFor).
 */

const HEARTBEAT_MS = 10_000;

export interface Reads {
  /** GET /{db}/{docId}: a single document, or the revisions asked for (open_revs). */
  getDoc(
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    device: Principals,
    path: string,
  ): Promise<void>;
  /** POST /{db}/_bulk_get. */
  bulkGet(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    device: Principals,
    search: string,
  ): Promise<void>;
  /** GET or POST /{db}/_changes, normal or longpoll. */
  changes(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    device: Principals,
    url: URL,
  ): Promise<void>;
}

export function readsOf(upstream: Upstream, storeLookup: StoreLookupOf, longpollMs: number): Reads {
  const { asAdmin, readBody } = upstream;
  return {
    async getDoc(res, db, collection, device, path) {
      const { status, body } = await asAdmin(path);
      if (status !== 200) {
        send(res, status, body);
        return;
      }
      const storeOf = storeLookup(db, false);
      /** The document as this device receives it (a customer's repair: its projection), or null. */
      const readable = async (doc: unknown): Promise<Doc | null> => {
        if (typeof doc !== 'object' || doc === null) return null;
        if ((doc as Doc)._deleted === true) return doc as Doc;
        const reading = await readingOf(collection, doc as Doc, device, storeOf);
        return reading === null
          ? null
          : collection === 'repairs'
            ? repairFor(doc as Doc, reading)
            : (doc as Doc);
      };
      if (Array.isArray(body)) {
        const items = await Promise.all(
          body.map(async (item: { ok?: Doc; missing?: string }) => {
            if (item.ok === undefined) return item;
            const seen = await readable(item.ok);
            return seen === null ? { missing: item.ok._rev } : { ...item, ok: seen };
          }),
        );
        send(res, 200, items);
        return;
      }
      const seen = await readable(body);
      if (seen === null) throw new HttpError(404, 'not_found', 'missing');
      send(res, 200, seen);
    },

    async bulkGet(req, res, db, collection, device, search) {
      const payload = await readBody(req);
      const { status, body } = await asAdmin(`/${encodeURIComponent(db)}/_bulk_get${search}`, {
        method: 'POST',
        body: payload,
      });
      if (status !== 200) {
        send(res, status, body);
        return;
      }
      const storeOf = storeLookup(db, false);
      const results =
        (body as { results?: { id: string; docs: { ok?: Doc; error?: unknown }[] }[] })?.results ?? [];
      for (const result of results) {
        result.docs = await Promise.all(
          result.docs.map(async (item) => {
            if (item.ok === undefined || item.ok._deleted === true) return item;
            const reading = await readingOf(collection, item.ok, device, storeOf);
            if (reading === null)
              return { error: { id: result.id, rev: item.ok._rev, error: 'not_found', reason: 'missing' } };
            return collection === 'repairs' ? { ...item, ok: repairFor(item.ok, reading) } : item;
          }),
        );
      }
      send(res, 200, { results });
    },

    /**
     * The changes feed, with the rows the device may not read left out. Asked of the database with the
     * documents (to judge them) as the administrator; a long poll is held until a readable change comes
     * or the time is up, with newline heartbeats meanwhile, as CouchDB does.
     */
    async changes(req, res, db, collection, device, url) {
      const params = new URLSearchParams(url.search);
      const feed = params.get('feed') ?? 'normal';
      if (feed === 'continuous' || feed === 'eventsource')
        throw new HttpError(400, 'bad_request', 'Use the normal or longpoll feed.');
      const wantDocs = params.get('include_docs') === 'true';
      const longpoll = feed === 'longpoll';
      const requested = Number(params.get('timeout'));
      const deadline =
        Date.now() +
        Math.min(Number.isFinite(requested) && requested > 0 ? requested : longpollMs, longpollMs);
      for (const name of ['feed', 'heartbeat', 'timeout', 'include_docs']) params.delete(name);
      params.set('include_docs', 'true');
      const payload = req.method === 'POST' ? await readBody(req) : undefined;
      const storeOf = storeLookup(db, false);

      const controller = new AbortController();
      let heartbeat: NodeJS.Timeout | undefined;
      res.on('close', () => controller.abort());
      if (longpoll) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        heartbeat = setInterval(() => res.write('\n'), HEARTBEAT_MS);
      }
      try {
        let since = params.get('since');
        for (let round = 0; ; round += 1) {
          if (since !== null) params.set('since', since);
          // After a first answer with nothing readable, wait for the next change upstream.
          if (longpoll && round > 0) params.set('feed', 'longpoll');
          const remaining = deadline - Date.now();
          const waitUpstream = AbortSignal.any([
            controller.signal,
            AbortSignal.timeout(Math.max(1, remaining)),
          ]);
          let answer: {
            results?: { id: string; deleted?: boolean; doc?: Doc }[];
            last_seq?: unknown;
            pending?: number;
          };
          try {
            const response = await fetch(
              `${upstream.url}/${encodeURIComponent(db)}/_changes?${params.toString()}`,
              {
                method: req.method === 'POST' ? 'POST' : 'GET',
                headers: {
                  Accept: 'application/json',
                  'Content-Type': 'application/json',
                  Authorization: upstream.adminAuth,
                },
                ...(payload !== undefined && payload.length > 0 ? { body: payload } : {}),
                signal: waitUpstream,
              },
            );
            answer = (await response.json()) as typeof answer;
            if (!response.ok) {
              if (longpoll) res.end(JSON.stringify(answer));
              else send(res, response.status, answer);
              return;
            }
          } catch (error) {
            if (controller.signal.aborted) return;
            // The time is up with no readable change: an empty answer at the same place, as CouchDB gives.
            if (longpoll && Date.now() >= deadline - 5) {
              res.end(JSON.stringify({ results: [], last_seq: since ?? 0 }));
              return;
            }
            throw error;
          }
          const rows = [];
          for (const row of answer.results ?? []) {
            const reading =
              row.deleted === true
                ? 'full'
                : row.doc === undefined
                  ? null
                  : await readingOf(collection, row.doc, device, storeOf);
            if (reading === null) continue;
            if (!wantDocs) {
              const { doc: _doc, ...bare } = row;
              rows.push(bare);
            } else
              rows.push(
                collection === 'repairs' && row.doc !== undefined
                  ? { ...row, doc: repairFor(row.doc, reading) }
                  : row,
              );
          }
          const reply = {
            results: rows,
            last_seq: answer.last_seq,
            ...(answer.pending !== undefined ? { pending: answer.pending } : {}),
          };
          if (!longpoll) {
            send(res, 200, reply);
            return;
          }
          if (rows.length > 0 || Date.now() >= deadline || (answer.results ?? []).length === 0) {
            res.end(JSON.stringify(reply));
            return;
          }
          since =
            typeof answer.last_seq === 'string' || typeof answer.last_seq === 'number'
              ? String(answer.last_seq)
              : since;
        }
      } finally {
        if (heartbeat) clearInterval(heartbeat);
      }
    },
  };
}
