import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import { launchBrowser, logOut, openTab, shown, signIn, type Tab } from './support/browser';

/** /distributor-recharge as the super admin, then the distributor's own view in the same profile. */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  await freshData();
  browser = await launchBrowser();
  tab = await openTab(browser, 'desktop');
  await signIn(tab.page, baseUrl, 'admin@demo.test');
});
afterAll(async () => {
  await browser?.close();
});

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by name, email, or mobile' });
const distributorButtons = (page: Page) =>
  page.getByRole('region', { name: 'Distributor list' }).getByRole('button');
const listedNames = async (page: Page) =>
  (await distributorButtons(page).allTextContents()).map((text) => text.replace(/distributor.*$/, '').trim());
const amountBox = (page: Page) => page.getByLabel(/^Amount/);
const rechargeButton = (page: Page) => page.getByRole('button', { name: 'Recharge', exact: true });

describe('/distributor-recharge as the super admin', () => {
  it('lists the distributors and filters them by name, email and mobile substring', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/distributor-recharge`);
    await shown(page.getByRole('heading', { level: 1, name: 'Distributor Wallet Recharge' }));
    await shown(searchBox(page));
    expect(await listedNames(page)).toEqual(['Dev Distributor', 'Priya Traders']);

    const cases: readonly [string, string[]][] = [
      ['priya', ['Priya Traders']],
      ['DEV DIST', ['Dev Distributor']],
      ['distributor2@', ['Priya Traders']],
      ['DISTRIBUTOR@DEMO', ['Dev Distributor']],
      ['87766', ['Priya Traders']],
      ['3456', ['Dev Distributor']],
      ['9', ['Dev Distributor', 'Priya Traders']],
    ];
    for (const [query, names] of cases) {
      await searchBox(page).fill(query);
      await expect.poll(() => listedNames(page), { message: query }).toEqual(names);
    }
    await searchBox(page).fill('nobody at all');
    await shown(page.getByText('No distributors match your search.'));
    await searchBox(page).fill('');
    await expect.poll(() => distributorButtons(page).count()).toBe(2);

    // The list scrolls once it is taller than 15rem.
    const style = await page
      .getByRole('region', { name: 'Distributor list' })
      .evaluate((element) => [getComputedStyle(element).maxHeight, getComputedStyle(element).overflowY]);
    expect(style).toEqual(['240px', 'auto']);
    expect(tab.problems.errors).toEqual([]);
  });

  it('disables Recharge until the amount is a number above 0; Cancel drops the selection', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/distributor-recharge`);
    await page.getByRole('button', { name: /Dev Distributor/ }).click();
    await shown(page.getByText('Current balance'));
    expect(await rechargeButton(page).isDisabled()).toBe(true);
    for (const bad of ['0', '-5']) {
      await amountBox(page).fill(bad);
      await shown(page.getByText('Please enter a valid amount'));
      expect(await rechargeButton(page).isDisabled(), bad).toBe(true);
    }
    await amountBox(page).fill('100');
    expect(await rechargeButton(page).isEnabled()).toBe(true);
    await shown(page.getByText('New balance after recharge: ₹600'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await shown(page.getByText('Choose a distributor from the list to top up their wallet.'));
    expect(await amountBox(page).count()).toBe(0);
  });

  it('recharges ₹250 to Dev Distributor: message, ₹750, and the transaction on top of the list', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/distributor-recharge`);
    const transactions = page
      .getByRole('list', { name: 'Recharge transactions, newest first' })
      .getByRole('listitem');
    await expect.poll(() => transactions.count()).toBe(1);

    await page.getByRole('button', { name: /Dev Distributor/ }).click();
    await shown(page.getByRole('form', { name: 'Recharge' }).getByText('₹500', { exact: true }));
    await amountBox(page).fill('250');
    await rechargeButton(page).click();
    await shown(page.getByText('Successfully recharged ₹250 to Dev Distributor'));
    // The selection and the amount are cleared.
    await shown(page.getByText('Choose a distributor from the list to top up their wallet.'));

    await expect
      .poll(() => page.getByRole('button', { name: /Dev Distributor/ }).textContent())
      .toContain('₹750');
    await expect.poll(() => transactions.count()).toBe(2);
    const newest = (await transactions.first().textContent()) ?? '';
    expect(newest).toContain('Dev Distributor');
    expect(newest).toContain('+₹250');
    expect(newest).toMatch(/₹500\s*→\s*(to\s*)?₹750/);
    expect(newest).toContain('by Demo Admin');

    // Stored: a reload shows the same.
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: /Dev Distributor/ }).textContent())
      .toContain('₹750');
    expect(await transactions.first().textContent()).toContain('+₹250');
    expect(tab.problems.errors).toEqual([]);
  });

  it('the distributor, signed in in the same browser, sees ₹750 and the new top-up', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    // The dashboard has loaded (its queries answered) before the admin leaves.
    await shown(page.getByText(/^Page \d+ of \d+$/));
    await logOut(page, baseUrl);
    await signIn(page, baseUrl, 'distributor@demo.test');
    await shown(page.getByRole('heading', { level: 1, name: 'Hello, Dev Distributor' }));
    const balance = await shown(page.getByRole('region', { name: 'Wallet balance' }));
    expect(await balance.getByText('₹750', { exact: true }).count()).toBe(1);
    await shown(balance.getByText(/^Last top-up: ₹250/));
    const topUps = page.getByRole('list', { name: 'Top-ups received' }).getByRole('listitem');
    expect(await topUps.count()).toBe(2);
    const newest = (await topUps.first().textContent()) ?? '';
    expect(newest).toContain('+₹250');
    expect(newest).toContain('by Demo Admin');
    expect(newest).toContain('Wallet recharge by admin');
    expect(tab.problems.errors).toEqual([]);
  });
});
