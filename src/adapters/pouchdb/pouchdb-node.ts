import PouchDB from 'pouchdb';
import memoryAdapter from 'pouchdb-adapter-memory';
import type { PouchConstructor } from './pouchdb-collection';
import { compiledViewsPlugin } from './pouchdb-compiled-views';

/**
 * The PouchDB constructor for Node (tests, scripts, benchmarks): the `pouchdb` package (LevelDB on
 * disk by default), with the memory adapter (`adapter: 'memory'`) and compiled design-document views.
 * Never imported by the browser build, which passes pouchdb-browser.
 */
let configured: PouchConstructor | null = null;

export function nodePouchDB(): PouchConstructor {
  if (configured === null) {
    configured = PouchDB.plugin(memoryAdapter).plugin(
      compiledViewsPlugin as unknown as PouchDB.Plugin,
    ) as unknown as PouchConstructor;
  }
  return configured;
}
