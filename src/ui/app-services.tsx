import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { UseCases } from '../domain/use-cases';
import type { AppServices, AppSettings, DemoServices, ServiceSource } from './service-source';

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
