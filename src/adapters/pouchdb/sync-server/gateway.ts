import { listen, upstreamOf } from './http';
import { localDocsOf } from './local-docs';
import { readsOf } from './reads';
import { routerOf } from './routing';
import { DEFAULT_STORE_WAIT_MS, storeLookupOf } from './server-lookups';
import { sessionsOf } from './sessions';
import { compileValidators } from './validator-sandbox';
import { writesOf } from './writes';

/**
 * The sync gateway: the only door of the sync server. Devices replicate through it with their own
 * account (HTTP basic auth or a session cookie); the CouchDB-compatible database behind it (pouchdb-server,
 * or CouchDB) listens on loopback only. This file composes it; each concern has its own file:
 *
 *  - http.ts: HTTP plumbing (bodies, JSON answers, requests to the database, the listening server, CORS);
 *  - sessions.ts: who sends a request (the database's `_session`, cached);
 *  - routing.ts: which request goes where; only the endpoints replication needs (no _all_dbs, _users,
 *    _config, _replicate or design documents);
 *  - reads.ts: a device sees, in the users, repairs, ledger and support databases, only the documents
 *    its accounts may read (device-access.ts); the changes feed, bulk reads and single reads are
 *    filtered, and whole-database reads (_all_docs, views, _find) are refused to it; a customer reads
 *    the customer-safe projection of their repairs (synced-documents.ts, repairFor);
 *  - writes.ts: every written document, deleted ones too, is checked for its size first, then its shape
 *    by its kind's write schema (synced-documents.ts), its validator (validators.ts, run by
 *    validator-sandbox.ts), the checks that need other documents (a repair's store and owner, a store id
 *    already used by repairs) and, for repairs, the shop's workflow (repair-workflow.ts: the domain's
 *    repair write rule); no attachments;
 *  - local-docs.ts: `_local` documents capped per device (size and number);
 *  - server-lookups.ts: the stores and current documents the checks read as the administrator.
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
const DEFAULT_LONGPOLL_MS = 55_000;

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const upstream = upstreamOf({
    backendUrl: options.backendUrl,
    admin: options.admin,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
  });
  const storeLookup = storeLookupOf(upstream, options.storeWaitMs ?? DEFAULT_STORE_WAIT_MS);
  const handle = routerOf({
    upstream,
    whoIs: sessionsOf(upstream),
    reads: readsOf(upstream, storeLookup, options.longpollMs ?? DEFAULT_LONGPOLL_MS),
    writes: writesOf(upstream, storeLookup, compileValidators()),
    localDoc: localDocsOf(upstream),
  });
  return listen(handle, {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
  });
}
