/// <reference types="pouchdb-core" />
/// <reference types="pouchdb-mapreduce" />
/// <reference types="pouchdb-replication" />

import { AuthError, PortError } from '../../ports/errors';

/**
 * A thin, typed facade over one PouchDB database. The adapters see documents as loose records (they
 * parse them with the domain parsers), never PouchDB's generic types, and every read is counted so that
 * tests and benchmarks can show how many documents and index rows a query touched.
 */

/** The PouchDB constructor: pouchdb-browser in the browser, the `pouchdb` package in Node. */
export type PouchConstructor = PouchDB.Static;
export type PouchDatabase = PouchDB.Database<Record<string, unknown>>;

/** A stored document as PouchDB returns it. Field values are whatever the writer stored. */
export type StoredDoc = Record<string, unknown> & {
  readonly _id: string;
  readonly _rev?: string;
  readonly _conflicts?: readonly string[];
  readonly _deleted?: boolean;
};

/** A document to write: an id and fields, with the revision it replaces when it replaces one. */
export type NewDoc = Record<string, unknown> & { readonly _id: string; readonly _rev?: string };

export interface ViewRow {
  readonly id?: string;
  readonly key: unknown;
  readonly value: unknown;
  readonly doc?: StoredDoc | null;
}

export interface ViewQuery {
  readonly key?: unknown;
  readonly keys?: readonly unknown[];
  readonly startkey?: unknown;
  readonly endkey?: unknown;
  readonly inclusive_end?: boolean;
  readonly descending?: boolean;
  readonly limit?: number;
  readonly reduce?: boolean;
  readonly group?: boolean;
  readonly group_level?: number;
  readonly include_docs?: boolean;
  readonly conflicts?: boolean;
}

export interface AllDocsQuery {
  readonly keys?: readonly string[];
  readonly startkey?: string;
  readonly endkey?: string;
  readonly descending?: boolean;
  readonly limit?: number;
  readonly include_docs?: boolean;
  readonly conflicts?: boolean;
}

export interface AllDocsRow {
  readonly id: string;
  readonly key: string;
  readonly value?: { readonly rev: string; readonly deleted?: boolean };
  readonly error?: string;
  readonly doc?: StoredDoc | null;
}

/** One document of a change feed: its winning revision, or null when it was deleted. */
export interface ChangedDoc {
  readonly id: string;
  readonly deleted: boolean;
  readonly doc: StoredDoc | null;
}

export type WriteResult =
  | { readonly ok: true; readonly id: string; readonly rev: string }
  | { readonly ok: false; readonly id: string; readonly status: number; readonly error: string };

/** What the adapters read, for tests and benchmarks. */
export interface PouchStats {
  /** Documents handed out (single reads, and rows that carried their document). */
  docsRead: number;
  /** Index rows read: view rows (map or reduce) and primary-index rows without their documents. */
  indexRowsRead: number;
  /** Calls to the database that read (get, allDocs, query). */
  reads: number;
  /** Documents written. */
  docsWritten: number;
  /** Writes refused because another writer changed the document first (409), then retried. */
  writeConflicts: number;
}

export function emptyStats(): PouchStats {
  return { docsRead: 0, indexRowsRead: 0, reads: 0, docsWritten: 0, writeConflicts: 0 };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

export const isNotFound = (error: unknown): boolean => statusOf(error) === 404;
export const isConflict = (error: unknown): boolean => statusOf(error) === 409;

/** Translates anything that is not already a port error: the local database failed. */
export function asPortError(error: unknown): PortError | AuthError {
  if (error instanceof PortError || error instanceof AuthError) return error;
  return new PortError('unavailable', 'The local database could not be read or written.', { cause: error });
}

/** Runs a port call, turning every PouchDB failure into a PortError. */
export async function guarded<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw asPortError(error);
  }
}

/** A short random pause before retrying a write that lost a revision race, growing with the attempt. */
export function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(25, 1 + attempt * 3);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes that lose a revision race are retried this many times before giving up. */
export const MAX_WRITE_ATTEMPTS = 60;

/**
 * Converts a record to the JSON shape stored: Dates become ISO text (as Firestore Timestamps become
 * text in an export), nested arrays and plain objects are converted too.
 */
export function toStored(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toStored);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = toStored(item);
    return out;
  }
  return value;
}

export function storedRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return toStored(record) as Record<string, unknown>;
}

/** The fields of a document without PouchDB's own (_id, _rev, _conflicts, …). */
export function fieldsOf(doc: StoredDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!key.startsWith('_')) out[key] = value;
  return out;
}

export class PouchCollection {
  private db: PouchDatabase;

  constructor(
    private readonly PouchDB: PouchConstructor,
    /** The local database name (with the prefix), or a path for LevelDB. */
    readonly name: string,
    private readonly adapter: string | undefined,
    private readonly stats: PouchStats,
  ) {
    this.db = this.open();
  }

  private open(): PouchDatabase {
    return new this.PouchDB<Record<string, unknown>>(
      this.name,
      this.adapter === undefined ? {} : { adapter: this.adapter },
    );
  }

  /** The PouchDB database itself, for replication and change feeds. */
  get database(): PouchDatabase {
    return this.db;
  }

  async get(
    id: string,
    options: { conflicts?: boolean; rev?: string; revs?: boolean } = {},
  ): Promise<StoredDoc | null> {
    this.stats.reads += 1;
    try {
      const doc = (await this.db.get(id, options)) as unknown as StoredDoc;
      this.stats.docsRead += 1;
      return doc;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Writes a document; returns its new revision, or null when the write lost a revision race (409). */
  async put(doc: NewDoc): Promise<string | null> {
    try {
      const result = await this.db.put(doc as PouchDB.Core.PutDocument<Record<string, unknown>>);
      this.stats.docsWritten += 1;
      return result.rev;
    } catch (error) {
      if (!isConflict(error)) throw error;
      this.stats.writeConflicts += 1;
      return null;
    }
  }

  async bulkDocs(docs: readonly NewDoc[]): Promise<WriteResult[]> {
    if (docs.length === 0) return [];
    const results = await this.db.bulkDocs(docs as PouchDB.Core.PutDocument<Record<string, unknown>>[]);
    return results.map((result, index): WriteResult => {
      const id = result.id ?? docs[index]?._id ?? '';
      if ('ok' in result && result.ok) {
        this.stats.docsWritten += 1;
        return { ok: true, id, rev: result.rev };
      }
      const failure = result as PouchDB.Core.Error;
      return { ok: false, id, status: failure.status ?? 500, error: failure.name ?? 'error' };
    });
  }

  async allDocs(query: AllDocsQuery): Promise<AllDocsRow[]> {
    this.stats.reads += 1;
    const response = await this.db.allDocs(query as PouchDB.Core.AllDocsOptions);
    const rows = response.rows as unknown as AllDocsRow[];
    this.count(rows);
    return rows;
  }

  async query(view: string, query: ViewQuery): Promise<ViewRow[]> {
    this.stats.reads += 1;
    const response = await this.db.query(
      view,
      query as PouchDB.Query.Options<Record<string, unknown>, Record<string, unknown>>,
    );
    const rows = response.rows as unknown as ViewRow[];
    this.count(rows);
    return rows;
  }

  private count(rows: readonly { readonly doc?: StoredDoc | null }[]): void {
    for (const row of rows) {
      if (row.doc) this.stats.docsRead += 1;
      else this.stats.indexRowsRead += 1;
    }
  }

  /** The database's update sequence: it changes whenever a document changes. */
  async updateSeq(): Promise<string> {
    return JSON.stringify((await this.db.info()).update_seq);
  }

  /** The number of documents, design documents excluded: no index read, whatever the size. */
  async documentCount(): Promise<number> {
    this.stats.reads += 1;
    const [info, designs] = await Promise.all([
      this.db.info(),
      this.db.allDocs({ startkey: '_design/', endkey: '_design/\uffff' }),
    ]);
    this.stats.indexRowsRead += designs.rows.length;
    return info.doc_count - designs.rows.length;
  }

  /**
   * The documents changed after `since` (an update sequence, as updateSeq() gives it), each once in its
   * winning revision or as deleted, and the sequence they bring the reader to.
   */
  async changesSince(
    since: string,
  ): Promise<{ readonly changes: readonly ChangedDoc[]; readonly seq: string }> {
    this.stats.reads += 1;
    const response = await this.db.changes({ since: JSON.parse(since), include_docs: true });
    const changes = response.results.map(
      (change): ChangedDoc => ({
        id: change.id,
        deleted: change.deleted === true,
        doc: change.deleted ? null : ((change.doc as unknown as StoredDoc | undefined) ?? null),
      }),
    );
    this.count(changes);
    return { changes, seq: JSON.stringify(response.last_seq) };
  }

  /** A `_local/` document (never replicated), or null. */
  async getLocal(id: string): Promise<StoredDoc | null> {
    try {
      return (await this.db.get(`_local/${id}`)) as unknown as StoredDoc;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Writes (or, with null, removes) a `_local/` document, whatever its current revision. */
  async setLocal(id: string, fields: Record<string, unknown> | null): Promise<void> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const current = await this.getLocal(id);
      try {
        if (fields === null) {
          if (current?._rev) await this.db.remove(current._id, current._rev);
          return;
        }
        await this.db.put({
          _id: `_local/${id}`,
          ...fields,
          ...(current?._rev ? { _rev: current._rev } : {}),
        });
        return;
      } catch (error) {
        if (!isConflict(error) && !isNotFound(error)) throw error;
        await backoff(attempt);
      }
    }
    throw new PortError('unavailable', 'A local setting could not be saved.');
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** Deletes the database and opens a fresh, empty one under the same name. */
  async wipe(): Promise<void> {
    await this.db.destroy();
    this.db = this.open();
  }

  async destroy(): Promise<void> {
    await this.db.destroy();
  }
}
