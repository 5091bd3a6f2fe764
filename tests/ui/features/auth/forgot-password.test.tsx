import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../src/domain/users/messages';
import { App } from '../../../../src/ui/app';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, renderApp, screen } from '../../render-app';

const emailField = () => screen.getByLabelText(/^Email/) as HTMLInputElement;

describe('/forgot-password', () => {
  it('offers an Email field, Reset Password, Back to Sign In and, in the demo, the demo mailbox', async () => {
    await renderApp({ path: '/forgot-password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    expect(emailField().type).toBe('email');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/signin');
    const note = screen.getByText(/This demo sends no real e-mail/);
    expect(note.textContent).toBe('This demo sends no real e-mail: open the demo mailbox');
    expect(screen.getByRole('link', { name: 'open the demo mailbox' }).getAttribute('href')).toBe(
      '/demo/mailbox',
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('sends the reset e-mail and confirms it, with Return to Sign In', async () => {
    const app = await renderApp({ path: '/forgot-password' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'customer@demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const sent = await screen.findByText(ACCOUNT_MESSAGES.resetEmailSent);
    expect(sent.closest('[role="status"]')?.textContent).toBe(ACCOUNT_MESSAGES.resetEmailSent);
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    const back = screen.getByRole('link', { name: 'Return to Sign In' });
    expect(back.getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy();
    const mail = await app.backend.mailbox.list();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe('customer@demo.test');
    expect(mail[0]?.link).toMatch(/^http:\/\/localhost:4173\/reset-password\?oobCode=/);
    expect(await seriousA11yViolations()).toEqual([]);

    await app.user.click(back);
    await waitFor(() => expect(pathOf(app)).toBe('/signin'));
  });

  it('shows Sending... while the e-mail is on its way, and cannot be sent twice', async () => {
    const app = await renderApp({ path: '/forgot-password' });
    let release: () => void = () => undefined;
    const send = vi.spyOn(app.services.useCases.accounts, 'requestPasswordReset').mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true, value: undefined });
        }),
    );
    await app.user.type(await screen.findByLabelText(/^Email/), 'customer@demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const busy = (await screen.findByRole('button', { name: 'Sending...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await app.user.click(busy);
    expect(send).toHaveBeenCalledTimes(1);
    release();
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetEmailSent)).toBeTruthy();
  });

  it('lets the e-mail be sent again with the address kept', async () => {
    const app = await renderApp({ path: '/forgot-password' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'customer@demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await app.user.click(await screen.findByRole('button', { name: 'send it again' }));
    expect(emailField().value).toBe('customer@demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetEmailSent)).toBeTruthy();
    expect(await app.backend.mailbox.list()).toHaveLength(2);
  });

  it('asks for an e-mail address', async () => {
    const app = await renderApp({ path: '/forgot-password' });
    await app.user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.emailRequired);
  });

  it('rejects a malformed address and keeps what was typed', async () => {
    const app = await renderApp({ path: '/forgot-password' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'customer.demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.invalidEmail);
    expect(emailField().value).toBe('customer.demo.test');
    expect(await app.backend.mailbox.list()).toHaveLength(0);
  });

  it("shows the provider's message when sending fails, and keeps the address", async () => {
    const app = await renderApp({ path: '/forgot-password' });
    vi.spyOn(app.backend.ports.auth, 'sendPasswordResetEmail').mockRejectedValue(new Error('offline'));
    await app.user.type(await screen.findByLabelText(/^Email/), 'customer@demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetRequestFailed);
    expect(emailField().value).toBe('customer@demo.test');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
  });

  it('does not tell whether an address has an account', async () => {
    const app = await renderApp({ path: '/forgot-password' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'nobody@demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetEmailSent)).toBeTruthy();
    expect(await app.backend.mailbox.list()).toHaveLength(0);
  });

  it('has no demo mailbox note outside the demo', async () => {
    const app = await renderApp({ path: '/', demoData: false });
    cleanup();
    render(
      <App
        services={{ ...app.services, demo: null }}
        history={createMemoryHistory({ initialEntries: ['/forgot-password'] })}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    expect(screen.queryByText(/This demo sends no real e-mail/)).toBeNull();
    expect(screen.queryByRole('link', { name: /demo mailbox/i })).toBeNull();
  });
});
