/** The part of pouchdb-abstract-mapreduce (PouchDB's secondary-index engine) the compiled views use. */
declare module 'pouchdb-abstract-mapreduce' {
  type Emit = (key: unknown, value: unknown) => void;
  type MapFunction = (doc: unknown) => void;
  type ReduceFunction = (keys: unknown, values: unknown[], rereduce: boolean) => unknown;

  interface AbstractMapReduce {
    query(this: unknown, fun: unknown, opts?: unknown, callback?: unknown): Promise<unknown>;
    viewCleanup(this: unknown, callback?: unknown): Promise<unknown>;
  }

  export default function createAbstractMapReduce(
    localDocName: string,
    mapper: (mapFun: unknown, emit: Emit) => MapFunction,
    reducer: (reduceFun: unknown) => ReduceFunction,
    ddocValidator: (
      ddoc: { _id: string; views?: Record<string, { map?: unknown }> },
      viewName: string,
    ) => void,
  ): AbstractMapReduce;
}
