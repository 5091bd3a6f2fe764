import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { cryptoRandomBytes } from '../../src/app/containers/bind-use-cases';
import { ManualClock } from '../../src/demo/manual-clock';
import { createUseCases } from '../../src/domain/use-cases';
import { App } from '../../src/ui/app';
import { preloadAllScreens } from '../../src/ui/routing/screens';
import type { AppServices } from '../../src/ui/service-source';

/**
 * html[data-offline-ready] tells the offline tests (and anyone) when cutting the network is safe: every
 * screen loaded, the backend, and the app cached by the service worker (main.tsx hands App the
 * worker's registration as `offlineCache`).
 */
function services(): AppServices {
  const backend = createMemoryBackend({
    clock: new ManualClock(new Date(2026, 10, 21)),
    productName: 'RepairMate',
  });
  return {
    useCases: createUseCases(backend.ports, {
      resetPasswordUrl: 'http://localhost:4173/reset-password',
      random: cryptoRandomBytes,
    }),
    demo: null,
    settings: { productName: 'RepairMate', supportEmail: 'support@repairmate.app', backend: 'memory' },
  };
}

const ready = () => document.documentElement.dataset.offlineReady;

async function renderAt(path: string, offlineCache?: Promise<boolean>) {
  render(
    <App
      services={services()}
      history={createMemoryHistory({ initialEntries: [path] })}
      {...(offlineCache ? { offlineCache: () => offlineCache } : {})}
    />,
  );
  await screen.findByRole('heading', { level: 1 });
  // The same screens the app preloads once idle: when these have loaded, only the worker is awaited.
  await preloadAllScreens();
}

/** Time for the app to set the attribute, had it nothing more to wait for (the last test: far less). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

afterEach(() => {
  delete document.documentElement.dataset.offlineReady;
});

describe('html[data-offline-ready]', () => {
  it('waits for the service worker to have the app cached', async () => {
    let cached!: (value: boolean) => void;
    await renderAt(
      '/terms',
      new Promise<boolean>((resolve) => {
        cached = resolve;
      }),
    );
    await settle();
    expect(ready()).toBeUndefined();
    cached(true);
    await expect.poll(ready).toBe('true');
  });

  it('stays unset when the app could not be cached (the registration failed)', async () => {
    await renderAt('/terms', Promise.resolve(false));
    await settle();
    expect(ready()).toBeUndefined();
  });

  it('needs the screens only where there is no worker (dev mode, tests)', async () => {
    await renderAt('/terms');
    await expect.poll(ready).toBe('true');
  });
});
