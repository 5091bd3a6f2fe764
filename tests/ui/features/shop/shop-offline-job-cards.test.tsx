import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFLINE_JOB_CARD_TEXTS } from '../../../../src/ui/features/shop/shop-texts';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';

/**
 * How many job cards a device can take with the network down, on the job card (issue 20, ADR 0012).
 * On Firebase the repairs port answers the Repair IDs this device holds (tests/firebase/
 * repair-id-blocks.test.ts); here the memory backend's port is made to answer as Firebase would.
 */
async function withDeviceHolding(
  held: number | null | 'fails',
): Promise<{ app: RenderedApp; asked: string[] }> {
  const app = await renderApp({ path: '/terms', signedInAs: OWNER });
  const asked: string[] = [];
  app.backend.ports.shopRepairs.prepareOffline = async (storeId) => {
    asked.push(storeId);
    if (held === 'fails') throw new Error('the network dropped');
    return { repairIdsHeld: held };
  };
  return { app, asked };
}

describe('the job card says how many job cards this device can take offline', () => {
  it('says how many Repair IDs the device holds, after readying it for the store', async () => {
    const { app, asked } = await withDeviceHolding(18);
    await app.router.navigate({ to: '/shop/repairs/new' });
    expect(await screen.findByText(OFFLINE_JOB_CARD_TEXTS.ready(18))).toBeTruthy();
    expect(OFFLINE_JOB_CARD_TEXTS.ready(18)).toContain('holds 18 Repair IDs');
    expect(OFFLINE_JOB_CARD_TEXTS.ready(1)).toContain('holds 1 Repair ID,');
    expect(asked.length).toBeGreaterThan(0);
  });

  it('says a job card waits as a draft offline when the device holds none', async () => {
    const { app } = await withDeviceHolding(0);
    await app.router.navigate({ to: '/shop/repairs/new' });
    expect(await screen.findByText(OFFLINE_JOB_CARD_TEXTS.none)).toBeTruthy();
  });

  it.each([
    ['job cards have no limit offline (the demo)', null],
    ['readying the device failed', 'fails'],
  ] as const)('says nothing where %s', async (_, held) => {
    const { app, asked } = await withDeviceHolding(held);
    await app.router.navigate({ to: '/shop/repairs/new' });
    await screen.findByRole('heading', { name: 'New Repair' });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('offline-job-cards')).toBeNull();
  });

  it('readies the device from the board, before any job card is opened', async () => {
    const { app, asked } = await withDeviceHolding(20);
    await app.router.navigate({ to: '/shop' });
    await screen.findByRole('region', { name: 'Repairs' });
    await waitFor(() => expect(asked).toHaveLength(1));
  });
});
