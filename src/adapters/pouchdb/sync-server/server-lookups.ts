import { parseStoreRecord, type Store } from '../../../domain/stores/store';
import type { StoreLookup } from './device-access';
import type { Doc, Upstream } from './http';

/**
 * What the sync gateway reads of the database as its administrator to judge a request, for both its
 * reads (reads.ts) and its writes (writes.ts): a shop's stores, and the current version of documents.
 */

/** The longest one request waits, in all, for missing stores (GatewayOptions.storeWaitMs). */
export const DEFAULT_STORE_WAIT_MS = 1_000;
const STORE_POLL_MS = 100;

/** The stores of the shop of database `db`; `wait`: a write may wait for a missing store to arrive. */
export type StoreLookupOf = (db: string, wait: boolean) => StoreLookup;

/**
 * The stores of one shop, read (and cached for one request) as the administrator. A write may wait
 * for a missing store to arrive (a new store and its first repairs replicate separately), but the
 * whole request waits at most `storeWaitMs`, however many documents and stores it names.
 */
export function storeLookupOf(upstream: Upstream, storeWaitMs: number): StoreLookupOf {
  return (db, wait) => {
    const storesDb = db.replace(/-(repairs|payments|invoices|invoiceCounters)$/, '-stores');
    const cache = new Map<string, Promise<Store | null>>();
    let deadline: number | null = null;
    const read = async (id: string): Promise<Store | null> => {
      const { status, body } = await upstream.asAdmin(
        `/${encodeURIComponent(storesDb)}/${encodeURIComponent(id)}`,
      );
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
  };
}

/** The current (winning) version of documents on the server, by id; missing ones absent. */
export async function currentDocs(
  upstream: Upstream,
  db: string,
  ids: readonly string[],
): Promise<Map<string, Doc>> {
  const out = new Map<string, Doc>();
  if (ids.length === 0) return out;
  const { body } = await upstream.asAdmin(`/${encodeURIComponent(db)}/_all_docs?include_docs=true`, {
    method: 'POST',
    body: JSON.stringify({ keys: ids }),
  });
  for (const row of (body as { rows?: { id?: string; doc?: Doc | null }[] })?.rows ?? [])
    if (row.doc && typeof row.id === 'string') out.set(row.id, row.doc);
  return out;
}
