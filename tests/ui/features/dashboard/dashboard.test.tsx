import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberKey } from '../../../../src/adapters/memory/memory-shop-membership';
import { DEMO_UIDS } from '../../../../src/demo/demo-data';
import { ACCOUNT_MESSAGES } from '../../../../src/domain/users/messages';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

async function signInThroughTheForm(app: RenderedApp, email: string): Promise<void> {
  await app.user.type(await screen.findByLabelText(/^Email/), email);
  await app.user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/dashboard', () => {
  it('sends a signed-out visitor to /signin', async () => {
    const app = await renderApp({ path: '/dashboard' });
    await waitFor(() => expect(pathOf(app)).toBe('/signin'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it("shows 'Loading...' until the role is known", async () => {
    const app = await renderApp({ path: '/signin' });
    app.backend.db.latencyMs = 300; // longer than the router waits before it shows its pending view (150 ms)
    await signInThroughTheForm(app, 'customer@demo.test');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Customer' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the admin dashboard to role sa', async () => {
    await renderApp({ path: '/dashboard', signedInAs: 'admin@demo.test' });
    expect(await screen.findByRole('heading', { level: 1, name: 'RepairMate Admin Dashboard' })).toBeTruthy();
  });

  it('shows the repair tracker to role user', async () => {
    await renderApp({ path: '/dashboard', signedInAs: 'customer@demo.test' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Customer' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Enter Repair ID/ })).toBeTruthy();
  });

  it('shows the distributor dashboard to role distributor', async () => {
    await renderApp({ path: '/dashboard', signedInAs: 'distributor@demo.test' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Dev Distributor' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Wallet balance' })).toBeTruthy();
  });

  it("shows 'Coming Soon' to role staff while the account works in no store", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: 'owner01@demo.test' });
    // The demo's staff member works in Sharma Mobile Care's first store: the owner takes them off it.
    await app.backend.ports.shopMembers.removeStaff('store-sharma-1', 'demo-staff');
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('staff@demo.test', 'Demo@1234');
    await app.router.navigate({ to: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming Soon' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Admin Dashboard/ })).toBeNull();
    expect(pathOf(app)).toBe('/dashboard');
  });

  it('sends an owner (an account that works in a store) to the board of /shop', async () => {
    const app = await renderApp({ path: '/dashboard', signedInAs: 'owner01@demo.test' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Andheri' }),
    ).toBeTruthy();
    expect(pathOf(app)).toBe('/shop');
    expect(screen.queryByRole('heading', { name: 'Coming Soon' })).toBeNull();
  });

  it('sends staff to the board of the store they work in', async () => {
    const app = await renderApp({ path: '/dashboard', signedInAs: 'staff@demo.test' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' }),
    ).toBeTruthy();
    expect(pathOf(app)).toBe('/shop');
    expect(screen.getByText('Staff')).toBeTruthy();
  });

  it('sends an owner who signs in through the form to /shop', async () => {
    const app = await renderApp({ path: '/signin' });
    await signInThroughTheForm(app, 'owner02@demo.test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iyer Electronics' })).toBeTruthy();
    expect(pathOf(app)).toBe('/shop');
  });

  it("shows 'Coming Soon' to an account without a users document", async () => {
    const app = await renderApp({ path: '/signin' });
    app.backend.db.users.delete(DEMO_UIDS.staff);
    // …and in no store (with one, it would go on to the shop console).
    app.backend.db.storeMembers.delete(memberKey('store-sharma-1', DEMO_UIDS.staff));
    await signInThroughTheForm(app, 'staff@demo.test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming Soon' })).toBeTruthy();
    expect(pathOf(app)).toBe('/dashboard');
  });

  it('says when the account cannot be loaded', async () => {
    const app = await renderApp({ path: '/signin' });
    await screen.findByLabelText(/^Email/);
    app.backend.db.outage = true;
    await signInThroughTheForm(app, 'staff@demo.test');
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileUnavailable)).toBeTruthy();
  });

  it.each(['admin@demo.test', 'customer@demo.test', 'distributor@demo.test', 'staff@demo.test'])(
    'signs %s out with Logout and goes to /signin',
    async (email) => {
      const app = await renderApp({ path: '/dashboard', signedInAs: email });
      await screen.findByRole('heading', { level: 1 });
      await app.user.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(pathOf(app)).toBe('/signin'));
      expect(app.backend.ports.auth.currentUser()).toBeNull();
    },
  );
});
