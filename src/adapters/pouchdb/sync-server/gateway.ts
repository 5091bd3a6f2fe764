import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createContext, runInContext, Script } from 'node:vm';
import { parseRepairRecord, storeRefOf } from '../../../domain/repairs/repair';
import { isStoreMember, parseStoreRecord, type Store } from '../../../domain/stores/store';
import { type CollectionName, SYNCED_COLLECTIONS } from '../pouchdb-databases';
import {
  FILTERED_COLLECTIONS,
  type Principals,
  principalsOf,
  readingOf,
  repairWriteProblem,
  type StoreLookup,
  storeWriteProblem,
} from './device-access';
import { REPAIR_IDS_VIEW, STORE_REFS_VIEW } from './provision';
import { repairWorkflowProblem } from './repair-workflow';
import { envelopeProblem, repairFor, shapeProblem } from './synced-documents';
import { VALIDATORS } from './validators';

/**
 * The sync gateway: the only door of the sync server. Devices replicate through it with their own
 * account (HTTP basic auth or a session cookie); the CouchDB-compatible database behind it (pouchdb-server,
 * or CouchDB) listens on loopback only.
 *
 * What it adds to the database's own checks (accounts, `_security`, validate_doc_update):
 *  - reads: a device sees, in the users, repairs, ledger and support databases, only the documents its
 *    accounts may read (device-access.ts); the changes feed, bulk reads and single reads are filtered,
 *    and whole-database reads (_all_docs, views, _find) are refused to it;
 *  - a customer reads the customer-safe projection of their repairs (synced-documents.ts, repairFor);
 *  - every written document, deleted ones too, is checked for its size first, then its shape by its
 *    kind's write schema (synced-documents.ts), its validator, the checks that need other documents (a
 *    repair's store and owner, a store id already used by repairs) and, for repairs, the shop's
 *    workflow (repair-workflow.ts: the domain's repair write rule);
 *  - no attachments; `_local` documents capped per device (size and number);
 *  - only the endpoints replication needs: no _all_dbs, _users, _config, _replicate or design documents.
 * Writes go on with the device's own credentials, so the validators see who writes.
 */

export interface GatewayOptions {
  /** The database server, e.g. http://127.0.0.1:5985 (loopback). */
  readonly backendUrl: string;
  /** Its administrator, for the gateway's own reads (filtering, stores). */
  readonly admin: { readonly username: string; readonly password: string };
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** A request body larger than this is refused (413). */
  readonly maxBodyBytes?: number;
  /**
   * How long one request may wait, in all, for the stores its repairs name to arrive through another
   * replication (a new store and its first repairs replicate separately); 1 s by default.
   */
  readonly storeWaitMs?: number;
  /** The longest a long-polled changes request is held. */
  readonly longpollMs?: number;
  /**
   * Web origins whose pages may sync from the browser (CORS), e.g. https://shop.example; by default
   * pages served from this computer (http://localhost:*, http://127.0.0.1:*), as the demo is.
   */
  readonly allowedOrigins?: readonly string[];
}

export interface Gateway {
  readonly url: string;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 8 * 1024 * 1024;
/** The longest one request waits, in all, for missing stores (GatewayOptions.storeWaitMs). */
export const DEFAULT_STORE_WAIT_MS = 1_000;
const STORE_POLL_MS = 100;
/** A device's `_local` documents (replication checkpoints): each at most this large… */
export const LOCAL_DOC_MAX_BYTES = 4096;
/** …and at most this many per device and database; writing one more drops its oldest. */
export const LOCAL_DOCS_PER_DEVICE = 16;
/** The gateway's own database on the server: which `_local` documents each device wrote. */
export const LOCAL_INDEX_DB = 'gateway-local-docs';
const HEARTBEAT_MS = 10_000;
const SESSION_TTL_MS = 30_000;

type Json = Record<string, unknown>;
interface UserCtx {
  readonly name: string;
  readonly roles: readonly string[];
}
type Doc = Json & { readonly _id: string };

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * The validators (validators.ts), run by the gateway itself on every write, in a sandbox with a time
 * limit. CouchDB runs them too (they are installed there); pouchdb-server cannot be given them: its
 * validation replaces the revision history of a replicated update (new_edits: false) with the stored
 * one's, and the update is then silently dropped, so the gateway is where they hold.
 */
function compileValidators(): (
  collection: CollectionName,
  newDoc: Doc,
  oldDoc: Doc | null,
  userCtx: { name: string; roles: readonly string[] },
) => string | null {
  const compiled = new Map<CollectionName, { readonly context: object; readonly call: Script }>();
  for (const [name, source] of Object.entries(VALIDATORS)) {
    const context = createContext({});
    runInContext(`var validate = (${source});`, context, { timeout: 1000 });
    compiled.set(name as CollectionName, {
      context,
      call: new Script(
        'validate(JSON.parse(args).newDoc, JSON.parse(args).oldDoc, JSON.parse(args).userCtx, {})',
      ),
    });
  }
  return (collection, newDoc, oldDoc, userCtx) => {
    const validator = compiled.get(collection);
    if (validator === undefined) return null;
    Object.assign(validator.context, { args: JSON.stringify({ newDoc, oldDoc, userCtx }) });
    try {
      validator.call.runInContext(validator.context, { timeout: 100 });
      return null;
    } catch (error) {
      const thrown = error as { forbidden?: unknown; unauthorized?: unknown };
      const reason = thrown?.forbidden ?? thrown?.unauthorized;
      return typeof reason === 'string' ? reason : 'the document does not pass validation';
    }
  };
}

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The collection a database serves: `${prefix}-${collection}`; null for any other name. */
export function collectionOf(db: string): CollectionName | null {
  for (const name of SYNCED_COLLECTIONS)
    if (db.endsWith(`-${name}`) && db.length > name.length + 1) return name;
  return null;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const backend = options.backendUrl.replace(/\/+$/, '');
  const adminAuth = basic(options.admin.username, options.admin.password);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const storeWaitMs = options.storeWaitMs ?? DEFAULT_STORE_WAIT_MS;
  const longpollMs = options.longpollMs ?? 55_000;
  const sessions = new Map<
    string,
    { readonly at: number; readonly principals: Principals | null; readonly userCtx: UserCtx }
  >();
  const validate = compileValidators();

  /** A request to the database as its administrator; JSON in and out. */
  async function asAdmin(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${backend}${path}`, {
      ...init,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: adminAuth },
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  /** Who sends this request, asked of the database's own _session; null when nobody (or a wrong password). */
  async function principalsOfRequest(
    req: IncomingMessage,
  ): Promise<{ principals: Principals; userCtx: UserCtx } | null> {
    const credential = req.headers.authorization ?? '';
    const cookie = req.headers.cookie ?? '';
    if (credential === '' && !/AuthSession=/.test(cookie)) return null;
    const key = `${credential}\n${cookie}`;
    const cached = sessions.get(key);
    if (cached && Date.now() - cached.at < SESSION_TTL_MS)
      return cached.principals === null ? null : { principals: cached.principals, userCtx: cached.userCtx };
    const response = await fetch(`${backend}/_session`, {
      headers: {
        Accept: 'application/json',
        ...(credential ? { Authorization: credential } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    const body = (await response.json().catch(() => ({}))) as {
      userCtx?: { name?: unknown; roles?: unknown };
    };
    const principals =
      response.ok && typeof body.userCtx?.name === 'string' ? principalsOf(body.userCtx) : null;
    const roles = Array.isArray(body.userCtx?.roles)
      ? body.userCtx.roles.filter((r): r is string => typeof r === 'string')
      : [];
    const userCtx: UserCtx = { name: principals?.name ?? '', roles };
    if (sessions.size > 10_000) sessions.clear();
    sessions.set(key, { at: Date.now(), principals, userCtx });
    return principals === null ? null : { principals, userCtx };
  }

  /** The device's own credentials, passed on so that validate_doc_update sees who writes. */
  const deviceHeaders = (req: IncomingMessage): Record<string, string> => ({
    ...(req.headers.authorization ? { Authorization: req.headers.authorization } : {}),
    ...(req.headers.cookie ? { Cookie: req.headers.cookie } : {}),
  });

  /** The request body as text (JSON, for every endpoint the gateway serves). */
  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of req) {
      const bytes = new Uint8Array(chunk as Uint8Array);
      size += bytes.length;
      if (size > maxBody) throw new HttpError(413, 'too_large', 'The request is too large.');
      chunks.push(bytes);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  }

  const parseJson = (text: string): unknown => {
    try {
      return text === '' ? {} : JSON.parse(text);
    } catch {
      throw new HttpError(400, 'bad_request', 'The body is not JSON.');
    }
  };

  /** Passes the request on and streams the answer back. */
  async function proxy(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    auth: Record<string, string>,
    body?: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const payload = body ?? (method === 'GET' || method === 'HEAD' ? undefined : await readBody(req));
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const response = await fetch(`${backend}${path}`, {
      method,
      headers: {
        Accept: req.headers.accept ?? 'application/json',
        ...(req.headers['content-type'] ? { 'Content-Type': req.headers['content-type'] } : {}),
        ...auth,
      },
      ...(payload !== undefined && payload.length > 0 ? { body: payload } : {}),
      signal: controller.signal,
    });
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'etag', 'set-cookie', 'cache-control']) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    res.writeHead(response.status, headers);
    if (response.body === null || method === 'HEAD') {
      res.end();
      return;
    }
    try {
      for await (const chunk of response.body) res.write(chunk);
    } catch {
      // The device went away, or the database closed the stream: nothing more to pass on.
    }
    res.end();
  }

  /**
   * The stores of one shop, read (and cached for one request) as the administrator. A write may wait
   * for a missing store to arrive (a new store and its first repairs replicate separately), but the
   * whole request waits at most `storeWaitMs`, however many documents and stores it names.
   */
  function storeLookup(db: string, wait: boolean): StoreLookup {
    const storesDb = db.replace(/-repairs$/, '-stores');
    const cache = new Map<string, Promise<Store | null>>();
    let deadline: number | null = null;
    const read = async (id: string): Promise<Store | null> => {
      const { status, body } = await asAdmin(`/${encodeURIComponent(storesDb)}/${encodeURIComponent(id)}`);
      return status === 200 ? parseStoreRecord(id, body) : null;
    };
    return (id) => {
      let found = cache.get(id);
      if (found === undefined) {
        found = (async () => {
          deadline ??= Date.now() + (wait ? storeWaitMs : 0);
          for (;;) {
            const store = await read(id);
            const left = deadline - Date.now();
            if (store !== null || left <= 0) return store;
            await new Promise((resolve) => setTimeout(resolve, Math.min(STORE_POLL_MS, left)));
          }
        })();
        cache.set(id, found);
      }
      return found;
    };
  }

  /** The current (winning) version of documents on the server, by id; missing ones absent. */
  async function currentDocs(db: string, ids: readonly string[]): Promise<Map<string, Doc>> {
    const out = new Map<string, Doc>();
    if (ids.length === 0) return out;
    const { body } = await asAdmin(`/${encodeURIComponent(db)}/_all_docs?include_docs=true`, {
      method: 'POST',
      body: JSON.stringify({ keys: ids }),
    });
    for (const row of (body as { rows?: { id?: string; doc?: Doc | null }[] })?.rows ?? [])
      if (row.doc && typeof row.id === 'string') out.set(row.id, row.doc);
    return out;
  }

  /**
   * Why the device may not write `doc`, or null. In this order: its size and PouchDB fields, deleted
   * documents included, and attachments (synced-documents.ts, envelopeProblem); its shape by the write
   * schema of its kind (shapeProblem); its validator; the checks that need other documents.
   */
  async function writeProblem(
    collection: CollectionName,
    db: string,
    who: { principals: Principals; userCtx: UserCtx },
    doc: Doc,
    current: Doc | null,
    stores: StoreLookup,
  ): Promise<string | null> {
    const envelope = envelopeProblem(collection, doc);
    if (envelope !== null) return envelope;
    if (!who.principals.admin) {
      const shape = shapeProblem(collection, doc, current, new Date());
      if (shape !== null) return shape;
    }
    const invalid = validate(
      collection,
      doc,
      current === null || current._deleted === true ? null : current,
      who.userCtx,
    );
    if (invalid !== null) return invalid;
    const device = who.principals;
    if (collection === 'repairs') {
      const access = await repairWriteProblem(doc, current, device, stores);
      if (access !== null || device.admin) return access;
      return workflowProblem(db, device, doc, current, stores);
    }
    if (collection === 'stores') {
      const repairsDb = db.replace(/-stores$/, '-repairs');
      return storeWriteProblem(doc, current, device, async (storeId) => {
        const { body } = await asAdmin(
          `/${encodeURIComponent(repairsDb)}/_design/gateway/_view/${STORE_REFS_VIEW}?limit=1&key=${encodeURIComponent(JSON.stringify(storeId))}`,
        );
        return ((body as { rows?: unknown[] })?.rows?.length ?? 0) > 0;
      });
    }
    return null;
  }

  /** One device's index of the `_local` documents it wrote in one database, oldest first. */
  interface LocalIndex {
    readonly _id: string;
    readonly _rev?: string;
    readonly ids: string[];
  }
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

  /**
   * `_local` documents (replication checkpoints; never replicated): a device reads and writes only the
   * ones it wrote itself, each at most LOCAL_DOC_MAX_BYTES; it keeps at most LOCAL_DOCS_PER_DEVICE per
   * database (writing one more deletes its oldest, so replication goes on and the server's share stays
   * bounded). The gateway keeps who wrote which in its own database (LOCAL_INDEX_DB), which devices
   * cannot reach.
   */
  async function localDoc(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    device: Principals,
    localId: string,
    search: string,
  ): Promise<void> {
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
  }

  /**
   * The shop's workflow on a pushed repair (repair-workflow.ts): judged for the device's account that
   * owns the repair's store (device-access.ts made sure there is one), in its users document's name.
   */
  async function workflowProblem(
    db: string,
    device: Principals,
    doc: Doc,
    current: Doc | null,
    stores: StoreLookup,
  ): Promise<string | null> {
    if (doc._deleted === true) return null;
    const stored = current === null || current._deleted === true ? null : current;
    const ref = storeRefOf(parseRepairRecord(doc._id, stored ?? doc));
    const store = await stores(ref);
    if (store === null) return `the store ${ref} does not exist on the server`;
    const uid = device.uids.find((candidate) => isStoreMember(store, candidate));
    if (uid === undefined) return `this device does not work in the store ${ref}`;
    const usersDb = db.replace(/-repairs$/, '-users');
    const { status, body } = await asAdmin(`/${encodeURIComponent(usersDb)}/${encodeURIComponent(uid)}`);
    const name =
      status === 200 && typeof (body as Json).name === 'string' ? ((body as Json).name as string) : '';
    return repairWorkflowProblem({
      doc,
      current: stored,
      store: { id: store.id, ownerId: store.ownerId },
      writer: { uid, name },
      now: new Date(),
      repairIdTaken: async (repairId) => {
        const key = encodeURIComponent(JSON.stringify([ref, repairId]));
        const { body: rows } = await asAdmin(
          `/${encodeURIComponent(db)}/_design/gateway/_view/${REPAIR_IDS_VIEW}?key=${key}&limit=2`,
        );
        return ((rows as { rows?: { id?: string }[] })?.rows ?? []).some((row) => row.id !== doc._id);
      },
    });
  }

  async function bulkDocs(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    who: { principals: Principals; userCtx: UserCtx },
  ) {
    const body = parseJson(await readBody(req)) as { docs?: unknown; new_edits?: unknown };
    if (!Array.isArray(body.docs)) throw new HttpError(400, 'bad_request', 'docs must be a list.');
    const refused: { id: string; error: string; reason: string }[] = [];
    const docs: Doc[] = [];
    for (const doc of body.docs as unknown[]) {
      if (typeof doc === 'object' && doc !== null && typeof (doc as Doc)._id === 'string')
        docs.push(doc as Doc);
      else refused.push({ id: '', error: 'bad_request', reason: 'every document needs an _id (text)' });
    }
    const current = await currentDocs(
      db,
      docs.map((d) => d._id),
    );
    const allowed: Doc[] = [];
    const stores = storeLookup(db, true);
    for (const doc of docs) {
      const problem = await writeProblem(collection, db, who, doc, current.get(doc._id) ?? null, stores);
      if (problem === null) allowed.push(doc);
      else refused.push({ id: doc._id, error: 'forbidden', reason: problem });
    }
    let results: unknown[] = [];
    if (allowed.length > 0) {
      const response = await fetch(`${backend}/${encodeURIComponent(db)}/_bulk_docs`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...deviceHeaders(req) },
        body: JSON.stringify({ ...body, docs: allowed }),
      });
      const answer = (await response.json().catch(() => null)) as unknown;
      if (!response.ok || !Array.isArray(answer)) {
        send(res, response.status, answer ?? { error: 'unknown_error' });
        return;
      }
      results = answer;
    }
    send(res, 201, [...results, ...refused]);
  }

  async function putDoc(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    who: { principals: Principals; userCtx: UserCtx },
    docId: string,
    path: string,
  ) {
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const incoming: Doc =
      method === 'DELETE' ? { _id: docId, _deleted: true } : { ...(parseJson(raw) as Json), _id: docId };
    const current = (await currentDocs(db, [docId])).get(docId) ?? null;
    const problem = await writeProblem(collection, db, who, incoming, current, storeLookup(db, true));
    if (problem !== null) throw new HttpError(403, 'forbidden', problem);
    await proxy(req, res, path, deviceHeaders(req), raw);
  }

  /** A single document, or the revisions asked for (open_revs), handed over only when readable. */
  async function getDoc(
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    device: Principals,
    path: string,
  ) {
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
  }

  async function bulkGet(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    device: Principals,
    search: string,
  ) {
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
  }

  /**
   * The changes feed, with the rows the device may not read left out. Asked of the database with the
   * documents (to judge them) as the administrator; a long poll is held until a readable change comes
   * or the time is up, with newline heartbeats meanwhile, as CouchDB does.
   */
  async function changes(
    req: IncomingMessage,
    res: ServerResponse,
    db: string,
    collection: CollectionName,
    device: Principals,
    url: URL,
  ) {
    const params = new URLSearchParams(url.search);
    const feed = params.get('feed') ?? 'normal';
    if (feed === 'continuous' || feed === 'eventsource')
      throw new HttpError(400, 'bad_request', 'Use the normal or longpoll feed.');
    const wantDocs = params.get('include_docs') === 'true';
    const longpoll = feed === 'longpoll';
    const requested = Number(params.get('timeout'));
    const deadline =
      Date.now() + Math.min(Number.isFinite(requested) && requested > 0 ? requested : longpollMs, longpollMs);
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
          const response = await fetch(`${backend}/${encodeURIComponent(db)}/_changes?${params.toString()}`, {
            method: req.method === 'POST' ? 'POST' : 'GET',
            headers: {
              Accept: 'application/json',
              'Content-Type': 'application/json',
              Authorization: adminAuth,
            },
            ...(payload !== undefined && payload.length > 0 ? { body: payload } : {}),
            signal: waitUpstream,
          });
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
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const segments = url.pathname.split('/').filter((part) => part !== '');
    const parts = segments.map((part) => decodeURIComponent(part));
    const method = req.method ?? 'GET';
    const search = url.search;

    if (parts.length === 0) return proxy(req, res, `/${search}`, {});
    if (parts[0] === '_session') return proxy(req, res, `/_session${search}`, deviceHeaders(req));
    if (parts[0]?.startsWith('_'))
      throw new HttpError(403, 'forbidden', 'Not available through the sync gateway.');

    const db = parts[0] as string;
    const collection = collectionOf(db);
    if (collection === null) throw new HttpError(404, 'not_found', 'Database does not exist.');
    const who = await principalsOfRequest(req);
    if (who === null) throw new HttpError(401, 'unauthorized', "Sign in with this device's account.");
    const device = who.principals;
    const dbPath = `/${encodeURIComponent(db)}`;
    const filtered = FILTERED_COLLECTIONS.has(collection) && !device.admin && !device.superAdmin;
    const rest = parts.slice(1);
    const [first] = rest;

    if (first === undefined) {
      if (method === 'GET' || method === 'HEAD')
        return proxy(req, res, `${dbPath}${search}`, deviceHeaders(req));
      if (method === 'POST') {
        const raw = await readBody(req);
        const doc = parseJson(raw) as Json;
        const id = typeof doc._id === 'string' ? doc._id : '';
        if (id === '') throw new HttpError(400, 'bad_request', 'Give the document an _id.');
        const problem = await writeProblem(
          collection,
          db,
          who,
          doc as Doc,
          (await currentDocs(db, [id])).get(id) ?? null,
          storeLookup(db, true),
        );
        if (problem !== null) throw new HttpError(403, 'forbidden', problem);
        return proxy(req, res, `${dbPath}${search}`, deviceHeaders(req), raw);
      }
      throw new HttpError(403, 'forbidden', "Databases are the server administrator's.");
    }
    if (first === '_local') return localDoc(req, res, db, device, rest.slice(1).join('/'), search);
    if (first === '_revs_diff' || first === '_ensure_full_commit')
      return proxy(req, res, `${dbPath}/${first}${search}`, deviceHeaders(req));
    if (first === '_changes')
      return filtered
        ? changes(req, res, db, collection, device, url)
        : proxy(req, res, `${dbPath}/_changes${search}`, deviceHeaders(req));
    if (first === '_bulk_get')
      return filtered
        ? bulkGet(req, res, db, collection, device, search)
        : proxy(req, res, `${dbPath}/_bulk_get${search}`, deviceHeaders(req));
    if (first === '_bulk_docs' && method === 'POST') return bulkDocs(req, res, db, collection, who);
    if (first === '_all_docs' && !filtered)
      return proxy(req, res, `${dbPath}/_all_docs${search}`, deviceHeaders(req));
    if (first.startsWith('_') && !device.admin)
      throw new HttpError(403, 'forbidden', 'Not available to devices through the sync gateway.');
    if (first.startsWith('_')) return proxy(req, res, `/${segments.join('/')}${search}`, deviceHeaders(req));

    const docPath = `${dbPath}/${encodeURIComponent(first)}${search}`;
    if (rest.length > 1)
      throw new HttpError(
        403,
        'forbidden',
        'Attachments are not synced: the sync server stores no attachment (photos stay on the device).',
      );
    if (method === 'GET' || method === 'HEAD')
      return filtered
        ? getDoc(res, db, collection, device, docPath)
        : proxy(req, res, docPath, deviceHeaders(req));
    if (method === 'PUT' || method === 'DELETE') return putDoc(req, res, db, collection, who, first, docPath);
    throw new HttpError(405, 'method_not_allowed', 'Method not allowed.');
  }

  const allowOrigin = (origin: string): boolean =>
    options.allowedOrigins
      ? options.allowedOrigins.includes(origin)
      : /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin);

  const server: Server = createServer((req, res) => {
    const origin = req.headers.origin;
    if (typeof origin === 'string' && allowOrigin(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, DELETE',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
          'Access-Control-Max-Age': '600',
        });
        res.end();
        return;
      }
    }
    handle(req, res).catch((error: unknown) => {
      // A body refused half-read leaves the connection unusable: close it rather than let it be reused.
      if (error instanceof HttpError && error.status === 413) {
        send(res, 413, { error: error.error, reason: error.reason }, { Connection: 'close' });
        res.on('finish', () => req.destroy());
      } else if (error instanceof HttpError)
        send(res, error.status, { error: error.error, reason: error.reason });
      else send(res, 502, { error: 'bad_gateway', reason: 'The database could not be reached.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
