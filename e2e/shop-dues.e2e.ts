import { copyFileSync, mkdirSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateDemoData } from '../src/demo/demo-data';
import { formatPaise } from '../src/domain/shop/amounts';
import { customerUpiLink, groupDues } from '../src/domain/shop/dues';
import { parseShopRepair } from '../src/domain/shop/repair-record';
import { storeRefOf } from '../src/domain/shop/repair-store';
import {
  audit,
  launchBrowser,
  openTab,
  shown,
  signIn,
  type Tab,
  VIEWPORTS,
  type ViewportName,
} from './support/browser';
import { heading } from './support/shop';

/*
 * The dues khata (/shop/dues, issue 17) on the offline demo, in real Chromium: owner01@demo.test opens
 * the Bandra store's khata, reads the total and the three customers who owe (the demo's two repairs
 * delivered on credit and the ready one with an advance), opens 'Show UPI QR' and the QR code, read from a
 * screenshot with jsQR, is the UPI link for exactly the customer's amount, which is written under it.
 * At 375 px and 1280 px; the screenshots are kept in e2e/screenshots (and /work/shots when it exists).
 */

const baseUrl = inject('baseUrl');
const STORE = 'store-sharma-1';
const SHOTS = '/work/shots';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The khata the demo data set gives the store (what the page must show). */
function expectedKhata() {
  const repairs = generateDemoData(new Date())
    .repairs.map((record) => ({ record, repair: parseShopRepair(record.id, record) }))
    .filter(({ record, repair }) => storeRefOf(repair) === STORE && record.owing === true)
    .map(({ repair }) => repair);
  return groupDues(repairs);
}

/** The QR code of the open dialog, from a screenshot of it, decoded with jsQR. */
async function decodeQrOnScreen(page: Page): Promise<string | null> {
  const qr = page.getByRole('dialog').getByRole('img', { name: /UPI QR code/ });
  await shown(qr);
  const box = await qr.boundingBox();
  if (box === null) return null;
  const pad = 8;
  const png = PNG.sync.read(
    await page.screenshot({
      clip: { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
    }),
  );
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Keeps a copy of an e2e screenshot where the session's reviewers look. */
function keep(name: string): void {
  try {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(`${__dirname}/screenshots/${name}.png`, `${SHOTS}/${name}.png`);
  } catch {
    // Only the screenshot in e2e/screenshots is the test's.
  }
}

describe.each(['phone', 'desktop'] as ViewportName[])(
  'owner01@demo.test opens the dues khata (%s)',
  (viewport) => {
    let tab: Tab;
    const width = VIEWPORTS[viewport].width;

    beforeAll(async () => {
      tab = await openTab(browser, viewport);
    });
    afterAll(async () => {
      await tab?.context.close();
    });

    it("shows 'Total due: ₹X from N customers' and the customers who owe, oldest first", async () => {
      const { page } = tab;
      const khata = expectedKhata();
      expect(khata.customers).toHaveLength(3);
      await signIn(page, baseUrl, 'owner01@demo.test');
      await page.goto(`${baseUrl}/shop/dues?store=${STORE}`);
      await heading(page, 'Dues');
      await shown(
        page.getByText(`Total due: ${formatPaise(khata.totalPaise)} from 3 customers`, { exact: true }),
      );
      const rows = page.getByRole('list', { name: 'Customers who owe' }).locator(':scope > li');
      await expect.poll(() => rows.count()).toBe(3);
      for (const [i, customer] of khata.customers.entries()) {
        const row = rows.nth(i);
        await shown(row.getByRole('heading', { level: 2, name: customer.name }));
        for (const repair of customer.repairs) await shown(row.getByRole('link', { name: repair.repairId }));
      }
      const checked = await audit(page, `dues-${width}`);
      keep(`dues-${width}`);
      expect(checked.violations).toEqual([]);
      expect(checked.overflow).toBe(0);
      expect(tab.problems.errors).toEqual([]);
    });

    it("'Show UPI QR' shows a QR code that reads as the UPI link for exactly the customer's amount", async () => {
      const { page } = tab;
      const [first] = expectedKhata().customers;
      if (first === undefined) throw new Error('nobody owes in the demo');
      const link = customerUpiLink(first, {
        upiId: 'sharmamobile@okaxis',
        name: 'Sharma Mobile Care - Bandra',
      });
      expect(link).toContain(`&am=${(first.totalPaise / 100).toFixed(2)}&cu=INR&tn=`);
      const row = page.getByRole('list', { name: 'Customers who owe' }).locator(':scope > li').first();
      await row.getByRole('button', { name: 'Show UPI QR' }).click();
      const dialog = page.getByRole('dialog');
      await shown(dialog.getByText(formatPaise(first.totalPaise), { exact: true }));
      expect(await decodeQrOnScreen(page)).toBe(link);
      expect(await dialog.getByRole('link', { name: 'Open in a UPI app' }).getAttribute('href')).toBe(link);
      const checked = await audit(page, `dues-qr-${width}`, { fullPage: false });
      keep(`dues-qr-${width}`);
      expect(checked.violations).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(tab.problems.errors).toEqual([]);
    });
  },
);
