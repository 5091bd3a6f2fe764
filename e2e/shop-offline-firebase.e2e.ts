import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backend, freshData } from './support/backend';
import { launchBrowser, openTab, screenshot, shown, signIn, type Tab } from './support/browser';
import { heading, nextSteps, statusNow } from './support/shop';

/**
 * The Firebase build's console with the network cut (../shared/spec/owner-console.md, "Offline"):
 * Firestore's persistent cache answers the repair page, a status change queues and is marked 'Not yet
 * synced', a reload keeps it, another browser sees nothing until the network returns, then sees the
 * change and the mark goes.
 */
const baseUrl = inject('baseUrl');
const PENDING = 'Not yet synced';
let browser: Browser;
let tab: Tab;
let other: Tab;

const offline = (page: Page) => page.evaluate(() => navigator.onLine).then((online) => !online);

async function openRepair(page: Page, repairId: string): Promise<void> {
  await page.goto(`${baseUrl}/shop`);
  await heading(page, /^Sharma Mobile Care/);
  await page.getByRole('link', { name: repairId, exact: true }).first().click();
  await heading(page, repairId);
}

describe.runIf(backend() === 'firebase')('the console on Firebase with the network cut', () => {
  let repairId = '';

  beforeAll(async () => {
    await freshData();
    browser = await launchBrowser();
    tab = await openTab(browser);
    other = await openTab(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reads a received repair online once (the cache keeps it)', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.locator('html[data-offline-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.goto(`${baseUrl}/shop?status=received`);
    await heading(page, /^Sharma Mobile Care/);
    const first = page.getByRole('region', { name: 'Repairs' }).getByRole('link').first();
    repairId = ((await first.textContent()) ?? '').trim();
    expect(repairId).toMatch(/^[A-Z]+-\d+$/);
    await first.click();
    await heading(page, repairId);
    await expect.poll(() => nextSteps(page)).toEqual(['In Progress', 'Cancelled']);
  });

  it("moves it to 'In Progress' offline: the page says so, marked 'Not yet synced'", async () => {
    const { page, context } = tab;
    await context.setOffline(true);
    expect(await offline(page)).toBe(true);
    // The backend takes Firestore offline on the browser's 'offline' event: the cache answers at once
    // (the timeout leaves room for the SDK's own detection, up to 10 s, where the event does not come).
    await page
      .getByRole('group', { name: 'Next status' })
      .getByRole('button', { name: 'In Progress' })
      .click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Mark as In Progress' }));
    await dialog.getByRole('button', { name: 'Mark as In Progress' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(() => statusNow(page).textContent()).toBe('Now: In Progress');
    await shown(page.getByRole('heading', { level: 1, name: repairId }).locator('..').getByText(PENDING));
    await screenshot(page, 'firebase-offline-not-yet-synced');
  });

  it('keeps the queued change over a reload with the network cut', async () => {
    const { page } = tab;
    await page.reload();
    await shown(page.getByRole('heading', { level: 1, name: repairId }), 30_000);
    await expect.poll(() => statusNow(page).textContent(), { timeout: 20_000 }).toBe('Now: In Progress');
    await shown(page.getByText(PENDING, { exact: true }));
    // The outbox in the header lists it too (issue 20).
    await shown(page.getByRole('button', { name: '1 not yet synced' }));
    // Still cut off: nothing reaches the network.
    const request = await page.evaluate(() =>
      fetch(`/offline-check-${Date.now()}`).then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(request).toBe('failed');
  });

  it('another browser sees the old status until the network returns, then the new one; the mark goes', async () => {
    await signIn(other.page, baseUrl, 'owner01@demo.test');
    await openRepair(other.page, repairId);
    await expect.poll(() => statusNow(other.page).textContent()).toBe('Now: Received');

    await tab.context.setOffline(false);
    await expect.poll(() => tab.page.getByText(PENDING).count(), { timeout: 30_000 }).toBe(0);
    expect(await statusNow(tab.page).textContent()).toBe('Now: In Progress');

    await other.page.reload();
    await heading(other.page, repairId);
    await expect.poll(() => statusNow(other.page).textContent()).toBe('Now: In Progress');
    expect(await other.page.getByText(PENDING).count()).toBe(0);
  });
});
