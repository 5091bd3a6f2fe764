import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../../src/demo/demo-data';
import { ACCOUNT_MESSAGES, PASSWORD_REQUIREMENTS } from '../../../../src/domain/users/messages';
import { AuthError } from '../../../../src/ports/errors';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

const NEW_PASSWORD = 'Fresh#Start9';

/** Asks for a reset e-mail as the forgot-password page does, and returns the code in its link. */
async function resetCodeFor(app: RenderedApp, email: string): Promise<string> {
  const sent = await app.services.useCases.accounts.requestPasswordReset(email);
  expect(sent.ok).toBe(true);
  const [latest] = await app.backend.mailbox.list();
  const code = new URL(latest!.link).searchParams.get('oobCode');
  expect(code).toBeTruthy();
  return code!;
}

async function openResetLink(email = 'customer@demo.test') {
  const app = await renderApp({ path: '/' });
  const code = await resetCodeFor(app, email);
  await act(() => app.router.navigate({ to: '/reset-password', search: { oobCode: code } }));
  await screen.findByText(`for ${email}`);
  return { app, code };
}

const newPassword = () => screen.getByLabelText(/^New Password/) as HTMLInputElement;
const confirmation = () => screen.getByLabelText(/^Confirm New Password/) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /^Reset(ting)? Password|^Resetting/ });

async function choose(app: RenderedApp, password: string, again = password) {
  await app.user.type(newPassword(), password);
  if (again !== '') await app.user.type(confirmation(), again);
  await app.user.click(submit());
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/reset-password', () => {
  it('says the link is invalid when it has no oobCode, and offers a new one', async () => {
    await renderApp({ path: '/reset-password' });
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetInvalidLink);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('says an unknown code is invalid or expired', async () => {
    await renderApp({ path: '/reset-password?oobCode=not-a-real-code' });
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetLinkExpired);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });

  it('says a link older than an hour has expired', async () => {
    const app = await renderApp({ path: '/' });
    const code = await resetCodeFor(app, 'customer@demo.test');
    app.clock.advance(60 * 60 * 1000);
    await act(() => app.router.navigate({ to: '/reset-password', search: { oobCode: code } }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetLinkExpired);
  });

  it('says a link that was already used is invalid', async () => {
    const app = await renderApp({ path: '/' });
    const code = await resetCodeFor(app, 'customer@demo.test');
    await app.services.useCases.accounts.resetPassword(code, NEW_PASSWORD, NEW_PASSWORD);
    await act(() => app.router.navigate({ to: '/reset-password', search: { oobCode: code } }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetLinkExpired);
  });

  it('shows Verifying reset link... until the link is checked', async () => {
    const app = await renderApp({ path: '/' });
    const code = await resetCodeFor(app, 'customer@demo.test');
    const real = app.services.useCases.accounts.verifyResetCode;
    let release: () => void = () => undefined;
    vi.spyOn(app.services.useCases.accounts, 'verifyResetCode').mockImplementation(
      (oobCode) =>
        new Promise((resolve) => {
          release = () => resolve(real(oobCode));
        }),
    );
    await act(() => app.router.navigate({ to: '/reset-password', search: { oobCode: code } }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verifyingResetLink)).toBeTruthy();
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    release();
    expect(await screen.findByText('for customer@demo.test')).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.verifyingResetLink)).toBeNull();
  });

  it('shows the form for the account of the link', async () => {
    await openResetLink();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
    expect(newPassword().type).toBe('password');
    expect(confirmation().type).toBe('password');
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('says when the passwords do not match, and keeps them', async () => {
    const { app } = await openResetLink();
    await choose(app, NEW_PASSWORD, 'Fresh#Start8');
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetPasswordsDiffer);
    expect(newPassword().value).toBe(NEW_PASSWORD);
    expect(confirmation().value).toBe('Fresh#Start8');
  });

  it('asks for at least 6 characters', async () => {
    const { app } = await openResetLink();
    await choose(app, 'Ab#1');
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetPasswordTooShort);
  });

  it('lists the password requirements still unmet', async () => {
    const { app } = await openResetLink();
    await choose(app, 'plainpassword');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([PASSWORD_REQUIREMENTS.upperCase, PASSWORD_REQUIREMENTS.nonAlphanumeric]);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('says the link expired when it runs out while the form is open, and offers a new one', async () => {
    const { app } = await openResetLink();
    app.clock.advance(60 * 60 * 1000);
    await choose(app, NEW_PASSWORD);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(ACCOUNT_MESSAGES.resetLinkExpired)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(newPassword().value).toBe(NEW_PASSWORD);
  });

  it("shows the provider's own message for other failures", async () => {
    const { app } = await openResetLink();
    vi.spyOn(app.backend.ports.auth, 'confirmPasswordReset').mockRejectedValue(
      new AuthError('unknown', 'The reset service is taking a break.'),
    );
    await choose(app, NEW_PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe('The reset service is taking a break.');
  });

  it('shows Resetting... while the password is saved', async () => {
    const { app } = await openResetLink();
    let release: () => void = () => undefined;
    const reset = vi.spyOn(app.services.useCases.accounts, 'resetPassword').mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true, value: undefined });
        }),
    );
    await choose(app, NEW_PASSWORD);
    const busy = (await screen.findByRole('button', { name: 'Resetting...' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await app.user.click(busy);
    expect(reset).toHaveBeenCalledTimes(1);
    release();
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetSucceeded)).toBeTruthy();
  });

  it('resets the password and goes to /signin after 3000 ms', async () => {
    const { app } = await openResetLink();
    await app.user.type(newPassword(), NEW_PASSWORD);
    await app.user.type(confirmation(), NEW_PASSWORD);
    // Fake time also moves with real time (Testing Library waits on timers): the check before the
    // redirect leaves a margin for the real milliseconds the assertions take on a loaded machine.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(submit());
    const done = await screen.findByText(ACCOUNT_MESSAGES.resetSucceeded);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    expect(pathOf(app)).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(2500));
    expect(pathOf(app)).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(500));
    await waitFor(() => expect(pathOf(app)).toBe('/signin'));
    vi.useRealTimers();

    const accounts = app.services.useCases.accounts;
    expect((await accounts.signIn('customer@demo.test', DEMO_PASSWORD)).ok).toBe(false);
    expect((await accounts.signIn('customer@demo.test', NEW_PASSWORD)).ok).toBe(true);
  });

  it('completes the whole round trip: request, demo mailbox, link, new password, sign in', async () => {
    const app = await renderApp({ path: '/forgot-password' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'customer@demo.test');
    await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText(ACCOUNT_MESSAGES.resetEmailSent);

    await app.user.click(screen.getByRole('link', { name: 'open the demo mailbox' }));
    const mail = await screen.findByRole('article', { name: 'Reset your RepairMate password' });
    expect(within(mail).getByText('customer@demo.test')).toBeTruthy();
    await app.user.click(within(mail).getByRole('link', { name: 'Reset your password' }));
    await waitFor(() => expect(pathOf(app)).toBe('/reset-password'));
    expect(await screen.findByText('for customer@demo.test')).toBeTruthy();

    await app.user.type(newPassword(), NEW_PASSWORD);
    await app.user.type(confirmation(), NEW_PASSWORD);
    await app.user.click(submit());
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetSucceeded)).toBeTruthy();
    await waitFor(() => expect(pathOf(app)).toBe('/signin'));

    await app.user.type(await screen.findByLabelText(/^Email/), 'customer@demo.test');
    await app.user.type(screen.getByLabelText(/^Password/), NEW_PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(pathOf(app)).toBe('/dashboard'));

    // The link works once.
    await act(() => app.router.navigate({ to: '/demo/mailbox' }));
    const again = await screen.findByRole('article', { name: 'Reset your RepairMate password' });
    await app.user.click(within(again).getByRole('link', { name: 'Reset your password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.resetLinkExpired);
  });
});
