import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import { audit, launchBrowser, openTab, shown, signIn, type Tab } from './support/browser';
import {
  deliveryCodeFromJobSheet,
  fillJobCard,
  heading,
  historyHeadlines,
  moveTo,
  repairIdShown,
  statusNow,
  tomorrowInBrowser,
} from './support/shop';

/**
 * The repair page's money on the offline demo (issue 17, "Payments"): owner01 takes a job card with an
 * advance, takes a payment in the 'Payments' section and sees 'Paid' and 'Due' change, then hands the
 * phone over with money still due: 'Delivered' says the amount due, refuses 'Deliver on Credit'
 * without its note, and delivers with it; the repair keeps its due (it stays in the dues list).
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

/** The 'Payments' section's card. */
const paymentsCard = (page: Page): Locator =>
  page
    .getByRole('heading', { level: 2, name: 'Payments' })
    .locator('xpath=ancestor::div[contains(@class, "rounded-2xl")][1]');

/** A figure of the summary ('Total', 'Paid', 'Due'). */
const figure = (page: Page, label: 'Total' | 'Paid' | 'Due'): Promise<string> =>
  paymentsCard(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .textContent()
    .then((text) => (text ?? '').trim());

describe("owner01@demo.test takes a payment and delivers on credit ('Payments')", () => {
  let tab: Tab;
  let repairId = '';

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it("shows the job card's advance as the first payment: 'Total' ₹1,800, 'Paid' ₹300, 'Due' ₹1,500", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.goto(`${baseUrl}/shop/repairs/new`);
    await heading(page, 'New Repair');
    await fillJobCard(page, {
      customerName: 'Meena Payments',
      customerMobile: '9812345670',
      deviceType: 'Mobile',
      brandModel: 'Vivo Y21',
      imeiSerial: '',
      problems: ['Battery problem'],
      accessories: [],
      estimate: '1800',
      advancePaid: '300',
      promisedDate: await tomorrowInBrowser(page),
    });
    await page.getByRole('button', { name: 'Create Repair' }).click();
    await page.waitForURL((url) => /^\/shop\/repairs\/(?!new$)[^/]+$/.test(url.pathname));
    repairId = await repairIdShown(page);
    await shown(page.getByRole('heading', { level: 2, name: 'Payments' }));
    expect(await figure(page, 'Total')).toBe('₹1,800');
    expect(await figure(page, 'Paid')).toBe('₹300');
    expect(await figure(page, 'Due')).toBe('₹1,500');
    const entries = paymentsCard(page).getByRole('list', { name: 'Payments' }).getByRole('listitem');
    expect(await entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('₹300');
  });

  it("'Take Payment' by UPI with its reference: 'Paid' and 'Due' change", async () => {
    const { page } = tab;
    await paymentsCard(page).getByRole('button', { name: 'Take Payment' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Take Payment' }));
    // Filled with the amount due.
    expect(await dialog.getByLabel(/^Amount \(₹\)/).inputValue()).toBe('1500');
    expect(await dialog.getByLabel(/^UPI Reference/).count()).toBe(0);
    await dialog.getByLabel(/^Amount \(₹\)/).fill('1000');
    await dialog.getByText('UPI', { exact: true }).click();
    await dialog.getByLabel(/^UPI Reference/).fill('412345678901');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => figure(page, 'Paid')).toBe('₹1,300');
    expect(await figure(page, 'Due')).toBe('₹500');
    const entries = paymentsCard(page).getByRole('list', { name: 'Payments' }).getByRole('listitem');
    expect(await entries.count()).toBe(2);
    const taken = (await entries.nth(1).textContent()) ?? '';
    expect(taken).toContain('₹1,000');
    expect(taken).toContain('UPI');
    expect(taken).toContain('412345678901');
    const { violations, overflow } = await audit(page, 'payments-after-payment-desktop');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
  });

  it("'Delivered' with ₹500 due: 'Deliver on Credit' needs its note, then the repair is delivered and still owes ₹500", async () => {
    const { page } = tab;
    const code = await deliveryCodeFromJobSheet(page, repairId);
    await moveTo(page, 'In Progress');
    await moveTo(page, 'Ready for Pickup');
    await page.getByRole('group', { name: 'Next status' }).getByRole('button', { name: 'Delivered' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Mark as Delivered' }));
    await shown(dialog.getByText('Amount due: ₹500'));
    await shown(dialog.getByRole('button', { name: 'Take Payment' }));
    await dialog.getByLabel(/^Delivery Code/).fill(code);
    await dialog.getByRole('button', { name: 'Deliver on Credit' }).click();
    const note = dialog.getByLabel(/^Credit Note/);
    await expect.poll(() => note.getAttribute('aria-invalid')).toBe('true');
    expect(await statusNow(page).textContent()).toBe('Now: Ready for Pickup');
    await note.fill('Pays the rest on Friday');
    await dialog.getByRole('button', { name: 'Deliver on Credit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => statusNow(page).textContent()).toBe('Now: Delivered');
    expect(await figure(page, 'Due')).toBe('₹500');
    expect((await historyHeadlines(page)).at(-1)).toBe('Ready for Pickup → Delivered');
    await shown(page.getByRole('list', { name: 'History' }).getByText('Pays the rest on Friday'));
    expect(tab.problems.errors).toEqual([]);
  });
});
