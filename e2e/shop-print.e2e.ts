import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  audit,
  launchBrowser,
  logOut,
  openTab,
  SCREENSHOT_DIR,
  shown,
  signIn,
  type Tab,
  VIEWPORTS,
} from './support/browser';

/*
 * The job sheet, printed by Chromium: an owner takes a job card at the counter, opens 'Print Job Sheet',
 * and prints it to PDF on A5 and on 80 mm thermal paper. The PDF's page size, its text (pdfjs-dist) and
 * the QR code's target (a screenshot in print media, decoded with jsQR) are checked, and the decoded
 * link opens the customer's tracking page signed out. The demo only: the Firebase build has no shop
 * console yet.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: Tab;

/** PDF points per millimetre. */
const PT_PER_MM = 72 / 25.4;
const UNLOCK_CODE = '7319';
const CUSTOMER = 'Meera Joshi';
const MOBILE = '9823456781';
/** A week from today (the form refuses a promised date in the past), and how the sheet prints it. */
const PROMISED = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const PROMISED_TEXT = new Date(`${PROMISED}T00:00:00Z`).toLocaleDateString('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

beforeAll(async () => {
  browser = await launchBrowser();
  tab = await openTab(browser, 'desktop');
});
afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
});

interface PrintedPdf {
  readonly pages: number;
  /** The first page's size in mm. */
  readonly widthMm: number;
  readonly heightMm: number;
  /** All pages' text, items joined by spaces. */
  readonly text: string;
}

/** Prints the page to PDF as Chromium's print dialog would (the page's own @page size) and reads it back. */
async function printToPdf(page: Page, name: string): Promise<PrintedPdf> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const bytes = await page.pdf({
    path: resolve(SCREENSHOT_DIR, `${name}.pdf`),
    preferCSSPageSize: true,
    printBackground: true,
  });
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = (await document.getPage(1)).view;
  const printed = {
    pages: document.numPages,
    widthMm: (x1 - x0) / PT_PER_MM,
    heightMm: (y1 - y0) / PT_PER_MM,
    text: texts.join('\n').replace(/\s+/g, ' '),
  };
  await document.destroy();
  return printed;
}

/** Decodes the job sheet's QR code from a screenshot of the page in print media. */
async function decodeQr(page: Page): Promise<string | null> {
  await page.emulateMedia({ media: 'print' });
  try {
    const qr = page.locator('.job-sheet svg[role="img"]');
    const box = await qr.boundingBox();
    if (box === null) return null;
    const pad = 16;
    const png = PNG.sync.read(
      await page.screenshot({
        clip: { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
      }),
    );
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    // Back to no emulation: 'screen' would also make page.pdf print the screen's styles.
    await page.emulateMedia({ media: null });
  }
}

/** Takes a job card at the counter through the form; answers the new repair's page path and Repair ID. */
async function takeJobCard(page: Page): Promise<{ path: string; repairId: string }> {
  await page
    .getByRole('link', { name: /New Repair/ })
    .first()
    .click();
  await shown(page.getByRole('heading', { level: 1, name: 'New Repair' }));
  await page.getByLabel(/^Customer Name/).fill(CUSTOMER);
  await page.getByLabel(/^Customer Mobile/).fill(`+91 ${MOBILE.slice(0, 5)} ${MOBILE.slice(5)}`);
  await page.getByLabel(/^Device Type/).selectOption('Mobile');
  await page.getByLabel(/^Brand & Model/).fill('OnePlus Nord CE 3');
  await page.getByLabel(/^IMEI \/ Serial/).fill('490154203237518');
  await page.getByRole('checkbox', { name: 'Screen broken' }).check();
  await page.getByRole('checkbox', { name: 'Charger' }).check();
  await page.getByLabel(/^Condition Notes/).fill('Dent on the top left corner');
  await page.getByLabel(/^Unlock Code/).fill(UNLOCK_CODE);
  await page.getByLabel(/^Estimate/).fill('3500');
  await page.getByLabel(/^Advance Paid/).fill('1000');
  await page.getByLabel(/^Promised Date/).fill(PROMISED);
  await page.getByRole('button', { name: 'Create Repair' }).click();
  await page.waitForURL(
    (url) => /^\/shop\/repairs\/[^/]+$/.test(url.pathname) && url.pathname !== '/shop/repairs/new',
  );
  const heading = await shown(page.getByRole('heading', { level: 1, name: /^[A-Z0-9]{2,5}-\d{4,}$/ }));
  const repairId = (await heading.textContent())?.trim() ?? '';
  expect(repairId).toMatch(/^[A-Z0-9]{2,5}-\d{4,}$/);
  return { path: new URL(page.url()).pathname, repairId };
}

describe('the job sheet, printed in Chromium', () => {
  let repairPath = '';
  let repairId = '';
  let trackingUrl = '';
  let deliveryCode = '';
  let storeName = '';

  it('an owner takes a job card and opens its job sheet from the repair page', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.waitForURL(`${baseUrl}/shop`);
    ({ path: repairPath, repairId } = await takeJobCard(page));
    const linkText = await shown(page.locator('code', { hasText: '/t/' }));
    trackingUrl = (await linkText.textContent())?.trim() ?? '';
    expect(trackingUrl).toMatch(new RegExp(`^${baseUrl}/t/[A-Za-z0-9_-]{22}$`));
    await shown(page.getByRole('img', { name: `QR code of the tracking link ${trackingUrl}` }));
    const repairAudit = await audit(page, 'shop-repair-tracking-desktop');
    expect(repairAudit.violations).toEqual([]);
    expect(repairAudit.overflow).toBe(0);

    await page.getByRole('link', { name: 'Print Job Sheet' }).click();
    await page.waitForURL(`${baseUrl}${repairPath}/print`);
    const sheet = await shown(page.getByRole('article', { name: `Job sheet ${repairId}` }));
    const text = (await sheet.textContent()) ?? '';
    deliveryCode = /Delivery Code: (\d{4})/.exec(text)?.[1] ?? '';
    storeName = (await sheet.locator('.js-shop-name').textContent()) ?? '';
    expect(storeName).toMatch(/^Sharma Mobile Care/);
    expect(deliveryCode).toMatch(/^\d{4}$/);
    const printAudit = await audit(page, 'shop-print-a5-desktop');
    expect(printAudit.violations).toEqual([]);
    expect(printAudit.overflow).toBe(0);
    expect(tab.problems.errors).toEqual([]);
  });

  it('prints on A5: one A5 page with the sheet, without the screen chrome or the unlock code', async () => {
    const { page } = tab;
    const pdf = await printToPdf(page, 'shop-print-a5');
    expect(pdf.pages).toBe(1);
    expect(pdf.widthMm).toBeCloseTo(148, 0);
    expect(pdf.heightMm).toBeCloseTo(210, 0);
    for (const expected of [
      storeName,
      repairId,
      CUSTOMER,
      MOBILE,
      'OnePlus Nord CE 3',
      '490154203237518',
      'Screen broken',
      'Charger',
      'Dent on the top left corner',
      '₹3,500',
      '₹1,000',
      '₹2,500',
      PROMISED_TEXT,
      `Delivery Code: ${deliveryCode}`,
      'Customer’s signature',
    ])
      expect(pdf.text).toContain(expected);
    expect(pdf.text).toMatch(/Scan to track your repair/i);
    for (const absent of [
      UNLOCK_CODE,
      'Logout',
      'Print Job Sheet',
      'Paper',
      'Shop copy',
      'Reset demo data',
      '©',
    ])
      expect(pdf.text).not.toContain(absent);
  });

  it("encodes the repair's absolute tracking link in the printed QR code", async () => {
    expect(await decodeQr(tab.page)).toBe(trackingUrl);
  });

  it('prints on 80 mm thermal paper: one slip 80 mm wide, the QR code still readable', async () => {
    const { page } = tab;
    await page.getByRole('button', { name: '80 mm' }).click();
    await page.waitForURL(/[?&]paper=80mm/);
    await expect.poll(() => page.locator('.job-sheet').getAttribute('data-paper')).toBe('80mm');
    const pdf = await printToPdf(page, 'shop-print-80mm');
    expect(pdf.pages).toBe(1);
    expect(pdf.widthMm).toBeCloseTo(80, 0);
    expect(pdf.heightMm).toBeGreaterThanOrEqual(100);
    for (const expected of [
      repairId,
      CUSTOMER,
      MOBILE,
      'OnePlus Nord CE 3',
      `Delivery Code: ${deliveryCode}`,
    ])
      expect(pdf.text).toContain(expected);
    expect(pdf.text).not.toContain(UNLOCK_CODE);
    expect(pdf.text).not.toContain('Logout');
    expect(await decodeQr(page)).toBe(trackingUrl);
    await audit(page, 'shop-print-80mm-desktop');
  });

  it("leaves the delivery code off the shop's copy", async () => {
    const { page } = tab;
    await page.getByRole('button', { name: 'Shop copy' }).click();
    await page.waitForURL(/[?&]copy=shop/);
    const pdf = await printToPdf(page, 'shop-print-80mm-shop-copy');
    expect(pdf.text).toMatch(/Job Sheet · Shop copy/i);
    expect(pdf.text).not.toContain('Delivery Code');
    expect(pdf.text).not.toContain(UNLOCK_CODE);
  });

  it('looks right on a 375 px phone: the print view and the repair page', async () => {
    const { page } = tab;
    await page.setViewportSize(VIEWPORTS.phone);
    for (const paper of ['a5', '80mm'] as const) {
      await page.goto(`${baseUrl}${repairPath}/print?paper=${paper}`);
      await shown(page.getByRole('article', { name: `Job sheet ${repairId}` }));
      const printAudit = await audit(page, `shop-print-${paper}-phone`);
      expect(printAudit.violations).toEqual([]);
      expect(printAudit.overflow).toBe(0);
    }
    await page.goto(`${baseUrl}${repairPath}`);
    await shown(page.getByRole('img', { name: `QR code of the tracking link ${trackingUrl}` }));
    const repairAudit = await audit(page, 'shop-repair-tracking-phone');
    expect(repairAudit.violations).toEqual([]);
    expect(repairAudit.overflow).toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(tab.problems.errors).toEqual([]);
  });

  it('the decoded link opens the tracking page signed out', async () => {
    const { page } = tab;
    await logOut(page, baseUrl);
    await page.goto(trackingUrl);
    await shown(page.getByRole('heading', { level: 1, name: repairId }));
    await shown(page.getByText('Received', { exact: true }).first());
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toContain(UNLOCK_CODE);
    expect(body).not.toMatch(/Delivery Code/i);
    expect(tab.problems.errors).toEqual([]);
  });

  it("'Revoke link' on the repair page turns the link off for the customer, and the job sheet says so", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.goto(`${baseUrl}${repairPath}`);
    await page.getByRole('button', { name: 'Revoke link' }).click();
    const dialog = await shown(
      page.getByRole('dialog', { name: `Turn off the tracking link of ${repairId}?` }),
    );
    const dialogAudit = await audit(page, 'shop-tracking-revoke-dialog-desktop', { fullPage: false });
    expect(dialogAudit.violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await shown(page.getByText(/^The tracking link is off:/));
    expect(await page.getByRole('img', { name: /^QR code of the tracking link/ }).count()).toBe(0);
    await audit(page, 'shop-repair-tracking-off-desktop');

    await page.getByRole('link', { name: 'Print Job Sheet' }).click();
    await shown(page.getByText('No tracking link for this repair.'));
    await shown(page.getByText(/^This repair has no active tracking link/));
    const pdf = await printToPdf(page, 'shop-print-a5-no-link');
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('No tracking link for this repair.');
    expect(pdf.text).not.toContain('This repair has no active tracking link');
    expect(pdf.text).not.toContain(trackingUrl.split('/t/')[1] ?? 'never');

    await logOut(page, baseUrl);
    await page.goto(trackingUrl);
    await shown(page.getByText(/turned off/).first());
    expect(await page.getByRole('heading', { level: 1, name: repairId }).count()).toBe(0);
    expect(tab.problems.errors).toEqual([]);
  });
});
