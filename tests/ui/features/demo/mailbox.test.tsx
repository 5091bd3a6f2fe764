import { createMemoryHistory } from '@tanstack/react-router';
import { act, cleanup, render, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../../../../src/demo';
import { formatDateTime } from '../../../../src/domain/shared/time';
import { App } from '../../../../src/ui/app';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

const SUBJECT = 'Reset your RepairMate password';

async function requestReset(app: RenderedApp, email: string) {
  expect((await app.services.useCases.accounts.requestPasswordReset(email)).ok).toBe(true);
}

const mails = () => screen.getAllByRole('article');

describe('/demo/mailbox', () => {
  it('says when there is no mail yet, with a way to ask for some', async () => {
    await renderApp({ path: '/demo/mailbox' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeTruthy();
    expect(await screen.findByText('No e-mails yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByRole('article')).toBeNull();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('lists the reset e-mails newest first, each with recipient, subject, time, text and link', async () => {
    const app = await renderApp({ path: '/' });
    const firstSent = app.clock.now();
    await requestReset(app, 'customer@demo.test');
    app.clock.advance(5 * 60 * 1000);
    const secondSent = app.clock.now();
    await requestReset(app, 'distributor@demo.test');
    await act(() => app.router.navigate({ to: '/demo/mailbox' }));

    await screen.findAllByRole('article');
    const [newest, oldest] = mails();
    expect(within(newest!).getByRole('heading', { level: 2, name: SUBJECT })).toBeTruthy();
    expect(within(newest!).getByText('distributor@demo.test')).toBeTruthy();
    expect(within(newest!).getByText(formatDateTime(secondSent))).toBeTruthy();
    expect(within(oldest!).getByText('customer@demo.test')).toBeTruthy();
    expect(within(oldest!).getByText(formatDateTime(firstSent))).toBeTruthy();
    expect(
      within(oldest!).getByText(
        /Follow this link to reset your RepairMate password for your customer@demo\.test/,
      ),
    ).toBeTruthy();

    const [stored] = (await app.backend.mailbox.list()).filter((mail) => mail.to === 'customer@demo.test');
    const link = within(oldest!).getByRole('link', { name: 'Reset your password' });
    const url = new URL(stored!.link);
    expect(link.getAttribute('href')).toBe(`${url.pathname}${url.search}`);
    expect(link.getAttribute('href')).toMatch(/^\/reset-password\?oobCode=/);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('follows a link inside the app to the reset form of its account', async () => {
    const app = await renderApp({ path: '/' });
    await requestReset(app, 'distributor@demo.test');
    await act(() => app.router.navigate({ to: '/demo/mailbox' }));
    const [mail] = await screen.findAllByRole('article');
    await app.user.click(within(mail!).getByRole('link', { name: 'Reset your password' }));
    await waitFor(() => expect(pathOf(app)).toBe('/reset-password'));
    expect(await screen.findByText('for distributor@demo.test')).toBeTruthy();
  });

  it('shows new mail on Refresh, busy while it looks', async () => {
    const app = await renderApp({ path: '/demo/mailbox' });
    await screen.findByText('No e-mails yet');
    await requestReset(app, 'customer@demo.test');

    const mailbox = app.services.demo!.mailbox;
    const real = mailbox.list.bind(mailbox);
    let release: () => void = () => undefined;
    vi.spyOn(mailbox, 'list').mockImplementation(
      () =>
        new Promise<MailMessage[]>((resolve) => {
          release = () => void real().then(resolve);
        }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    const refresh = screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement;
    await waitFor(() => expect(refresh.disabled).toBe(true));
    expect(refresh.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('customer@demo.test')).toBeTruthy();
    expect(screen.queryByText('No e-mails yet')).toBeNull();
    await waitFor(() => expect(refresh.disabled).toBe(false));
  });

  it('shows mail sent since the last visit when it is opened again', async () => {
    const app = await renderApp({ path: '/demo/mailbox' });
    await screen.findByText('No e-mails yet');
    await act(() => app.router.navigate({ to: '/forgot-password' }));
    await requestReset(app, 'customer@demo.test');
    await act(() => app.router.navigate({ to: '/demo/mailbox' }));
    expect(await screen.findByText('customer@demo.test')).toBeTruthy();
  });

  it('renders mail as text and keeps links inside the app', async () => {
    const app = await renderApp({ path: '/' });
    app.backend.db.mailbox.push(
      {
        id: 'mail-x',
        to: '<b>x</b>@demo.test',
        subject: 'Hello <img src=x onerror=alert(1)>',
        text: '<script>alert(1)</script>',
        link: 'https://elsewhere.example/reset-password?oobCode=abc',
        sentAt: app.clock.now(),
      },
      {
        id: 'mail-y',
        to: 'y@demo.test',
        subject: 'Other link',
        text: 'Another action.',
        link: 'javascript:alert(1)',
        sentAt: new Date(app.clock.now().getTime() - 2000),
      },
      {
        id: 'mail-z',
        to: 'z@demo.test',
        subject: 'Support reply',
        text: 'See your issue.',
        link: 'http://localhost:4173/support?from=mail',
        sentAt: new Date(app.clock.now().getTime() - 1000),
      },
    );
    await act(() => app.router.navigate({ to: '/demo/mailbox' }));
    const mail = await screen.findByRole('article', { name: 'Hello <img src=x onerror=alert(1)>' });
    expect(within(mail).getByText('<b>x</b>@demo.test')).toBeTruthy();
    expect(within(mail).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(mail.querySelector('img, script, b')).toBeNull();
    expect(within(mail).getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/reset-password?oobCode=abc',
    );
    const support = screen.getByRole('article', { name: 'Support reply' });
    expect(within(support).getByRole('link', { name: 'Open the link' }).getAttribute('href')).toBe(
      '/support?from=mail',
    );
    const other = screen.getByRole('article', { name: 'Other link' });
    expect(within(other).getByText('Another action.')).toBeTruthy();
    expect(within(other).queryByRole('link')).toBeNull();
  });

  it('says when the mailbox cannot be read', async () => {
    const app = await renderApp({ path: '/' });
    vi.spyOn(app.services.demo!.mailbox, 'list').mockRejectedValue(new Error('broken'));
    await act(() => app.router.navigate({ to: '/demo/mailbox' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not open the demo mailbox. Please try again.',
    );
    expect(screen.queryByText('No e-mails yet')).toBeNull();
  });

  it('is not available outside the demo', async () => {
    const app = await renderApp({ path: '/', demoData: false });
    cleanup();
    render(
      <App
        services={{ ...app.services, demo: null }}
        history={createMemoryHistory({ initialEntries: ['/demo/mailbox'] })}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available' })).toBeTruthy();
    expect(screen.getByText(/only exists in the demo/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await seriousA11yViolations()).toEqual([]);
  });
});
