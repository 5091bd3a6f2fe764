import { act, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { RechargeCommand } from '../../../../src/domain/wallet/wallet-use-cases';
import { holdDataCalls } from '../../hold-data-calls';
import { type RenderedApp, renderApp, screen } from '../../render-app';

async function expectNoSeriousAxeViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const ADMIN = 'admin@demo.test';
const DEV = 'demo-distributor';

async function open(): Promise<RenderedApp> {
  const app = await renderApp({ path: '/distributor-recharge', signedInAs: ADMIN });
  await screen.findByRole('button', { name: /Dev Distributor/ });
  return app;
}

/** Opens the app as the admin elsewhere, lets `prepare` change the backend, then goes to the page. */
async function openAfter(prepare: (app: RenderedApp) => void): Promise<RenderedApp> {
  const app = await renderApp({ path: '/support', signedInAs: ADMIN });
  await screen.findByRole('link', { name: 'Dashboard' });
  prepare(app);
  await act(() => app.router.navigate({ to: '/distributor-recharge' }));
  return app;
}

const list = () => screen.getByRole('region', { name: 'Distributor list' });
const listedNames = () =>
  within(list())
    .getAllByRole('button')
    .map((button) => button.querySelector('span span')?.textContent);
const distributorButton = (name: string) => within(list()).getByRole('button', { name: new RegExp(name) });
const amountInput = () => screen.getByRole('spinbutton', { name: 'Amount (₹)' }) as HTMLInputElement;
const rechargeButton = () => screen.getByRole('button', { name: 'Recharge' }) as HTMLButtonElement;
const balanceOf = (app: RenderedApp, uid: string) => app.backend.db.users.get(uid)?.walletBalance;
const transactionRows = () =>
  within(screen.getByRole('list', { name: 'Recharge transactions, newest first' })).getAllByRole('listitem');

async function rechargeDev(app: RenderedApp, amount: string) {
  await app.user.click(distributorButton('Dev Distributor'));
  await app.user.clear(amountInput());
  await app.user.type(amountInput(), amount);
  await app.user.click(rechargeButton());
}

describe('/distributor-recharge access', () => {
  it('denies a visitor who is not signed in', async () => {
    await renderApp({ path: '/distributor-recharge' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied.' })).toBeTruthy();
    expect(screen.queryByText('Dev Distributor')).toBeNull();
    expect(screen.queryByText('Distributor Wallet Recharge')).toBeNull();
  });

  it.each([
    ['a customer', 'customer@demo.test'],
    ['a distributor', 'distributor@demo.test'],
    ['a staff member', 'staff@demo.test'],
  ])('denies %s', async (_, email) => {
    await renderApp({ path: '/distributor-recharge', signedInAs: email });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByText('Priya Traders')).toBeNull();
  });
});

describe('/distributor-recharge for a super admin', () => {
  it('lists the distributors with e-mail, mobile and balance in a scrolling, focusable region', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Distributor Wallet Recharge' })).toBeTruthy();
    expect(document.title).toBe('Distributor Wallet Recharge · RepairMate');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');

    const region = list();
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain('max-h-[15rem]');
    expect(region.className).toContain('overflow-y-auto');

    const dev = distributorButton('Dev Distributor');
    expect(within(dev).getByText('distributor@demo.test')).toBeTruthy();
    expect(within(dev).getByText('9123456780')).toBeTruthy();
    expect(within(dev).getByText('₹500')).toBeTruthy();
    expect(dev.getAttribute('aria-pressed')).toBe('false');
    const priya = distributorButton('Priya Traders');
    expect(within(priya).getByText('distributor2@demo.test')).toBeTruthy();
    expect(within(priya).getByText('9988776655')).toBeTruthy();
    expect(within(priya).getByText('₹0')).toBeTruthy();
    expect(screen.getByText('Choose a distributor from the list to top up their wallet.')).toBeTruthy();
    await expectNoSeriousAxeViolations();
  });

  it('searches by name, e-mail or mobile', async () => {
    const app = await open();
    const search = screen.getByRole('searchbox', { name: 'Search by name, email, or mobile' });
    expect(search.getAttribute('placeholder')).toBe('Search by name, email, or mobile');
    expect(listedNames()).toEqual(['Dev Distributor', 'Priya Traders']);

    await app.user.type(search, 'pRiYa');
    expect(listedNames()).toEqual(['Priya Traders']);
    expect(screen.getByText('1 of 2 distributors match')).toBeTruthy();

    await app.user.clear(search);
    await app.user.type(search, 'DISTRIBUTOR2@');
    expect(listedNames()).toEqual(['Priya Traders']);

    await app.user.clear(search);
    await app.user.type(search, '23456');
    expect(listedNames()).toEqual(['Dev Distributor']);

    await app.user.clear(search);
    await app.user.type(search, 'demo.test');
    expect(listedNames()).toEqual(['Dev Distributor', 'Priya Traders']);

    await app.user.clear(search);
    await app.user.type(search, 'nobody');
    expect(screen.getByText('No distributors match your search.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Distributor list' })).toBeNull();
  });

  it('selecting a distributor shows its balance, the amount and Recharge / Cancel; Cancel clears it', async () => {
    const app = await open();
    await app.user.click(distributorButton('Priya Traders'));
    expect(distributorButton('Priya Traders').getAttribute('aria-pressed')).toBe('true');
    expect(distributorButton('Dev Distributor').getAttribute('aria-pressed')).toBe('false');

    const form = screen.getByRole('form', { name: 'Recharge' });
    expect(within(form).getByText('Current balance')).toBeTruthy();
    expect(within(form).getByText('₹0')).toBeTruthy();
    expect(within(form).getByText('Priya Traders')).toBeTruthy();
    expect(document.activeElement).toBe(amountInput());
    expect(amountInput().type).toBe('number');
    expect(amountInput().min).toBe('1');
    expect(amountInput().step).toBe('0.01');
    expect(rechargeButton().disabled).toBe(true);

    await app.user.click(distributorButton('Dev Distributor'));
    expect(within(form).getByText('₹500')).toBeTruthy();
    await app.user.type(amountInput(), '250');
    expect(screen.getByText('New balance after recharge: ₹750')).toBeTruthy();
    await expectNoSeriousAxeViolations();

    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Recharge' })).toBeNull();
    expect(distributorButton('Dev Distributor').getAttribute('aria-pressed')).toBe('false');
    expect(balanceOf(app, DEV)).toBe(500);
  });

  it.each(['0', '0.5', '-5', '1.234', '2000000'])(
    "refuses the amount %s: 'Please enter a valid amount'",
    async (amount) => {
      const app = await open();
      await app.user.click(distributorButton('Dev Distributor'));
      await app.user.type(amountInput(), amount);
      expect(screen.getByText('Please enter a valid amount')).toBeTruthy();
      expect(amountInput().getAttribute('aria-invalid')).toBe('true');
      expect(rechargeButton().disabled).toBe(true);
      await app.user.type(amountInput(), '{Enter}');
      expect(balanceOf(app, DEV)).toBe(500);
    },
  );

  it('accepts 1 and amounts in paise', async () => {
    const app = await open();
    await app.user.click(distributorButton('Dev Distributor'));
    await app.user.type(amountInput(), '1');
    expect(rechargeButton().disabled).toBe(false);
    expect(screen.queryByText('Please enter a valid amount')).toBeNull();
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '99.50');
    expect(rechargeButton().disabled).toBe(false);
  });

  it('recharges: success message, selection cleared, balances and transactions refreshed', async () => {
    const app = await open();
    const held = holdDataCalls(app.backend);
    await rechargeDev(app, '250');

    const busy = await screen.findByRole('button', { name: 'Recharging...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    held.release();

    const success = await screen.findByText('Successfully recharged ₹250 to Dev Distributor');
    expect(success.closest('[role="status"]')).not.toBeNull();
    expect(document.activeElement?.contains(success)).toBe(true);
    expect(screen.queryByRole('form', { name: 'Recharge' })).toBeNull();
    expect(balanceOf(app, DEV)).toBe(750);
    await waitFor(() => expect(within(distributorButton('Dev Distributor')).getByText('₹750')).toBeTruthy());
    expect(distributorButton('Dev Distributor').getAttribute('aria-pressed')).toBe('false');

    await waitFor(() => expect(transactionRows()).toHaveLength(2));
    const [newest, older] = transactionRows();
    expect(within(newest!).getByText('Dev Distributor')).toBeTruthy();
    expect(within(newest!).getByText('+₹250')).toBeTruthy();
    expect(newest!.textContent).toMatch(/₹500\s*→\s*to\s*₹750/);
    expect(newest!.textContent).toContain('by Demo Admin');
    expect(within(older!).getByText('+₹500')).toBeTruthy();
    expect(older!.textContent).toMatch(/₹0\s*→\s*to\s*₹500/);
  });

  it('keeps the selection and amount when the recharge fails', async () => {
    const app = await open();
    app.backend.db.outage = true;
    await rechargeDev(app, '250');

    expect((await screen.findByRole('alert')).textContent).toBe('Error recharging wallet. Please try again.');
    expect(distributorButton('Dev Distributor').getAttribute('aria-pressed')).toBe('true');
    expect(amountInput().value).toBe('250');
    expect(rechargeButton().disabled).toBe(false);
    expect(balanceOf(app, DEV)).toBe(500);
  });
});

describe('/distributor-recharge idempotency', () => {
  it('retries a failed attempt with the same key and applies it once', async () => {
    const app = await open();
    const recharge = vi.spyOn(app.services.useCases.wallet, 'recharge');
    app.backend.db.outage = true;
    await rechargeDev(app, '250');
    await screen.findByText('Error recharging wallet. Please try again.');

    app.backend.db.outage = false;
    await app.user.click(rechargeButton());
    expect(await screen.findByText('Successfully recharged ₹250 to Dev Distributor')).toBeTruthy();

    const keys = recharge.mock.calls.map(([, command]) => (command as RechargeCommand).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(balanceOf(app, DEV)).toBe(750);
    expect(app.backend.db.transactions.size).toBe(2);
  });

  it('never double-charges when a recharge went through but its answer was lost', async () => {
    const app = await open();
    const real = app.services.useCases.wallet.recharge;
    const recharge = vi
      .spyOn(app.services.useCases.wallet, 'recharge')
      .mockImplementationOnce(async (viewer, command) => {
        await real(viewer, command); // applied on the server...
        return { ok: false, message: 'Error recharging wallet. Please try again.' }; // ...but the answer is lost
      });
    await rechargeDev(app, '250');
    await screen.findByText('Error recharging wallet. Please try again.');
    expect(balanceOf(app, DEV)).toBe(750);

    await app.user.click(rechargeButton());
    expect(await screen.findByText('Successfully recharged ₹250 to Dev Distributor')).toBeTruthy();
    expect(recharge).toHaveBeenCalledTimes(2);
    expect(balanceOf(app, DEV)).toBe(750);
    expect(app.backend.db.transactions.size).toBe(2);
  });

  it('uses a new key for a new attempt: after success, or another amount or distributor', async () => {
    const app = await open();
    const recharge = vi.spyOn(app.services.useCases.wallet, 'recharge');
    const keyOf = (call: number) => (recharge.mock.calls[call]![1] as RechargeCommand).idempotencyKey;

    await rechargeDev(app, '250');
    await screen.findByText('Successfully recharged ₹250 to Dev Distributor');
    await waitFor(() => expect(within(distributorButton('Dev Distributor')).getByText('₹750')).toBeTruthy());
    await rechargeDev(app, '250');
    await screen.findByText('Successfully recharged ₹250 to Dev Distributor');
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(balanceOf(app, DEV)).toBe(1000);

    app.backend.db.outage = true;
    await rechargeDev(app, '100');
    await screen.findByText('Error recharging wallet. Please try again.');
    await app.user.clear(amountInput());
    await app.user.type(amountInput(), '120');
    await app.user.click(rechargeButton());
    await screen.findByText('Error recharging wallet. Please try again.');
    expect(keyOf(3)).not.toBe(keyOf(2));

    await app.user.click(distributorButton('Priya Traders'));
    await app.user.click(rechargeButton());
    await screen.findByText('Error recharging wallet. Please try again.');
    expect(new Set([keyOf(2), keyOf(3), keyOf(4)]).size).toBe(3);
    expect(balanceOf(app, 'demo-distributor2')).toBe(0);
  });
});

describe('/distributor-recharge loading failures and empty ledger', () => {
  it("shows 'Error fetching distributors' when the list cannot be loaded", async () => {
    const app = await openAfter((rendered) => {
      rendered.backend.db.outage = true;
    });
    expect(await screen.findByText('Error fetching distributors')).toBeTruthy();
    expect(await screen.findByText('Failed to load recharge transactions.')).toBeTruthy();

    app.backend.db.outage = false;
    const [retryDistributors] = screen.getAllByRole('button', { name: 'Try again' });
    await app.user.click(retryDistributors!);
    expect(await screen.findByRole('button', { name: /Dev Distributor/ })).toBeTruthy();
  });

  it("shows 'No recharge transactions yet' with an empty ledger, then the first one", async () => {
    const app = await openAfter((rendered) => rendered.backend.db.transactions.clear());
    expect(await screen.findByText('No recharge transactions yet')).toBeTruthy();

    await screen.findByRole('button', { name: /Priya Traders/ });
    await app.user.click(distributorButton('Priya Traders'));
    await app.user.type(amountInput(), '99.5');
    await app.user.click(rechargeButton());
    expect(await screen.findByText('Successfully recharged ₹99.50 to Priya Traders')).toBeTruthy();
    await waitFor(() => expect(transactionRows()).toHaveLength(1));
    expect(screen.queryByText('No recharge transactions yet')).toBeNull();
    expect(balanceOf(app, 'demo-distributor2')).toBe(99.5);
  });

  it('shows an empty state when there are no distributors', async () => {
    await openAfter((rendered) => {
      for (const uid of [DEV, 'demo-distributor2']) rendered.backend.db.users.delete(uid);
    });
    expect(await screen.findByText('No distributors yet')).toBeTruthy();
  });
});
