import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryBackend, type MemoryBackend } from '../../src/adapters/memory/memory-backend';
import { cryptoRandomBytes } from '../../src/app/containers/bind-use-cases';
import { DEMO_PASSWORD, generateDemoData } from '../../src/demo/demo-data';
import { ManualClock } from '../../src/demo/manual-clock';
import { createUseCases } from '../../src/domain/use-cases';
import { App } from '../../src/ui/app';
import type { AppRouter } from '../../src/ui/router';
import type { AppServices, Arrivals } from '../../src/ui/service-source';

/** A fixed "today" for UI tests: 21 Nov 2026, 10:30 local time. */
export const TODAY = new Date(2026, 10, 21, 10, 30);

export interface RenderAppOptions {
  /** The URL to open, e.g. '/dashboard?month=10'. */
  readonly path?: string;
  /** Sign in as a demo account first, e.g. 'admin@demo.test'. */
  readonly signedInAs?: string;
  /** Load the demo data set (default true). */
  readonly demoData?: boolean;
  readonly now?: Date;
  readonly productName?: string;
  /** Changes arriving from another device (a syncing device's AppServices.arrivals). */
  readonly arrivals?: Arrivals;
}

export interface RenderedApp {
  readonly backend: MemoryBackend;
  readonly clock: ManualClock;
  readonly services: AppServices;
  readonly router: AppRouter;
  readonly user: ReturnType<typeof userEvent.setup>;
}

/**
 * Renders the whole app (router, session, query client) on a fresh in-memory backend, as a user
 * would see it at `path`. Component tests drive it with Testing Library and `user`.
 */
export async function renderApp(options: RenderAppOptions = {}): Promise<RenderedApp> {
  const clock = new ManualClock(options.now ?? TODAY);
  const productName = options.productName ?? 'RepairMate';
  const backend = createMemoryBackend({ clock, productName });
  if (options.demoData ?? true) await backend.seeder.load(generateDemoData(clock.now()));
  if (options.signedInAs) await backend.ports.auth.signIn(options.signedInAs, DEMO_PASSWORD);
  const services: AppServices = {
    useCases: createUseCases(backend.ports, {
      resetPasswordUrl: 'http://localhost:4173/reset-password',
      random: cryptoRandomBytes,
    }),
    demo: {
      mailbox: backend.mailbox,
      sms: backend.sms,
      controls: {
        reset: async () => {
          await backend.ports.auth.signOut();
          backend.db.clear();
          await backend.seeder.load(generateDemoData(clock.now()));
        },
      },
    },
    settings: { productName, supportEmail: 'support@repairmate.app', backend: 'memory' },
    ...(options.arrivals ? { arrivals: options.arrivals } : {}),
  };
  let router!: AppRouter;
  const user = userEvent.setup();
  render(
    <App
      services={services}
      history={createMemoryHistory({ initialEntries: [options.path ?? '/'] })}
      onRouter={(created) => {
        router = created;
      }}
    />,
  );
  return { backend, clock, services, router, user };
}

/** The current location of the app under test, e.g. '/signin'. */
export function pathOf(rendered: RenderedApp): string {
  return rendered.router.state.location.pathname;
}

export { screen };
