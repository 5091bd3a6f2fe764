import { waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DEMO_UIDS } from '../../../../src/demo/demo-data';
import { formatDateTime } from '../../../../src/domain/shared/time';
import { type RenderedApp, renderApp, screen } from '../../render-app';

async function openWallet(email = 'distributor@demo.test', name = 'Dev Distributor'): Promise<RenderedApp> {
  const app = await renderApp({ path: '/dashboard', signedInAs: email });
  await screen.findByRole('heading', { level: 1, name: `Hello, ${name}` });
  return app;
}

async function balance(): Promise<string> {
  const section = await screen.findByRole('region', { name: 'Wallet balance' });
  return section.querySelector('p')?.textContent ?? '';
}

function contact(label: string): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

function failNextWalletReads(app: RenderedApp): { recover: () => void } {
  const wallet = app.backend.ports.wallet;
  const latestFor = wallet.latestFor.bind(wallet);
  let failing = true;
  wallet.latestFor = async (distributorId, limit) => {
    if (failing) throw new Error('The server cannot be reached.');
    return latestFor(distributorId, limit);
  };
  return {
    recover: () => {
      failing = false;
    },
  };
}

async function seriousAxeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('/dashboard as a distributor', () => {
  it('shows the wallet balance and the top-up received', async () => {
    const app = await openWallet();
    expect(await balance()).toBe('₹500');
    expect(screen.getByRole('heading', { name: 'Top-ups received' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Top-ups received' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(within(item).getByText('Wallet recharge by admin')).toBeTruthy();
    expect(within(item).getByText('+₹500')).toBeTruthy();
    expect(item.textContent).toContain('by Demo Admin');
    expect(item.textContent).toMatch(/Balance ₹0 →\s*to ₹500/);
    const [stored] = await app.backend.ports.wallet.latestFor(DEMO_UIDS.distributor, 10);
    expect(within(item).getByText(formatDateTime(stored!.timestamp!))).toBeTruthy();
    expect(screen.getByText(/^Last top-up: ₹500 on /)).toBeTruthy();
  });

  it('shows the contact details', async () => {
    await openWallet();
    await balance();
    expect(contact('Name')).toBe('Dev Distributor');
    expect(contact('Email')).toBe('distributor@demo.test');
    expect(contact('Mobile')).toBe('9123456780');
    expect(contact('Address')).toBe('4 Lamington Road, Mumbai, Maharashtra 400007');
  });

  it('leaves out an address that is not there', async () => {
    const app = await renderApp({ path: '/dashboard', signedInAs: 'distributor@demo.test' });
    const record = app.backend.db.users.get(DEMO_UIDS.distributor)!;
    for (const field of ['address', 'city', 'state', 'pincode']) delete record[field];
    await balance();
    expect(screen.queryByText('Address', { selector: 'dt' })).toBeNull();
  });

  it('offers help: the support e-mail and the support page', async () => {
    await openWallet();
    await balance();
    const help = screen.getByRole('heading', { name: 'Need help?' }).parentElement!;
    expect(within(help).getByRole('link', { name: 'support@repairmate.app' }).getAttribute('href')).toBe(
      'mailto:support@repairmate.app',
    );
    expect(within(help).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/support');
  });

  it('shows an empty wallet without top-ups', async () => {
    await openWallet('distributor2@demo.test', 'Priya Traders');
    expect(await balance()).toBe('₹0');
    expect(screen.getByText('No recharge transactions yet')).toBeTruthy();
    expect(screen.getByText('No top-ups yet.')).toBeTruthy();
    expect(contact('Mobile')).toBe('9988776655');
  });

  it('shows progress while loading', async () => {
    const app = await renderApp({ path: '/signin' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'distributor@demo.test');
    await app.user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
    // Longer than the router waits before it shows its pending view (150 ms).
    app.backend.db.latencyMs = 300;
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    // The route loads the wallet before the dashboard renders: 'Loading...', then the balance at once.
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Dev Distributor' });
    expect(await balance()).toBe('₹500');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the failure with Retry, and recovers', async () => {
    const app = await renderApp({ path: '/dashboard', signedInAs: 'distributor@demo.test' });
    const outage = failNextWalletReads(app);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load your wallet. Please try again.',
    );
    expect(screen.queryByRole('region', { name: 'Wallet balance' })).toBeNull();
    outage.recover();
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await balance()).toBe('₹500');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refreshes the balance', async () => {
    const app = await openWallet();
    expect(await balance()).toBe('₹500');
    // Another device's recharge lands meanwhile (a write replaces the stored record).
    const stored = app.backend.db.users.get(DEMO_UIDS.distributor)!;
    app.backend.db.users.set(DEMO_UIDS.distributor, { ...stored, walletBalance: 750 });
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(async () => expect(await balance()).toBe('₹750'));
  });

  it('keeps what it showed when a refresh fails', async () => {
    const app = await openWallet();
    expect(await balance()).toBe('₹500');
    failNextWalletReads(app);
    await app.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load your wallet. Please try again.',
    );
    expect(await balance()).toBe('₹500');
  });

  it('has no serious accessibility violations', async () => {
    await openWallet();
    await balance();
    expect(await seriousAxeViolations()).toEqual([]);
  });
});
