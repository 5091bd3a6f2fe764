import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { DemoControls, DemoMailbox, DemoSmsInbox } from '../demo';
import type { PublicReads } from '../domain/public-reads';
import type { UseCases } from '../domain/use-cases';

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

/** What the composition root hands the UI once a backend has loaded: the use cases, the demo extras. */
export interface AppServices {
  readonly useCases: UseCases;
  readonly demo: DemoServices | null;
  readonly settings: AppSettings;
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
   * REST API, without the SDK: src/app/public-boot.ts), else the loaded backend's use cases. A
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

/** A source over services that are already built (tests, and anything that wires synchronously). */
export function readyServiceSource(services: AppServices): ServiceSource {
  return createServiceSource(services.settings, async () => services);
}

type AsyncGroup = Exclude<keyof UseCases, 'clock' | 'session'>;

/**
 * A use-case group that waits for the backend: `accounts.signIn(...)` on a page painted before the
 * backend loaded downloads it first, then signs in. Every method of these groups returns a promise.
 */
function deferredGroup<K extends AsyncGroup>(source: ServiceSource, key: K): UseCases[K] {
  return new Proxy({} as UseCases[K], {
    get:
      (_target, name) =>
      async (...args: unknown[]) => {
        const group = (await source.load()).useCases[key] as Record<PropertyKey, unknown>;
        const method = group[name];
        if (typeof method !== 'function') throw new TypeError(`No use case ${key}.${String(name)}`);
        return method(...args);
      },
  });
}

const deferredGroups = new WeakMap<ServiceSource, Map<string, unknown>>();
function deferred<K extends AsyncGroup>(source: ServiceSource, key: K): UseCases[K] {
  let groups = deferredGroups.get(source);
  if (groups === undefined) {
    groups = new Map();
    deferredGroups.set(source, groups);
  }
  let group = groups.get(key) as UseCases[K] | undefined;
  if (group === undefined) {
    group = deferredGroup(source, key);
    groups.set(key, group);
  }
  return group;
}

const ServicesContext = createContext<ServiceSource | null>(null);

export function AppServicesProvider({ source, children }: { source: ServiceSource; children: ReactNode }) {
  return <ServicesContext.Provider value={source}>{children}</ServicesContext.Provider>;
}

export function useServiceSource(): ServiceSource {
  const source = useContext(ServicesContext);
  if (source === null) throw new Error('useServiceSource must be used inside <AppServicesProvider>.');
  return source;
}

/** The loaded services, or null while the backend is still loading (re-renders when it arrives). */
export function useLoadedServices(): AppServices | null {
  const source = useServiceSource();
  return useSyncExternalStore(source.subscribe, source.current, source.current);
}

/** The demo extras once the backend has loaded; null before, and in production. */
export function useDemo(): DemoServices | null {
  return useLoadedServices()?.demo ?? null;
}

/**
 * One group of use cases, e.g. useService('repairs').lookUp(viewer, id). Before the backend has loaded,
 * a stand-in whose calls wait for it. The clock and the session watch are synchronous: they are only for
 * routes whose loader has loaded the backend already.
 */
export function useService<K extends keyof UseCases>(key: K): UseCases[K] {
  const source = useServiceSource();
  const loaded = useLoadedServices();
  if (loaded !== null) return loaded.useCases[key];
  if (key === 'clock' || key === 'session')
    throw new Error(`useService('${key}') needs the backend: load it in the route first.`);
  return deferred(source, key as AsyncGroup) as UseCases[K];
}

export function useSettings(): AppSettings {
  return useServiceSource().settings;
}
