import type { DemoControls, DemoMailbox, DemoSmsInbox } from '../demo';
import type { PublicReads } from '../domain/public-reads';
import type { UseCases } from '../domain/use-cases';

/*
 * The services the UI runs on, and where they come from, without React: the first script (main.tsx)
 * builds the source and starts the public reads before React has even downloaded (issue 19). The
 * React side (the provider and the hooks) is app-services.tsx.
 */

/**
 * The demo extras: the outbox pages (e-mail and SMS the demo "sent") and, on the local backends, the
 * presenter's reset. Null in production.
 */
export interface DemoServices {
  readonly mailbox: DemoMailbox;
  readonly sms: DemoSmsInbox;
  /** Null where the data is not the browser's to reset (the Firebase emulators). */
  readonly controls: DemoControls | null;
}

/** What every page knows before any backend has loaded: the product's name and contact. */
export interface AppSettings {
  readonly productName: string;
  readonly supportEmail: string;
  readonly backend: 'memory' | 'pouchdb' | 'firebase';
}

/**
 * Changes another device made arriving on this one (a PouchDB device syncing with its server): the
 * screens read again when told. Absent where reads are always the server's (Firestore's queries) or
 * nothing arrives (memory, a PouchDB device that does not sync).
 */
export interface Arrivals {
  subscribe(listener: () => void): () => void;
}

/** What the composition root hands the UI once a backend has loaded: the use cases, the demo extras. */
export interface AppServices {
  readonly useCases: UseCases;
  readonly demo: DemoServices | null;
  readonly settings: AppSettings;
  readonly arrivals?: Arrivals | null;
}

/** Why the app could not start: shown instead of the pages (bad configuration, storage unavailable). */
export class StartupFailure extends Error {
  override readonly name = 'StartupFailure';
  constructor(
    readonly configuration: boolean,
    readonly problems: readonly string[],
  ) {
    super(problems.join('\n'));
  }
}

/**
 * The services, loaded on demand. The first paint of a public page needs no backend: the composition
 * root hands the UI a source whose `load()` downloads and builds the backend once, the first time a
 * route, a query or a button needs it (or right after the first paint, whichever comes first).
 */
export interface ServiceSource {
  readonly settings: AppSettings;
  /** Loads the backend once; later calls get the same promise. Rejects with a StartupFailure. */
  load(): Promise<AppServices>;
  /** The services if they have loaded, else null. */
  current(): AppServices | null;
  /** The startup failure, once loading has failed. */
  failure(): StartupFailure | null;
  /** Told when the services load or fail. */
  subscribe(listener: () => void): () => void;
  /**
   * The public pages' reads (the landing page's store links, a tracking link's repair and invoice): a
   * backend of their own where the build has one (the production build reads them over Firestore's
   * REST API, without the SDK: src/app/containers/public-boot.ts), else the loaded backend's use cases. A
   * failure is the read's (the route shows it with Retry), never a startup failure, and the next call
   * tries again.
   */
  loadPublic(): Promise<PublicReads>;
}

/** The public reads of a loaded backend. */
export function publicReadsOf({ useCases }: AppServices): PublicReads {
  return {
    resolveTracking: (token) => useCases.shop.resolveTracking(token),
    invoiceByTrackingToken: (token) => useCases.invoices.byTrackingToken(token),
    storeLinks: () => useCases.config.storeLinks(),
  };
}

export function createServiceSource(
  settings: AppSettings,
  loader: () => Promise<AppServices>,
  /** The public reads' own backend; absent: the loaded backend's (publicReadsOf). */
  publicLoader?: () => Promise<PublicReads>,
): ServiceSource {
  let loading: Promise<AppServices> | null = null;
  let publicReads: Promise<PublicReads> | null = null;
  let loaded: AppServices | null = null;
  let failed: StartupFailure | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const source: ServiceSource = {
    settings,
    load() {
      loading ??= loader().then(
        (services) => {
          loaded = services;
          notify();
          return services;
        },
        (error: unknown) => {
          failed =
            error instanceof StartupFailure
              ? error
              : new StartupFailure(false, [error instanceof Error ? error.message : String(error)]);
          notify();
          throw failed;
        },
      );
      return loading;
    },
    loadPublic() {
      publicReads ??= Promise.resolve()
        .then(() => publicLoader?.() ?? source.load().then(publicReadsOf))
        .then(sharedReads)
        .catch((error: unknown) => {
          publicReads = null;
          throw error;
        });
      return publicReads;
    },
    current: () => loaded,
    failure: () => failed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return source;
}

/** How long a public read's answer is handed to whoever asks again (the route after the first script). */
export const SHARED_READ_MS = 5_000;

/**
 * The public reads, each answer shared for SHARED_READ_MS with the next caller asking the same: the
 * first script starts a tracking link's reads before React has downloaded (main.tsx), and the route's
 * loader then gets those answers instead of reading again. A read that throws, or answers 'failed',
 * is not shared (Retry reads again).
 */
export function sharedReads(reads: PublicReads, now: () => number = Date.now): PublicReads {
  const recent = new Map<string, { readonly promise: Promise<unknown>; until: number }>();
  const share = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const hit = recent.get(key);
    if (hit !== undefined && hit.until > now()) return hit.promise as Promise<T>;
    const entry = { promise: read(), until: Number.POSITIVE_INFINITY };
    recent.set(key, entry);
    const forget = () => {
      if (recent.get(key) === entry) recent.delete(key);
    };
    entry.promise.then((answer) => {
      const failed = (answer as { ok?: unknown; reason?: unknown } | null)?.reason === 'failed';
      if (failed) forget();
      else entry.until = now() + SHARED_READ_MS;
    }, forget);
    return entry.promise as Promise<T>;
  };
  return {
    resolveTracking: (token) => share(`link:${token}`, () => reads.resolveTracking(token)),
    invoiceByTrackingToken: (token) => share(`invoice:${token}`, () => reads.invoiceByTrackingToken(token)),
    storeLinks: () => share('store-links', () => reads.storeLinks()),
  };
}

/** A source over services that are already built (tests, and anything that wires synchronously). */
export function readyServiceSource(services: AppServices): ServiceSource {
  return createServiceSource(services.settings, async () => services);
}
