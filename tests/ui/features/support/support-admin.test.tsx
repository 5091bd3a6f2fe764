import { act, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../../src/demo/demo-data';
import { formatDateTime } from '../../../../src/domain/shared/time';
import { holdDataCalls } from '../../hold-data-calls';
import { pathOf, type RenderedApp, renderApp, screen, TODAY } from '../../render-app';

async function expectNoSeriousAxeViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const ADMIN = 'admin@demo.test';

/** The card (article) of the issue sent from `email`. */
async function cardOf(email: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: email });
}

/** Opens the app as the admin somewhere else, lets `prepare` change the data, then goes to /support-admin. */
async function openAfter(prepare: (app: RenderedApp) => void): Promise<RenderedApp> {
  const app = await renderApp({ path: '/support', signedInAs: ADMIN });
  await screen.findByRole('link', { name: 'Dashboard' });
  prepare(app);
  await act(() => app.router.navigate({ to: '/support-admin' }));
  return app;
}

async function openEditDialog(app: RenderedApp, email: string): Promise<HTMLElement> {
  await app.user.click(within(await cardOf(email)).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit support issue' });
}

const input = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name }) as HTMLInputElement;

describe('/support-admin access', () => {
  it('denies a visitor who is not signed in, and offers Sign In', async () => {
    const app = await renderApp({ path: '/support-admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied.' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/signin',
    );
    expect(screen.getByRole('alert').textContent).toBe('Access denied.');
    expect(screen.queryByText('ravi@example.com')).toBeNull();
    expect(pathOf(app)).toBe('/support-admin');
    await expectNoSeriousAxeViolations();
  });

  it.each([
    ['a customer', 'customer@demo.test'],
    ['a distributor', 'distributor@demo.test'],
  ])('denies %s, with Back to Dashboard and Logout', async (_, email) => {
    await renderApp({ path: '/support-admin', signedInAs: email });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByText('ravi@example.com')).toBeNull();
  });

  it("shows 'Loading...' while the session is being read", async () => {
    const app = await renderApp({ path: '/support-admin' });
    await screen.findByRole('heading', { name: 'Access denied.' });
    app.backend.db.latencyMs = 30;
    await act(async () => {
      await app.backend.ports.auth.signIn(ADMIN, DEMO_PASSWORD);
    });
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(await cardOf('ravi@example.com')).toBeTruthy();
    expect(screen.queryByText('Access denied.')).toBeNull();
  });
});

describe('/support-admin for a super admin', () => {
  it('lists every issue as a card, newest first, with status badges', async () => {
    await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support Issues' })).toBeTruthy();
    expect(document.title).toBe('Support Issues · RepairMate');

    const ravi = await cardOf('ravi@example.com');
    expect(within(ravi).getByText('Active')).toBeTruthy();
    expect(within(ravi).getByText('9000011111')).toBeTruthy();
    expect(within(ravi).getByText('App crashes on login')).toBeTruthy();
    const created = new Date(TODAY.getTime() - 2 * 24 * 3600 * 1000);
    expect(within(ravi).getByText(formatDateTime(created))).toBeTruthy();
    expect(ravi.getAttribute('data-status')).toBe('active');
    expect(ravi.className).not.toContain('border-emerald-500');
    expect(within(ravi).getByText('Active').className).toContain('bg-amber-100');

    const neha = await cardOf('neha@example.com');
    expect(within(neha).getByText('Completed')).toBeTruthy();
    expect(within(neha).getByText('9000022222')).toBeTruthy();
    expect(within(neha).getByText('Cannot add a second store')).toBeTruthy();
    expect(neha.getAttribute('data-status')).toBe('completed');
    expect(neha.className).toContain('border-emerald-500');
    expect(within(neha).getByText('Completed').className).toContain('bg-emerald-100');

    const list = screen.getByRole('list', { name: 'Support issues' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual([ravi.getAttribute('aria-labelledby'), neha.getAttribute('aria-labelledby')]);
    await expectNoSeriousAxeViolations();
  });

  it('offers Back to Dashboard, Support and Logout', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    await cardOf('ravi@example.com');
    const nav = screen.getByRole('navigation', { name: 'Support admin' });
    expect(within(nav).getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(pathOf(app)).toBe('/signin'));
  });

  it('filters by status with counts', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    await cardOf('ravi@example.com');
    const all = screen.getByRole('button', { name: 'All 2' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Active 1' })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Completed 1' }));
    expect(screen.getByRole('button', { name: 'Completed 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('article', { name: 'ravi@example.com' })).toBeNull();
    expect(screen.getByRole('article', { name: 'neha@example.com' })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Active 1' }));
    expect(screen.getByRole('article', { name: 'ravi@example.com' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'neha@example.com' })).toBeNull();
  });

  it("shows 'No support issues found.' when there are none", async () => {
    await openAfter((app) => app.backend.db.support.clear());
    expect(await screen.findByText('No support issues found.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows a load failure and recovers on Try again', async () => {
    const app = await openAfter((rendered) => {
      rendered.backend.db.outage = true;
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load support issues. Please try again.',
    );
    app.backend.db.outage = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardOf('ravi@example.com')).toBeTruthy();
  });
});

describe('/support-admin edit dialog', () => {
  it('opens with the issue filled in, moves focus inside, and closes on Escape', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    const edit = within(await cardOf('ravi@example.com')).getByRole('button', { name: 'Edit' });
    await app.user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit support issue' });

    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(input(dialog, 'Email').value).toBe('ravi@example.com');
    expect(input(dialog, 'Phone').value).toBe('9000011111');
    expect(input(dialog, 'Issue / Feedback').value).toBe('App crashes on login');
    const status = within(dialog).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(status.value).toBe('active');
    expect([...status.options].map((option) => [option.value, option.text])).toEqual([
      ['active', 'Active'],
      ['completed', 'Completed'],
    ]);
    await expectNoSeriousAxeViolations();

    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('closes on Cancel without saving', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    const dialog = await openEditDialog(app, 'ravi@example.com');
    await app.user.clear(input(dialog, 'Issue / Feedback'));
    await app.user.type(input(dialog, 'Issue / Feedback'), 'Changed my mind');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await cardOf('ravi@example.com')).getByText('App crashes on login')).toBeTruthy();
    expect(app.backend.db.support.get('support-demo-1')).toMatchObject({ issue: 'App crashes on login' });
  });

  it('saves: the dialog closes and the card shows the change', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    const dialog = await openEditDialog(app, 'ravi@example.com');
    await app.user.clear(input(dialog, 'Issue / Feedback'));
    await app.user.type(input(dialog, 'Issue / Feedback'), 'Fixed by updating to 2.4');
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'completed');
    const held = holdDataCalls(app.backend);
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const saving = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect(saving.getAttribute('aria-busy')).toBe('true');
    held.release();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ravi = await cardOf('ravi@example.com');
    await waitFor(() => expect(within(ravi).getByText('Completed')).toBeTruthy());
    expect(within(ravi).getByText('Fixed by updating to 2.4')).toBeTruthy();
    expect(ravi.getAttribute('data-status')).toBe('completed');
    expect(ravi.className).toContain('border-emerald-500');
    expect(app.backend.db.support.get('support-demo-1')).toMatchObject({
      issue: 'Fixed by updating to 2.4',
      status: 'completed',
    });
    expect(screen.getByRole('button', { name: 'Completed 2' })).toBeTruthy();
  });

  it('can reopen a completed issue', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    const dialog = await openEditDialog(app, 'neha@example.com');
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'active');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const neha = await cardOf('neha@example.com');
    await waitFor(() => expect(neha.getAttribute('data-status')).toBe('active'));
    expect(within(neha).getByText('Active')).toBeTruthy();
    expect(neha.className).not.toContain('border-emerald-500');
  });

  it('shows a failed update inside the dialog and keeps what was typed', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    const dialog = await openEditDialog(app, 'ravi@example.com');
    await app.user.clear(input(dialog, 'Phone'));
    await app.user.type(input(dialog, 'Phone'), '9000099999');
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'completed');
    app.backend.db.outage = true;
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to update issue.');
    expect(screen.getByRole('dialog', { name: 'Edit support issue' })).toBe(dialog);
    expect(input(dialog, 'Phone').value).toBe('9000099999');
    expect((within(dialog).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe(
      'completed',
    );
    expect(app.backend.db.support.get('support-demo-1')).toMatchObject({
      phone: '9000011111',
      status: 'active',
    });

    // Saving again once the server is back works.
    app.backend.db.outage = false;
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.backend.db.support.get('support-demo-1')).toMatchObject({
      phone: '9000099999',
      status: 'completed',
    });
  });

  it("shows the use case's message when the issue no longer exists", async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    const dialog = await openEditDialog(app, 'ravi@example.com');
    app.backend.db.support.delete('support-demo-1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This issue no longer exists. Please reload the list.',
    );
  });

  it('validates the fields inside the dialog', async () => {
    const app = await renderApp({ path: '/support-admin', signedInAs: ADMIN });
    const dialog = await openEditDialog(app, 'ravi@example.com');
    await app.user.clear(input(dialog, 'Email'));
    await app.user.clear(input(dialog, 'Issue / Feedback'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Please enter your email address.')).toBeTruthy();
    expect(within(dialog).getByText('Please describe your issue or feedback.')).toBeTruthy();
    expect(input(dialog, 'Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input(dialog, 'Email'));
    expect(app.backend.db.support.get('support-demo-1')).toMatchObject({ email: 'ravi@example.com' });
  });
});
