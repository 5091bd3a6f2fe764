import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backend, freshData } from './support/backend';
import { launchBrowser, openTab, screenshot, shown, signIn, type Tab } from './support/browser';
import {
  fillJobCard,
  heading,
  type JobCard,
  REPAIR_ID,
  repairIdShown,
  tomorrowInBrowser,
} from './support/shop';

/**
 * Job cards taken with the network cut on the Firebase build (issue 20, ADR 0012): the board readies
 * the device (it reserves a block of Repair IDs while online), the job card says how many it holds,
 * and with the network cut staff take two job cards whose final IDs show at once; a reload keeps
 * them, and once the network returns they land on the owner's board, in another browser, with the
 * same IDs.
 */
const baseUrl = inject('baseUrl');
const PENDING = 'Not yet synced';
let browser: Browser;
let counter: Tab;
let owner: Tab;

async function takeJobCard(tab: Tab, customerName: string): Promise<string> {
  const { page } = tab;
  await page.goto(`${baseUrl}/shop/repairs/new`);
  await heading(page, 'New Repair');
  const card: JobCard = {
    customerName,
    customerMobile: '98765 43210',
    deviceType: 'Mobile',
    brandModel: 'Redmi Note 12',
    imeiSerial: '',
    problems: ['Screen broken'],
    accessories: [],
    estimate: '1200',
    advancePaid: '',
    promisedDate: await tomorrowInBrowser(page),
  };
  await fillJobCard(page, card);
  await page.getByRole('button', { name: 'Create Repair' }).click();
  await page.waitForURL((url) => /^\/shop\/repairs\/(?!new$)[^/]+$/.test(url.pathname), { timeout: 30_000 });
  return repairIdShown(page);
}

describe.runIf(backend() === 'firebase')('job cards with the network cut on Firebase', () => {
  const taken: string[] = [];

  beforeAll(async () => {
    await freshData();
    browser = await launchBrowser();
    counter = await openTab(browser);
    owner = await openTab(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('readies the counter while online: the job card says how many Repair IDs this device holds', async () => {
    const { page } = counter;
    await signIn(page, baseUrl, 'staff@demo.test');
    await page.locator('html[data-offline-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.goto(`${baseUrl}/shop`);
    await heading(page, /^Sharma Mobile Care/);
    await page.goto(`${baseUrl}/shop/repairs/new`);
    await heading(page, 'New Repair');
    await shown(page.getByText(/^Offline ready: this device holds 20 Repair IDs/), 30_000);
  });

  it('takes two job cards with the network cut, each showing its final Repair ID at once', async () => {
    const { page, context } = counter;
    await context.setOffline(true);
    for (const name of ['Offline Asha', 'Offline Ravi']) {
      const repairId = await takeJobCard(counter, name);
      expect(repairId).toMatch(REPAIR_ID);
      await shown(page.getByRole('heading', { level: 1, name: repairId }).locator('..').getByText(PENDING));
      taken.push(repairId);
    }
    const [first, second] = taken.map((id) => Number(id.split('-')[1]));
    expect(second).toBe((first ?? 0) + 1);
    // The outbox in the header counts them, and lists them.
    await page.getByRole('button', { name: '2 not yet synced' }).click();
    const outbox = await shown(page.getByRole('dialog', { name: 'Not yet synced' }));
    for (const repairId of taken) await shown(outbox.getByRole('link', { name: repairId }));
    await page.keyboard.press('Escape');
    // Signing out now would lose them: the console asks first, and staying keeps everything.
    await page.getByRole('button', { name: 'Logout' }).click();
    const warning = await shown(page.getByRole('dialog', { name: 'Sign out with changes not yet synced?' }));
    await screenshot(page, 'issue20-sign-out-warning', { fullPage: false });
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'hidden' });
    await screenshot(page, 'issue20-offline-job-card');
    await page.goto(`${baseUrl}/shop/repairs/new`);
    await shown(page.getByText(/^Offline ready: this device holds 18 Repair IDs/), 30_000);
  });

  it('keeps both over a reload with the network cut', async () => {
    const { page } = counter;
    await page.goto(`${baseUrl}/shop`);
    await heading(page, /^Sharma Mobile Care/, 1);
    const board = page.getByRole('region', { name: 'Repairs' });
    for (const repairId of taken) await shown(board.getByRole('link', { name: repairId }).first(), 30_000);
    await page.reload();
    for (const repairId of taken) await shown(board.getByRole('link', { name: repairId }).first(), 30_000);
  });

  it("lands them with the network: the owner's board in another browser shows the same IDs", async () => {
    await counter.context.setOffline(false);
    await expect.poll(() => counter.page.getByText(PENDING).count(), { timeout: 30_000 }).toBe(0);
    const { page } = owner;
    await signIn(page, baseUrl, 'owner01@demo.test');
    // The owner has two stores: the board of staff's (the first).
    await page.goto(`${baseUrl}/shop?store=store-sharma-1&status=received`);
    await heading(page, /^Sharma Mobile Care/);
    const board = page.getByRole('region', { name: 'Repairs' });
    for (const repairId of taken) await shown(board.getByRole('link', { name: repairId }).first(), 30_000);
    await board
      .getByRole('link', { name: taken[0] ?? '' })
      .first()
      .click();
    await heading(page, taken[0] ?? '');
    await shown(page.getByText('Offline Asha').first());
    expect(await page.getByText(PENDING).count()).toBe(0);
  });
});
