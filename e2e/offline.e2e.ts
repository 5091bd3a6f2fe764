import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openTab, shown, type Tab } from './support/browser';

/**
 * The demo runs with no server: after the first load the network is cut, and everything below happens in
 * the page alone (in-app navigation only; a full page load would need the server).
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  browser = await launchBrowser();
  tab = await openTab(browser, 'desktop');
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page, name: string | RegExp) => shown(page.getByRole('heading', { level: 1, name }));

/** Signs in with the form of the /signin page shown (no page load). */
async function signInHere(page: Page, email: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Demo@1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

async function logOutHere(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${baseUrl}/signin`);
  await heading(page, 'Sign in');
}

describe('with the network cut after the first load', () => {
  it('the page really has no network', async () => {
    const { page, context } = tab;
    await page.goto(`${baseUrl}/`);
    await heading(page, /Every repair, customer and rupee/);
    await shown(page.getByRole('link', { name: 'Get it on Google Play' }));
    // Every screen is its own chunk; the page downloads them all once idle, then says it is ready.
    await page.locator('html[data-offline-ready="true"]').waitFor({ state: 'attached' });
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const request = await page.evaluate(() =>
      fetch(`/offline-check-${Date.now()}`).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(request).toBe('failed');
    tab.problems.errors.length = 0;
  });

  it('signs in, shows the admin dashboard and recharges a distributor', async () => {
    const { page } = tab;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
    await heading(page, 'Sign in');
    await signInHere(page, 'admin@demo.test');
    await heading(page, 'RepairMate Admin Dashboard');
    await expect
      .poll(() =>
        page
          .locator('dt', { hasText: /^Total Users$/ })
          .locator('xpath=following-sibling::dd[1]')
          .textContent(),
      )
      .toBe('28');
    await page.getByRole('searchbox', { name: 'Search' }).fill('sharma');
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(1);

    await page.getByRole('link', { name: 'Recharge Distributors' }).click();
    await heading(page, 'Distributor Wallet Recharge');
    await page.getByRole('button', { name: /Priya Traders/ }).click();
    await page.getByLabel(/^Amount/).fill('100');
    await page.getByRole('button', { name: 'Recharge', exact: true }).click();
    await shown(page.getByText('Successfully recharged ₹100 to Priya Traders'));
    await expect
      .poll(() => page.getByRole('button', { name: /Priya Traders/ }).textContent())
      .toContain('₹100');

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('link', { name: 'View Support Issues' }).click();
    await heading(page, 'Support Issues');
    await expect
      .poll(() => page.getByRole('list', { name: 'Support issues' }).getByRole('article').count())
      .toBe(2);
    await logOutHere(page);
  });

  it('takes a support message', async () => {
    const { page } = tab;
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Support', exact: true })
      .click();
    await heading(page, 'How can we help?');
    await page.getByLabel(/^Email/).fill('offline@example.com');
    await page.getByLabel(/^Phone/).fill('9000077777');
    await page.getByLabel(/^Issue \/ Feedback/).fill('Sent with no network.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await shown(page.getByRole('heading', { name: 'Thank you!' }));
    await shown(page.getByText('Our team will contact you soon.'));
  });

  it('shows the distributor the top-up and the customer a repair', async () => {
    const { page } = tab;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
    await signInHere(page, 'distributor2@demo.test');
    await heading(page, 'Hello, Priya Traders');
    const balance = await shown(page.getByRole('region', { name: 'Wallet balance' }));
    expect(await balance.getByText('₹100', { exact: true }).count()).toBe(1);
    await logOutHere(page);

    await signInHere(page, 'customer@demo.test');
    await heading(page, 'Hello, Asha Customer');
    await page.getByLabel(/^Enter Repair ID/).fill('RPR-1003');
    await page.getByRole('button', { name: 'Search' }).click();
    await shown(page.getByText('Business info not available.'));
    await page.getByLabel(/^Enter Repair ID/).fill('RPR-1002');
    await page.getByRole('button', { name: 'Search' }).click();
    await shown(page.getByText('You are not authorized to view this repair.'));
    await logOutHere(page);
  });

  it('moves between the public pages, and the admin sees the message sent offline', async () => {
    const { page } = tab;
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await heading(page, 'Terms and Conditions');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await heading(page, 'Privacy Policy');
    await page.getByRole('link', { name: 'RepairMate' }).first().click();
    await heading(page, /Every repair, customer and rupee/);
    await page.getByRole('link', { name: 'Sign up for web access' }).click();
    await heading(page, 'Create your account');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInHere(page, 'admin@demo.test');
    await page.getByRole('link', { name: 'View Support Issues' }).click();
    await shown(page.getByRole('article', { name: 'offline@example.com' }));
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // Nothing fails with the network cut (the favicon is inline, so even the browser asks for nothing).
    expect(tab.problems.errors).toEqual([]);
  });
});
