import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillSignUpForm, launchBrowser, logOut, openTab, shown, signIn, type Tab } from './support/browser';

/** The offline demo's data: loaded once per profile, kept across reloads and tabs, and reset on demand. */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const totalUsers = (page: Page) =>
  page.locator('dt', { hasText: /^Total Users$/ }).locator('xpath=following-sibling::dd[1]');
const supportCards = (page: Page) => page.getByRole('list', { name: 'Support issues' }).getByRole('article');

describe('the demo data set in one browser profile', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it('persists across reloads, sign-outs and new tabs without being loaded twice', async () => {
    const { page, context } = tab;
    await signIn(page, baseUrl, 'admin@demo.test');
    await expect.poll(() => totalUsers(page).textContent()).toBe('28');
    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      // Still signed in after a reload, with the same data.
      await shown(page.getByRole('heading', { level: 1, name: 'RepairMate Admin Dashboard' }));
      await expect.poll(() => totalUsers(page).textContent()).toBe('28');
    }
    await page.goto(`${baseUrl}/support-admin`);
    await expect.poll(() => supportCards(page).count()).toBe(2);
    await page.reload();
    await expect.poll(() => supportCards(page).count()).toBe(2);

    await logOut(page, baseUrl);
    await page.reload();
    await signIn(page, baseUrl, 'admin@demo.test');
    await expect.poll(() => totalUsers(page).textContent()).toBe('28');

    // A second tab of the same profile shares the data (and the session).
    const second = await context.newPage();
    await second.goto(`${baseUrl}/dashboard`);
    await shown(second.getByRole('heading', { level: 1, name: 'RepairMate Admin Dashboard' }));
    await expect.poll(() => totalUsers(second).textContent()).toBe('28');
    await second.close();
    expect(tab.problems.errors).toEqual([]);
  });

  it('keeps what was changed: a recharge, a support issue and a new account', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/distributor-recharge`);
    await page.getByRole('button', { name: /Dev Distributor/ }).click();
    await page.getByLabel(/^Amount/).fill('250');
    await page.getByRole('button', { name: 'Recharge', exact: true }).click();
    await shown(page.getByText('Successfully recharged ₹250 to Dev Distributor'));
    await logOut(page, baseUrl);

    await page.goto(`${baseUrl}/support`);
    await page.getByLabel(/^Email/).fill('persist@example.com');
    await page.getByLabel(/^Phone/).fill('9000055555');
    await page.getByLabel(/^Issue \/ Feedback/).fill('Does this stay?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await shown(page.getByText('Thank you!'));

    await page.goto(`${baseUrl}/signup`);
    await fillSignUpForm(page, {
      type: 'User',
      email: 'temporary@example.com',
      password: 'Temp#Pass1',
      name: 'Temporary User',
      mobile: '9812300000',
    });
    await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await shown(page.getByText('Account created successfully!'));
    await page.waitForURL(`${baseUrl}/signin`, { timeout: 15_000 });

    await page.reload();
    await signIn(page, baseUrl, 'admin@demo.test');
    await expect.poll(() => totalUsers(page).textContent()).toBe('29');
    await page.goto(`${baseUrl}/support-admin`);
    await expect.poll(() => supportCards(page).count()).toBe(3);
    await page.goto(`${baseUrl}/distributor-recharge`);
    await expect
      .poll(() => page.getByRole('button', { name: /Dev Distributor/ }).textContent())
      .toContain('₹750');
  });

  it("'Reset demo data' asks first, then restores the data set and signs out", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    const bar = page.getByRole('complementary', { name: 'Offline demo' });

    // Cancel changes nothing.
    await bar.getByRole('button', { name: 'Reset demo data' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Reset demo data?' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => totalUsers(page).textContent()).toBe('29');

    await bar.getByRole('button', { name: 'Reset demo data' }).click();
    await shown(dialog);
    await dialog.getByRole('button', { name: 'Reset demo data' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await shown(
      page.getByRole('status').filter({
        hasText: 'Demo data restored. Every account and record is back to how the demo began.',
      }),
    );
    await dialog.waitFor({ state: 'hidden' });
    // Signed out: the header offers Sign In again.
    await shown(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }));

    // The account made since is gone; the demo accounts work with their original password.
    await page.goto(`${baseUrl}/signin`);
    await page.getByLabel(/^Email/).fill('temporary@example.com');
    await page.getByLabel(/^Password/).fill('Temp#Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await shown(page.getByRole('alert'));

    await signIn(page, baseUrl, 'admin@demo.test');
    await expect.poll(() => totalUsers(page).textContent()).toBe('28');
    await page.goto(`${baseUrl}/support-admin`);
    await expect.poll(() => supportCards(page).count()).toBe(2);
    await page.goto(`${baseUrl}/distributor-recharge`);
    await expect
      .poll(() => page.getByRole('button', { name: /Dev Distributor/ }).textContent())
      .toContain('₹500');
    const transactions = page
      .getByRole('list', { name: 'Recharge transactions, newest first' })
      .getByRole('listitem');
    await expect.poll(() => transactions.count()).toBe(1);

    // And once more after a reload: restored, not doubled.
    await page.reload();
    await expect.poll(() => transactions.count()).toBe(1);
    await page.goto(`${baseUrl}/dashboard`);
    await expect.poll(() => totalUsers(page).textContent()).toBe('28');
    expect(tab.problems.errors).toEqual([]);
  });

  it('the demo bar leads to the demo mailbox', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/terms`);
    await page
      .getByRole('complementary', { name: 'Offline demo' })
      .getByRole('link', { name: 'Demo mailbox' })
      .click();
    await page.waitForURL(`${baseUrl}/demo/mailbox`);
    await shown(page.getByRole('heading', { level: 1, name: 'Demo mailbox' }));
  });
});

describe('separate browser profiles', () => {
  it('each gets its own copy: a change in one is not seen in another', async () => {
    const first = await openTab(browser, 'desktop');
    const second = await openTab(browser, 'phone');
    try {
      await first.page.goto(`${baseUrl}/support`);
      await first.page.getByLabel(/^Email/).fill('only-here@example.com');
      await first.page.getByLabel(/^Phone/).fill('9000066666');
      await first.page.getByLabel(/^Issue \/ Feedback/).fill('Only in the first profile');
      await first.page.getByRole('button', { name: 'Submit' }).click();
      await shown(first.page.getByText('Thank you!'));

      await signIn(second.page, baseUrl, 'admin@demo.test');
      await second.page.goto(`${baseUrl}/support-admin`);
      await expect.poll(() => supportCards(second.page).count()).toBe(2);
      expect(await second.page.getByText('only-here@example.com').count()).toBe(0);
      expect([...first.problems.errors, ...second.problems.errors]).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
