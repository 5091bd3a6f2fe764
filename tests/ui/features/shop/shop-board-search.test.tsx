/*
 * The board's search across the account's stores (issue 17, "Also fix"): owner01 on Andheri finds
 * Bandra's RPR-1001 by its whole Repair ID, its number alone, the start of its mobile and the
 * customer's name, each result naming its store; staff search their own store.
 */
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const ANDHERI = 'Sharma Mobile Care - Andheri';
const BANDRA = 'Sharma Mobile Care - Bandra';

function rows(): HTMLElement[] {
  const table = within(screen.getByRole('region', { name: 'Repairs' })).getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

/** The Repair ID and store of each row (the table's first two columns). */
function found(): string[][] {
  return rows().map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 2)
      .map((cell) => cell.textContent ?? ''),
  );
}

async function search(app: RenderedApp, text: string): Promise<void> {
  const box = screen.getByRole('searchbox', { name: 'Search repairs' });
  await app.user.clear(box);
  await app.user.type(box, `${text}{Enter}`);
  await waitFor(() => expect(screen.getByText(/found for/).textContent).toContain(`“${text}”`));
}

describe("/shop, searching an owner's stores", () => {
  it("finds another store's repair by Repair ID, its number, a mobile's start and a name, naming the store", async () => {
    const app = await renderApp({ path: '/shop', signedInAs: 'owner01@demo.test' });
    await screen.findByRole('heading', { level: 1, name: ANDHERI });
    await search(app, 'RPR-1001');
    await waitFor(() => expect(found()).toEqual([['RPR-1001', BANDRA]]));
    expect(screen.getByText(/found for/).textContent).toContain('1 found for “RPR-1001” in your 2 stores');
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Store' })).toBeTruthy();

    await search(app, '1001');
    await waitFor(() => expect(found()).toEqual([['RPR-1001', BANDRA]]));
    await search(app, '1005');
    await waitFor(() => expect(found().map(([id]) => id)).toEqual(['RPR-1005']));

    await search(app, '98765');
    await waitFor(() => expect(found()).toContainEqual(['RPR-1001', BANDRA]));
    await search(app, 'asha');
    await waitFor(() => expect(found()).toContainEqual(['RPR-1001', BANDRA]));
    // The heading stays on the chosen store: only the search spans the stores.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ANDHERI);
  });

  it('lets staff search their store only (no store column: they work in one)', async () => {
    const app = await renderApp({ path: '/shop', signedInAs: 'staff@demo.test' });
    await screen.findByRole('heading', { level: 1, name: BANDRA });
    await search(app, '1001');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('RPR-1001');
    expect(within(screen.getByRole('table')).queryByRole('columnheader', { name: 'Store' })).toBeNull();
    // RPR-1004 is Andheri's, where staff@demo.test does not work.
    await search(app, 'RPR-1004');
    await waitFor(() => expect(screen.getByText('No repairs match.')).toBeTruthy());
  });
});
