import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CollectionName, SYNCED_COLLECTIONS } from '../pouchdb-databases';
import { FILTERED_COLLECTIONS } from './device-access';
import { deviceHeaders, HttpError, type Upstream } from './http';
import type { LocalDocs } from './local-docs';
import type { Reads } from './reads';
import type { WhoIs } from './sessions';
import type { Writes } from './writes';

/**
 * Which request goes where in the sync gateway. Only the endpoints replication needs are served: the
 * server's root and `_session` pass on; no other server endpoint (_all_dbs, _users, _config,
 * _replicate…). In a synced database, after the device has signed in (sessions.ts): `_local` documents
 * (local-docs.ts); reads of a database the device may read whole pass on, the others are filtered
 * (reads.ts) and whole-database reads (_all_docs, views, _find) refused; every write is judged
 * (writes.ts); no attachments and no database creation or deletion.
 */

/** The collection a database serves: `${prefix}-${collection}`; null for any other name. */
export function collectionOf(db: string): CollectionName | null {
  for (const name of SYNCED_COLLECTIONS)
    if (db.endsWith(`-${name}`) && db.length > name.length + 1) return name;
  return null;
}

export function routerOf(deps: {
  readonly upstream: Upstream;
  readonly whoIs: WhoIs;
  readonly reads: Reads;
  readonly writes: Writes;
  readonly localDoc: LocalDocs;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { upstream, whoIs, reads, writes, localDoc } = deps;
  const { proxy } = upstream;
  return async (req, res) => {
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
    const who = await whoIs(req);
    if (who === null) throw new HttpError(401, 'unauthorized', "Sign in with this device's account.");
    const device = who.principals;
    const dbPath = `/${encodeURIComponent(db)}`;
    const filtered = FILTERED_COLLECTIONS.has(collection) && !device.admin && !device.superAdmin;
    const rest = parts.slice(1);
    const [first] = rest;

    if (first === undefined) {
      if (method === 'GET' || method === 'HEAD')
        return proxy(req, res, `${dbPath}${search}`, deviceHeaders(req));
      if (method === 'POST') return writes.postDoc(req, res, db, collection, who, `${dbPath}${search}`);
      throw new HttpError(403, 'forbidden', "Databases are the server administrator's.");
    }
    if (first === '_local') return localDoc(req, res, db, device, rest.slice(1).join('/'), search);
    if (first === '_revs_diff' || first === '_ensure_full_commit')
      return proxy(req, res, `${dbPath}/${first}${search}`, deviceHeaders(req));
    if (first === '_changes')
      return filtered
        ? reads.changes(req, res, db, collection, device, url)
        : proxy(req, res, `${dbPath}/_changes${search}`, deviceHeaders(req));
    if (first === '_bulk_get')
      return filtered
        ? reads.bulkGet(req, res, db, collection, device, search)
        : proxy(req, res, `${dbPath}/_bulk_get${search}`, deviceHeaders(req));
    if (first === '_bulk_docs' && method === 'POST') return writes.bulkDocs(req, res, db, collection, who);
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
        ? reads.getDoc(res, db, collection, device, docPath)
        : proxy(req, res, docPath, deviceHeaders(req));
    if (method === 'PUT' || method === 'DELETE')
      return writes.putDoc(req, res, db, collection, who, first, docPath);
    throw new HttpError(405, 'method_not_allowed', 'Method not allowed.');
  };
}
