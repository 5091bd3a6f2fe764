import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { cryptoRandomBytes } from '../../src/app/containers/bind-use-cases';
import { DEMO_PASSWORD, generateDemoData } from '../../src/demo/demo-data';
import { ManualClock } from '../../src/demo/manual-clock';
import type { PublicReads } from '../../src/domain/public-reads';
import { INVOICE_MESSAGES, type Invoice } from '../../src/domain/shop/invoice';
import { buildInvoice } from '../../src/domain/shop/invoice-build';
import { parseStoreSettings } from '../../src/domain/shop/settings';
import { trackedRepairOf } from '../../src/domain/shop/tracked-repair';
import { trackingView } from '../../src/domain/shop/tracking';
import { createUseCases, type UseCases } from '../../src/domain/use-cases';
import type { SessionState } from '../../src/domain/users/session';
import { App } from '../../src/ui/app';
import { isTrackingPath, warmUpOf } from '../../src/ui/routing/warm-up';
import { type AppServices, type AppSettings, createServiceSource } from '../../src/ui/service-source';
import { createSessionStore, hadSessionHere } from '../../src/ui/session';

/**
 * What a page fetches once idle (issue 19: public pages light): routing/warm-up.ts's plan, the
 * 'repairmate.session' hint session.tsx keeps, and the App following them on the production build
 * (Firebase): a visitor who never signed in loads no backend, no other screen and no service worker
 * until they sign in or focus a form; a customer on a tracking link, and the landing page's store
 * badges, read through the public loader alone.
 */

const HINT = 'repairmate.session';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const settingsOf = (backend: AppSettings['backend']): AppSettings => ({
  productName: 'RepairMate',
  supportEmail: 'support@repairmate.app',
  backend,
});

describe('warmUpOf', () => {
  it.each([
    // backend, path, hint → session, everything
    ['memory', '/terms', false, true, true],
    ['memory', '/terms', true, true, true],
    ['memory', `/t/${TOKEN}`, false, true, false],
    ['memory', `/t/${TOKEN}/invoice`, true, true, false],
    ['pouchdb', '/', false, true, true],
    ['pouchdb', '/signin', true, true, true],
    ['pouchdb', `/t/${TOKEN}`, false, true, false],
    ['pouchdb', `/t/${TOKEN}/invoice`, true, true, false],
    ['firebase', '/terms', false, false, false],
    ['firebase', '/dashboard', true, true, true],
    ['firebase', `/t/${TOKEN}`, false, false, false],
    ['firebase', `/t/${TOKEN}/invoice`, true, true, false],
  ] as const)(
    '%s at %s, hint %s → session %s, everything %s',
    (backend, pathname, hadSession, session, everything) => {
      expect(warmUpOf({ backend, pathname, hadSession })).toEqual({ session, everything });
    },
  );

  it('takes /t/ and what is under it as the tracking pages, nothing else', () => {
    expect([`/t/${TOKEN}`, `/t/${TOKEN}/invoice`, '/t/'].map(isTrackingPath)).toEqual([true, true, true]);
    expect(['/t', '/terms', '/track', '/', '/shop/t/x'].map(isTrackingPath)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('hadSessionHere: the hint follows the session store', () => {
  const USER = { uid: 'u1', email: 'owner01@demo.test', phoneNumber: null };

  /** A session store over a backend whose session the test sets. */
  async function storeWithSession() {
    let set!: (state: SessionState) => void;
    const services = {
      useCases: {
        session: {
          watch: (listener: (state: SessionState) => void) => {
            set = listener;
            return () => undefined;
          },
        },
      } as unknown as UseCases,
      demo: null,
      settings: settingsOf('firebase'),
    };
    const source = createServiceSource(services.settings, async () => services);
    const store = createSessionStore(source);
    store.start();
    await source.load();
    await Promise.resolve();
    return { store, set: (state: SessionState) => set(state) };
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is set by signed-in and error, removed by signed-out, left as it is while loading', async () => {
    const { set } = await storeWithSession();
    expect(hadSessionHere()).toBe(false);
    set({ status: 'loading' });
    expect(localStorage.getItem(HINT)).toBeNull();
    set({ status: 'signed-in', user: USER, profile: null });
    expect(hadSessionHere()).toBe(true);
    set({ status: 'loading' });
    expect(hadSessionHere()).toBe(true);
    set({ status: 'signed-out' });
    expect(hadSessionHere()).toBe(false);
    expect(localStorage.getItem(HINT)).toBeNull();
    set({ status: 'error', user: USER, message: 'Your profile could not be loaded.' });
    expect(hadSessionHere()).toBe(true);
    expect(localStorage.getItem(HINT)).toBe('signed-in');
  });

  it('reads only its own value as a hint', () => {
    localStorage.setItem(HINT, 'yes');
    expect(hadSessionHere()).toBe(false);
    localStorage.setItem(HINT, 'signed-in');
    expect(hadSessionHere()).toBe(true);
  });

  it('tolerates a storage that throws (blocked): no hint, and the session still changes', async () => {
    const { store, set } = await storeWithSession();
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(blocked);
    const heard = vi.fn();
    store.subscribe(heard);
    expect(() => set({ status: 'signed-in', user: USER, profile: null })).not.toThrow();
    expect(store.get()).toMatchObject({ status: 'signed-in' });
    expect(() => set({ status: 'signed-out' })).not.toThrow();
    expect(store.get()).toEqual({ status: 'signed-out' });
    expect(heard).toHaveBeenCalledTimes(2);
    expect(hadSessionHere()).toBe(false);
  });
});

/** Loaded services on a fresh memory backend (the demo's data, and an account signed in if asked). */
async function memoryServices(signedInAs?: string): Promise<AppServices> {
  const clock = new ManualClock(new Date(2026, 10, 21, 10, 30));
  const backend = createMemoryBackend({ clock, productName: 'RepairMate' });
  await backend.seeder.load(generateDemoData(clock.now()));
  if (signedInAs) await backend.ports.auth.signIn(signedInAs, DEMO_PASSWORD);
  return {
    useCases: createUseCases(backend.ports, {
      resetPasswordUrl: 'http://localhost:4173/reset-password',
      random: cryptoRandomBytes,
    }),
    demo: null,
    settings: settingsOf('firebase'),
  };
}

/**
 * The browser's idle callback, counted: the App's warm-up runs in it (jsdom has none of its own).
 * `idled()` is how many have run; with `busyAfterFirst`, the browser never idles again after the
 * first (what happens next must not wait for it).
 */
function countIdleCallbacks(busyAfterFirst = false): () => number {
  let ran = 0;
  let asked = 0;
  window.requestIdleCallback = (callback) => {
    asked += 1;
    if (busyAfterFirst && asked > 1) return 0;
    return window.setTimeout(() => {
      callback({ didTimeout: false, timeRemaining: () => 50 });
      ran += 1;
    }, 0);
  };
  return () => ran;
}

/** The production build's App at `path`, its backend loader a spy. */
function renderProduction(
  path: string,
  options: { signedInAs?: string; tracking?: () => Promise<PublicReads> } = {},
) {
  const loader = vi.fn(() => memoryServices(options.signedInAs));
  const offlineCache = vi.fn(async () => true);
  const source = createServiceSource(settingsOf('firebase'), loader, options.tracking);
  render(
    <App
      source={source}
      history={createMemoryHistory({ initialEntries: [path] })}
      offlineCache={offlineCache}
    />,
  );
  return { loader, offlineCache, source };
}

const ready = () => document.documentElement.dataset.offlineReady;
/** Time for what the idle callback started to have asked for something, had it asked. */
const settle = (ms = 300) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the App on the production build (Firebase), once idle', () => {
  let idled: () => number;
  beforeEach(() => {
    idled = countIdleCallbacks();
  });
  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete document.documentElement.dataset.offlineReady;
  });

  it('loads nothing more for a visitor who never signed in here', async () => {
    const { loader, offlineCache } = renderProduction('/terms');
    await screen.findByRole('heading', { level: 1 });
    await expect.poll(idled).toBeGreaterThan(0);
    await settle(1000);
    expect(loader).not.toHaveBeenCalled();
    expect(offlineCache).not.toHaveBeenCalled();
    expect(ready()).toBeUndefined();
  });

  it('follows the session and warms up everything where an account was signed in here', async () => {
    localStorage.setItem(HINT, 'signed-in');
    const { loader, offlineCache } = renderProduction('/terms');
    await screen.findByRole('heading', { level: 1 });
    await expect.poll(() => loader.mock.calls.length).toBe(1);
    await expect.poll(ready, { timeout: 15_000 }).toBe('true');
    expect(offlineCache).toHaveBeenCalled();
    // The backend says no one is signed in any more: the hint goes.
    await expect.poll(() => localStorage.getItem(HINT)).toBeNull();
  });

  it("loads the backend when a visitor focuses a form's field, and nothing else", async () => {
    const { loader, offlineCache } = renderProduction('/signin');
    const email = await screen.findByLabelText(/^Email/);
    await expect.poll(idled).toBeGreaterThan(0);
    await settle();
    expect(loader).not.toHaveBeenCalled();
    await userEvent.setup().click(email);
    await expect.poll(() => loader.mock.calls.length).toBe(1);
    await settle();
    expect(offlineCache).not.toHaveBeenCalled();
    expect(ready()).toBeUndefined();
  });

  it('warms up everything as soon as the visitor signs in, without waiting for the browser to idle', async () => {
    idled = countIdleCallbacks(true);
    const { loader, offlineCache } = renderProduction('/signin');
    await expect.poll(idled).toBe(1);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'owner01@demo.test');
    await user.type(screen.getByLabelText(/^Password/), DEMO_PASSWORD);
    expect(offlineCache).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await expect.poll(ready, { timeout: 15_000 }).toBe('true');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(offlineCache).toHaveBeenCalled();
    expect(hadSessionHere()).toBe(true);
  });
});

describe('the landing page on the production build', () => {
  let idled: () => number;
  beforeEach(() => {
    idled = countIdleCallbacks();
  });
  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete document.documentElement.dataset.offlineReady;
  });

  const ANDROID = 'https://play.google.com/store/apps/details?id=com.repairmate.app';
  const IOS = 'https://apps.apple.com/app/repairmate/id6450000000';

  it('gives the app-store badges the links of the public loader and never loads the backend', async () => {
    const storeLinks = vi.fn(async () => ({ android: ANDROID, ios: IOS }));
    const reads: PublicReads = {
      resolveTracking: vi.fn(async () => ({ ok: false, reason: 'not-found', message: 'unused' }) as const),
      invoiceByTrackingToken: vi.fn(
        async () => ({ ok: false, reason: 'not-found', message: INVOICE_MESSAGES.notFound }) as const,
      ),
      storeLinks,
    };
    const publicLoader = vi.fn(async () => reads);
    const { loader, offlineCache } = renderProduction('/', { tracking: publicLoader });
    const hrefOf = (name: string) => screen.queryByRole('link', { name })?.getAttribute('href') ?? null;
    // The badges are inert placeholders until the links arrive, then real links.
    await expect.poll(() => hrefOf('Get it on Google Play'), { timeout: 5000 }).toBe(ANDROID);
    expect(hrefOf('Download on the App Store')).toBe(IOS);
    expect(storeLinks).toHaveBeenCalled();
    expect(publicLoader).toHaveBeenCalledTimes(1);
    await expect.poll(idled).toBeGreaterThan(0);
    await settle(1000);
    expect(loader).not.toHaveBeenCalled();
    expect(offlineCache).not.toHaveBeenCalled();
    expect(ready()).toBeUndefined();
  });
});

describe('the App on a tracking link (production build)', () => {
  let idled: () => number;
  beforeEach(() => {
    idled = countIdleCallbacks();
  });
  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete document.documentElement.dataset.offlineReady;
  });

  const view = trackingView(
    trackedRepairOf({
      repairId: 'RPR-1001',
      status: 'inprogress',
      productType: 'Mobile',
      productName: 'Galaxy S21',
      problemList: ['Screen broken'],
      estimatePaise: 280_000,
      paidPaise: 50_000,
      timeline: [],
    }),
    { name: 'Sharma Mobile Care', phone: '9876543210', upiId: '' },
  );
  const fakeTracking = () => {
    const resolveTracking = vi.fn(async () => ({ ok: true, value: view }) as const);
    const invoiceByTrackingToken = vi.fn(
      async () => ({ ok: false, reason: 'not-found', message: INVOICE_MESSAGES.notFound }) as const,
    );
    const storeLinks = async () => ({ android: null, ios: null });
    return {
      reads: { resolveTracking, invoiceByTrackingToken, storeLinks } satisfies PublicReads,
      resolveTracking,
    };
  };

  it('shows the repair through the tracking loader and never loads the backend', async () => {
    const { reads, resolveTracking } = fakeTracking();
    const { loader, offlineCache } = renderProduction(`/t/${TOKEN}`, { tracking: async () => reads });
    expect(await screen.findByRole('heading', { level: 1, name: 'RPR-1001' })).toBeTruthy();
    expect(screen.getByText('Mobile · Galaxy S21')).toBeTruthy();
    expect(screen.getByText('Sharma Mobile Care')).toBeTruthy();
    expect(resolveTracking).toHaveBeenCalledWith(TOKEN);
    await expect.poll(idled).toBeGreaterThan(0);
    await settle(1000);
    expect(loader).not.toHaveBeenCalled();
    expect(offlineCache).not.toHaveBeenCalled();
    expect(ready()).toBeUndefined();
  });

  it('follows a signed-in session there, but fetches no other screen and no offline copy', async () => {
    localStorage.setItem(HINT, 'signed-in');
    const { reads } = fakeTracking();
    const { loader, offlineCache } = renderProduction(`/t/${TOKEN}`, {
      signedInAs: 'owner01@demo.test',
      tracking: async () => reads,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'RPR-1001' })).toBeTruthy();
    await expect.poll(() => loader.mock.calls.length).toBe(1);
    await settle(1000);
    expect(hadSessionHere()).toBe(true);
    expect(offlineCache).not.toHaveBeenCalled();
    expect(ready()).toBeUndefined();
  });

  /** A receipt as the shop issues it (a store without a GSTIN), to show on /t/$token/invoice. */
  function receipt(): Invoice {
    const built = buildInvoice({
      repairDocId: 'repair-1',
      repair: {
        repairId: 'RPR-1001',
        status: 'ready',
        customerName: 'Ravi Kumar',
        customerMobile: '9876543210',
        productName: 'Galaxy S21',
        problemList: ['Screen broken'],
        finalPaise: 280_000,
      },
      store: {
        id: 'store-1',
        name: 'Sharma Mobile Care',
        settings: parseStoreSettings({ address: 'Shop 4, Station Road', city: 'Pune', state: 'Maharashtra' }),
      },
      customerGstin: '',
      payments: [],
      vouchers: [],
      number: { number: 'SMC/26-27/0001', fy: 2026, serial: 1 },
      now: new Date(2026, 10, 21, 10, 30),
      by: { uid: 'owner-1', name: 'Anil Sharma' },
    });
    if (!built.ok) throw new Error(built.message);
    return built.value;
  }

  it('shows the invoice at /t/$token/invoice through the tracking loader alone', async () => {
    const invoice = receipt();
    const invoiceByTrackingToken = vi.fn(async () => ({ ok: true, value: invoice }) as const);
    const reads: PublicReads = { ...fakeTracking().reads, invoiceByTrackingToken };
    const { loader } = renderProduction(`/t/${TOKEN}/invoice`, { tracking: async () => reads });
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt SMC/26-27/0001' })).toBeTruthy();
    expect(invoiceByTrackingToken).toHaveBeenCalledWith(TOKEN);
    await expect.poll(idled).toBeGreaterThan(0);
    await settle(1000);
    expect(loader).not.toHaveBeenCalled();
  });

  it("shows a tracking loader's failure as the route's, and Retry loads it again", async () => {
    const { reads } = fakeTracking();
    const tracking = vi
      .fn<() => Promise<PublicReads>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(reads);
    const { loader } = renderProduction(`/t/${TOKEN}`, { tracking });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'RPR-1001' })).toBeTruthy();
    expect(tracking).toHaveBeenCalledTimes(2);
    expect(loader).not.toHaveBeenCalled();
  });
});
