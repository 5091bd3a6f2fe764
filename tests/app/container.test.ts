import { describe, expect, it } from 'vitest';
import { ConsoleLogger } from '../../src/adapters/console-logger';
import { parseAppConfig } from '../../src/app/config';
import { createAppContainer } from '../../src/app/create-container';
import { resolveServices } from '../../src/app/resolve-services';
import { portToken, TOKENS } from '../../src/app/tokens';
import { ManualClock } from '../../src/demo/manual-clock';
import { MemoryLogger } from '../../src/demo/memory-logger';
import { ADMIN_MESSAGES } from '../../src/domain/admin/messages';
import type { UseCases } from '../../src/domain/use-cases';
import type { UserProfile } from '../../src/domain/users/user';

const NOW = new Date(2026, 10, 21, 15, 5);
const RESET_URL = 'https://fixit.test/reset-password';

async function start(env: Record<string, string> = {}) {
  const config = parseAppConfig({ VITE_BACKEND: 'memory', ...env });
  const clock = new ManualClock(NOW);
  const container = await createAppContainer(config, { resetPasswordUrl: RESET_URL, clock });
  const services = await resolveServices(container, config);
  return { config, container, services, clock };
}

async function signIn(useCases: UseCases, email: string): Promise<UserProfile> {
  expect(await useCases.accounts.signIn(email, 'Demo@1234')).toEqual({ ok: true });
  let profile: UserProfile | null = null;
  await new Promise<void>((resolve) => {
    const stop = useCases.session.watch((state) => {
      if (state.status === 'signed-in') {
        profile = state.profile;
        queueMicrotask(stop);
        resolve();
      }
    });
  });
  expect(profile).not.toBeNull();
  return profile!;
}

describe('the memory container', () => {
  it('resolves the use cases, the demo extras and the settings for the UI', async () => {
    const { services, container } = await start({
      VITE_PRODUCT_NAME: 'FixIt',
      VITE_SUPPORT_EMAIL: 'help@fixit.test',
    });
    expect(services.settings).toEqual({
      productName: 'FixIt',
      supportEmail: 'help@fixit.test',
      backend: 'memory',
    });
    expect(services.demo).not.toBeNull();
    expect(await container.getAsync(TOKENS.UseCases)).toBe(services.useCases);
    expect(services.useCases.clock.now()).toEqual(NOW);
    expect(ADMIN_MESSAGES.dashboardTitle(services.settings.productName)).toBe('FixIt Admin Dashboard');
  });

  it('binds every port the use cases need', async () => {
    const { container } = await start();
    for (const token of [
      TOKENS.AppConfig,
      portToken('clock'),
      portToken('logger'),
      portToken('auth'),
      portToken('users'),
      portToken('stores'),
      portToken('repairs'),
      portToken('support'),
      portToken('wallet'),
      portToken('config'),
      TOKENS.Seeder,
      TOKENS.DemoMailbox,
      TOKENS.DemoControls,
    ])
      expect(container.isBound(token), String(token)).toBe(true);
  });

  it('loads the demo data set, with use cases that act on it', async () => {
    const { services } = await start();
    const admin = await signIn(services.useCases, 'admin@demo.test');
    expect(admin.role).toBe('sa');
    expect(await services.useCases.admin.totals(admin)).toEqual({
      ok: true,
      value: { totalUsers: 28, totalBusinessUsers: 23 },
    });
  });

  it('sends reset e-mails in the product name, to the configured reset page, into the demo mailbox', async () => {
    const { services } = await start({ VITE_PRODUCT_NAME: 'FixIt' });
    expect(await services.useCases.accounts.requestPasswordReset('customer@demo.test')).toEqual({ ok: true });
    const [mail] = await services.demo!.mailbox.list();
    expect(mail?.subject).toBe('Reset your FixIt password');
    expect(mail?.link.startsWith(`${RESET_URL}?oobCode=`)).toBe(true);
  });

  it('starts empty without demo data', async () => {
    const { services } = await start({ VITE_DEMO_SEED: 'false' });
    expect((await services.useCases.accounts.signIn('admin@demo.test', 'Demo@1234')).ok).toBe(false);
    expect(await services.useCases.config.storeLinks()).toEqual({ android: null, ios: null });
  });

  it('restores the demo data set on reset, and signs out', async () => {
    const { services } = await start();
    const { useCases } = services;
    let admin = await signIn(useCases, 'admin@demo.test');
    const distributors = await useCases.wallet.distributors(admin);
    const dev = distributors.ok ? distributors.value.find((d) => d.name === 'Dev Distributor')! : null;
    expect(
      (
        await useCases.wallet.recharge(admin, {
          distributor: dev,
          amount: '250',
          idempotencyKey: 'reset-test-1',
        })
      ).ok,
    ).toBe(true);
    expect(
      (await useCases.support.submit({ email: 'x@example.com', phone: '9000033333', issue: 'Hello' })).ok,
    ).toBe(true);
    await useCases.accounts.signOut();
    const signUp = await useCases.accounts.signUp({
      accountType: 'user',
      email: 'new@demo.test',
      password: 'Fresh#123',
      name: 'New Person',
      mobile: '9000044444',
      address: 'Somewhere',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      acceptedTerms: true,
      acceptedPrivacy: true,
    });
    expect(signUp).toEqual({ ok: true });
    await useCases.accounts.requestPasswordReset('customer@demo.test');
    await signIn(useCases, 'distributor@demo.test');

    await services.demo!.controls!.reset();

    expect(useCases.clock.now()).toEqual(NOW);
    const session = await new Promise((resolve) => {
      const stop = useCases.session.watch((state) => {
        if (state.status !== 'loading') {
          queueMicrotask(stop);
          resolve(state);
        }
      });
    });
    expect(session).toEqual({ status: 'signed-out' });
    expect(await services.demo!.mailbox.list()).toEqual([]);
    expect((await useCases.accounts.signIn('new@demo.test', 'Fresh#123')).ok).toBe(false);
    admin = await signIn(useCases, 'admin@demo.test');
    expect(await useCases.admin.totals(admin)).toEqual({
      ok: true,
      value: { totalUsers: 28, totalBusinessUsers: 23 },
    });
    const support = await useCases.support.list(admin);
    expect(support.ok && support.value.map((issue) => issue.email)).toEqual([
      'ravi@example.com',
      'neha@example.com',
    ]);
    const recent = await useCases.wallet.recentRecharges(admin);
    expect(recent.ok && recent.value.map((t) => t.amount)).toEqual([500]);
    const again = await useCases.wallet.distributors(admin);
    expect(again.ok && again.value.map((d) => d.walletBalance)).toEqual([500, 0]);
  });
});

describe('the logger', () => {
  it('is the console by default', async () => {
    const { container, services } = await start();
    const logger = await container.getAsync(portToken('logger'));
    expect(logger).toBeInstanceOf(ConsoleLogger);
    expect(services.useCases.log).toBe(logger);
  });

  it('is the one the options bring (tests keep the entries), for the use cases and the UI alike', async () => {
    const config = parseAppConfig({ VITE_BACKEND: 'memory' });
    const logger = new MemoryLogger();
    const container = await createAppContainer(config, { resetPasswordUrl: RESET_URL, logger });
    expect(await container.getAsync(portToken('logger'))).toBe(logger);
    const useCases = await container.getAsync(TOKENS.UseCases);
    useCases.log.error('The page could not do it', new Error('cause'));
    expect(logger.entries).toEqual([
      { level: 'error', message: 'The page could not do it', cause: new Error('cause') },
    ]);
  });
});
