import { createContext, type ReactNode, useContext } from 'react';
import type { DemoControls, DemoMailbox, DemoSmsInbox } from '../demo';
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

/** What the composition root hands the UI: the use cases, the demo extras, settings. */
export interface AppServices {
  readonly useCases: UseCases;
  readonly demo: DemoServices | null;
  readonly settings: {
    readonly productName: string;
    readonly supportEmail: string;
    readonly backend: 'memory' | 'pouchdb' | 'firebase';
  };
}

const ServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useAppServices must be used inside <AppServicesProvider>.');
  return services;
}

/** One group of use cases, e.g. useService('repairs').lookUp(viewer, id). */
export function useService<K extends keyof UseCases>(key: K): UseCases[K] {
  return useAppServices().useCases[key];
}

export function useSettings(): AppServices['settings'] {
  return useAppServices().settings;
}
