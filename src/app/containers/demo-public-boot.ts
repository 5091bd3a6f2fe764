import { ConsoleLogger } from '../../adapters/console-logger';
import { demoDataPublicPorts } from '../../adapters/memory/demo/demo-data-public-ports';
import { generateDemoData } from '../../demo/demo-data';
import { type PublicReads, publicReads } from '../../domain/public-reads';

type Env = Readonly<Record<string, string | undefined>>;

const filled = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * The offline demo's public reads (the landing page's store links, a tracking link's repair and
 * invoice) on a browser that holds no demo database yet (issue 19): a customer opening a demo
 * tracking link on their own phone would otherwise wait for PouchDB to load and the whole data set to
 * be written into IndexedDB (2.4 s at 4x CPU) before seeing their repair. Until the page's backend has
 * loaded, these reads answer from the demo data set itself: exactly what that backend is about to
 * store (the same generateDemoData, the same moment), looked up by demoDataPublicPorts with the
 * domain's schema-free readers (no memory backend, no zod: those cost a third of a second more), which
 * a test holds to a seeded memory backend's answers. Once the backend has loaded (the page warms up in
 * the background), every read goes to it.
 *
 * Anywhere the data may differ from the data set, the backend answers from the start: a browser that
 * has the demo's databases already (the presenter's, with their changes), a demo that syncs with a
 * server (the data comes from there), or one that loads no demo data.
 */
export async function bootDemoPublicReads(
  env: Env,
  fullBackend: () => Promise<PublicReads>,
  loadedBackend: () => PublicReads | null,
): Promise<PublicReads> {
  const prefix = filled(env.VITE_POUCHDB_PREFIX) ?? 'repairmate';
  const fresh =
    filled(env.VITE_POUCHDB_SYNC_URL) === undefined &&
    (filled(env.VITE_DEMO_SEED) ?? 'true') === 'true' &&
    !(await hasDatabase(`_pouch_${prefix}-config`));
  if (!fresh) return fullBackend();
  const snapshot = publicReads({
    ...demoDataPublicPorts(generateDemoData(new Date())),
    logger: new ConsoleLogger(),
  });
  const current = () => loadedBackend() ?? snapshot;
  return {
    resolveTracking: (token) => current().resolveTracking(token),
    invoiceByTrackingToken: (token) => current().invoiceByTrackingToken(token),
    storeLinks: () => current().storeLinks(),
  };
}

/** Whether this browser has an IndexedDB database of this name (unknowable: assumed so). */
async function hasDatabase(name: string): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((database) => database.name === name);
  } catch {
    return true;
  }
}
