import { waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdDataCalls } from '../../hold-data-calls';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const ADMIN = 'admin@demo.test';

async function openAdmin(path = '/dashboard'): Promise<RenderedApp> {
  const app = await renderApp({ path, signedInAs: ADMIN });
  await screen.findByRole('heading', { level: 1, name: 'RepairMate Admin Dashboard' });
  return app;
}

/** The data cells of a business's row: email, phone, stores, repairs. */
function rowOf(business: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name: business });
  const row = header.closest('tr');
  if (row === null) throw new Error(`No row for ${business}`);
  return row;
}

function repairsOf(business: string): string {
  const cells = within(rowOf(business)).getAllByRole('cell');
  return cells[cells.length - 1]?.textContent ?? '';
}

function searchOf(app: RenderedApp): Record<string, unknown> {
  return app.router.state.location.search as Record<string, unknown>;
}

function counterValue(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function seriousAxeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/dashboard as super admin', () => {
  it('shows the title, the two buttons and both counters', async () => {
    await openAdmin();
    expect(screen.getByRole('link', { name: 'View Support Issues' }).getAttribute('href')).toBe(
      '/support-admin',
    );
    expect(screen.getByRole('link', { name: 'Recharge Distributors' }).getAttribute('href')).toBe(
      '/distributor-recharge',
    );
    await waitFor(() => expect(counterValue('Total Users')).toBe('28'));
    expect(counterValue('Total Business Users')).toBe('23');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(document.title).toBe('Dashboard · RepairMate');
  });

  it('uses the configured product name in the title', async () => {
    await renderApp({ path: '/dashboard', signedInAs: ADMIN, productName: 'FixIt' });
    expect(await screen.findByRole('heading', { level: 1, name: 'FixIt Admin Dashboard' })).toBeTruthy();
  });

  it('lists the business users ten to a page with their repairs this month', async () => {
    await openAdmin();
    expect(screen.getByRole('heading', { name: 'All Business Users - Performance Overview' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Business Name', 'Owner Email', 'Phone', 'Stores', 'Repairs (November 2026)']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('Showing 1–10 of 23')).toBeTruthy();
    const iyer = within(rowOf('Iyer Electronics')).getAllByRole('cell');
    expect(iyer.map((cell) => cell.textContent)).toEqual(['owner02@demo.test', '9822222222', '1', '2']);
  });

  it('pages with Prev and Next, disabled at the ends, keeping the page in the URL', async () => {
    const app = await openAdmin();
    await screen.findByText('Page 1 of 3');
    const prev = screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    await app.user.click(next);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(searchOf(app).page).toBe(2);
    expect(repairsOf('Sharma Mobile Care')).toBe('5');
    expect(prev.disabled).toBe(false);

    await app.user.click(next);
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByText('Showing 21–23 of 23')).toBeTruthy();
    expect(next.disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(prev));

    await app.user.click(prev);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
  });

  it('keeps the current rows on screen while the next page loads', async () => {
    const app = await openAdmin();
    await screen.findByText('Page 1 of 3');
    const held = holdDataCalls(app.backend);
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('rowheader', { name: 'Agarwal Communications' })).toBeTruthy();
    // Dimmed and marked busy meanwhile.
    expect(rowOf('Agarwal Communications').closest('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    held.release();
    expect(await screen.findByRole('rowheader', { name: 'Sharma Mobile Care' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Agarwal Communications' })).toBeNull();
  });

  it('searches by business name, going back to page 1', async () => {
    const app = await openAdmin();
    await screen.findByText('Page 1 of 3');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await app.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sharma');
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(repairsOf('Sharma Mobile Care')).toBe('5');
    expect(searchOf(app)).toEqual({ search: 'sharma' });
  });

  it('searches by e-mail, case-insensitively', async () => {
    const app = await openAdmin();
    await screen.findByText('Page 1 of 3');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'OWNER02@');
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Iyer Electronics' })).toBeTruthy();
  });

  it('waits for a pause in typing before it searches', async () => {
    const app = await openAdmin();
    await screen.findByText('Page 1 of 3');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await app.user.type(box, 'iy');
    expect(searchOf(app).search).toBeUndefined();
    await waitFor(() => expect(searchOf(app).search).toBe('iy'));
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
  });

  it('searches at once on Enter', async () => {
    const app = await openAdmin();
    await screen.findByText('Page 1 of 3');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'iyer{Enter}');
    expect(searchOf(app).search).toBe('iyer');
  });

  it('says when no business matches, and clears the search', async () => {
    const app = await openAdmin();
    await screen.findByText('Page 1 of 3');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'no-such-shop');
    expect(await screen.findByText('No business users match your search.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('says when there are no business users at all', async () => {
    const app = await renderApp({ path: '/dashboard', signedInAs: ADMIN });
    app.backend.db.stores.clear();
    expect(await screen.findByText('No business users found.')).toBeTruthy();
    await waitFor(() => expect(counterValue('Total Business Users')).toBe('0'));
  });

  it('counts the repairs of the chosen month and year, and resets to the current month', async () => {
    const app = await openAdmin('/dashboard?search=sharma');
    await waitFor(() => expect(repairsOf('Sharma Mobile Care')).toBe('5'));
    const month = screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement;
    const year = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    expect(month.value).toBe('11');
    expect(year.value).toBe('2026');

    await app.user.selectOptions(month, 'October');
    await waitFor(() => expect(repairsOf('Sharma Mobile Care')).toBe('3'));
    expect(screen.getByRole('columnheader', { name: 'Repairs (October 2026)' })).toBeTruthy();
    expect(searchOf(app)).toEqual({ month: 10, year: 2026, search: 'sharma' });

    await app.user.selectOptions(year, '2025');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Repairs (October 2025)' })).toBeTruthy(),
    );
    expect(searchOf(app)).toEqual({ month: 10, year: 2025, search: 'sharma' });

    await app.user.click(screen.getByRole('button', { name: 'Reset to Current Month' }));
    await waitFor(() => expect(repairsOf('Sharma Mobile Care')).toBe('5'));
    expect(month.value).toBe('11');
    expect(year.value).toBe('2026');
    expect(searchOf(app)).toEqual({ search: 'sharma' });
  });

  it('counts Iyer Electronics: 2 this month and none in October', async () => {
    const app = await openAdmin('/dashboard?search=iyer');
    await waitFor(() => expect(repairsOf('Iyer Electronics')).toBe('2'));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'October');
    await waitFor(() => expect(repairsOf('Iyer Electronics')).toBe('0'));
  });

  it('offers the current year and the 4 before it, and no month after the current one', async () => {
    const app = await openAdmin();
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026', '2025', '2024', '2023', '2022']);
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(within(month).getAllByRole('option')).toHaveLength(11);
    expect(within(month).queryByRole('option', { name: 'December' })).toBeNull();
    await app.user.selectOptions(year, '2024');
    await waitFor(() => expect(within(month).getAllByRole('option')).toHaveLength(12));
  });

  it('restores the view from the URL', async () => {
    await openAdmin('/dashboard?month=10&year=2026&search=iyer');
    await waitFor(() => expect(repairsOf('Iyer Electronics')).toBe('0'));
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value).toBe('10');
    expect((screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).value).toBe('2026');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('iyer');
    expect(screen.getByText('Repairs created in October 2026, per business.')).toBeTruthy();
  });

  it('restores the page from the URL', async () => {
    await openAdmin('/dashboard?page=3');
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
  });

  it('falls back to the current month when the URL asks for a year outside the filter', async () => {
    await openAdmin('/dashboard?month=5&year=1999&search=sharma');
    await waitFor(() => expect(repairsOf('Sharma Mobile Care')).toBeTruthy());
    expect((screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).value).toBe('2026');
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value).toBe('5');
  });

  it('shows progress while loading', async () => {
    const app = await renderApp({ path: '/signin' });
    await app.user.type(await screen.findByLabelText(/^Email/), ADMIN);
    await app.user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
    // Longer than the router waits before it shows its pending view (150 ms).
    app.backend.db.latencyMs = 300;
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    // The route loads the counters and the first page before the dashboard renders: 'Loading...' in
    // the app frame, then the dashboard with its data in one paint.
    expect(await screen.findByText('Loading...')).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'RepairMate Admin Dashboard' });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(counterValue('Total Users')).toBe('28');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the failure with Retry, and recovers', async () => {
    const app = await openAdmin();
    app.backend.db.outage = true;
    // A fresh view of another month fails.
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'September');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load the dashboard. Please try again.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    app.backend.db.outage = false;
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure when only the counters cannot be loaded, and retries them', async () => {
    const app = await renderApp({ path: '/dashboard', signedInAs: ADMIN });
    const users = app.backend.ports.users;
    const countAll = users.countAll.bind(users);
    let failing = true;
    users.countAll = async () => {
      if (failing) throw new Error('The server cannot be reached.');
      return countAll();
    };
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load the dashboard. Please try again.',
    );
    expect(counterValue('Total Users')).toBe('—');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    failing = false;
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(counterValue('Total Users')).toBe('28'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns the table into cards on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    await openAdmin('/dashboard?search=sharma');
    const list = await screen.findByRole('list', { name: 'Business users' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Sharma Mobile Care' })).toBeTruthy();
    expect(within(card).getByText('owner01@demo.test')).toBeTruthy();
    expect(within(card).getByText('9811111111 · 2 stores')).toBeTruthy();
    expect(within(card).getByText(/^5 repairs/).textContent).toBe('5 repairs in November 2026');
  });

  it('has no serious accessibility violations', async () => {
    await openAdmin();
    await screen.findByText('Page 1 of 3');
    expect(await seriousAxeViolations()).toEqual([]);
  });
});
