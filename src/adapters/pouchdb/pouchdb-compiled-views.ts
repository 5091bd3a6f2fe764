import createAbstractMapReduce from 'pouchdb-abstract-mapreduce';

/**
 * PouchDB's query() and viewCleanup() for Node, with design-document map functions compiled once per
 * index update (`new Function`), as pouchdb-browser does. The `pouchdb` package for Node runs each map
 * call in a fresh `vm` context instead, about a millisecond per document: fine for a few hundred, far
 * too slow to index a hundred thousand repairs. Same engine (pouchdb-abstract-mapreduce), same index
 * storage ('mrviews'), same results.
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

function compile(source: string, scope: Record<string, unknown>): unknown {
  const names = Object.keys(scope);
  // Design-document functions are source text by definition (CouchDB); pouchdb-browser compiles them alike.
  const factory = new Function(...names, `return (${source.replace(/;\s*$/, '')});`);
  return factory(...names.map((name) => scope[name]));
}

const abstract = createAbstractMapReduce(
  'mrviews',
  (mapFun, emit) => {
    if (typeof mapFun === 'function')
      return (doc: unknown) => (mapFun as (d: unknown, e: unknown) => void)(doc, emit);
    return compile(String(mapFun), {
      emit,
      sum,
      log: () => undefined,
      isArray: Array.isArray,
      toJSON: JSON.parse,
    }) as (doc: unknown) => void;
  },
  (reduceFun) => {
    const source = String(reduceFun);
    const builtIn = Object.entries(BUILT_IN_REDUCES).find(([name]) => source.startsWith(name));
    if (builtIn) return builtIn[1];
    if (source.startsWith('_')) throw new Error(`${source} is not a supported reduce function.`);
    return compile(source, { sum, log: () => undefined, isArray: Array.isArray, toJSON: JSON.parse }) as (
      keys: unknown,
      values: unknown[],
      rereduce: boolean,
    ) => unknown;
  },
  (ddoc, viewName) => {
    const view = ddoc.views?.[viewName];
    if (!view || typeof view.map !== 'string') {
      throw Object.assign(new Error(`ddoc ${ddoc._id} has no string view named ${viewName}`), {
        status: 404,
        name: 'not_found',
      });
    }
  },
);

/** A PouchDB plugin: PouchDB.plugin(compiledViewsPlugin) replaces query() and viewCleanup(). */
export const compiledViewsPlugin = {
  query(this: unknown, fun: unknown, opts?: unknown, callback?: unknown) {
    return abstract.query.call(this, fun, opts, callback);
  },
  viewCleanup(this: unknown, callback?: unknown) {
    return abstract.viewCleanup.call(this, callback);
  },
};
