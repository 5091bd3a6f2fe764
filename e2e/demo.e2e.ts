import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillSignUpForm, launchBrowser, logOut, openTab, shown, signIn, type Tab } from './support/browser';
import { fillJobCard, heading, repairIdShown, tomorrowInBrowser, VALID_IMEI } from './support/shop';

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

describe('a shop owner starts on the web (owner-console.md, "Opening a shop on the web")', () => {
  it('signs up as User, sets up the shop, lands on its board and takes a job card numbered {PREFIX}-1001', async () => {
    const tab = await openTab(browser, 'desktop');
    try {
      const { page } = tab;
      // The landing page says how a shop owner starts.
      await page.goto(`${baseUrl}/`);
      await shown(page.getByText(/sign up as User, then choose Set Up Your Shop/).first());
      await page.goto(`${baseUrl}/signup`);
      await fillSignUpForm(page, {
        type: 'User',
        email: 'nisha.shop@example.com',
        password: 'Shop#Pass1',
        name: 'Nisha Kapoor',
        mobile: '9812300011',
      });
      await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
      await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await shown(page.getByText('Account created successfully!'));
      await page.waitForURL((url) => url.pathname === '/signin', { timeout: 15_000 });
      await signIn(page, baseUrl, 'nisha.shop@example.com', 'Shop#Pass1');

      // 'Set Up Your Shop' beside the customer tracker.
      await page
        .getByRole('complementary', { name: 'Your shop' })
        .getByRole('link', { name: 'Set Up Your Shop' })
        .click();
      await page.waitForURL((url) => url.pathname === '/shop/setup');
      await shown(page.getByRole('heading', { level: 1, name: 'Set Up Your Shop' }));
      await page.getByLabel(/^Store Name/).fill('Nisha Mobile Care');
      await page.getByLabel(/^Store Phone/).fill('98123 00011');
      await page.getByLabel(/^Address/).fill('Shop 4, FC Road');
      await page.getByLabel(/^City/).fill('Pune');
      await page.getByLabel(/^State/).selectOption('Maharashtra');
      await page.getByLabel(/^Pincode/).fill('411004');
      await page.getByLabel(/^UPI ID/).fill('nishamobile@okaxis');
      // Suggested from the store name.
      expect(await page.getByLabel(/^Repair ID Prefix/).inputValue()).toBe('NMC');
      await page.getByRole('button', { name: 'Create Store' }).click();

      // The board of the new store.
      await page.waitForURL((url) => url.pathname === '/shop');
      await heading(page, 'Nisha Mobile Care');
      await page.getByRole('link', { name: /New Repair/ }).click();
      await page.waitForURL((url) => url.pathname === '/shop/repairs/new');
      await fillJobCard(page, {
        customerName: 'Ravi Kumar',
        customerMobile: '98765 11111',
        deviceType: 'Mobile',
        brandModel: 'Redmi Note 12',
        imeiSerial: VALID_IMEI,
        problems: ['Screen broken'],
        accessories: ['SIM tray'],
        estimate: '1500',
        advancePaid: '0',
        promisedDate: await tomorrowInBrowser(page),
      });
      await page.getByRole('button', { name: 'Create Repair' }).click();
      await page.waitForURL((url) => /^\/shop\/repairs\/(?!new$)[^/]+$/.test(url.pathname));
      expect(await repairIdShown(page)).toBe('NMC-1001');
    } finally {
      await tab.context.close();
    }
  });
});
