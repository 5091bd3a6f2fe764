import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import { launchBrowser, logOut, openTab, shown, signIn, type Tab } from './support/browser';

/** /dashboard for every role, with the demo data set's values. */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  await freshData();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page, name: string | RegExp, level = 1) =>
  shown(page.getByRole('heading', { level, name }));

describe('super admin (admin@demo.test)', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
    await signIn(tab.page, baseUrl, 'admin@demo.test');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  /** The value under a counter's label. */
  const counter = (page: Page, label: string) =>
    page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  const pageLabel = (page: Page) => page.getByText(/^Page \d+ of \d+$/);
  const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
  /** The repairs count (last cell) of a business's row. */
  const repairsOf = (page: Page, business: string) =>
    page
      .getByRole('row', { name: new RegExp(business) })
      .getByRole('cell')
      .last();

  /** Month and year of the current month and the one before, as the browser counts them. */
  const periods = (page: Page) =>
    page.evaluate(() => {
      const now = new Date();
      const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
      return {
        current: { year: now.getFullYear(), month: now.getMonth() + 1 },
        previous: { year: previous.getFullYear(), month: previous.getMonth() + 1 },
      };
    });

  it('shows the title, the counters 28 and 23, and page 1 of 3 of the business users', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await heading(page, 'RepairMate Admin Dashboard');
    await expect.poll(() => counter(page, 'Total Users').textContent()).toBe('28');
    expect(await counter(page, 'Total Business Users').textContent()).toBe('23');
    await heading(page, 'All Business Users - Performance Overview', 2);
    await shown(pageLabel(page));
    expect(await pageLabel(page).textContent()).toBe('Page 1 of 3');
    expect(await rows(page).count()).toBe(10);
    expect(await repairsOf(page, 'Iyer Electronics').textContent()).toBe('2');
    expect(tab.problems.errors).toEqual([]);
  });

  it('pages with Next and Prev, and the page survives a reload', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await shown(pageLabel(page));
    const first = await rows(page).first().textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pageLabel(page).textContent()).toBe('Page 2 of 3');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await rows(page).first().textContent()).not.toBe(first);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pageLabel(page).textContent()).toBe('Page 3 of 3');
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.reload();
    await shown(pageLabel(page));
    expect(await pageLabel(page).textContent()).toBe('Page 3 of 3');
    await page.getByRole('button', { name: 'Prev' }).click();
    await expect.poll(() => pageLabel(page).textContent()).toBe('Page 2 of 3');
  });

  it("finds Sharma Mobile Care by 'sharma': 5 repairs this month, 3 the month before; the filter survives a reload", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard?page=2`);
    await shown(pageLabel(page));
    await page.getByRole('searchbox', { name: 'Search' }).fill('sharma');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.getByRole('rowheader').textContent()).toBe('Sharma Mobile Care');
    expect(await repairsOf(page, 'Sharma Mobile Care').textContent()).toBe('5');
    // A new search starts at page 1.
    expect(await pageLabel(page).textContent()).toBe('Page 1 of 1');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('sharma');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    const { current, previous } = await periods(page);
    if (previous.year !== current.year) await page.getByLabel('Year').selectOption(String(previous.year));
    await page.getByLabel('Month').selectOption(String(previous.month));
    await expect.poll(() => repairsOf(page, 'Sharma Mobile Care').textContent()).toBe('3');
    const url = new URL(page.url());
    expect(url.searchParams.get('month')).toBe(String(previous.month));
    expect(url.searchParams.get('year')).toBe(String(previous.year));

    await page.reload();
    await heading(page, 'RepairMate Admin Dashboard');
    await expect.poll(() => repairsOf(page, 'Sharma Mobile Care').textContent()).toBe('3');
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('sharma');
    expect(await page.getByLabel('Month').inputValue()).toBe(String(previous.month));
    expect(await page.getByLabel('Year').inputValue()).toBe(String(previous.year));

    await page.getByRole('button', { name: 'Reset to Current Month' }).click();
    await expect.poll(() => repairsOf(page, 'Sharma Mobile Care').textContent()).toBe('5');
    expect(await page.getByLabel('Month').inputValue()).toBe(String(current.month));
  });

  it('searches by email too, and says when nothing matches', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await shown(pageLabel(page));
    await page.getByRole('searchbox', { name: 'Search' }).fill('OWNER02@demo');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.getByRole('rowheader').textContent()).toBe('Iyer Electronics');
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such business');
    await shown(page.getByRole('button', { name: 'Clear search' }));
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => pageLabel(page).textContent()).toBe('Page 1 of 3');
  });

  it('shows one card per business on a phone-wide window', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard?search=sharma`);
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      const cards = page.getByRole('list', { name: 'Business users' }).getByRole('listitem');
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain('Sharma Mobile Care');
      expect(await cards.first().textContent()).toContain('5 repairs');
      expect(await page.getByRole('table').count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("leads to /support-admin and /distributor-recharge, and back with 'Back to Dashboard'", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'View Support Issues' }).click();
    await page.waitForURL(`${baseUrl}/support-admin`);
    await heading(page, 'Support Issues');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Recharge Distributors' }).click();
    await page.waitForURL(`${baseUrl}/distributor-recharge`);
    await heading(page, 'Distributor Wallet Recharge');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await heading(page, 'RepairMate Admin Dashboard');
    expect(tab.problems.errors).toEqual([]);
  });
});

describe('repair tracker (customer@demo.test)', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
    await signIn(tab.page, baseUrl, 'customer@demo.test');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  const search = async (page: Page, repairId: string) => {
    await page.getByLabel(/^Enter Repair ID/).fill(repairId);
    await page.getByRole('button', { name: 'Search' }).click();
  };
  /** The text of a detail (dd) under its label (dt) in the result card. */
  const detail = (page: Page, label: string): Locator =>
    page.locator('dt', { hasText: new RegExp(`^${label}$`, 'i') }).locator('xpath=following-sibling::dd[1]');

  it('shows RPR-1001 with its business, number, amount and two photos', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await heading(page, 'Hello, Asha Customer');
    // The Repair ID is trimmed.
    await search(page, '  RPR-1001  ');
    await heading(page, 'Repair Details', 2);
    expect(await detail(page, 'Repair ID').textContent()).toBe('RPR-1001');
    await expect.poll(() => detail(page, 'Business').textContent()).toBe('Sharma Mobile Care9811111111');
    expect(await page.getByRole('link', { name: '9811111111' }).getAttribute('href')).toBe('tel:9811111111');
    expect(await detail(page, 'Product').textContent()).toBe('Galaxy S21 · Mobile');
    expect(await detail(page, 'Problems').textContent()).toBe('Cracked screen');
    expect(await detail(page, 'Status').textContent()).toBe('In Progress');
    expect(await detail(page, 'Amount').textContent()).toBe('₹2,500');
    expect(await detail(page, 'Delivery code').textContent()).toContain('4821');
    const thumbnails = page.getByRole('button', { name: /^Photo \d of 2/ });
    expect(await thumbnails.count()).toBe(2);
    // The photos are real images that loaded.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('main img')).every(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    expect(tab.problems.errors).toEqual([]);
  });

  it('opens a photo full size; a click closes it, Escape closes it, focus returns to the thumbnail', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await search(page, 'RPR-1001');
    const first = page.getByRole('button', { name: /^Photo 1 of 2/ });
    const thumb = await first.boundingBox();
    await first.click();
    const dialog = await shown(page.getByRole('dialog', { name: /^Photo 1 of 2/ }));
    const full = dialog.getByRole('img', { name: /^Photo 1 of 2/ });
    const size = await full.boundingBox();
    expect(size?.height ?? 0).toBeGreaterThan((thumb?.height ?? 0) * 2);
    await full.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);

    const second = page.getByRole('button', { name: /^Photo 2 of 2/ });
    await second.click();
    await shown(page.getByRole('dialog', { name: /^Photo 2 of 2/ }));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => second.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("'Track More' clears the search for the next Repair ID", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await search(page, 'RPR-1001');
    await heading(page, 'Repair Details', 2);
    await page.getByRole('button', { name: 'Track More' }).click();
    await page.getByRole('heading', { name: 'Repair Details' }).waitFor({ state: 'detached' });
    const input = page.getByLabel(/^Enter Repair ID/);
    expect(await input.inputValue()).toBe('');
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("refuses RPR-1002, another customer's repair", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await search(page, 'RPR-1002');
    await shown(page.getByText('You are not authorized to view this repair.'));
    expect(await page.getByRole('heading', { name: 'Repair Details' }).count()).toBe(0);
  });

  it("shows RPR-1003 with amount '-' and 'Business info not available.'", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await search(page, 'RPR-1003');
    await heading(page, 'Repair Details', 2);
    await shown(page.getByText('Business info not available.'));
    expect(await detail(page, 'Amount').textContent()).toBe('-');
    expect(await detail(page, 'Status').textContent()).toBe('Delivered');
    expect(await page.getByRole('button', { name: /^Photo/ }).count()).toBe(0);
  });

  it('says when no repair has the Repair ID, and asks for one when the box is empty', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await search(page, 'RPR-9999');
    await shown(page.getByText('No repair found with this Repair ID.'));
    await search(page, '   ');
    await shown(page.getByText('Please enter a Repair ID.'));
    expect(await page.getByText('No repair found with this Repair ID.').count()).toBe(0);
  });
});

describe('distributors, staff and business owners', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it('distributor@demo.test sees a ₹500 wallet and the ₹500 top-up by Demo Admin', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'distributor@demo.test');
    await heading(page, 'Hello, Dev Distributor');
    const balance = page.getByRole('region', { name: 'Wallet balance' });
    await shown(balance);
    expect(await balance.getByText('₹500', { exact: true }).count()).toBe(1);
    const topUps = page.getByRole('list', { name: 'Top-ups received' }).getByRole('listitem');
    expect(await topUps.count()).toBe(1);
    const topUp = (await topUps.first().textContent()) ?? '';
    expect(topUp).toContain('Wallet recharge by admin');
    expect(topUp).toContain('by Demo Admin');
    expect(topUp).toContain('+₹500');
    await logOut(page, baseUrl);
  });

  it('distributor2@demo.test sees ₹0 and no top-ups', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'distributor2@demo.test');
    await heading(page, 'Hello, Priya Traders');
    const balance = await shown(page.getByRole('region', { name: 'Wallet balance' }));
    expect(await balance.getByText('₹0', { exact: true }).count()).toBe(1);
    await shown(page.getByText('No recharge transactions yet'));
    expect(await page.getByRole('list', { name: 'Top-ups received' }).count()).toBe(0);
    await logOut(page, baseUrl);
  });

  it('staff@demo.test goes on to the board of its store, owner01@demo.test to the board of /shop', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'staff@demo.test');
    await page.waitForURL(`${baseUrl}/shop`);
    await heading(page, 'Sharma Mobile Care - Bandra');
    await shown(page.getByText('Staff', { exact: true }));
    await shown(page.getByRole('link', { name: 'RPR-1001' }).first());
    await logOut(page, baseUrl);

    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.waitForURL(`${baseUrl}/shop`);
    await heading(page, 'Sharma Mobile Care - Andheri');
    await shown(page.getByRole('link', { name: /New Repair/ }));
    await shown(page.getByRole('link', { name: 'RPR-1007' }).first());
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });
});
