import { readFileSync } from 'node:fs';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed } from '../../../../src/domain/shared/validation';
import { emptyJobCard } from '../../../../src/domain/shop/job-card';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';

function searchOf(app: RenderedApp): Record<string, unknown> {
  return app.router.state.location.search as Record<string, unknown>;
}

function chip(name: RegExp): HTMLElement {
  return within(screen.getByRole('navigation', { name: 'Repairs by status' })).getByRole('button', { name });
}

function rows(): HTMLElement[] {
  const table = within(screen.getByRole('region', { name: 'Repairs' })).getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

async function openBoard(path = '/shop'): Promise<RenderedApp> {
  const app = await renderApp({ path, signedInAs: OWNER });
  await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Andheri' });
  return app;
}

/** A colour of the theme (src/ui/styles.css) or white, as #rrggbb. */
function themeColour(name: string): string {
  if (name === 'white') return '#ffffff';
  const css = readFileSync('src/ui/styles.css', 'utf8');
  const found = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];
  if (found === undefined) throw new Error(`no theme colour ${name}`);
  return found;
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [dark, light] = [luminance(first), luminance(second)].sort((a, b) => a - b) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/shop, the board', () => {
  it('sends a signed-out visitor to /signin', async () => {
    const app = await renderApp({ path: '/shop' });
    await waitFor(() => expect(pathOf(app)).toBe('/signin'));
  });

  it("shows the owner's first store with its counts per status and its repairs, newest first", async () => {
    await openBoard();
    await waitFor(() => expect(chip(/^All/).textContent).toBe('All3'));
    expect(chip(/^Received/).textContent).toBe('Received1');
    expect(chip(/^Sent to Service Center/).textContent).toBe('Sent to Service Center1');
    expect(chip(/^Cancelled/).textContent).toBe('Cancelled1');
    expect(chip(/^Delivered/).textContent).toBe('Delivered0');
    expect(rows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'RPR-1007',
      'RPR-1004',
      'RPR-1009',
    ]);
    const newRepair = screen.getByRole('link', { name: /New Repair/ });
    expect(newRepair.getAttribute('href')).toBe('/shop/repairs/new?store=store-sharma-2');
    expect(document.title).toBe('Repairs · RepairMate');
  });

  it('filters by status with a chip, in the URL', async () => {
    const app = await openBoard();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await app.user.click(chip(/^Sent to Service Center/));
    await waitFor(() => expect(searchOf(app)).toEqual({ status: 'sent_to_service_center' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('RPR-1007');
    expect(chip(/^Sent to Service Center/).getAttribute('aria-pressed')).toBe('true');
    await app.user.click(chip(/^All/));
    await waitFor(() => expect(searchOf(app)).toEqual({}));
  });

  it("keeps the rows on screen, dimmed and busy, until the next filter's rows arrive", async () => {
    const app = await openBoard();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const shop = app.services.useCases.shop;
    const read = shop.storeBoard.bind(shop);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(shop, 'storeBoard').mockImplementation(async (...args) => {
      await held;
      return read(...args);
    });
    await app.user.click(chip(/^Received/));
    const region = screen.getByRole('region', { name: 'Repairs' });
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('true'));
    expect(region.className).toContain('opacity-60');
    expect(rows()).toHaveLength(3);
    release();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(region.getAttribute('aria-busy')).toBeNull();
    expect(rows()[0]?.textContent).toContain('RPR-1004');
  });

  it("writes the active chip's count at 4.5:1 or more (a phone's counter, axe measured 4.44:1)", async () => {
    const app = await openBoard();
    await app.user.click(chip(/^Received/));
    await waitFor(() => expect(chip(/^Received/).getAttribute('aria-pressed')).toBe('true'));
    const count = chip(/^Received/).querySelector('[data-chip-count]') as HTMLElement;
    const classes = count.className.split(/\s+/);
    // Opaque colours only: a see-through background blends into the chip's blue.
    const background = classes.find((name) => name.startsWith('bg-'))?.slice(3) ?? '';
    const text = classes.find((name) => /^text-(white|[a-z]+-\d+)$/.test(name))?.slice(5) ?? '';
    expect(background).toMatch(/^(white|[a-z]+-\d+)$/);
    expect(contrast(themeColour(text), themeColour(background))).toBeGreaterThanOrEqual(4.5);
  });

  it("says a board that cannot be read as the page's error, with Retry that reads it again", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    vi.spyOn(app.services.useCases.shop, 'storeBoard').mockResolvedValueOnce(
      failed(SHOP_MESSAGES.loadFailed, 'failed'),
    );
    await app.router.navigate({ to: '/shop' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SHOP_MESSAGES.loadFailed));
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Andheri' });
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('reads the status and the date range from the URL', async () => {
    await openBoard('/shop?status=received');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('RPR-1004');
  });

  it('filters by date range, and says when the range ends before it starts', async () => {
    const app = await openBoard('/shop?from=2026-11-01&to=2026-11-30');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await app.router.navigate({ to: '/shop', search: { from: '2026-11-10', to: '2026-11-01' } });
    expect(await screen.findByText('The end date must be after the start date.')).toBeTruthy();
  });

  it('switches store with the picker, in the URL', async () => {
    const app = await openBoard();
    const picker = screen.getByRole('combobox', { name: 'Store' });
    await app.user.selectOptions(picker, 'store-sharma-1');
    await waitFor(() => expect(searchOf(app)).toEqual({ store: 'store-sharma-1' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' }),
    ).toBeTruthy();
  });

  it("keeps '- Bandra' together in the store's heading (no dash left at a line's end on a phone)", async () => {
    await renderApp({ path: '/shop?store=store-sharma-1', signedInAs: OWNER });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' });
    expect(heading.textContent).toBe('Sharma Mobile Care - Bandra');
    // The dash and the word after it are one piece that does not wrap; the line may break before it.
    const tail = within(heading).getByText('- Bandra');
    expect(tail.className).toContain('whitespace-nowrap');
  });

  it('writes the days as the tracking link does (3 Nov 2026, not 03 Nov 2026)', async () => {
    await renderApp({ path: '/shop?store=store-sharma-1', signedInAs: OWNER });
    await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' });
    await waitFor(() => expect(rows().length).toBeGreaterThan(3));
    const days = rows().map((row) => within(row).getAllByRole('cell')[5]?.textContent ?? '');
    for (const day of days) expect(day).toMatch(/^[1-9]\d? [A-Z][a-z]{2,3} \d{4}$/);
    expect(days.some((day) => /^\d /.test(day))).toBe(true);
  });

  it('shows a fade and an arrow at an edge of the status chips with more chips beyond it (a phone)', async () => {
    await openBoard();
    const nav = screen.getByRole('navigation', { name: 'Repairs by status' });
    const frame = nav.parentElement as HTMLElement;
    const hint = (side: string) => frame.querySelector(`[data-more-chips="${side}"]`);
    // jsdom lays nothing out: a 375 px phone's row of chips 900 px long.
    Object.defineProperty(nav, 'clientWidth', { configurable: true, value: 375 });
    Object.defineProperty(nav, 'scrollWidth', { configurable: true, value: 900 });
    nav.scrollLeft = 0;
    fireEvent.scroll(nav);
    await waitFor(() => expect(hint('after')).not.toBeNull());
    expect(hint('before')).toBeNull();
    nav.scrollLeft = 250;
    fireEvent.scroll(nav);
    await waitFor(() => expect(hint('before')).not.toBeNull());
    expect(hint('after')).not.toBeNull();
    nav.scrollLeft = 525;
    fireEvent.scroll(nav);
    await waitFor(() => expect(hint('after')).toBeNull());
    expect(hint('before')).not.toBeNull();
    // Decoration only: the chips themselves are all in the list, for everyone.
    expect(hint('before')?.getAttribute('aria-hidden')).toBe('true');
    expect(within(nav).getAllByRole('button')).toHaveLength(8);
  });

  it('searches by Repair ID and mobile, in the URL', async () => {
    const app = await openBoard();
    await app.user.type(screen.getByRole('searchbox', { name: 'Search repairs' }), 'rpr 1004{Enter}');
    await waitFor(() => expect(searchOf(app)).toEqual({ q: 'rpr 1004' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('Farhan Ali');
    await app.router.navigate({ to: '/shop', search: { q: '97161 13313' } });
    await waitFor(() => expect(rows()[0]?.textContent).toContain('RPR-1007'));
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(searchOf(app)).toEqual({}));
  });

  it('pages through a busy store, newest first', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    for (let n = 1; n <= 21; n += 1) {
      const created = await app.services.useCases.shop.createRepair('store-sharma-2', {
        ...emptyJobCard(),
        customerName: `Walk-in ${n}`,
        customerMobile: '98765 43210',
        deviceType: 'Mobile',
        brandModel: 'Redmi Note 12',
        problems: ['Screen broken'],
      });
      expect(created.ok).toBe(true);
      app.clock.advance(60_000);
    }
    await app.router.navigate({ to: '/shop' });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(rows()[0]?.textContent).toContain('Walk-in 21');
    expect(screen.getByRole('button', { name: /Newer/ }).hasAttribute('disabled')).toBe(true);
    await app.user.click(screen.getByRole('button', { name: /Older/ }));
    await waitFor(() => expect((searchOf(app).trail as string[] | undefined)?.length).toBe(1));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Older/ }).hasAttribute('disabled')).toBe(true);
    await app.user.click(screen.getByRole('button', { name: /Newer/ }));
    await waitFor(() => expect(searchOf(app)).toEqual({}));
    await waitFor(() => expect(rows()).toHaveLength(20));
    // A name prefix finds the repairs taken on the web (they store the lower-cased name).
    await app.router.navigate({ to: '/shop', search: { q: 'walk-in 2' } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByText(/found for/).textContent).toContain('3 found for “walk-in 2”');
  });

  it('shows cards on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    await openBoard();
    const region = screen.getByRole('region', { name: 'Repairs' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(within(region).queryByRole('table')).toBeNull();
    const first = within(region).getAllByRole('link')[0];
    expect(first?.getAttribute('href')).toBe('/shop/repairs/repair-1007');
    expect(first?.textContent).toContain('Anjali Singh');
  });

  it('tells an account without a store, with a link back to /dashboard', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await app.backend.ports.shopMembers.removeStaff('store-sharma-1', 'demo-staff');
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('staff@demo.test', 'Demo@1234');
    await app.router.navigate({ to: '/shop' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No store yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it.each([
    ['customer@demo.test', 'Hello, Asha Customer'],
    ['distributor@demo.test', 'Hello, Dev Distributor'],
    ['admin@demo.test', 'RepairMate Admin Dashboard'],
  ])('sends %s, in no store, from /shop and the job card back to /dashboard', async (email, title) => {
    const app = await renderApp({ path: '/shop', signedInAs: email });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(pathOf(app)).toBe('/dashboard');
    await app.router.navigate({ to: '/shop/repairs/new' });
    await waitFor(() => expect(pathOf(app)).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'No store yet' })).toBeNull();
  });

  it("lets a customer account that accepted its owner's invitation work in the console", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await app.backend.ports.shopMembers.inviteStaff('store-sharma-1', 'customer@demo.test');
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('customer@demo.test', 'Demo@1234');
    await app.backend.ports.shopMembers.acceptInvitation('store-sharma-1');
    await app.router.navigate({ to: '/shop' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' }),
    ).toBeTruthy();
    expect(pathOf(app)).toBe('/shop');
  });

  it('has no serious accessibility violations', async () => {
    await openBoard();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(await seriousA11yViolations()).toEqual([]);
  });
});
