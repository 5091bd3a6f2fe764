import { INVOICE_MESSAGES } from '../../domain/shop/invoice';
import { PortError } from '../../ports/errors';
import type { NewDoc, PouchConstructor, StoredDoc } from './pouchdb-collection';
import { type CollectionName, type PouchDatabases, SYNCED_COLLECTIONS } from './pouchdb-databases';
import type { InvoiceAuthority, InvoiceDocs } from './pouchdb-shop-invoices';

/** What the sync asks the repositories to do when replication brings something to reconcile. */
export interface SyncReconciler {
  /** Settles a users document: merges conflicting revisions, finishes pending recharges, checks the balance. */
  settleUser(uid: string): Promise<unknown>;
  /** Merges the conflicting revisions of a support issue, field by field. */
  resolveSupport(id: string): Promise<unknown>;
  /** Keeps the winning revision of a ledger document (the same idempotency key used on two devices). */
  resolveLedger(id: string): Promise<unknown>;
  /**
   * Settles the conflicting revisions of a repair: merged when they differ only by payments taken on
   * two devices (pouchdb-shop-payments.ts settleRepairConflict), every payment counted once; otherwise
   * this device's revisions become refused changes beside the server's (`serverRevision`, asked only
   * then; pouchdb-repair-conflicts.ts settleEditConflict).
   */
  resolveRepair(id: string, serverRevision: () => Promise<string | null>): Promise<unknown>;
}

export interface SyncOptions {
  /**
   * The sync server's gateway, e.g. http://127.0.0.1:5984, with this device's account in it
   * (http://counter-1:secret@host:5984) or in `device`.
   */
  readonly url: string;
  /** This device's account on the sync server. */
  readonly device?: { readonly username: string; readonly password: string };
  /** Remote database names are `${remotePrefix}-${collection}`. */
  readonly remotePrefix: string;
}

export type SyncState = 'stopped' | 'active' | 'paused' | 'error';

/** Runs at most one task per key at a time; a key asked for again while running runs once more after. */
class KeyedQueue {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  errors = 0;

  run(key: string, task: () => Promise<unknown>): void {
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    const loop = async () => {
      do {
        this.again.delete(key);
        try {
          await task();
        } catch {
          // Left for the next read, which settles again.
          this.errors += 1;
        }
      } while (this.again.has(key));
      this.running.delete(key);
    };
    this.running.set(key, loop());
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }
}

/**
 * The wait before replication tries the server again after a failure: 1 s, doubling up to 10 s. (PouchDB's
 * own waits a random time of up to 10 minutes, which would leave a counter back on the network unsynced
 * for minutes; the browser's 'online' event also restarts it at once: PouchSync.reconnect.)
 */
export const backOff = (delay: number): number => (delay <= 0 ? 1_000 : Math.min(delay * 2, 10_000));

/** How long a one-off question to the server (a revision, what it lacks) may take. */
const QUESTION_MS = 5_000;

/** How long a burst of arrivals is gathered before the listeners are told (PouchSync.onArrival). */
const ARRIVAL_MS = 300;

/** How long stop() waits for requests still on their way (a cancelled long poll is aborted at once). */
const STOP_WAIT_MS = 5_000;

interface Cancellable {
  cancel(): void;
}

const notDesign = (doc: { _id: string }) => !doc._id.startsWith('_design/');

type Fetch = (url: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A connection the server closed under the request: a keep-alive socket closed just as it was reused. */
function isConnectionReset(error: unknown): boolean {
  const { code, errno, message } = (error ?? {}) as { code?: unknown; errno?: unknown; message?: unknown };
  return (
    code === 'ECONNRESET' ||
    errno === 'ECONNRESET' ||
    (typeof message === 'string' && /socket hang up/i.test(message))
  );
}

/**
 * The sync client's HTTP: a read (GET, HEAD) whose connection was reset is sent again, up to `attempts`
 * times. Writes are never resent here (replication retries them itself, idempotently by revision). This
 * matters because PouchDB's replicator reads the remote's info for progress without handling a failure.
 */
export function retryOnReset(base: Fetch, attempts = 3): Fetch {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await base(url, init);
      } catch (error) {
        const retry =
          isConnectionReset(error) && (method === 'GET' || method === 'HEAD') && attempt < attempts;
        if (!retry || init?.signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
      }
    }
  };
}

/**
 * Live, two-way replication of every synced collection with a CouchDB-compatible server, and the
 * reconciliation of what replication brings (docs/pouchdb.md, "Two devices"): conflicting revisions
 * and ledger documents that change a distributor's balance.
 */
export class PouchSync {
  private replications: (Cancellable & PromiseLike<unknown>)[] = [];
  private feeds: Cancellable[] = [];
  private remotes: { close(): Promise<void> }[] = [];
  private readonly queue = new KeyedQueue();
  /** Requests to the server not answered yet; stop() waits for them. */
  private readonly inflight = new Set<Promise<Response>>();
  /** Bumped by stop(): requests of replications started before it are never sent. */
  private epoch = 0;
  private readonly states = new Map<CollectionName, SyncState>();
  lastError: unknown = null;
  /** Writes of this device the server refused, newest last (for the app to show, and for tests). */
  readonly denied: { readonly collection: CollectionName; readonly error: unknown }[] = [];

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly PouchDB: PouchConstructor,
    private readonly options: SyncOptions,
    private readonly reconciler: SyncReconciler,
  ) {}

  /** The fetch PouchDB itself would use (node-fetch in Node, the browser's otherwise). */
  private baseFetch(): Fetch {
    const own = (this.PouchDB as unknown as { fetch?: Fetch }).fetch;
    return own ?? ((url, init) => globalThis.fetch(url, init));
  }

  /**
   * The sync's HTTP: reads resent on a reset connection (retryOnReset), and every request tracked so
   * that stop() can wait for it. A cancelled replication may still make a call or two (its last
   * checkpoint, the remote's info for progress, which PouchDB neither waits for nor catches): such a
   * call is sent, but should it fail (the server may be gone by then) it stays unanswered rather than
   * become an unhandled rejection.
   */
  private trackedFetch(): Fetch {
    const base = retryOnReset(this.baseFetch());
    const epoch = this.epoch;
    return (url, init) => {
      if (epoch !== this.epoch) return base(url, init).catch(() => new Promise<Response>(() => undefined));
      const request = base(url, init);
      this.inflight.add(request);
      const settled = () => this.inflight.delete(request);
      request.then(settled, settled);
      return request;
    };
  }

  /** The server's address without credentials, and the device account (from the URL or the options). */
  private endpoint(): { base: string; auth: { username: string; password: string } | undefined } {
    const url = new URL(this.options.url);
    const fromUrl =
      url.username === ''
        ? undefined
        : { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
    url.username = '';
    url.password = '';
    return { base: url.toString().replace(/\/+$/, ''), auth: this.options.device ?? fromUrl };
  }

  remoteName(collection: CollectionName): string {
    return `${this.endpoint().base}/${this.options.remotePrefix}-${collection}`;
  }

  get running(): boolean {
    return this.replications.length > 0;
  }

  /** The state of each collection's replication. */
  state(): Readonly<Record<string, SyncState>> {
    return Object.fromEntries(SYNCED_COLLECTIONS.map((name) => [name, this.states.get(name) ?? 'stopped']));
  }

  start(): void {
    if (this.running) return;
    for (const name of SYNCED_COLLECTIONS) {
      const local = this.dbs.collection(name).database;
      // The server's databases are provisioned by its administrator: a client never tries to create
      // them (skip_setup), which also keeps two devices starting at once from racing to do so.
      const { auth } = this.endpoint();
      const remote = new this.PouchDB(this.remoteName(name), {
        skip_setup: true,
        fetch: this.trackedFetch(),
        ...(auth ? { auth } : {}),
      } as PouchDB.Configuration.RemoteDatabaseConfiguration);
      this.remotes.push(remote);
      const replication = local.sync(remote, {
        live: true,
        retry: true,
        filter: notDesign,
        back_off_function: backOff,
      });
      replication
        .on('change', (info: { direction?: string; change?: { docs_written?: number } }) => {
          if (info.direction === 'pull' && (info.change?.docs_written ?? 0) > 0) this.arrived();
        })
        .on('active', () => this.states.set(name, 'active'))
        .on('paused', (error: unknown) => this.states.set(name, error ? 'error' : 'paused'))
        .on('error', (error: unknown) => {
          this.lastError = error;
          this.states.set(name, 'error');
        })
        .on('denied', (error: unknown) => {
          // The server refused a document this device wrote (its rules): it stays on this device only.
          this.denied.push({ collection: name, error });
        });
      this.replications.push(replication);
    }
    this.watch('users', (doc) => {
      if ((doc._conflicts?.length ?? 0) > 0)
        this.queue.run(`user:${doc._id}`, () => this.reconciler.settleUser(doc._id));
    });
    this.watch('support', (doc) => {
      if ((doc._conflicts?.length ?? 0) > 0)
        this.queue.run(`support:${doc._id}`, () => this.reconciler.resolveSupport(doc._id));
    });
    this.watch('repairs', (doc) => {
      if ((doc._conflicts?.length ?? 0) > 0)
        this.queue.run(`repair:${doc._id}`, () => this.settleRepair(doc._id));
    });
    this.watch('transactions', (doc) => {
      if ((doc._conflicts?.length ?? 0) > 0)
        this.queue.run(`ledger:${doc._id}`, () => this.reconciler.resolveLedger(doc._id));
      const distributorId = doc.distributorId;
      if (typeof doc.ledgerPaise === 'number' && typeof distributorId === 'string' && distributorId !== '')
        this.queue.run(`user:${distributorId}`, () => this.reconciler.settleUser(distributorId));
    });
  }

  /**
   * A database on the server for one question (serverRevision, serverLacks): its requests give up after
   * QUESTION_MS, so that a connection that hangs (a network just back) never holds a screen's read.
   */
  private questionRemote(name: CollectionName) {
    const { auth } = this.endpoint();
    const base = retryOnReset(this.baseFetch());
    const fetch: Fetch = (url, init) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), QUESTION_MS);
      init?.signal?.addEventListener('abort', () => controller.abort());
      return base(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
    };
    return new this.PouchDB(this.remoteName(name), {
      skip_setup: true,
      fetch,
      ...(auth ? { auth } : {}),
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);
  }

  /**
   * The revision of a document the server holds now (its winner), or null: it has none, or it cannot
   * be reached (the caller tries again on the next change).
   */
  async serverRevision(name: CollectionName, id: string): Promise<string | null> {
    const remote = this.questionRemote(name);
    try {
      return (await remote.get(id))._rev;
    } catch {
      return null;
    } finally {
      await remote.close().catch(() => undefined);
    }
  }

  /**
   * Which of these revisions of a database's documents the server lacks (its `_revs_diff`), or null when
   * it cannot be asked now (PouchOutbox).
   */
  async serverLacks(
    name: CollectionName,
    revisions: Readonly<Record<string, string>>,
  ): Promise<ReadonlySet<string> | null> {
    const ids = Object.keys(revisions);
    if (ids.length === 0) return new Set();
    const remote = this.questionRemote(name);
    try {
      const asked = Object.fromEntries(ids.map((id) => [id, [revisions[id] as string]]));
      const missing = (await remote.revsDiff(asked)) as Record<string, { missing?: string[] }>;
      return new Set(ids.filter((id) => (missing[id]?.missing?.length ?? 0) > 0));
    } catch {
      return null;
    } finally {
      await remote.close().catch(() => undefined);
    }
  }

  /** Settles a repair's conflicting revisions now (replication brought one; the repair page asks too). */
  async settleRepair(id: string): Promise<unknown> {
    const settled = await this.reconciler.resolveRepair(id, () => this.serverRevision('repairs', id));
    this.arrived();
    return settled;
  }

  private readonly arrivalListeners = new Set<() => void>();
  private arrivalTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Told when replication has brought documents another device wrote (at most once per ARRIVAL_MS, after
   * the last of a burst): the screens read again, so a repair changed elsewhere shows without a reload.
   */
  onArrival(listener: () => void): () => void {
    this.arrivalListeners.add(listener);
    return () => this.arrivalListeners.delete(listener);
  }

  private arrived(): void {
    if (this.arrivalListeners.size === 0) return;
    if (this.arrivalTimer !== null) clearTimeout(this.arrivalTimer);
    this.arrivalTimer = setTimeout(() => {
      this.arrivalTimer = null;
      for (const listener of this.arrivalListeners) listener();
    }, ARRIVAL_MS);
  }

  private watch(name: CollectionName, onDoc: (doc: StoredDoc) => void): void {
    const feed = this.dbs
      .collection(name)
      .database.changes({ since: 'now', live: true, include_docs: true, conflicts: true })
      .on('change', (change) => {
        const doc = change.doc as unknown as StoredDoc | undefined;
        if (doc && !doc._deleted && !doc._id.startsWith('_')) onDoc(doc);
      });
    this.feeds.push(feed);
  }

  /**
   * Stops replicating (local data stays): cancels every replication and waits for it and for every
   * request it had sent (at most STOP_WAIT_MS together), then for the reconciliations under way. Once this
   * resolves the server may go: what a cancelled replication still sends cannot fail loudly.
   */
  /**
   * The server's invoices and invoice counters, read and written directly through the gateway: on a
   * syncing device the server gives invoice numbers (pouchdb-shop-invoices.ts, InvoiceAuthority; docs/
   * pouchdb.md "Invoices"). A write the gateway refuses is 'permission-denied' with its reason; a request
   * that cannot reach the server is 'unavailable' (issuing needs the network). Each document written is
   * copied here with its revision history, so this device reads it at once.
   */
  invoiceAuthority(): InvoiceAuthority {
    const { auth } = this.endpoint();
    const open = (name: 'invoices' | 'invoiceCounters') =>
      new this.PouchDB(this.remoteName(name), {
        skip_setup: true,
        fetch: retryOnReset(this.baseFetch()),
        ...(auth ? { auth } : {}),
      } as PouchDB.Configuration.RemoteDatabaseConfiguration);
    const remotes = { invoices: open('invoices'), invoiceCounters: open('invoiceCounters') };
    const failure = (error: unknown): PortError => {
      const { status, reason, message } = (error ?? {}) as {
        status?: unknown;
        reason?: unknown;
        message?: unknown;
      };
      if (status === 401 || status === 403)
        return new PortError(
          'permission-denied',
          String(reason ?? message ?? 'Refused by the sync server.'),
          {
            cause: error,
          },
        );
      return new PortError('unavailable', INVOICE_MESSAGES.needsNetwork, { cause: error });
    };
    const docs = (name: 'invoices' | 'invoiceCounters'): InvoiceDocs => ({
      get: async (id) => {
        try {
          return (await remotes[name].get(id)) as unknown as StoredDoc;
        } catch (error) {
          if ((error as { status?: unknown })?.status === 404) return null;
          throw failure(error);
        }
      },
      put: async (doc: NewDoc) => {
        try {
          return (await remotes[name].put(doc as PouchDB.Core.PutDocument<Record<string, unknown>>)).rev;
        } catch (error) {
          if ((error as { status?: unknown })?.status === 409) return null;
          throw failure(error);
        }
      },
    });
    return {
      invoices: docs('invoices'),
      invoiceCounters: docs('invoiceCounters'),
      mirror: async (name, id) => {
        const doc = await remotes[name].get(id, { revs: true }).catch(() => null);
        if (doc !== null)
          await this.dbs
            .collection(name)
            .database.bulkDocs([doc as unknown as PouchDB.Core.PutDocument<Record<string, unknown>>], {
              new_edits: false,
            });
      },
    };
  }

  async stop(): Promise<void> {
    this.epoch += 1;
    const replications = this.replications;
    this.replications = [];
    for (const feed of this.feeds) feed.cancel();
    this.feeds = [];
    for (const replication of replications) replication.cancel();
    // A cancelled replication may still wait for a request that a stopped server never answers: the wait
    // is bounded.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([
        ...replications.map((replication) => Promise.resolve(replication)),
        ...this.inflight,
      ]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    const remotes = this.remotes;
    this.remotes = [];
    await Promise.allSettled(remotes.map((remote) => remote.close()));
    await this.queue.idle();
    if (this.arrivalTimer !== null) clearTimeout(this.arrivalTimer);
    this.arrivalTimer = null;
    this.states.clear();
  }

  /** Starts replicating again at once (the network is back): what waited for a retry goes now. */
  async reconnect(): Promise<void> {
    if (!this.running) return;
    await this.stop();
    this.start();
  }

  /** Resolves when no reconciliation is queued or running (for tests). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  get reconcileErrors(): number {
    return this.queue.errors;
  }
}
