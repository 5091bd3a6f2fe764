import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, cleanup, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../../src/demo/demo-data';
import { App } from '../../../../src/ui/app';
import { DEMO_RESET_DONE, DEMO_RESET_FAILED } from '../../../../src/ui/features/demo/demo-bar';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

const bar = () => screen.getByRole('complementary', { name: 'Offline demo' });
const openButton = () => within(bar()).getByRole('button', { name: 'Reset demo data' });

async function openDialog(app: RenderedApp) {
  await screen.findByRole('complementary', { name: 'Offline demo' });
  await app.user.click(openButton());
  return screen.findByRole('dialog', { name: 'Reset demo data?' });
}

/** Leaves marks of use: a new account, a changed password, a reset e-mail. */
async function useTheDemo(app: RenderedApp) {
  const accounts = app.services.useCases.accounts;
  const created = await accounts.signUp({
    accountType: 'user',
    email: 'visitor@demo.test',
    password: 'Visitor#1',
    name: 'Visiting Person',
    mobile: '9811122233',
    address: '1 Park Street',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
    acceptedTerms: true,
    acceptedPrivacy: true,
  });
  expect(created.ok).toBe(true);
  await accounts.requestPasswordReset('customer@demo.test');
  const [mail] = await app.backend.mailbox.list();
  const code = new URL(mail!.link).searchParams.get('oobCode');
  expect((await accounts.resetPassword(code, 'Changed#1', 'Changed#1')).ok).toBe(true);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DemoBar', () => {
  it('shows on every page of the demo, with the demo mailbox and the reset button', async () => {
    const app = await renderApp({ path: '/' });
    for (const path of ['/', '/signin', '/support', '/dashboard'] as const) {
      await act(() => app.router.navigate({ to: path }));
      await waitFor(() => expect(bar().textContent).toContain('Offline demo — data stays in this browser'));
    }
    expect(within(bar()).getByRole('link', { name: 'Demo mailbox' }).getAttribute('href')).toBe(
      '/demo/mailbox',
    );
    expect(openButton()).toBeTruthy();
    await app.user.click(within(bar()).getByRole('link', { name: 'Demo mailbox' }));
    await waitFor(() => expect(pathOf(app)).toBe('/demo/mailbox'));
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('is absent outside the demo', async () => {
    const app = await renderApp({ path: '/', demoData: false });
    cleanup();
    render(
      <App
        services={{ ...app.services, demo: null }}
        history={createMemoryHistory({ initialEntries: ['/signin'] })}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Offline demo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset demo data' })).toBeNull();
  });

  it('asks for confirmation, and Cancel changes nothing', async () => {
    const app = await renderApp({ path: '/signin' });
    const reset = vi.spyOn(app.services.demo!.controls!, 'reset');
    const dialog = await openDialog(app);
    expect(within(dialog).getByText(/Every change made in this browser is deleted/)).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(openButton());
    expect(reset).not.toHaveBeenCalled();
    expect(pathOf(app)).toBe('/signin');
  });

  it('closes with Escape', async () => {
    const app = await renderApp({ path: '/signin' });
    await openDialog(app);
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('restores the demo data, signs out, forgets cached data and goes home with a success message', async () => {
    const clear = vi.spyOn(QueryClient.prototype, 'clear');
    const app = await renderApp({ path: '/dashboard', signedInAs: 'admin@demo.test' });
    await useTheDemo(app);
    await app.services.useCases.accounts.signIn('admin@demo.test', DEMO_PASSWORD);
    const clearsBefore = clear.mock.calls.length;

    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(pathOf(app)).toBe('/'));
    expect((await screen.findByText(DEMO_RESET_DONE)).getAttribute('role')).toBe('status');
    expect(clear.mock.calls.length).toBeGreaterThan(clearsBefore);

    const accounts = app.services.useCases.accounts;
    expect(app.backend.ports.auth.currentUser()).toBeNull();
    expect(await app.backend.mailbox.list()).toEqual([]);
    expect((await accounts.signIn('visitor@demo.test', 'Visitor#1')).ok).toBe(false);
    expect((await accounts.signIn('customer@demo.test', 'Changed#1')).ok).toBe(false);
    expect((await accounts.signIn('customer@demo.test', DEMO_PASSWORD)).ok).toBe(true);

    await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(DEMO_RESET_DONE)).toBeNull();
  });

  it('lets the success message go when the visitor moves on', async () => {
    const app = await renderApp({ path: '/signin' });
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    expect(await screen.findByText(DEMO_RESET_DONE)).toBeTruthy();
    await act(() => app.router.navigate({ to: '/signin' }));
    await waitFor(() => expect(screen.queryByText(DEMO_RESET_DONE)).toBeNull());
  });

  it('shows progress while resetting and cannot be closed or confirmed twice', async () => {
    const app = await renderApp({ path: '/signin' });
    const controls = app.services.demo!.controls!;
    const real = controls.reset.bind(controls);
    let release: () => void = () => undefined;
    const reset = vi.spyOn(controls, 'reset').mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          release = () => void real().then(resolve);
        }),
    );
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    const busy = (await within(dialog).findByRole('button', { name: 'Resetting...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await app.user.click(busy);
    expect(reset).toHaveBeenCalledTimes(1);
    release();
    await waitFor(() => expect(pathOf(app)).toBe('/'));
    expect(await screen.findByText(DEMO_RESET_DONE)).toBeTruthy();
  });

  it('shows a failure inside the dialog and lets the reset be tried again', async () => {
    const app = await renderApp({ path: '/signin' });
    await useTheDemo(app);
    const reset = vi.spyOn(app.services.demo!.controls!, 'reset').mockRejectedValueOnce(new Error('quota'));
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(DEMO_RESET_FAILED);
    expect(screen.getByRole('dialog', { name: 'Reset demo data?' })).toBe(dialog);
    expect(screen.queryByText(DEMO_RESET_DONE)).toBeNull();
    expect(
      (within(dialog).getByRole('button', { name: 'Reset demo data' }) as HTMLButtonElement).disabled,
    ).toBe(false);

    // The failed attempt changed nothing.
    expect((await app.services.useCases.accounts.signIn('visitor@demo.test', 'Visitor#1')).ok).toBe(true);

    await app.user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    expect(await screen.findByText(DEMO_RESET_DONE)).toBeTruthy();
    expect(pathOf(app)).toBe('/');
    expect(reset).toHaveBeenCalledTimes(2);
    expect((await app.services.useCases.accounts.signIn('visitor@demo.test', 'Visitor#1')).ok).toBe(false);
  });
});
