import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  horizontalOverflow,
  launchBrowser,
  openTab,
  screenshot,
  settled,
  shown,
  type Tab,
} from './support/browser';
import {
  deliveryCodeFromJobSheet,
  detail,
  field,
  fillJobCard,
  heading,
  historyHeadlines,
  INVALID_IMEI,
  type JobCard,
  jobCardValues,
  MESSAGES,
  moveTo,
  nextSteps,
  paymentFigure,
  repairIdShown,
  statusNow,
  takePaymentOfDue,
  textWithoutDates,
  tomorrowInBrowser,
  trackingLinkShown,
  VALID_IMEI,
  wrongCode,
} from './support/shop';

/**
 * owner01's counter day on a 375 px phone with the network cut after the demo's first load (as in
 * offline.e2e.ts: context.setOffline, and every screen's chunk fetched before html[data-offline-ready]).
 * Everything happens in the page (in-app navigation), and a page load in a second tab is answered by the
 * service worker from its cache. Last, a half-typed job card survives a reload (its draft), with the network
 * back and with it cut.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  browser = await launchBrowser();
  tab = await openTab(browser, 'phone');
});
afterAll(async () => {
  await browser?.close();
});

/** Fails the test if the page reaches the network (it should not be able to). */
const offline = (page: Page) => page.evaluate(() => navigator.onLine).then((online) => !online);

/**
 * Opens a path of the app the way the router would after a tap on a link (no page load, which the cut
 * network would refuse): the URL changes and the router is told, as the back button tells it.
 */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL(`${baseUrl}${path}`);
}

describe("owner01's counter day with the network cut (phone)", () => {
  let card: JobCard;
  let repairId = '';
  let repairPath = '';
  let trackingUrl = '';
  let deliveryCode = '';

  it('loads the demo once, then has no network', async () => {
    const { page, context } = tab;
    await page.goto(`${baseUrl}/signin`);
    await heading(page, 'Sign in');
    await page.locator('html[data-offline-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await context.setOffline(true);
    expect(await offline(page)).toBe(true);
    const request = await page.evaluate(() =>
      fetch(`/offline-check-${Date.now()}`).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(request).toBe('failed');
    tab.problems.errors.length = 0;
  });

  it('signs the owner in and shows the board', async () => {
    const { page } = tab;
    await page.getByLabel(/^Email/).fill('owner01@demo.test');
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/shop`);
    await heading(page, /^Sharma Mobile Care/);
    await shown(page.getByRole('link', { name: /New Repair/ }));
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'offline-board-phone');
  });

  it('takes a job card (a bad IMEI refused first) and creates the repair', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: /New Repair/ }).click();
    await heading(page, 'New Repair');
    card = {
      customerName: 'Neha Joshi',
      customerMobile: '+91 91234-56789',
      deviceType: 'Mobile',
      brandModel: 'OnePlus Nord CE 3',
      imeiSerial: INVALID_IMEI,
      problems: ['Touch not working'],
      accessories: ['Charger', 'Memory card'],
      estimate: '2200',
      advancePaid: '200',
      promisedDate: await tomorrowInBrowser(page),
    };
    await fillJobCard(page, card);
    await settled(page);
    await screenshot(page, 'offline-job-card-phone');
    await page.getByRole('button', { name: 'Create Repair' }).click();
    await shown(page.getByText(MESSAGES.imeiInvalid));
    expect(await jobCardValues(page)).toEqual({
      ...card,
      problems: [...card.problems],
      accessories: [...card.accessories],
    });
    await field(page, 'IMEI / Serial').fill(VALID_IMEI);
    await page.getByRole('button', { name: 'Create Repair' }).click();
    repairId = await repairIdShown(page);
    repairPath = new URL(page.url()).pathname;
    expect(await statusNow(page).textContent()).toBe('Now: Received');
    expect(await detail(page, 'Customer Mobile').textContent()).toBe('9123456789');
    expect(await paymentFigure(page, 'Paid')).toBe('₹200');
    expect(await paymentFigure(page, 'Due')).toBe('₹2,000');
    trackingUrl = await trackingLinkShown(page);
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'offline-repair-created-phone');
    expect(await offline(page)).toBe(true);
  });

  it('moves it to In Progress, and the board finds it by Repair ID', async () => {
    const { page } = tab;
    await expect.poll(() => nextSteps(page)).toEqual(['In Progress', 'Cancelled']);
    await moveTo(page, 'In Progress');
    await page.getByRole('link', { name: '← Repairs' }).click();
    await heading(page, /^Sharma Mobile Care/);
    await page.getByRole('searchbox', { name: 'Search repairs' }).fill(repairId);
    await shown(page.getByText(`1 found for “${repairId}”`));
    await page.getByRole('link', { name: new RegExp(`^${repairId}`) }).click();
    await heading(page, repairId);
    expect(await statusNow(page).textContent()).toBe('Now: In Progress');
  });

  it('a page loaded with the network cut shows the console (the service worker answers from its cache)', async () => {
    // A second tab of the same browser, as a reload would: the first keeps the day going.
    const other = await tab.context.newPage();
    try {
      await other.goto(`${baseUrl}${repairPath}`, { timeout: 10_000 });
      await heading(other, repairId);
      expect(await statusNow(other).textContent()).toBe('Now: In Progress');
    } finally {
      await other.close();
    }
  });

  it("moves it to 'Ready for Pickup', takes the ₹2,000 due in cash, then 'Delivered' with the job sheet's code (a wrong one refused)", async () => {
    const { page } = tab;
    await moveTo(page, 'Ready for Pickup');
    deliveryCode = await deliveryCodeFromJobSheet(page, repairId);
    // The customer pays the rest at the counter, still offline: nothing is due at the delivery.
    await takePaymentOfDue(page, '2000');
    await expect.poll(() => paymentFigure(page, 'Due')).toBe('₹0');
    expect(await paymentFigure(page, 'Paid')).toBe('₹2,200');
    await page.getByRole('group', { name: 'Next status' }).getByRole('button', { name: 'Delivered' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Mark as Delivered' }));
    await dialog.getByLabel(/^Delivery Code/).fill(wrongCode(deliveryCode));
    await dialog.getByRole('button', { name: 'Mark as Delivered' }).click();
    await shown(dialog.getByText(MESSAGES.deliveryCodeWrong));
    await dialog.getByLabel(/^Delivery Code/).fill(deliveryCode);
    await dialog.getByRole('button', { name: 'Mark as Delivered' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => statusNow(page).textContent()).toBe('Now: Delivered');
    expect(await historyHeadlines(page)).toEqual([
      'Created (Received)',
      'Received → In Progress',
      'In Progress → Ready for Pickup',
      'Payment ₹2,000',
      'Ready for Pickup → Delivered',
    ]);
    expect(await offline(page)).toBe(true);
  });

  it("signed out, the tracking link shows 'Delivered' and the shop, never the delivery code", async () => {
    const { page } = tab;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/signin`);
    await heading(page, 'Sign in');
    await goInApp(page, new URL(trackingUrl).pathname);
    await heading(page, repairId);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Delivered');
    await shown(page.getByText(/^Sharma Mobile Care/).first());
    expect(await textWithoutDates(page, repairId)).not.toMatch(new RegExp(`\\b${deliveryCode}\\b`));
    expect(await page.getByText(/delivery code/i).count()).toBe(0);
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'offline-tracking-phone');
    expect(await offline(page)).toBe(true);
    expect(tab.problems.errors).toEqual([]);
  });

  it('keeps everything saved offline: with the network back, a reload shows the repair delivered with its history', async () => {
    const { page, context } = tab;
    await context.setOffline(false);
    await page.goto(`${baseUrl}/signin`);
    await page.getByLabel(/^Email/).fill('owner01@demo.test');
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/shop`);
    await page.goto(`${baseUrl}${repairPath}`);
    await heading(page, repairId);
    expect(await statusNow(page).textContent()).toBe('Now: Delivered');
    expect(await detail(page, 'Customer Name').textContent()).toBe(card.customerName);
    expect(await detail(page, 'IMEI / Serial').textContent()).toBe(VALID_IMEI);
    expect(await historyHeadlines(page)).toEqual([
      'Created (Received)',
      'Received → In Progress',
      'In Progress → Ready for Pickup',
      'Payment ₹2,000',
      'Ready for Pickup → Delivered',
    ]);
    // The payment taken offline was kept too.
    expect(await paymentFigure(page, 'Paid')).toBe('₹2,200');
    expect(await paymentFigure(page, 'Due')).toBe('₹0');
    await page.reload();
    await heading(page, repairId);
    expect(await statusNow(page).textContent()).toBe('Now: Delivered');
    expect(tab.problems.errors).toEqual([]);
  });

  it("keeps a half-typed job card through a reload, with the network back and with it cut ('Draft restored'; never the unlock code), until 'Discard draft'", async () => {
    const { page, context } = tab;
    const unlockCode = 'Zq-unlock-7319';
    await page.goto(`${baseUrl}/shop/repairs/new`);
    await heading(page, 'New Repair');
    await field(page, 'Customer Name').fill('Half Typed');
    await field(page, 'Customer Mobile').fill('9000012345');
    await field(page, 'Unlock Code').fill(unlockCode);
    await page.reload();
    await heading(page, 'New Repair');
    await shown(page.getByText('Draft restored'));
    await expect.poll(() => field(page, 'Customer Name').inputValue(), { timeout: 3000 }).toBe('Half Typed');
    expect(await field(page, 'Customer Mobile').inputValue()).toBe('9000012345');
    // The secret is not kept: the field is empty and the note says so; the browser's storage never had it.
    expect(await field(page, 'Unlock Code').inputValue()).toBe('');
    await shown(page.getByText('The Unlock Code is never kept in a draft: type it again.'));
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(unlockCode);

    // With the network cut, the service worker loads the page and the draft fills it.
    await field(page, 'Brand & Model').fill('Galaxy M14');
    await context.setOffline(true);
    await page.reload();
    await heading(page, 'New Repair');
    await shown(page.getByText('Draft restored'));
    await expect.poll(() => field(page, 'Brand & Model').inputValue(), { timeout: 3000 }).toBe('Galaxy M14');
    expect(await field(page, 'Customer Name').inputValue()).toBe('Half Typed');
    // The unlock code was not typed again: still said.
    await shown(page.getByText('The Unlock Code is never kept in a draft: type it again.'));
    // Still cut (after a page load Chromium's navigator.onLine may say true again): a request fails.
    expect(tab.problems.errors).toEqual([]);
    const request = await page.evaluate(() =>
      fetch(`/offline-check-${Date.now()}`).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(request).toBe('failed');
    tab.problems.errors.length = 0;
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'offline-job-card-draft-phone');

    // 'Discard draft' empties the card, and a reload brings nothing back.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    expect(await field(page, 'Customer Name').inputValue()).toBe('');
    await page.reload();
    await heading(page, 'New Repair');
    await settled(page);
    expect(await page.getByText('Draft restored').count()).toBe(0);
    expect(await field(page, 'Customer Name').inputValue()).toBe('');
    await context.setOffline(false);
  });
});
