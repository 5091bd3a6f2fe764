import type { ServiceIdentifier } from 'inversify';
import type { DemoControls, DemoMailbox, DemoSmsInbox, Seeder } from '../demo';
import type { UseCases } from '../domain/use-cases';
import type { Ports } from '../ports';
import type { Arrivals } from '../ui/service-source';
import type { AppConfig } from './config';

const token = <T>(name: string) => Symbol.for(`RepairMate.${name}`) as ServiceIdentifier<T>;

/**
 * The DI tokens: the whole Ports record (what the use cases are built from), the bound use cases, the
 * demo extras and the configuration. Each port also has its own token, derived from its key in the
 * Ports record (portToken): adding a port adds no token here.
 */
export const TOKENS = {
  AppConfig: token<AppConfig>('AppConfig'),
  Ports: token<Ports>('Ports'),
  Seeder: token<Seeder>('Seeder'),
  DemoMailbox: token<DemoMailbox>('DemoMailbox'),
  DemoSmsInbox: token<DemoSmsInbox>('DemoSmsInbox'),
  DemoControls: token<DemoControls>('DemoControls'),
  UseCases: token<UseCases>('UseCases'),
  Arrivals: token<Arrivals>('Arrivals'),
} as const;

/** The token of one port, by its key in the Ports record (src/ports/index.ts), e.g. portToken('users'). */
export const portToken = <K extends keyof Ports>(name: K): ServiceIdentifier<Ports[K]> =>
  token<Ports[K]>(`port.${name}`);
