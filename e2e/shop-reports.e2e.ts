import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateDemoData } from '../src/demo/demo-data';
import { formatPaise } from '../src/domain/shop/amounts';
import { istDate } from '../src/domain/shop/csv';
import { parseShopRepair, type ShopRepair } from '../src/domain/shop/repair-record';
import { storeRefOf } from '../src/domain/shop/repair-store';
import { istEndOfDay, istMonth, istStartOfDay, monthDays } from '../src/domain/shop/report-search';
import { monthReportFromAll } from '../src/domain/shop/report-totals';
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
 * Reports (/shop/reports, issue 18) on the offline demo, in real Chromium: owner01@demo.test opens its
 * Bandra store's Reports, which opens on this month in India, then chooses last month (the demo's
 * deliveries, a card advance and a refund), and reads the cards, 'Top Problems' and the chart's table:
 * every figure is computed here from the demo seed itself (generateDemoData, read whole: the
 * read-everything answer the backends' indexes must equal). Then 'Download CSV' of repairs (a Blob
 * download, as a browser without the save picker gets it) and of payments (streamed into a file given
 * by a save picker), both parsed with csv-parse and compared with the seed. At 375 px and 1280 px; the
 * screenshots are kept in e2e/screenshots (and /work/shots when it exists).
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

function keep(name: string): void {
  try {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(`${__dirname}/screenshots/${name}.png`, `${SHOTS}/${name}.png`);
  } catch {
    // Only the screenshot in e2e/screenshots is the test's.
  }
}

/**
 * The store's repairs and payments as the demo seed writes them. The seed's dates are made in local
 * time, so it is made here in the zone of whoever made the app's: the offline demo makes it in the
 * browser, whose zone is India's (support/browser.ts newContext); the Firebase build's is made by
 * start-firebase in this machine's zone, which this process shares.
 */
function seed() {
  const zone = process.env.TZ;
  if (inject('backend') === 'pouchdb') process.env.TZ = 'Asia/Kolkata';
  try {
    return seedIn();
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
}

function seedIn() {
  const data = generateDemoData(new Date());
  const repairs = data.repairs
    .map((record) => parseShopRepair(record.id, record))
    .filter((repair) => storeRefOf(repair) === STORE);
  const payments = (data.shop?.payments ?? []).filter((payment) => payment.storeId === STORE);
  return { repairs, payments };
}

const within = (at: Date | null, from: Date, to: Date) => at !== null && at >= from && at < to;

/** The month's report read from the whole seed: the read-everything oracle the backends' indexes equal. */
function expectedReport(month: string) {
  const { repairs, payments } = seed();
  return monthReportFromAll(STORE, repairs, payments, month);
}

/** The month before 'YYYY-MM'. */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

const days = (value: number) => `${value.toFixed(1)} ${value.toFixed(1) === '1.0' ? 'day' : 'days'}`;

/** The figure under a card's label. */
async function figure(page: Page, label: string): Promise<string> {
  const cards = page.getByRole('region', { name: 'The month in figures' });
  return (
    (await cards.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent()) ??
    ''
  );
}

async function expectCards(page: Page, month: string): Promise<ReturnType<typeof expectedReport>> {
  const expected = expectedReport(month);
  await expect.poll(() => figure(page, 'Repairs Received')).toBe(String(expected.received));
  expect(await figure(page, 'Repairs Delivered')).toBe(String(expected.delivered));
  // What the deliveries sold: an advance of a repair not yet delivered is no sale.
  await expect
    .poll(() =>
      page
        .getByRole('region', { name: 'The month in figures' })
        .getByText(`${formatPaise(expected.salesPaise)} billed on delivery`)
        .count(),
    )
    .toBe(1);
  expect(await figure(page, 'Collected')).toBe(formatPaise(expected.collected.netPaise));
  expect(await figure(page, 'Due')).toBe(formatPaise(expected.duePaise));
  expect(await figure(page, 'Average Turnaround')).toBe(
    expected.averageTurnaroundDays === null ? '—' : days(expected.averageTurnaroundDays),
  );
  const cards = page.getByRole('region', { name: 'The month in figures' });
  for (const [label, paise] of [
    ['Cash', expected.collected.cashPaise],
    ['UPI', expected.collected.upiPaise],
    ['Card', expected.collected.cardPaise],
    ['Refunds', -expected.collected.refundsPaise],
  ] as const)
    expect(
      await cards.getByText(label, { exact: true }).locator('xpath=following-sibling::span[1]').textContent(),
    ).toBe(formatPaise(paise));
  const problems = page.getByRole('list', { name: 'Top Problems' }).locator(':scope > li');
  await expect
    .poll(() => problems.allTextContents())
    .toEqual(
      expected.topProblems.map(
        ({ problem, repairs }) => `${problem}${repairs} ${repairs === 1 ? 'repair' : 'repairs'}`,
      ),
    );
  return expected;
}

describe.each(['phone', 'desktop'] as ViewportName[])('owner01@demo.test opens Reports (%s)', (viewport) => {
  let tab: Tab;
  const width = VIEWPORTS[viewport].width;
  const thisMonth = istMonth(new Date());
  const lastMonth = previousMonth(thisMonth);

  beforeAll(async () => {
    tab = await openTab(browser, viewport);
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it("opens from the board's 'Reports' on this month in India, with the figures the demo data gives", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.goto(`${baseUrl}/shop?store=${STORE}`);
    // The board's actions with 'Reports' beside 'Dues' and 'Settings': nothing wider than the phone.
    await shown(page.getByRole('link', { name: 'Reports', exact: true }));
    const board = await audit(page, `reports-board-${width}`, { fullPage: false });
    expect(board.overflow).toBe(0);
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await heading(page, /Sharma Mobile Care/);
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe(thisMonth);
    const expected = await expectCards(page, thisMonth);
    expect(expected.received).toBeGreaterThan(0);
    expect(tab.problems.errors).toEqual([]);
  });

  it("'Month' shows last month: deliveries, cash, UPI, card and a refund, the chart and its table", async () => {
    const { page } = tab;
    await page.getByLabel('Month', { exact: true }).selectOption(lastMonth);
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe(lastMonth);
    const expected = await expectCards(page, lastMonth);
    expect(expected.delivered).toBeGreaterThan(0);
    expect(expected.collected.cardPaise).toBeGreaterThan(0);
    expect(expected.collected.refundsPaise).toBeGreaterThan(0);
    await shown(page.getByRole('img', { name: /^Collections by Day, / }));
    await page.getByText('Show each day as a table').click();
    const rows = page.getByRole('table').locator('tbody tr');
    const { first, last } = monthDays(lastMonth);
    expect(await rows.count()).toBe(Number(last.slice(8)) - Number(first.slice(8)) + 1);
    expect(expected.daily.some((day) => day.netPaise !== 0)).toBe(true);
    for (const [index, day] of expected.daily.entries())
      expect(await rows.nth(index).locator('td').textContent()).toBe(formatPaise(day.netPaise));
    const checked = await audit(page, `reports-${width}`);
    keep(`reports-${width}`);
    expect(checked.violations).toEqual([]);
    expect(checked.overflow).toBe(0);
    expect(tab.problems.errors).toEqual([]);
  });

  it("'Download CSV': the repairs as a downloaded file, which csv-parse reads back as the seed", async () => {
    const { page } = tab;
    // A browser without the File System Access API (Firefox, Safari, phones): a Blob download.
    await page.evaluate(() =>
      Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }),
    );
    const { first, last } = monthDays(lastMonth);
    const from = `${previousMonth(lastMonth)}-01`;
    await page.getByLabel('From', { exact: true }).fill(from);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Repairs CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`repairs-${from}-to-${last}.csv`);
    const bytes = readFileSync((await download.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes.toString('utf8'), { bom: true }) as string[][];
    expect(header?.slice(0, 4)).toEqual(['Repair ID', 'Received date', 'Customer', 'Mobile']);
    const inRange = seed()
      .repairs.filter((repair) => within(repair.createdAt, istStartOfDay(from), istEndOfDay(last)))
      .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
    expect(inRange.length).toBeGreaterThan(0);
    expect(rows.map((row) => row[0])).toEqual(inRange.map((repair) => repair.repairId));
    const byId = new Map<string, ShopRepair>(inRange.map((repair) => [repair.repairId, repair]));
    for (const row of rows) {
      const repair = byId.get(row[0] ?? '');
      expect(row[1]).toBe(istDate(repair?.createdAt));
      expect(row[3]).toBe(repair?.customerMobile);
      expect(row[12]).toBe(repair?.deliveredAt ? istDate(repair.deliveredAt) : '');
    }
    await shown(page.getByText(`Saved repairs-${from}-to-${last}.csv.`));
    expect(first).toBe(`${lastMonth}-01`);
    expect(tab.problems.errors).toEqual([]);
  });

  it("'Download CSV': the payments streamed into the file a save picker gives, equal to the seed's", async () => {
    const { page } = tab;
    // Chrome's save picker, answered in the page: each chunk is kept as the file would be written.
    await page.evaluate(() => {
      const kept: string[] = [];
      Object.assign(window, { csvWritten: kept, csvClosed: false });
      Object.defineProperty(window, 'showSaveFilePicker', {
        configurable: true,
        value: async () => ({
          createWritable: async () => ({
            write: async (chunk: string) => {
              kept.push(chunk);
            },
            close: async () => {
              Object.assign(window, { csvClosed: true });
            },
            abort: async () => undefined,
          }),
        }),
      });
    });
    const { first, last } = monthDays(lastMonth);
    await page.getByLabel('From', { exact: true }).fill(first);
    await page.getByRole('button', { name: 'Payments CSV' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { csvClosed: boolean }).csvClosed))
      .toBe(true);
    const text = await page.evaluate(() =>
      (window as unknown as { csvWritten: string[] }).csvWritten.join(''),
    );
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual([
      'Date',
      'Repair ID',
      'Customer',
      'Kind',
      'Mode',
      'Amount',
      'UPI Reference',
      'Taken by',
      'Note',
    ]);
    const { repairs, payments } = seed();
    const idOf = new Map(repairs.map((repair) => [repair.id, repair.repairId]));
    const taken = payments
      .filter((payment) => within(payment.at, istStartOfDay(first), istEndOfDay(last)))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(rows).toHaveLength(taken.length);
    expect(rows.map((row) => row[1]).sort()).toEqual(taken.map((p) => idOf.get(p.repairDocId)).sort());
    const amounts = rows.map((row) => `${row[3]} ${row[4]} ${row[5]}`).sort();
    const modeLabel = { cash: 'Cash', upi: 'UPI', card: 'Card' } as const;
    expect(amounts).toEqual(
      taken
        .map((p) => {
          const rupees = ((p.kind === 'refund' ? -1 : 1) * p.amountPaise) / 100;
          return `${p.kind === 'refund' ? 'Refund' : 'Payment'} ${modeLabel[p.mode]} ${rupees.toFixed(2)}`;
        })
        .sort(),
    );
    await shown(page.getByText(`Saved payments-${first}-to-${last}.csv.`));
    expect(tab.problems.errors).toEqual([]);
  });
});
