import { waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { REPAIR_MESSAGES } from '../../../../src/domain/repairs/messages';
import { displayUpdatedAt } from '../../../../src/domain/repairs/repair';
import { failed } from '../../../../src/domain/shared/validation';
import { holdDataCalls } from '../../hold-data-calls';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const CUSTOMER = 'customer@demo.test';

async function openTracker(): Promise<RenderedApp> {
  const app = await renderApp({ path: '/dashboard', signedInAs: CUSTOMER });
  await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Customer' });
  return app;
}

async function search(app: RenderedApp, repairId: string): Promise<void> {
  const input = screen.getByRole('textbox', { name: /^Enter Repair ID/ });
  await app.user.clear(input);
  await app.user.type(input, repairId);
  await app.user.click(screen.getByRole('button', { name: 'Search' }));
}

function detail(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function seriousAxeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('/dashboard as a customer (repair tracker)', () => {
  it('greets the customer and offers the Repair ID form', async () => {
    await openTracker();
    const input = screen.getByRole('textbox', { name: /^Enter Repair ID/ });
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Repair Details' })).toBeNull();
  });

  it("shows a repair of the customer's own with its business, amount and photos", async () => {
    const app = await openTracker();
    await search(app, 'RPR-1001');
    const heading = await screen.findByRole('heading', { name: 'Repair Details' });
    expect(document.activeElement).toBe(heading);
    expect(detail('Repair ID')).toBe('RPR-1001');
    await waitFor(() => expect(detail('Business')).toBe('Sharma Mobile Care9811111111'));
    expect(screen.getByRole('link', { name: '9811111111' }).getAttribute('href')).toBe('tel:9811111111');
    expect(detail('Product')).toBe('Galaxy S21 · Mobile');
    expect(detail('Problems')).toBe('Cracked screen');
    expect(detail('Status')).toBe('In Progress');
    // Amounts as the tracking link writes them (issue 17): '₹2,500'.
    expect(detail('Amount')).toBe('₹2,500');
    // The same money and timeline as the public tracking link: ₹500 advance paid, ₹2,000 due.
    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Total').nextElementSibling?.textContent).toBe('₹2,500');
    expect(payment.getByText('Paid').nextElementSibling?.textContent).toBe('₹500');
    expect(payment.getByText('Due').nextElementSibling?.textContent).toBe('₹2,000');
    expect(payment.queryByText('Paid in full')).toBeNull();
    const history = within(screen.getByRole('list', { name: 'Status history' }));
    expect(history.getAllByRole('listitem').map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Received',
      'In Progress',
    ]);
    expect(detail('Delivery code')).toContain('4821');
    const {
      readable: [stored],
    } = await app.backend.ports.repairs.findByRepairId('RPR-1001');
    expect(stored).toBeTruthy();
    expect(detail('Last updated')).toBe(displayUpdatedAt(stored!));
    expect(screen.getAllByRole('button', { name: /^Photo \d of 2: Galaxy S21$/ })).toHaveLength(2);
  });

  it('trims the Repair ID', async () => {
    const app = await openTracker();
    await search(app, '  RPR-1001  ');
    expect(await screen.findByRole('heading', { name: 'Repair Details' })).toBeTruthy();
  });

  it('shows progress while searching and while the business loads', async () => {
    const app = await openTracker();
    const held = holdDataCalls(app.backend);
    await search(app, 'RPR-1001');
    const busy = screen.getByRole('button', { name: 'Searching...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    // The search's reads go on until the details show; the business's read, which starts then, waits.
    await held.passUntil(() => screen.queryByRole('heading', { name: 'Repair Details' }) !== null);
    expect(detail('Business')).toBe('Loading business info...');
    held.release();
    await waitFor(() => expect(detail('Business')).toBe('Sharma Mobile Care9811111111'));
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('lets the customer choose when two of their repairs carry the same Repair ID', async () => {
    const app = await openTracker();
    for (const [id, store, product] of [
      ['twin-a', 'store-sharma-1', 'Galaxy A52'],
      ['twin-b', 'store-03-1', 'Redmi Note 11'],
    ] as const)
      await app.backend.seeder.repair({
        id,
        repairId: 'RPR-2000',
        storeId: store,
        customerMobile: '9876543210',
        productName: product,
        productType: 'Mobile',
        createdAt: new Date(2026, 10, 2),
      });
    await search(app, 'RPR-2000');
    const choices = await screen.findByRole('group', { name: /matches 2 of your repairs/ });
    const [first, second] = within(choices).getAllByRole('button');
    expect(first?.getAttribute('aria-pressed')).toBe('true');
    expect(detail('Product')).toBe('Galaxy A52 · Mobile');
    await app.user.click(second!);
    expect(second?.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(detail('Product')).toBe('Redmi Note 11 · Mobile'));
  });

  it("refuses another customer's repair", async () => {
    const app = await openTracker();
    await search(app, 'RPR-1002');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are not authorized to view this repair.',
    );
    expect(screen.queryByRole('heading', { name: 'Repair Details' })).toBeNull();
  });

  it("shows '-' without an amount and says when the business is unknown", async () => {
    const app = await openTracker();
    await search(app, 'RPR-1003');
    await screen.findByRole('heading', { name: 'Repair Details' });
    expect(detail('Amount')).toBe('-');
    await waitFor(() => expect(detail('Business')).toBe('Business info not available.'));
    expect(detail('Status')).toBe('Delivered');
    expect(detail('Product')).toBe('Dell Inspiron · Laptop');
    expect(detail('Last updated')).toBe('Delivered on request, collected by customer');
    expect(screen.queryByRole('heading', { name: 'Photos' })).toBeNull();
  });

  it('says when no repair has the Repair ID', async () => {
    const app = await openTracker();
    await search(app, 'RPR-9999');
    expect((await screen.findByRole('status')).textContent).toBe('No repair found with this Repair ID.');
  });

  it('says when the look-up fails, keeping what was typed', async () => {
    const app = await openTracker();
    app.backend.db.outage = true;
    await search(app, 'RPR-1001');
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching repair.');
    expect((screen.getByRole('textbox', { name: /^Enter Repair ID/ }) as HTMLInputElement).value).toBe(
      'RPR-1001',
    );
  });

  it('asks for a Repair ID when the box is empty', async () => {
    const app = await openTracker();
    await app.user.type(screen.getByRole('textbox', { name: /^Enter Repair ID/ }), '   ');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter a Repair ID.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Enter Repair ID/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('replaces one answer with the next', async () => {
    const app = await openTracker();
    await search(app, 'RPR-1002');
    await screen.findByText('You are not authorized to view this repair.');
    await search(app, 'RPR-1001');
    await screen.findByRole('heading', { name: 'Repair Details' });
    expect(screen.queryByText('You are not authorized to view this repair.')).toBeNull();
  });

  it('opens a photo full size and closes it with a click, focus returning to the thumbnail', async () => {
    const app = await openTracker();
    await search(app, 'RPR-1001');
    const thumbnail = await screen.findByRole('button', { name: 'Photo 2 of 2: Galaxy S21' });
    await app.user.click(thumbnail);
    const overlay = await screen.findByRole('dialog', { name: 'Photo 2 of 2: Galaxy S21' });
    const photo = within(overlay).getByRole('img', { name: 'Photo 2 of 2: Galaxy S21' });
    expect(photo.getAttribute('src')).toBe('/demo/images/galaxy-s21-back.svg');
    await app.user.click(photo);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumbnail);
  });

  it('closes the photo with Escape and with the Close button', async () => {
    const app = await openTracker();
    await search(app, 'RPR-1001');
    const thumbnail = await screen.findByRole('button', { name: 'Photo 1 of 2: Galaxy S21' });
    await app.user.click(thumbnail);
    await screen.findByRole('dialog', { name: 'Photo 1 of 2: Galaxy S21' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumbnail);

    await app.user.click(thumbnail);
    const overlay = await screen.findByRole('dialog');
    await app.user.click(within(overlay).getByRole('button', { name: 'Close photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumbnail);
  });

  it('starts over with Track More', async () => {
    const app = await openTracker();
    await search(app, 'RPR-1001');
    await screen.findByRole('heading', { name: 'Repair Details' });
    await app.user.click(screen.getByRole('button', { name: 'Track More' }));
    expect(screen.queryByRole('heading', { name: 'Repair Details' })).toBeNull();
    const input = screen.getByRole('textbox', { name: /^Enter Repair ID/ }) as HTMLInputElement;
    expect(input.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('has no serious accessibility violations, with a result and with a photo open', async () => {
    const app = await openTracker();
    await search(app, 'RPR-1001');
    await waitFor(() => expect(detail('Business')).toContain('Sharma Mobile Care'));
    expect(await seriousAxeViolations()).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: 'Photo 1 of 2: Galaxy S21' }));
    await screen.findByRole('dialog');
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('/dashboard as a customer: all of her repairs (issue 17)', () => {
  it('lists every repair booked under her verified number, newest first, and opens one like an answer', async () => {
    const app = await openTracker();
    const list = within(await screen.findByRole('region', { name: 'Your repairs' }));
    const rows = await list.findAllByRole('button');
    expect(rows.map((row) => row.querySelector('.font-mono')?.textContent)).toEqual(['RPR-1001', 'RPR-1003']);
    // RPR-1001: ₹500 of ₹2,500 paid; RPR-1003 has no amount.
    expect(rows[0]?.textContent).toContain('In Progress');
    expect(rows[0]?.textContent).toContain('Due ₹2,000');
    expect(rows[1]?.textContent).toContain('Delivered');
    await app.user.click(rows[1] as HTMLElement);
    const heading = await screen.findByRole('heading', { name: 'Repair Details' });
    expect(document.activeElement).toBe(heading);
    expect(detail('Repair ID')).toBe('RPR-1003');
    expect(detail('Amount')).toBe('-');
    // Another customer's repair (RPR-1002) is never listed.
    expect(list.queryByText('RPR-1002')).toBeNull();
  });
});

describe("/dashboard as a customer: her repairs' list when it cannot be read", () => {
  it('says so in its own panel with Retry, while the Repair ID form still works', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: CUSTOMER });
    const mine = vi
      .spyOn(app.services.useCases.repairs, 'mine')
      .mockResolvedValueOnce(failed(REPAIR_MESSAGES.fetchFailed, 'failed'));
    await app.router.navigate({ to: '/dashboard' });
    const list = within(await screen.findByRole('region', { name: 'Your repairs' }));
    expect(await list.findByText(REPAIR_MESSAGES.fetchFailed)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Enter Repair ID/ })).toBeTruthy();
    await app.user.click(list.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(list.getAllByRole('button')).toHaveLength(2));
    expect(mine).toHaveBeenCalledTimes(2);
    mine.mockRestore();
  });
});
