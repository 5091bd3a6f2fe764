import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FirebaseBackend } from '../../../src/adapters/firebase/firebase-backend';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import { cryptoRandomBytes } from '../../../src/app/containers/bind-use-cases';
import { ManualClock } from '../../../src/demo/manual-clock';
import { createUseCases } from '../../../src/domain/use-cases';
import { ACCOUNT_MESSAGES } from '../../../src/domain/users/messages';
import { App } from '../../../src/ui/app';
import type { AppRouter } from '../../../src/ui/router';

/**
 * The production authentication adapter over the real Firebase Auth SDK, with its HTTP traffic served
 * by msw: network failures and provider error payloads travel the whole way (SDK → adapter → use case
 * → screen). The data ports stay in memory; these screens only need authentication.
 */

const IDENTITY = 'https://identitytoolkit.googleapis.com/*';
const server = setupServer();
let backend: FirebaseBackend | null = null;
let appCount = 0;
let firebase: {
  createFirebaseBackend: typeof import('../../../src/adapters/firebase/firebase-backend').createFirebaseBackend;
  inMemoryPersistence: typeof import('firebase/auth').inMemoryPersistence;
};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Firebase Auth's Node build captures `fetch` when it loads: load it after msw has patched fetch.
  const [{ createFirebaseBackend }, { inMemoryPersistence }] = await Promise.all([
    import('../../../src/adapters/firebase/firebase-backend'),
    import('firebase/auth'),
  ]);
  firebase = { createFirebaseBackend, inMemoryPersistence };
});
afterEach(async () => {
  server.resetHandlers();
  await backend?.dispose();
  backend = null;
});
afterAll(() => server.close());

/** Every Identity Toolkit call fails as if the network were down. */
const networkDown = () => server.use(http.all(IDENTITY, () => HttpResponse.error()));
/** Every Identity Toolkit call answers with the provider's error payload. */
const providerSays = (message: string) =>
  server.use(
    http.all(IDENTITY, () =>
      HttpResponse.json({ error: { code: 400, message, errors: [{ message }] } }, { status: 400 }),
    ),
  );

function renderOnFirebaseAuth(path: string) {
  appCount += 1;
  backend = firebase.createFirebaseBackend({
    firebase: { apiKey: 'test-api-key', authDomain: 'demo-msw.firebaseapp.com', projectId: 'demo-msw' },
    appName: `msw-${appCount}`,
    persistence: firebase.inMemoryPersistence,
  });
  const memory = createMemoryBackend({ clock: new ManualClock(new Date(2026, 10, 21, 10, 30)) });
  const ports = { ...memory.ports, auth: backend.ports.auth };
  let router!: AppRouter;
  render(
    <App
      history={createMemoryHistory({ initialEntries: [path] })}
      onRouter={(created) => {
        router = created;
      }}
      services={{
        useCases: createUseCases(ports, {
          resetPasswordUrl: 'http://localhost:4173/reset-password',
          random: cryptoRandomBytes,
        }),
        demo: null,
        settings: { productName: 'RepairMate', supportEmail: 'support@repairmate.app', backend: 'firebase' },
      }}
    />,
  );
  return { router, user: userEvent.setup() };
}

describe('network failures on the production authentication adapter (msw)', () => {
  it('sign-in: the network message, the typed e-mail kept, still on /signin', async () => {
    networkDown();
    const { router, user } = renderOnFirebaseAuth('/signin');
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('asha@example.com');
    expect(router.state.location.pathname).toBe('/signin');
  });

  it("sign-in: the provider's refusal reads as wrong credentials", async () => {
    providerSays('INVALID_LOGIN_CREDENTIALS');
    const { user } = renderOnFirebaseAuth('/signin');
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password.');
  });

  it('sign-up: an e-mail the provider already has gives the catalogue message, and nothing typed is lost', async () => {
    providerSays('EMAIL_EXISTS');
    const { user } = renderOnFirebaseAuth('/signup');
    await user.click(await screen.findByRole('radio', { name: /User/ }));
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
    await user.type(screen.getByLabelText(/^Full Name/), 'Asha Customer');
    await user.type(screen.getByLabelText(/^Mobile Number/), '9876543210');
    await user.type(screen.getByLabelText(/^Address/), '12 MG Road');
    await user.type(screen.getByLabelText(/^City/), 'Bengaluru');
    await user.type(screen.getByLabelText(/^State/), 'Karnataka');
    await user.type(screen.getByLabelText(/^Pincode/), '560034');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByText(ACCOUNT_MESSAGES.emailInUse)).toBeTruthy());
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('Asha Customer');
    expect((screen.getByLabelText(/^Pincode/) as HTMLInputElement).value).toBe('560034');
  });

  it('sign-up: a network failure shows the network message', async () => {
    networkDown();
    const { user } = renderOnFirebaseAuth('/signup');
    await user.click(await screen.findByRole('radio', { name: /Distributor/ }));
    await user.type(screen.getByLabelText(/^Email/), 'dev@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
    await user.type(screen.getByLabelText(/^Full Name/), 'Dev Distributor');
    await user.type(screen.getByLabelText(/^Mobile Number/), '9123456780');
    await user.type(screen.getByLabelText(/^Address/), '4 Lamington Road');
    await user.type(screen.getByLabelText(/^City/), 'Mumbai');
    await user.type(screen.getByLabelText(/^State/), 'Maharashtra');
    await user.type(screen.getByLabelText(/^Pincode/), '400007');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(screen.getByText('Network error. Please check your connection and try again.')).toBeTruthy(),
    );
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('dev@example.com');
  });

  it('forgot password: a network failure shows the message and keeps the address', async () => {
    networkDown();
    const { user } = renderOnFirebaseAuth('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByText('Network error. Please check your connection and try again.')).toBeTruthy(),
    );
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('asha@example.com');
    expect(screen.queryByText(ACCOUNT_MESSAGES.resetEmailSent)).toBeNull();
  });

  it('reset link: an expired code from the provider reads as the catalogue message', async () => {
    providerSays('EXPIRED_OOB_CODE');
    renderOnFirebaseAuth('/reset-password?oobCode=stale-code');
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetLinkExpired)).toBeTruthy();
  });
});
