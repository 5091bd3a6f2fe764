import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf, renderApp, screen } from '../../render-app';

describe('/signin', () => {
  it('signs in and goes to the dashboard', async () => {
    const app = await renderApp({ path: '/signin' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'distributor2@demo.test');
    await app.user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Priya Traders' })).toBeTruthy();
    expect(pathOf(app)).toBe('/dashboard');
  });

  it('shows the failure above the form and keeps what was typed', async () => {
    const app = await renderApp({ path: '/signin' });
    await app.user.type(await screen.findByLabelText(/^Email/), 'staff@demo.test');
    await app.user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password.');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('staff@demo.test');
    expect(pathOf(app)).toBe('/signin');
  });

  it('requires both fields', async () => {
    const app = await renderApp({ path: '/signin' });
    await app.user.click(await screen.findByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email address.');
  });

  it('links to /forgot-password and /signup', async () => {
    await renderApp({ path: '/signin' });
    expect((await screen.findByRole('link', { name: 'Forgot Password?' })).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    const app = await renderApp({ path: '/signin', signedInAs: 'staff@demo.test' });
    await waitFor(() => expect(pathOf(app)).toBe('/dashboard'));
  });
});
