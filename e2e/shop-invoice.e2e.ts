import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import {
  audit,
  launchBrowser,
  logOut,
  openTab,
  SCREENSHOT_DIR,
  settled,
  shown,
  signIn,
  type Tab,
  VIEWPORTS,
} from './support/browser';

/*
 * GST invoices (issue 18, owner-console.md "Invoice"), printed by Chromium, on the offline demo and on
 * the production build on the Firebase emulators (FIREBASE_FLOWS): Sharma Mobile Care's owner (GSTIN
 * 27AAPFS1234C1ZD in the demo data) issues the tax invoice of a delivered repair from its repair page and
 * prints it to PDF on A4, A5 and 80 mm (page sizes from the page's own @page rule; the text read back
 * with pdfjs-dist: 'Tax Invoice', its number, CGST and SGST, the total in words; never the screen's
 * chrome); a receipt voucher for an advance is deducted on the next invoice, whose link 'Send on
 * WhatsApp' carries and which opens signed out from the tracking link; Iyer Electronics (no GSTIN)
 * prints a 'Receipt' without tax lines. Screenshots of the printed tax invoice land in e2e/screenshots.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: Tab;

/** PDF points per millimetre. */
const PT_PER_MM = 72 / 25.4;
/** Where this file's screenshots go: e2e/screenshots, or E2E_SHOTS_DIR. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? SCREENSHOT_DIR;
/** An invoice or voucher number: 'RPR/26-27/0001', a receipt voucher's 'RPR/26-27/R001' (at most 16 characters). */
const NUMBER = /[A-Z0-9-]{1,5}\/\d{2}-\d{2}\/[A-Z]?\d{3,}/;

beforeAll(async () => {
  await freshData();
  browser = await launchBrowser();
  tab = await openTab(browser, 'desktop');
});
afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
});

interface PrintedPdf {
  readonly pages: number;
  readonly widthMm: number;
  readonly heightMm: number;
  /** All pages' text, items joined by spaces, runs of white space as one. */
  readonly text: string;
}

/** Prints the page to PDF as Chromium's print dialog would (the page's own @page size) and reads it back. */
async function printToPdf(page: Page, name: string): Promise<PrintedPdf> {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  const bytes = await page.pdf({
    path: resolve(SHOTS, `${name}.pdf`),
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

/** A screenshot of the page as it prints (print media), for a person to look at. */
async function printedShot(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  try {
    await settled(page);
    await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: true });
  } finally {
    await page.emulateMedia({ media: null });
  }
}

/** Opens a repair of the signed-in account's stores by its Repair ID (the board's search). */
async function openRepair(page: Page, repairId: string): Promise<string> {
  await page.goto(`${baseUrl}/shop?q=${repairId}`);
  await page.getByRole('link', { name: repairId }).first().click();
  await shown(page.getByRole('heading', { level: 1, name: repairId }));
  return new URL(page.url()).pathname;
}

/** On the invoice page of a repair not yet invoiced: issues it through the confirmation; answers its number. */
async function issueInvoice(page: Page, button: 'Issue Invoice' | 'Issue Receipt'): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  const dialog = await shown(page.getByRole('dialog', { name: 'Issue this invoice?' }));
  await dialog.getByRole('button', { name: 'Yes, issue it' }).click();
  const heading = await shown(page.getByRole('heading', { level: 1, name: NUMBER }));
  const number = NUMBER.exec((await heading.textContent()) ?? '')?.[0] ?? '';
  expect(number.length).toBeLessThanOrEqual(16);
  return number;
}

/** Chooses a paper and waits until the sheet is laid out for it. */
async function choosePaper(page: Page, label: 'A4' | 'A5' | '80 mm', value: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect.poll(() => page.locator('.invoice-sheet').getAttribute('data-paper')).toBe(value);
  if (value !== '80mm') return;
  // The roll's length follows the slip as measured after it reflowed: wait for the @page rule to have it.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '');
        const length = Number(/size: 80mm (\d+)mm/.exec(css.join(' '))?.[1] ?? 0);
        const sheet = document.querySelector('.invoice-sheet')?.getBoundingClientRect().height ?? 0;
        return length >= (sheet * 25.4) / 96 + 6;
      }),
    )
    .toBe(true);
}

/** What every printed copy of RPR-1013's tax invoice says (its number `n`). */
const taxTexts = (n: string) => [
  'Tax Invoice',
  n,
  'Sharma Mobile Care',
  'GSTIN: 27AAPFS1234C1ZD',
  'RPR-1013',
  '998716',
  'Place of Supply',
  'Maharashtra (27)',
  'CGST @ 9%',
  'SGST @ 9%',
  '₹1,600',
  'Rupees One Thousand Six Hundred only',
];

/** The screen's own words, never on paper ('… issued.' is the page's confirmation). */
const SCREEN_CHROME = ['Send on WhatsApp', 'Paper', 'issued.', 'Vouchers', 'Logout', 'Reset demo data', '©'];

describe('GST invoices, printed in Chromium', () => {
  let invoicePath = '';
  let number = '';

  it("Sharma's owner issues the tax invoice of a delivered repair from its repair page", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    const repairPath = await openRepair(page, 'RPR-1013');
    await page.getByRole('link', { name: 'Invoice', exact: true }).click();
    await page.waitForURL(`${baseUrl}${repairPath}/invoice`);
    invoicePath = `${repairPath}/invoice`;
    // The preview, and a wrong GSTIN refused with a clear message (what was typed stays).
    await shown(page.getByRole('heading', { name: 'Preview: not yet issued' }));
    const gstin = page.getByLabel(/^Customer GSTIN/);
    await gstin.fill('27AAPFS1234C1ZX');
    await page.getByRole('button', { name: 'Issue Invoice' }).click();
    await shown(page.getByText(/^This is not a valid GSTIN/));
    expect(await gstin.inputValue()).toBe('27AAPFS1234C1ZX');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await gstin.fill('');
    const previewAudit = await audit(page, 'shop-invoice-preview-desktop');
    expect(previewAudit.violations).toEqual([]);
    expect(previewAudit.overflow).toBe(0);
    number = await issueInvoice(page, 'Issue Invoice');
    await shown(page.getByRole('article', { name: `Tax Invoice ${number}` }));
    const issuedAudit = await audit(page, 'shop-invoice-a4-desktop');
    expect(issuedAudit.violations).toEqual([]);
    expect(issuedAudit.overflow).toBe(0);
    expect(tab.problems.errors).toEqual([]);
  });

  it('prints on A4: one 210 × 297 mm page with the tax invoice and none of the screen', async () => {
    const { page } = tab;
    const pdf = await printToPdf(page, 'shop-invoice-a4');
    expect(pdf.pages).toBe(1);
    expect(pdf.widthMm).toBeCloseTo(210, 0);
    expect(pdf.heightMm).toBeCloseTo(297, 0);
    for (const expected of taxTexts(number)) expect(pdf.text).toContain(expected);
    expect(pdf.text).not.toContain('IGST');
    for (const absent of SCREEN_CHROME) expect(pdf.text).not.toContain(absent);
    await printedShot(page, 'shop-invoice-a4-printed');
  });

  it('prints on A5: one 148 × 210 mm page', async () => {
    const { page } = tab;
    await choosePaper(page, 'A5', 'a5');
    const pdf = await printToPdf(page, 'shop-invoice-a5');
    expect(pdf.pages).toBe(1);
    expect(pdf.widthMm).toBeCloseTo(148, 0);
    expect(pdf.heightMm).toBeCloseTo(210, 0);
    for (const expected of taxTexts(number)) expect(pdf.text).toContain(expected);
    for (const absent of SCREEN_CHROME) expect(pdf.text).not.toContain(absent);
    await printedShot(page, 'shop-invoice-a5-printed');
  });

  it('prints on 80 mm thermal paper: one slip 80 mm wide', async () => {
    const { page } = tab;
    await choosePaper(page, '80 mm', '80mm');
    const pdf = await printToPdf(page, 'shop-invoice-80mm');
    expect(pdf.pages).toBe(1);
    expect(pdf.widthMm).toBeCloseTo(80, 0);
    expect(pdf.heightMm).toBeGreaterThanOrEqual(100);
    for (const expected of taxTexts(number)) expect(pdf.text).toContain(expected);
    for (const absent of SCREEN_CHROME) expect(pdf.text).not.toContain(absent);
    await printedShot(page, 'shop-invoice-80mm-printed');
  });

  it('keeps the number: the invoice is fixed once issued (a reload shows the same one)', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}${invoicePath}`);
    await shown(page.getByRole('article', { name: `Tax Invoice ${number}` }));
    expect(await page.getByRole('button', { name: 'Issue Invoice' }).count()).toBe(0);
  });

  it('looks right on a 375 px phone', async () => {
    const { page } = tab;
    await page.setViewportSize(VIEWPORTS.phone);
    for (const paper of ['a4', '80mm'] as const) {
      await page.goto(`${baseUrl}${invoicePath}?paper=${paper}`);
      await shown(page.getByRole('article', { name: `Tax Invoice ${number}` }));
      const phoneAudit = await audit(page, `shop-invoice-${paper}-phone`);
      expect(phoneAudit.violations).toEqual([]);
      expect(phoneAudit.overflow).toBe(0);
    }
    // A preview (RPR-1010 has a final amount and no invoice) with its form, at 375 px.
    const preview = await openRepair(page, 'RPR-1010');
    await page.goto(`${baseUrl}${preview}/invoice`);
    await shown(page.getByRole('button', { name: 'Issue Invoice' }));
    const previewAudit = await audit(page, 'shop-invoice-preview-phone');
    expect(previewAudit.violations).toEqual([]);
    expect(previewAudit.overflow).toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('deducts an advance with its receipt voucher; WhatsApp carries the link the customer opens signed out', async () => {
    const { page } = tab;
    // RPR-1001: ₹2,500 final amount, a ₹500 cash advance, a tracking link.
    const repairPath = await openRepair(page, 'RPR-1001');
    await page.goto(`${baseUrl}${repairPath}/invoice`);
    await page.getByRole('button', { name: 'Issue Receipt Voucher' }).click();
    const print = await shown(
      page.getByRole('link', { name: new RegExp(`^Print Voucher ${NUMBER.source}$`) }),
    );
    const voucher = NUMBER.exec((await print.getAttribute('aria-label')) ?? '')?.[0] ?? '';
    await print.click();
    await shown(page.getByRole('article', { name: `Receipt Voucher ${voucher}` }));
    const voucherPdf = await printToPdf(page, 'shop-invoice-receipt-voucher-a4');
    for (const expected of [
      'Receipt Voucher',
      voucher,
      'Advance for repair of',
      '₹500',
      'Rupees Five Hundred only',
    ])
      expect(voucherPdf.text).toContain(expected);
    await page.getByRole('link', { name: 'Back to the invoice' }).click();

    const invoice = await issueInvoice(page, 'Issue Invoice');
    const sheet = await shown(page.getByRole('article', { name: `Tax Invoice ${invoice}` }));
    const text = ((await sheet.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(`Advance Deducted (${voucher})`);
    expect(text).toContain('Balance Payable₹2,000');

    const whatsApp = new URL(
      (await page.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')) ?? '',
    );
    expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe('https://wa.me/919876543210');
    const message = whatsApp.searchParams.get('text') ?? '';
    expect(message).toContain(invoice);
    const link = /(https?:\/\/\S+\/t\/[A-Za-z0-9_-]+\/invoice)/.exec(message)?.[1] ?? '';
    expect(link.startsWith(`${baseUrl}/t/`)).toBe(true);

    await logOut(page, baseUrl);
    await page.goto(link.replace(/\/invoice$/, ''));
    await shown(page.getByRole('heading', { level: 1, name: 'RPR-1001' }));
    await shown(page.getByRole('link', { name: 'Invoice', exact: true }));
    const trackingAudit = await audit(page, 'shop-invoice-tracking-page-desktop');
    expect(trackingAudit.violations).toEqual([]);
    await page.getByRole('link', { name: 'Invoice', exact: true }).click();
    await page.waitForURL(link);
    const customerSheet = await shown(page.getByRole('article', { name: `Tax Invoice ${invoice}` }));
    expect((await customerSheet.textContent()) ?? '').toContain('Rupees Two Thousand Five Hundred only');
    expect(await page.getByRole('button', { name: /^Issue/ }).count()).toBe(0);
    const customerAudit = await audit(page, 'shop-invoice-customer-desktop');
    expect(customerAudit.violations).toEqual([]);
    const customerPdf = await printToPdf(page, 'shop-invoice-customer-a4');
    expect(customerPdf.pages).toBe(1);
    expect(customerPdf.text).toContain(invoice);
    expect(customerPdf.text).not.toContain('Repair status');
    expect(tab.problems.errors).toEqual([]);
  });

  it('a store without a GSTIN prints a Receipt, with no tax lines', async () => {
    const { page } = tab;
    // Signed out by the test before (the customer's view).
    await signIn(page, baseUrl, 'owner02@demo.test');
    const repairPath = await openRepair(page, 'RPR-1017');
    await page.goto(`${baseUrl}${repairPath}/invoice`);
    expect(await page.getByLabel(/^Customer GSTIN/).count()).toBe(0);
    const receipt = await issueInvoice(page, 'Issue Receipt');
    await shown(page.getByRole('article', { name: `Receipt ${receipt}` }));
    const pdf = await printToPdf(page, 'shop-invoice-receipt-a4');
    expect(pdf.pages).toBe(1);
    expect(pdf.widthMm).toBeCloseTo(210, 0);
    for (const expected of [
      'Receipt',
      receipt,
      'Iyer Electronics',
      'RPR-1017',
      '₹5,500',
      'Rupees Five Thousand Five Hundred only',
    ])
      expect(pdf.text).toContain(expected);
    for (const absent of ['Tax Invoice', 'GSTIN', 'CGST', 'SGST', 'IGST', 'SAC'])
      expect(pdf.text).not.toContain(absent);
    await printedShot(page, 'shop-invoice-receipt-a4-printed');
    expect(tab.problems.errors).toEqual([]);
  });
});
