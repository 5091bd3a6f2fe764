import { createMemoryHistory } from '@tanstack/react-router';
import { act, cleanup, render, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../../src/demo/demo-data';
import { App } from '../../../../src/ui/app';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

/** A customer who signed up on the web: a profile with a mobile number, never verified. */
async function openAsNewCustomer(mobile = '9123400000'): Promise<RenderedApp> {
  const app = await renderApp({ path: '/signin' });
  await app.backend.seeder.account({ uid: 'uid-neha', email: 'neha@example.test', password: DEMO_PASSWORD });
  await app.backend.seeder.user('uid-neha', {
    email: 'neha@example.test',
    role: 'user',
    name: 'Neha',
    mobile,
  });
  await app.backend.seeder.repair({
    id: 'repair-neha',
    repairId: 'RPR-5001',
    customerMobile: '+91 91234 00000',
    storeId: 'store-sharma-1',
    productName: 'Redmi Note 11',
    status: 'inprogress',
  });
  await act(async () => {
    await app.backend.ports.auth.signIn('neha@example.test', DEMO_PASSWORD);
    await app.router.navigate({ to: '/dashboard' });
  });
  await screen.findByRole('heading', { level: 2, name: 'Verify your mobile number' });
  return app;
}

const mobileBox = () => screen.getByRole('textbox', { name: /^Mobile number/ }) as HTMLInputElement;
const codeBox = () => screen.getByRole('textbox', { name: /^6-digit code/ }) as HTMLInputElement;
const lastCode = async (app: RenderedApp) => (await app.backend.sms.list())[0]?.code ?? '';

describe('the tracker for a customer whose number is not verified', () => {
  it('asks to verify the number first, offering the one in the profile, and no Repair ID form', async () => {
    await openAsNewCustomer();
    expect(mobileBox().value).toBe('9123400000');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Enter Repair ID/ })).toBeNull();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('verifies the number with the texted code, then opens the repairs booked under it', async () => {
    const app = await openAsNewCustomer();
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code to +91 91234 00000.')).toBeTruthy();
    const inbox = screen.getByRole('link', { name: 'demo SMS inbox' });
    expect(inbox.getAttribute('href')).toBe('/demo/messages');
    expect(inbox.getAttribute('target')).toBe('_blank');
    await waitFor(() => expect(document.activeElement).toBe(codeBox()));
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.type(codeBox(), await lastCode(app));
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    const input = await screen.findByRole('textbox', { name: /^Enter Repair ID/ });
    expect(screen.getByText(/Your verified mobile number:/).textContent).toContain('+91 91234 00000');
    await app.user.type(input, 'RPR-5001');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Repair Details' })).toBeTruthy();
  });

  it('keeps the profile mobile in step with the number proved', async () => {
    const app = await openAsNewCustomer('9000012345');
    await app.user.clear(mobileBox());
    await app.user.type(mobileBox(), '+91 91234-00000');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('We sent a 6-digit code to +91 91234 00000.');
    await app.user.type(codeBox(), await lastCode(app));
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('textbox', { name: /^Enter Repair ID/ });
    expect(app.backend.db.profile('uid-neha')?.mobile).toBe('9123400000');
  });

  it('says what is wrong with the number and keeps what was typed', async () => {
    const app = await openAsNewCustomer();
    await app.user.clear(mobileBox());
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your mobile number.')).toBeTruthy();
    await app.user.type(mobileBox(), '12345');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid 10-digit Indian mobile number.')).toBeTruthy();
    expect(mobileBox().value).toBe('12345');
    expect(mobileBox().getAttribute('aria-invalid')).toBe('true');
    expect(await app.backend.sms.list()).toEqual([]);
  });

  it('refuses a wrong code under the field, keeps it, and takes the right one after', async () => {
    const app = await openAsNewCustomer();
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/We sent a 6-digit code/);
    const right = await lastCode(app);
    const wrong = right === '000000' ? '111111' : '000000';
    await app.user.type(codeBox(), wrong);
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the SMS and try again.')).toBeTruthy();
    expect(codeBox().value).toBe(wrong);
    await app.user.clear(codeBox());
    await app.user.type(codeBox(), '12');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeTruthy();
    await app.user.clear(codeBox());
    await app.user.type(codeBox(), right);
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('textbox', { name: /^Enter Repair ID/ })).toBeTruthy();
  });

  it('says when the number is verified on another account', async () => {
    const app = await openAsNewCustomer('9876543210');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('We sent a 6-digit code to +91 98765 43210.');
    await app.user.type(codeBox(), await lastCode(app));
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This mobile number is already verified on another account.',
    );
    expect(screen.queryByRole('textbox', { name: /^Enter Repair ID/ })).toBeNull();
  });

  it('starts over with another number', async () => {
    const app = await openAsNewCustomer();
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/We sent a 6-digit code/);
    await app.user.click(screen.getByRole('button', { name: 'Use another number or send a new code' }));
    expect(mobileBox().value).toBe('9123400000');
  });

  it('shows a failure to send and lets the customer try again', async () => {
    const app = await openAsNewCustomer();
    for (let sent = 0; sent < 5; sent += 1)
      await app.backend.ports.auth.sendPhoneVerificationCode('+919123400000');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(mobileBox().value).toBe('9123400000');
  });
});

describe('/demo/messages', () => {
  it('lists the texted codes newest first, each with its recipient and code', async () => {
    const app = await renderApp({ path: '/signin', signedInAs: 'customer@demo.test' });
    await app.backend.ports.auth.sendPhoneVerificationCode('+919123400000');
    app.clock.advance(60_000);
    await app.backend.ports.auth.sendPhoneVerificationCode('+919000012345');
    const codes = (await app.backend.sms.list()).map((sms) => sms.code);
    await act(() => app.router.navigate({ to: '/demo/messages' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo SMS inbox' })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Code for +91 90000 12345',
      'Code for +91 91234 00000',
    ]);
    expect(within(cards[0]!).getByText(codes[0]!)).toBeTruthy();
    expect(within(cards[0]!).getByText(/is your RepairMate verification code/)).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('says when there are no messages yet', async () => {
    await renderApp({ path: '/demo/messages' });
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('is not available outside the demo', async () => {
    const app = await renderApp({ path: '/', demoData: false });
    cleanup();
    render(
      <App
        services={{ ...app.services, demo: null }}
        history={createMemoryHistory({ initialEntries: ['/demo/messages'] })}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available' })).toBeTruthy();
    expect(screen.getByText(/sends real text messages/)).toBeTruthy();
  });
});
