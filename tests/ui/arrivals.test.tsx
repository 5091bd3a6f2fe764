import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Arrivals } from '../../src/ui/service-source';
import { renderApp } from './render-app';

/**
 * On a device that syncs (PouchDB with a sync server), what another device changed arrives in the
 * background: told so (AppServices.arrivals), the screen on show reads again, without a reload.
 */
function arrivals(): Arrivals & { arrive(): void; followed(): number } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    arrive() {
      for (const listener of listeners) listener();
    },
    followed: () => listeners.size,
  };
}

const estimate = async () => {
  const term = await screen.findByText('Estimate (₹)', { selector: 'dt' });
  return within(term.parentElement as HTMLElement).getByRole('definition').textContent;
};

describe('changes arriving from another device', () => {
  it('show on the repair page without a reload', async () => {
    const device = arrivals();
    const { backend } = await renderApp({
      path: '/shop/repairs/repair-1001',
      signedInAs: 'owner01@demo.test',
      arrivals: device,
    });
    await screen.findByRole('heading', { level: 1, name: 'RPR-1001' });
    expect(await estimate()).toBe('₹2,800');
    expect(device.followed()).toBe(1);
    // Another device's edit, as replication writes it to this device's database.
    await backend.ports.shopRepairs.update('repair-1001', { estimatePaise: 310_000 });
    expect(await estimate()).toBe('₹2,800');
    device.arrive();
    await expect.poll(estimate).toBe('₹3,100');
  });
});
