import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import {
  fillSignUpForm,
  launchBrowser,
  logOut,
  openTab,
  recordTexts,
  shown,
  signIn,
  type Tab,
} from './support/browser';

/** Accounts: sign in as every role, sign out, sign up, and the password-reset round trip. */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  await freshData();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Generous upper bound for the spec's timed redirects (1.5 s after sign-up, 3 s after a reset). */
const REDIRECT_LIMIT_MS = 15_000;

const heading = (page: Page, name: string | RegExp) => shown(page.getByRole('heading', { level: 1, name }));

describe('sign in and sign out', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  const ROLES: readonly { email: string; screen: string | RegExp }[] = [
    { email: 'admin@demo.test', screen: 'RepairMate Admin Dashboard' },
    { email: 'customer@demo.test', screen: 'Hello, Asha Customer' },
    { email: 'distributor@demo.test', screen: 'Hello, Dev Distributor' },
    { email: 'distributor2@demo.test', screen: 'Hello, Priya Traders' },
    // Staff and owners go on to the shop console (every backend).
    { email: 'staff@demo.test', screen: 'Sharma Mobile Care - Bandra' },
    { email: 'owner01@demo.test', screen: 'Sharma Mobile Care - Andheri' },
  ];

  it('signs every demo role in through the form to its dashboard; Logout goes to /signin', async () => {
    const { page } = tab;
    for (const { email, screen } of ROLES) {
      // signIn waits for /dashboard; 'Loading...' may show there until the role is known.
      await signIn(page, baseUrl, email);
      await heading(page, screen);
      // The signed-in header names the account.
      await shown(page.getByRole('banner').getByText(email));
      await logOut(page, baseUrl);
      await heading(page, 'Sign in');
      // Signed out, the dashboard is out of reach again.
      await page.goto(`${baseUrl}/dashboard`);
      await page.waitForURL(`${baseUrl}/signin`);
    }
    expect(tab.problems.errors).toEqual([]);
  });

  it('Logout works from the admin pages too', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'admin@demo.test');
    for (const [path, title] of [
      ['/support-admin', 'Support Issues'],
      ['/distributor-recharge', 'Distributor Wallet Recharge'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await heading(page, title);
      await logOut(page, baseUrl);
      await page.goto(`${baseUrl}${path}`);
      await heading(page, 'Access denied.');
      await signIn(page, baseUrl, 'admin@demo.test');
    }
    await logOut(page, baseUrl);
  });

  it("shows the provider's message above the form for a wrong password and stays on /signin", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/signin`);
    await page.getByLabel(/^Email/).fill('customer@demo.test');
    await page.getByLabel(/^Password/).fill('Not-the-password1');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = await shown(page.getByRole('alert'));
    expect(await alert.textContent()).toBe('Incorrect email or password.');
    expect(new URL(page.url()).pathname).toBe('/signin');
    // The message sits above the form's fields.
    const alertBox = await alert.boundingBox();
    const emailBox = await page.getByLabel(/^Email/).boundingBox();
    expect(alertBox?.y ?? 0).toBeLessThan(emailBox?.y ?? 0);
  });

  it("links to /forgot-password and /signup, and a signed-in visitor's /signin goes to the dashboard", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/signin`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL(`${baseUrl}/signin`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${baseUrl}/signup`);

    await signIn(page, baseUrl, 'staff@demo.test');
    await page.goto(`${baseUrl}/signin`);
    await page.waitForURL(`${baseUrl}/shop`);
    await heading(page, 'Sharma Mobile Care - Bandra');
    await logOut(page, baseUrl);
  });
});

describe('sign up', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  const fill = fillSignUpForm;
  const terms = (page: Page) => page.getByRole('checkbox', { name: /Terms and Conditions/ });
  const privacy = (page: Page) => page.getByRole('checkbox', { name: /Privacy Policy/ });
  const submit = (page: Page) => page.getByRole('button', { name: 'Sign Up' });

  it('creates a User account: both boxes gate the button, success, /signin after 1.5 s, then the tracker', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/signup`);
    await heading(page, 'Create your account');
    await fill(page, {
      type: 'User',
      email: 'kiran.patel@example.com',
      password: 'Strong#Pass1',
      name: 'Kiran Patel',
      mobile: '9812345678',
    });
    expect(await submit(page).isDisabled()).toBe(true);
    await terms(page).check();
    expect(await submit(page).isDisabled()).toBe(true);
    await privacy(page).check();
    expect(await submit(page).isEnabled()).toBe(true);
    await terms(page).uncheck();
    expect(await submit(page).isDisabled()).toBe(true);
    await terms(page).check();
    // The agreement links open the documents in a new tab.
    const termsLink = page.getByRole('link', { name: 'Terms and Conditions (opens in a new tab)' });
    expect(await termsLink.getAttribute('href')).toBe('/terms');
    expect(await termsLink.getAttribute('target')).toBe('_blank');
    expect(
      await page.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' }).getAttribute('target'),
    ).toBe('_blank');

    const clicked = Date.now();
    await submit(page).click();
    await shown(page.getByText('Account created successfully!'));
    // The form is cleared.
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Full Name/).inputValue()).toBe('');
    await page.waitForURL(`${baseUrl}/signin`, { timeout: REDIRECT_LIMIT_MS });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1500);

    await signIn(page, baseUrl, 'kiran.patel@example.com', 'Strong#Pass1');
    await heading(page, 'Hello, Kiran Patel');
    // A new customer first proves the mobile number typed at sign-up (security.e2e.ts follows it through).
    await shown(page.getByRole('heading', { name: 'Verify your mobile number' }));
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });

  it('creates a Distributor account that opens the distributor dashboard with an empty wallet', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/signup`);
    await fill(page, {
      type: 'Distributor',
      email: 'new.distributor@example.com',
      password: 'Strong#Pass2',
      name: 'Nisha Distributors',
      mobile: '9811122233',
    });
    await terms(page).check();
    await privacy(page).check();
    await submit(page).click();
    await shown(page.getByText('Account created successfully!'));
    await page.waitForURL(`${baseUrl}/signin`, { timeout: REDIRECT_LIMIT_MS });
    await signIn(page, baseUrl, 'new.distributor@example.com', 'Strong#Pass2');
    await heading(page, 'Hello, Nisha Distributors');
    await shown(page.getByText('No recharge transactions yet'));
    await logOut(page, baseUrl);
  });

  it("says 'This email is already registered.' for customer@demo.test", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/signup`);
    await fill(page, {
      type: 'User',
      email: 'customer@demo.test',
      password: 'Strong#Pass1',
      name: 'Someone Else',
      mobile: '9812340000',
    });
    await terms(page).check();
    await privacy(page).check();
    await submit(page).click();
    await shown(page.getByText('This email is already registered.'));
    expect(new URL(page.url()).pathname).toBe('/signup');
    // Nothing is cleared: the visitor fixes the address and tries again.
    expect(await page.getByLabel(/^Full Name/).inputValue()).toBe('Someone Else');
  });

  it('lists the unmet password rules as bullets', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/signup`);
    await fill(page, {
      type: 'User',
      email: 'weak.password@example.com',
      password: 'weakpassword',
      name: 'Weak Password',
      mobile: '9812340001',
    });
    await terms(page).check();
    await privacy(page).check();
    await submit(page).click();
    const alert = await shown(
      page.getByRole('alert').filter({ hasText: 'Please choose a stronger password.' }),
    );
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      'Password must contain an upper case character',
      'Password must contain a non-alphanumeric character',
    ]);
    expect(new URL(page.url()).pathname).toBe('/signup');
  });
});

describe('password reset', () => {
  it('round trip: request, demo mailbox, link, new password, /signin after 3 s, sign in; the link then fails', async () => {
    const tab = await openTab(browser, 'desktop');
    const { page } = tab;
    const seen = await recordTexts(page, ['Verifying reset link...']);

    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel(/^Email/).fill('customer@demo.test');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await shown(
      page.getByText(
        'Password reset instructions have been sent to your email. Please check your inbox and follow the instructions.',
      ),
    );
    expect(await page.getByRole('link', { name: 'Return to Sign In' }).getAttribute('href')).toBe('/signin');
    await page.getByRole('link', { name: 'open the demo mailbox' }).click();

    await page.waitForURL(`${baseUrl}/demo/mailbox`);
    const mail = await shown(page.getByRole('article').first());
    await shown(mail.getByText('customer@demo.test', { exact: true }));
    const link = mail.getByRole('link', { name: 'Reset your password' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/reset-password\?oobCode=/);
    await link.click();

    await page.waitForURL(/\/reset-password\?oobCode=/);
    await shown(page.getByText('for customer@demo.test'));
    expect(await seen()).toContain('Verifying reset link...');

    // Mismatched passwords are refused first.
    await page.getByLabel(/^New Password/).fill('NewPass#2026');
    await page.getByLabel(/^Confirm New Password/).fill('NewPass#2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await shown(page.getByText('Passwords do not match'));

    await page.getByLabel(/^Confirm New Password/).fill('NewPass#2026');
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await shown(page.getByText('Your password has been successfully reset. Redirecting to sign in page...'));
    await page.waitForURL(`${baseUrl}/signin`, { timeout: REDIRECT_LIMIT_MS });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(3000);

    // The old password no longer works; the new one does.
    await page.getByLabel(/^Email/).fill('customer@demo.test');
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await shown(page.getByRole('alert'));
    await signIn(page, baseUrl, 'customer@demo.test', 'NewPass#2026');
    await heading(page, 'Hello, Asha Customer');
    await logOut(page, baseUrl);

    // The link works once.
    await page.goto(`${baseUrl}${href}`);
    await shown(page.getByText('This password reset link is invalid or has expired'));
    expect(tab.problems.errors).toEqual([]);
    await tab.context.close();
  });

  it('an unknown oobCode is invalid or expired; no oobCode is an invalid link', async () => {
    const tab = await openTab(browser, 'phone');
    const { page } = tab;
    await page.goto(`${baseUrl}/reset-password?oobCode=made-up-code-123`);
    await shown(page.getByText('This password reset link is invalid or has expired'));
    await shown(page.getByRole('link', { name: 'Request a new reset link' }));

    await page.goto(`${baseUrl}/reset-password`);
    await shown(page.getByText('Invalid password reset link', { exact: true }));
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    expect(tab.problems.errors).toEqual([]);
    await tab.context.close();
  });
});
