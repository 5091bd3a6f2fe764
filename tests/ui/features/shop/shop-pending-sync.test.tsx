import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopRepair } from '../../../../src/domain/shop/repair-record';
import { PENDING_SYNC_REFETCH_MS } from '../../../../src/ui/features/shop/queries';
import { SYNC_TEXTS } from '../../../../src/ui/features/shop/shop-texts';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
const PENDING = 'RPR-1004';

/**
 * The mark of a repair changed on this device that the server does not have yet: on the Firebase
 * build the Firestore adapter sets pendingSync from its queued offline writes (tests/firebase/
 * shop-offline.test.ts); here the memory backend's repairs port says so for one repair.
 */
const sync = { pending: true };

async function withPendingRepair(): Promise<RenderedApp> {
  sync.pending = true;
  const app = await renderApp({ path: '/terms', signedInAs: OWNER });
  const port = app.backend.ports.shopRepairs;
  const mark = (repair: ShopRepair): ShopRepair =>
    sync.pending && repair.repairId === PENDING ? { ...repair, pendingSync: true } : repair;
  const page = port.page.bind(port);
  const get = port.get.bind(port);
  port.page = async (storeId, request) => {
    const result = await page(storeId, request);
    return { ...result, items: result.items.map(mark) };
  };
  port.get = async (id) => {
    const repair = await get(id);
    return repair === null ? null : mark(repair);
  };
  return app;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a repair not yet synced', () => {
  it('is marked on the board, in its row only', async () => {
    const app = await withPendingRepair();
    await app.router.navigate({ to: '/shop' });
    const region = await screen.findByRole('region', { name: 'Repairs' });
    const table = within(region).getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const marked = within(row).queryByText(SYNC_TEXTS.pendingSync) !== null;
      expect(marked).toBe(row.textContent?.includes(PENDING));
    }
  });

  it('is marked on a phone, in its card only', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const app = await withPendingRepair();
    await app.router.navigate({ to: '/shop' });
    const region = await screen.findByRole('region', { name: 'Repairs' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    const cards = within(region)
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.includes(SYNC_TEXTS.pendingSync));
    expect(cards).toHaveLength(1);
    expect(cards[0]?.textContent).toContain(PENDING);
    const badge = within(cards[0] as HTMLElement).getByText(SYNC_TEXTS.pendingSync);
    expect(badge.getAttribute('title')).toBe(SYNC_TEXTS.pendingSyncHint);
    expect(badge.parentElement?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it("is marked in the repair page's header, and a synced repair is not", async () => {
    const app = await withPendingRepair();
    await app.router.navigate({ to: '/shop' });
    const region = await screen.findByRole('region', { name: 'Repairs' });
    const table = await within(region).findByRole('table');
    await app.user.click(await within(table).findByRole('link', { name: PENDING }));
    const heading = await screen.findByRole('heading', { level: 1, name: PENDING });
    const header = heading.parentElement as HTMLElement;
    expect(within(header).getByText(SYNC_TEXTS.pendingSync)).toBeTruthy();
    expect(within(header).getByText(`(${SYNC_TEXTS.pendingSyncHint})`, { exact: false })).toBeTruthy();

    await app.router.navigate({ to: '/shop' });
    const again = await screen.findByRole('region', { name: 'Repairs' });
    await app.user.click(
      await within(await within(again).findByRole('table')).findByRole('link', { name: 'RPR-1007' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'RPR-1007' });
    expect(screen.queryByText(SYNC_TEXTS.pendingSync)).toBeNull();
  });

  it('loses its mark once the server has the change (the screen reads again while a repair is pending)', async () => {
    const app = await withPendingRepair();
    await app.router.navigate({ to: '/shop' });
    const region = await screen.findByRole('region', { name: 'Repairs' });
    await within(region).findByText(SYNC_TEXTS.pendingSync);
    sync.pending = false;
    await waitFor(() => expect(within(region).queryByText(SYNC_TEXTS.pendingSync)).toBeNull(), {
      timeout: PENDING_SYNC_REFETCH_MS * 2,
    });
  }, 20_000);
});
