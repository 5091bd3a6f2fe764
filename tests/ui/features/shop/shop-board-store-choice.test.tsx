/*
 * The board's store choice (issue 17, "Also fix"): a store chosen while the board, or the account's
 * stores, are still being read is never undone by that late read, a search typed meanwhile stays, and
 * the choice is remembered on this browser for the account's next sign-in (never a store that is no
 * longer its own).
 */
import { cleanup, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedStore, rememberStore } from '../../../../src/ui/features/shop/board/remembered-store';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
const OWNER_UID = 'demo-owner01';
const ANDHERI = 'Sharma Mobile Care - Andheri';
const BANDRA = 'Sharma Mobile Care - Bandra';

afterEach(() => {
  vi.restoreAllMocks();
});

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const picker = () => screen.getByRole('combobox', { name: 'Store' }) as HTMLSelectElement;
const searchOf = (app: RenderedApp) => app.router.state.location.search as Record<string, unknown>;

/** Holds a use case of the shop until the returned function is called. */
function hold<K extends 'storeBoard' | 'myStores'>(app: RenderedApp, name: K): () => void {
  const shop = app.services.useCases.shop;
  const original = shop[name].bind(shop) as (...args: unknown[]) => Promise<unknown>;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.spyOn(shop, name).mockImplementation((async (...args: unknown[]) => {
    await held;
    return original(...args);
  }) as never);
  return release;
}

async function openBoard(): Promise<RenderedApp> {
  const app = await renderApp({ path: '/shop', signedInAs: OWNER });
  await screen.findByRole('heading', { level: 1, name: ANDHERI });
  return app;
}

describe('/shop, choosing a store', () => {
  it('shows the chosen store at once while its board is read, keeps a search typed meanwhile, and never goes back', async () => {
    const app = await openBoard();
    const release = hold(app, 'storeBoard');
    await app.user.selectOptions(picker(), 'store-sharma-1');
    // The read is held: the picker and the heading already say Bandra, the old rows stay dimmed.
    expect(picker().value).toBe('store-sharma-1');
    expect(heading()).toBe(BANDRA);
    await app.user.type(screen.getByRole('searchbox', { name: 'Search repairs' }), 'asha{Enter}');
    await waitFor(() => expect(searchOf(app)).toEqual({ store: 'store-sharma-1', q: 'asha' }));
    expect(picker().value).toBe('store-sharma-1');
    expect(heading()).toBe(BANDRA);
    release();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Repairs' }).getAttribute('aria-busy')).toBeNull(),
    );
    expect(heading()).toBe(BANDRA);
    expect(picker().value).toBe('store-sharma-1');
    expect(searchOf(app)).toEqual({ store: 'store-sharma-1', q: 'asha' });
    expect((screen.getByRole('searchbox', { name: 'Search repairs' }) as HTMLInputElement).value).toBe(
      'asha',
    );
  });

  it("is not undone by a late read of the account's stores (a session change reads them again)", async () => {
    const app = await openBoard();
    const releaseStores = hold(app, 'myStores');
    const releaseBoard = hold(app, 'storeBoard');
    // What a change of session does (app.tsx followSession): every loader, the stores' included, runs again.
    void app.router.invalidate();
    await app.user.selectOptions(picker(), 'store-sharma-1');
    expect(heading()).toBe(BANDRA);
    releaseStores();
    releaseBoard();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Repairs' }).getAttribute('aria-busy')).toBeNull(),
    );
    expect(heading()).toBe(BANDRA);
    expect(searchOf(app)).toEqual({ store: 'store-sharma-1' });
  });

  it('opens on the store last chosen on this browser after a sign-out and a sign-in', async () => {
    const app = await openBoard();
    await app.user.selectOptions(picker(), 'store-sharma-1');
    await screen.findByRole('heading', { level: 1, name: BANDRA });
    expect(rememberedStore(OWNER_UID)).toBe('store-sharma-1');
    cleanup();
    // A new page load, signed in again: /shop without ?store= opens on Bandra.
    await renderApp({ path: '/shop', signedInAs: OWNER });
    expect(await screen.findByRole('heading', { level: 1, name: BANDRA })).toBeTruthy();
    expect(picker().value).toBe('store-sharma-1');
    const newRepair = screen.getByRole('link', { name: /New Repair/ });
    expect(newRepair.getAttribute('href')).toBe('/shop/repairs/new?store=store-sharma-1');
    // Its rows are Bandra's (RPR-1001 is Bandra's), not Andheri's.
    const region = screen.getByRole('region', { name: 'Repairs' });
    await waitFor(() => expect(within(region).getByText('RPR-1001')).toBeTruthy());
  });

  it("falls back to the first store when the remembered one is no longer the account's", async () => {
    rememberStore(OWNER_UID, 'store-of-someone-else');
    await renderApp({ path: '/shop', signedInAs: OWNER });
    expect(await screen.findByRole('heading', { level: 1, name: ANDHERI })).toBeTruthy();
    expect(picker().value).toBe('store-sharma-2');
  });

  it("keeps each account's choice apart", async () => {
    rememberStore('someone-else', 'store-sharma-1');
    await renderApp({ path: '/shop', signedInAs: OWNER });
    expect(await screen.findByRole('heading', { level: 1, name: ANDHERI })).toBeTruthy();
  });
});
