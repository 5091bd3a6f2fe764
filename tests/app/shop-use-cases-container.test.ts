import { describe, expect, it } from 'vitest';
import { parseAppConfig } from '../../src/app/config';
import { createAppContainer } from '../../src/app/create-container';
import { resolveServices } from '../../src/app/resolve-services';
import { ManualClock } from '../../src/demo/manual-clock';
import { emptyJobCard } from '../../src/domain/shop/job-card';
import { isTrackingToken } from '../../src/domain/shop/tracking';

const NOW = new Date(2026, 10, 21, 15, 5);

async function start(random?: (n: number) => Uint8Array) {
  const config = parseAppConfig({ VITE_BACKEND: 'memory' });
  const container = await createAppContainer(config, {
    resetPasswordUrl: 'https://fixit.test/reset-password',
    clock: new ManualClock(NOW),
    ...(random ? { random } : {}),
  });
  const { useCases } = await resolveServices(container, config);
  expect(await useCases.accounts.signIn('owner01@demo.test', 'Demo@1234')).toEqual({ ok: true });
  return useCases;
}

const card = {
  ...emptyJobCard(),
  customerName: 'Walk-in Customer',
  customerMobile: '98765 00001',
  deviceType: 'Mobile' as const,
  brandModel: 'Redmi Note 12',
  problems: ['Battery problem'],
};

async function created(useCases: Awaited<ReturnType<typeof start>>) {
  const stores = await useCases.shop.myStores();
  const store = stores.ok ? stores.value[0] : undefined;
  if (store === undefined) throw new Error('owner01 has no store');
  const result = await useCases.shop.createRepair(store.storeId, card);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.value.repair;
}

describe("the containers' shop use cases", () => {
  it('draw delivery codes and tracking tokens from crypto.getRandomValues by default', async () => {
    const useCases = await start();
    const repair = await created(useCases);
    expect(repair.deliveryCode).toMatch(/^\d{4}$/);
    expect(isTrackingToken(repair.trackingToken)).toBe(true);
    expect(repair.createdAt).toEqual(NOW);
  });

  it('take the random source the options bring', async () => {
    const useCases = await start((n) => new Uint8Array(n));
    const repair = await created(useCases);
    expect(repair.deliveryCode).toBe('0000');
    expect(repair.trackingToken).toBe('A'.repeat(22));
  });
});
