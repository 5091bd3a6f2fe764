import createAbstractMapReduce from 'pouchdb-abstract-mapreduce';
import type { PouchConstructor } from './pouchdb-collection';
import { type MapFunction, REGISTERED_MAPS } from './pouchdb-views';

/**
 * PouchDB's query() and viewCleanup() on the same engine and index storage as PouchDB's own
 * (pouchdb-abstract-mapreduce, 'mrviews'), with the map functions of pouchdb-views.ts looked up by the
 * name their design document gives, never compiled from source text. PouchDB's own map-reduce compiles
 * design-document text with `new Function`, which the page's Content-Security-Policy refuses (no
 * 'unsafe-eval'); in Node, the `pouchdb` package runs each map call in a fresh `vm` context, about a
 * millisecond per document. Only the built-in reduces are offered (_count, _sum).
 */

function sum(values: readonly unknown[]): number {
  let total = 0;
  for (const value of values) {
    if (typeof value !== 'number') throw new Error('builtin _sum function requires map values to be numbers');
    total += value;
  }
  return total;
}

const BUILT_IN_REDUCES: Record<string, (keys: unknown, values: unknown[]) => unknown> = {
  _sum: (_keys, values) => sum(values),
  _count: (_keys, values) => values.length,
};

const notFound = (message: string) => Object.assign(new Error(message), { status: 404, name: 'not_found' });

const abstract = createAbstractMapReduce(
  'mrviews',
  (mapFun, emit) => {
    const map: MapFunction | undefined =
      typeof mapFun === 'function' ? (mapFun as MapFunction) : REGISTERED_MAPS.get(String(mapFun));
    if (map === undefined) throw notFound(`no registered map function ${String(mapFun)}`);
    return (doc: unknown) => map(doc as Parameters<MapFunction>[0], emit as Parameters<MapFunction>[1]);
  },
  (reduceFun) => {
    const reduce = BUILT_IN_REDUCES[String(reduceFun)];
    if (reduce === undefined) throw new Error(`${String(reduceFun)} is not a supported reduce function.`);
    return reduce;
  },
  (ddoc, viewName) => {
    const view = ddoc.views?.[viewName];
    if (!view || typeof view.map !== 'string')
      throw notFound(`ddoc ${ddoc._id} has no view named ${viewName}`);
  },
);

/** A PouchDB plugin: PouchDB.plugin(registeredViewsPlugin) replaces query() and viewCleanup(). */
export const registeredViewsPlugin = {
  query(this: unknown, fun: unknown, opts?: unknown, callback?: unknown) {
    return abstract.query.call(this, fun, opts, callback);
  },
  viewCleanup(this: unknown, callback?: unknown) {
    return abstract.viewCleanup.call(this, callback);
  },
};

const withViews = new WeakSet<object>();

/** The constructor with the registered views in place of PouchDB's own map-reduce (idempotent). */
export function withRegisteredViews(PouchDB: PouchConstructor): PouchConstructor {
  if (withViews.has(PouchDB)) return PouchDB;
  const extended = PouchDB.plugin(
    registeredViewsPlugin as unknown as PouchDB.Plugin,
  ) as unknown as PouchConstructor;
  withViews.add(PouchDB);
  withViews.add(extended);
  return extended;
}
