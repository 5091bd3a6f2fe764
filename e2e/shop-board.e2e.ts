import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import { audit, launchBrowser, logOut, openTab, shown, signIn, type Tab } from './support/browser';
import { heading } from './support/shop';

/**
 * The board's store choice and its search across an owner's stores (issue 17, "Also fix"), and the
 * signed-in customer's tracker, on the offline demo in real Chromium:
 *  - owner01@demo.test picks 'Sharma Mobile Care - Bandra' the moment the picker shows and types a
 *    search at once: the heading says Bandra at once and never goes back to Andheri, the search stays;
 *    after a sign-out and a sign-in, /shop opens on Bandra again;
 *  - on Andheri, 'RPR-1001' (Bandra's), '1001' (a Repair ID's number), '98765' (a mobile's start) and
 *    'asha' (a name) find Bandra's repair, the results naming its store (a table column on a desktop,
 *    a line of the card on a phone);
 *  - customer@demo.test's tracker lists all of her repairs, and a repair shows 'Total', 'Paid', 'Due'
 *    and its status history as the tracking link does.
 * Screenshots: e2e/screenshots/board-*.png and tracker-*.png (375 px and 1280 px).
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  await freshData();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ANDHERI = 'Sharma Mobile Care - Andheri';
const BANDRA = 'Sharma Mobile Care - Bandra';

const picker = (page: Page) => page.getByRole('combobox', { name: 'Store' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search repairs' });

/** Searches the board and waits for its count line. */
async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
  await shown(page.getByText(new RegExp(`^\\d+ found for “${text}”`)));
}

/** Every h1 text the page shows from now on, however briefly. */
async function watchHeadings(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __e2eHeadings: seen });
    const note = () => {
      const text = document.querySelector('h1')?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    note();
  });
  return () => page.evaluate(() => (window as unknown as { __e2eHeadings: string[] }).__e2eHeadings);
}

describe("the board's store choice", () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab.context.close();
  });

  it('keeps a store chosen at once, with a search typed meanwhile, and opens on it after a new sign-in', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.waitForURL(`${baseUrl}/shop`);
    await shown(picker(page));
    await heading(page, ANDHERI);
    const headings = await watchHeadings(page);
    await picker(page).selectOption('store-sharma-1');
    await searchBox(page).pressSequentially('asha');
    await page.waitForURL(/store=store-sharma-1.*q=asha|q=asha.*store=store-sharma-1/);
    await shown(page.getByText(/^\d+ found for “asha”/));
    // A moment later, still Bandra, still the search: nothing read late undid the choice.
    await page.waitForTimeout(2_000);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(BANDRA);
    expect(await picker(page).inputValue()).toBe('store-sharma-1');
    expect(await searchBox(page).inputValue()).toBe('asha');
    expect(new URL(page.url()).searchParams.get('store')).toBe('store-sharma-1');
    // The heading went from Andheri to Bandra once, and never back.
    expect(await headings()).toEqual([ANDHERI, BANDRA]);

    await logOut(page, baseUrl);
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.waitForURL(`${baseUrl}/shop?store=store-sharma-1`);
    await heading(page, BANDRA);
    expect(await picker(page).inputValue()).toBe('store-sharma-1');
    expect(tab.problems.errors).toEqual([]);
  });
});

describe("the board's search across the owner's stores", () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`finds Bandra's repair from Andheri by Repair ID, number, mobile and name, naming its store (${viewport})`, async () => {
      const tab = await openTab(browser, viewport);
      const { page } = tab;
      await signIn(page, baseUrl, 'owner01@demo.test');
      await page.waitForURL(`${baseUrl}/shop`);
      await heading(page, ANDHERI);
      const results = page.getByRole('region', { name: 'Repairs' });

      await search(page, 'RPR-1001');
      await shown(page.getByText('1 found for “RPR-1001” in your 2 stores'));
      if (viewport === 'desktop') {
        const row = results.getByRole('row').filter({ hasText: 'RPR-1001' });
        expect(await row.getByRole('cell').nth(1).textContent()).toBe(BANDRA);
        await shown(results.getByRole('columnheader', { name: 'Store' }));
      } else {
        const card = results.getByRole('listitem').filter({ hasText: 'RPR-1001' });
        expect(await card.textContent()).toContain(BANDRA);
      }
      const shot = await audit(page, `board-search-${viewport}`);
      expect(shot.violations).toEqual([]);
      expect(shot.overflow).toBe(0);

      for (const text of ['1001', '98765', 'asha']) {
        await search(page, text);
        await shown(results.getByText('RPR-1001'));
      }
      await search(page, '1005');
      await shown(results.getByText('RPR-1005'));
      // Only the search spans the stores: the board stays on the chosen one.
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ANDHERI);
      expect(tab.problems.errors).toEqual([]);
      await tab.context.close();
    });
  }
});

describe("the signed-in customer's tracker", () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`lists all of her repairs and shows a repair's money and history as the tracking link does (${viewport})`, async () => {
      const tab = await openTab(browser, viewport);
      const { page } = tab;
      await signIn(page, baseUrl, 'customer@demo.test');
      await heading(page, 'Hello, Asha Customer');
      const list = page.getByRole('region', { name: 'Your repairs' });
      await shown(list.getByRole('button').first());
      expect(await list.getByRole('button').count()).toBe(2);
      await shown(list.getByText('Due ₹2,000'));
      await list.getByRole('button').filter({ hasText: 'RPR-1001' }).click();
      await shown(page.getByRole('heading', { name: 'Repair Details' }));
      const payment = page.getByRole('region', { name: 'Payment' });
      await shown(payment.getByText('₹2,500'));
      await shown(payment.getByText('₹500'));
      await shown(payment.getByText('₹2,000'));
      const history = page.getByRole('list', { name: 'Status history' });
      expect(await history.getByRole('listitem').count()).toBe(2);
      const shot = await audit(page, `tracker-${viewport}`);
      expect(shot.violations).toEqual([]);
      expect(shot.overflow).toBe(0);
      expect(tab.problems.errors).toEqual([]);
      await tab.context.close();
    });
  }
});
