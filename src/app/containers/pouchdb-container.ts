import { Container } from 'inversify';
import { ConsoleLogger } from '../../adapters/console-logger';
import { createPouchBackend } from '../../adapters/pouchdb/pouchdb-backend';
import type { PouchConstructor } from '../../adapters/pouchdb/pouchdb-collection';
import { DEFAULT_PBKDF2_ITERATIONS } from '../../adapters/pouchdb/pouchdb-password';
import { generateDemoData } from '../../demo/demo-data';
import type { AppConfig } from '../config';
import { TOKENS } from '../tokens';
import { bindPorts, bindUseCases } from './bind-use-cases';
import type { ContainerOptions } from './options';

/** Where the databases live. The browser default is pouchdb-browser on IndexedDB. */
export interface PouchRuntime {
  /** Another PouchDB constructor (Node: nodePouchDB() from the adapter folder). */
  readonly PouchDB?: PouchConstructor;
  /** Its adapter ('memory', 'leveldb'); the constructor's default when absent. */
  readonly adapter?: string;
  readonly pbkdf2Iterations?: number;
}

/**
 * The offline demo: every port on PouchDB in the browser. With seedDemo, a fresh browser profile gets
 * the demo data set on its first visit (once: a `_local/` marker remembers it); DemoControls.reset
 * wipes every database, signs out and loads it again. With syncUrl, the databases sync live with a
 * CouchDB-compatible server.
 */
export async function createPouchContainer(
  config: Extract<AppConfig, { backend: 'pouchdb' }>,
  options: ContainerOptions,
  runtime: PouchRuntime = {},
): Promise<Container> {
  const PouchDB = runtime.PouchDB ?? (await import('pouchdb-browser')).default;
  const backend = await createPouchBackend({
    PouchDB,
    prefix: config.dbPrefix,
    ...(runtime.adapter ? { adapter: runtime.adapter } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    logger: options.logger ?? new ConsoleLogger(),
    productName: config.productName,
    pbkdf2Iterations: runtime.pbkdf2Iterations ?? DEFAULT_PBKDF2_ITERATIONS,
    ...(config.syncUrl ? { syncUrl: config.syncUrl } : {}),
    demoData: generateDemoData,
  });
  if (config.seedDemo) await backend.controls.seedDemoOnce();
  const container = new Container();
  container.bind(TOKENS.AppConfig).toConstantValue(config);
  bindPorts(container, backend.ports);
  container.bind(TOKENS.Seeder).toConstantValue(backend.seeder);
  container.bind(TOKENS.DemoMailbox).toConstantValue(backend.mailbox);
  container.bind(TOKENS.DemoSmsInbox).toConstantValue(backend.sms);
  container.bind(TOKENS.DemoControls).toConstantValue({ reset: () => backend.controls.reset() });
  const { sync } = backend;
  if (sync !== null) {
    container.bind(TOKENS.Arrivals).toConstantValue({ subscribe: (l) => sync.onArrival(l) });
    // Back on the network: sync at once rather than at replication's next retry.
    globalThis.addEventListener?.('online', () => void sync.reconnect());
  }
  bindUseCases(container, options);
  return container;
}
