import PouchDB from 'pouchdb';
import memoryAdapter from 'pouchdb-adapter-memory';
import type { PouchConstructor } from './pouchdb-collection';
import { withRegisteredViews } from './pouchdb-registered-views';

/**
 * The PouchDB constructor for Node (tests, scripts, benchmarks): the `pouchdb` package (LevelDB on
 * disk by default), with the memory adapter (`adapter: 'memory'`) and the registered views.
 * Never imported by the browser build, which passes pouchdb-browser.
 */
let configured: PouchConstructor | null = null;

export function nodePouchDB(): PouchConstructor {
  if (configured === null) {
    configured = withRegisteredViews(PouchDB.plugin(memoryAdapter) as unknown as PouchConstructor);
  }
  return configured;
}
