import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backend, freshData } from './support/backend';
import {
  horizontalOverflow,
  launchBrowser,
  logOut,
  openTab,
  recordTexts,
  screenshot,
  settled,
  shown,
  signIn,
  type Tab,
} from './support/browser';
import {
  deliveryCodeFromJobSheet,
  detail,
  fillJobCard,
  heading,
  historyHeadlines,
  INVALID_IMEI,
  type JobCard,
  jobCardValues,
  MESSAGES,
  messageLinks,
  moveTo,
  nextSteps,
  paymentFigure,
  REPAIR_ID,
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
 * The counter day of the shop console (issue 9) on the offline demo: owner01 takes a job card, finds
 * the repair on the board, moves it to 'Delivered' with the delivery code, sends the message, and the
 * tracking link shows it signed out; the customer's tracker finds it and the admin counts it (all in
 * one browser: the demo's data lives there). Staff do the same without delete; the customer, a
 * distributor and a signed-out visitor do not reach /shop.
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

/** The admin table's repair count (last cell) of a business's row. */
const repairsOf = (page: Page, business: string) =>
  page
    .getByRole('row', { name: new RegExp(business) })
    .getByRole('cell')
    .last();

async function sharmaCountThisMonth(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/dashboard?search=sharma`);
  await heading(page, 'RepairMate Admin Dashboard');
  await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(1);
  return ((await repairsOf(page, 'Sharma Mobile Care').textContent()) ?? '').trim();
}

/** The board's search box: types and waits for the result line. */
/** A YYYY-MM-DD day as the pages write it ('24 Nov 2026', formatDate in src/domain/shared/time.ts). */
const dayAsShown = (page: Page, iso: string) =>
  page.evaluate((day) => {
    const [year, month, date] = day.split('-').map(Number);
    return new Date(year ?? 0, (month ?? 1) - 1, date).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
  }, iso);

async function searchBoard(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search repairs' }).fill(text);
  await shown(page.getByText(new RegExp(`^\\d+ found for “${text.replace(/[+]/g, '\\+')}”`)));
}

/** The Repair IDs the board lists now (cards on a phone, a table on a desktop). */
const boardRepairIds = (page: Page) =>
  page
    .getByRole('region', { name: 'Repairs' })
    .getByRole('link', { name: REPAIR_ID })
    .allTextContents()
    .then((ids) => ids.map((id) => id.trim()));

/** A status chip's count on the board ('All', 'Received', …), once the counts have loaded. */
async function chipCount(page: Page, label: string): Promise<number> {
  const chip = page
    .getByRole('navigation', { name: 'Repairs by status' })
    .getByRole('button', { name: new RegExp(`^${label}\\s*\\d`) });
  const text = (await (await shown(chip)).textContent()) ?? '';
  return Number(text.replace(label, '').trim());
}

describe("owner01@demo.test's counter day, then the customer's tracker and the admin's count", () => {
  let tab: Tab;
  let card: JobCard;
  let repairId = '';
  let repairUrl = '';
  let trackingUrl = '';
  let deliveryCode = '';
  let countsBefore = { all: 0, received: 0 };

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it('the admin counts 5 repairs of Sharma Mobile Care this month before the day starts', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'admin@demo.test');
    expect(await sharmaCountThisMonth(page)).toBe('5');
    await logOut(page, baseUrl);
  });

  it("/dashboard sends the owner to the board; 'New Repair' opens the job card", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/shop`);
    await heading(page, /^Sharma Mobile Care/);
    await shown(page.getByText('Owner', { exact: true }));
    // Two stores: the picker, and the first store's repairs.
    await shown(page.getByLabel('Store'));
    await shown(page.getByRole('region', { name: 'Repairs' }).getByRole('link', { name: REPAIR_ID }).first());
    countsBefore = { all: await chipCount(page, 'All'), received: await chipCount(page, 'Received') };
    await settled(page);
    await screenshot(page, 'counter-board-desktop');

    await page.getByRole('link', { name: /New Repair/ }).click();
    await page.waitForURL((url) => url.pathname === '/shop/repairs/new');
    await heading(page, 'New Repair');
    expect(tab.problems.errors).toEqual([]);
  });

  it('refuses an IMEI that fails the Luhn check with a message, keeping everything else typed', async () => {
    const { page } = tab;
    card = {
      customerName: 'Asha Customer',
      customerMobile: '+91 98765-43210',
      deviceType: 'Mobile',
      brandModel: 'Redmi Note 12',
      imeiSerial: INVALID_IMEI,
      problems: ['Screen broken', 'Battery problem'],
      accessories: ['SIM tray', 'Back cover'],
      estimate: '1500',
      advancePaid: '500',
      promisedDate: await tomorrowInBrowser(page),
    };
    await fillJobCard(page, card);
    await settled(page);
    await screenshot(page, 'counter-job-card-desktop');
    await page.getByRole('button', { name: 'Create Repair' }).click();
    await shown(page.getByText(MESSAGES.imeiInvalid));
    // Still the job card, with the IMEI field marked and focused, and nothing else lost.
    expect(new URL(page.url()).pathname).toBe('/shop/repairs/new');
    const imei = page.getByLabel(/^IMEI \/ Serial/);
    expect(await imei.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => imei.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await jobCardValues(page)).toEqual({
      ...card,
      problems: [...card.problems],
      accessories: [...card.accessories],
    });
  });

  it("creates the repair with a valid IMEI: the repair page shows its new Repair ID, the card's fields and the mobile normalised", async () => {
    const { page } = tab;
    await page.getByLabel(/^IMEI \/ Serial/).fill(VALID_IMEI);
    await page.getByRole('button', { name: 'Create Repair' }).click();
    await page.waitForURL((url) => /^\/shop\/repairs\/(?!new$)[^/]+$/.test(url.pathname));
    repairId = await repairIdShown(page);
    repairUrl = page.url();
    // A new number, not one of the demo's.
    expect(repairId).toMatch(REPAIR_ID);
    expect(repairId).not.toMatch(/^RPR-100[1-3]$/);
    expect(await statusNow(page).textContent()).toBe('Now: Received');
    expect(await detail(page, 'Customer Name').textContent()).toBe('Asha Customer');
    expect(await detail(page, 'Customer Mobile').textContent()).toBe('9876543210');
    expect(await detail(page, 'Device Type').textContent()).toBe('Mobile');
    expect(await detail(page, 'Brand & Model').textContent()).toBe('Redmi Note 12');
    expect(await detail(page, 'IMEI / Serial').textContent()).toBe(VALID_IMEI);
    expect(await detail(page, 'Problems').textContent()).toBe('Screen broken, Battery problem');
    expect(await detail(page, 'Accessories Received').textContent()).toBe('SIM tray, Back cover');
    expect(await detail(page, 'Estimate (₹)').textContent()).toBe('₹1,500');
    // The money is in 'Payments': the estimate, the advance taken with the job card, what is left.
    expect(await paymentFigure(page, 'Total')).toBe('₹1,500');
    expect(await paymentFigure(page, 'Paid')).toBe('₹500');
    expect(await paymentFigure(page, 'Due')).toBe('₹1,000');
    // Written as the tracking link writes it ('24 Nov 2026'), by the browser's own Intl.
    expect(await detail(page, 'Promised Date').textContent()).toBe(await dayAsShown(page, card.promisedDate));
    expect(await historyHeadlines(page)).toEqual(['Created (Received)']);
    await settled(page);
    await screenshot(page, 'counter-repair-created-desktop');
    expect(tab.problems.errors).toEqual([]);
  });

  it("offers 'Send on WhatsApp' and 'Send SMS' with the Repair ID and the tracking link in the message", async () => {
    const { page } = tab;
    trackingUrl = await trackingLinkShown(page);
    expect(trackingUrl).toMatch(new RegExp(`^${baseUrl}/t/[A-Za-z0-9_-]{22,128}$`));
    const { whatsApp, sms, smsBody } = await messageLinks(page);
    expect(whatsApp.origin).toBe('https://wa.me');
    expect(whatsApp.pathname).toBe('/919876543210');
    const whatsAppText = whatsApp.searchParams.get('text') ?? '';
    expect(whatsAppText).toContain(repairId);
    expect(whatsAppText).toContain(trackingUrl);
    expect(sms.startsWith('sms:+919876543210?body=')).toBe(true);
    expect(smsBody).toContain(repairId);
    expect(smsBody).toContain(trackingUrl);
    // The page shows the same message it sends, and the QR code leads to the same link.
    await shown(page.getByText(whatsAppText, { exact: true }));
    await shown(page.getByRole('img', { name: `QR code of the tracking link ${trackingUrl}` }));
  });

  it('finds the new repair on the board by its Repair ID and by the mobile', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: '← Repairs' }).click();
    await heading(page, /^Sharma Mobile Care/);
    await expect.poll(() => boardRepairIds(page)).toContain(repairId);
    // Counted in its store's chips.
    await expect.poll(() => chipCount(page, 'All')).toBe(countsBefore.all + 1);
    expect(await chipCount(page, 'Received')).toBe(countsBefore.received + 1);

    await searchBoard(page, repairId);
    await expect.poll(() => boardRepairIds(page)).toEqual([repairId]);
    await shown(page.getByText(`1 found for “${repairId}”`));

    await page.getByRole('button', { name: 'Clear search' }).click();
    await searchBoard(page, '+91 98765 43210');
    const byMobile = await boardRepairIds(page);
    expect(byMobile).toContain(repairId);
    // Every hit is Asha's: the table's mobile column reads her 10 digits (the owner's search runs
    // across her stores, so the table may carry a 'Store' column: the column is found by its header).
    const table = page.getByRole('region', { name: 'Repairs' }).getByRole('table');
    const headers = (await table.locator('thead th').allTextContents()).map((header) => header.trim());
    const mobileColumn = headers.indexOf('Mobile') + 1;
    expect(mobileColumn).toBeGreaterThan(0);
    const mobiles = await table.locator(`tbody tr td:nth-child(${mobileColumn})`).allTextContents();
    expect(new Set(mobiles)).toEqual(new Set(['9876543210']));

    await page.getByRole('link', { name: repairId, exact: true }).click();
    await heading(page, repairId);
    expect(page.url()).toBe(repairUrl);
  });

  it("moves it received → 'In Progress' → 'Ready for Pickup', offering only the allowed next statuses", async () => {
    const { page } = tab;
    await expect.poll(() => nextSteps(page)).toEqual(['In Progress', 'Cancelled']);
    await moveTo(page, 'In Progress');
    await expect
      .poll(() => nextSteps(page))
      .toEqual(['Sent to Service Center', 'Waiting for Parts', 'Ready for Pickup', 'Cancelled']);
    await moveTo(page, 'Ready for Pickup');
    await expect.poll(() => nextSteps(page)).toEqual(['Delivered', 'In Progress']);
    // The message follows the status: ready, with the amount due and the tracking link.
    await expect.poll(async () => (await messageLinks(page)).smsBody).toContain('is ready for pickup');
    const { whatsApp, smsBody } = await messageLinks(page);
    for (const text of [whatsApp.searchParams.get('text') ?? '', smsBody]) {
      expect(text).toContain(repairId);
      expect(text).toContain('Amount due: ₹1,000');
      expect(text).toContain(trackingUrl);
    }
    expect(tab.problems.errors).toEqual([]);
  });

  it("'Delivered' says the ₹1,000 due: 'Take Payment' at the counter, then a wrong code is refused with a message, the job sheet's code is accepted", async () => {
    const { page } = tab;
    deliveryCode = await deliveryCodeFromJobSheet(page, repairId);
    expect(deliveryCode).toMatch(/^\d{4}$/);

    await page.getByRole('group', { name: 'Next status' }).getByRole('button', { name: 'Delivered' }).click();
    let dialog = await shown(page.getByRole('dialog', { name: 'Mark as Delivered' }));
    // Money is due: the dialog says how much and offers the payment first (or credit).
    await shown(dialog.getByText('Amount due: ₹1,000'));
    await shown(dialog.getByRole('button', { name: 'Deliver on Credit' }));
    await takePaymentOfDue(page, '1000', dialog);
    // Back to the delivery, nothing due any more: the plain move, and no credit note asked for.
    dialog = await shown(page.getByRole('dialog', { name: 'Mark as Delivered' }));
    await shown(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await dialog.getByText(/^Amount due/).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Deliver on Credit' }).count()).toBe(0);
    const code = dialog.getByLabel(/^Delivery Code/);
    await code.fill(wrongCode(deliveryCode));
    await dialog.getByRole('button', { name: 'Mark as Delivered' }).click();
    await shown(dialog.getByText(MESSAGES.deliveryCodeWrong));
    // Refused: the dialog stays open and the repair is still ready for pickup.
    expect(await statusNow(page).textContent()).toBe('Now: Ready for Pickup');
    expect(await dialog.getByText(MESSAGES.deliveryCodeWrong).count()).toBe(1);

    await code.fill(deliveryCode);
    await dialog.getByRole('button', { name: 'Mark as Delivered' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => statusNow(page).textContent()).toBe('Now: Delivered');
    // Final: only the owner's reopen is offered.
    await expect.poll(() => nextSteps(page)).toEqual(['Reopen as In Progress', 'Reopen as Received']);
    // Paid in full: the advance and the payment at the counter.
    expect(await paymentFigure(page, 'Paid')).toBe('₹1,500');
    expect(await paymentFigure(page, 'Due')).toBe('₹0');
  });

  it('keeps every step in the history, the payment too, by the owner', async () => {
    const { page } = tab;
    await expect
      .poll(() => historyHeadlines(page))
      .toEqual([
        'Created (Received)',
        'Received → In Progress',
        'In Progress → Ready for Pickup',
        'Payment ₹1,000',
        'Ready for Pickup → Delivered',
      ]);
    const authors = await page.getByRole('list', { name: 'History' }).getByText(/^by /).allTextContents();
    expect(authors).toEqual(Array(5).fill('by Rahul Sharma'));
    // The wrong code left no trace.
    expect(await page.getByRole('list', { name: 'History' }).getByRole('listitem').count()).toBe(5);
    expect(tab.problems.errors).toEqual([]);
  });

  it("signed out, the tracking link shows 'Delivered' and the shop's name, never the delivery code", async () => {
    await logOut(tab.page, baseUrl);
    // The demo's data lives in this browser, so its link opens here; the Firebase build's link opens in
    // a fresh browser profile, as a customer's phone would.
    const fresh = backend() === 'firebase' ? await openTab(browser, 'desktop') : null;
    const page = fresh?.page ?? tab.page;
    const seen = await recordTexts(page, ['Delivery code', 'Delivery Code', 'delivery code']);
    await page.goto(trackingUrl);
    await heading(page, repairId);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Delivered');
    await shown(page.getByText(/^Sharma Mobile Care/).first());
    await shown(page.getByRole('list', { name: 'Status history' }));
    await settled(page);
    expect(await textWithoutDates(page, repairId)).not.toMatch(new RegExp(`\\b${deliveryCode}\\b`));
    expect(await seen()).toEqual([]);
    await screenshot(page, 'counter-tracking-desktop');
    // Nobody is signed in on the way.
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(tab.problems.errors).toEqual([]);
    expect(fresh?.problems.errors ?? []).toEqual([]);
    await fresh?.context.close();
  });

  it("the customer's tracker (Asha, 9876543210) finds the repair by its Repair ID", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'customer@demo.test');
    await heading(page, 'Hello, Asha Customer');
    await page.getByLabel(/^Enter Repair ID/).fill(repairId);
    await page.getByRole('button', { name: 'Search' }).click();
    await heading(page, 'Repair Details', 2);
    const trackerDetail = (label: string) =>
      page
        .locator('dt', { hasText: new RegExp(`^${label}$`, 'i') })
        .locator('xpath=following-sibling::dd[1]');
    expect(await trackerDetail('Repair ID').textContent()).toBe(repairId);
    expect(await trackerDetail('Status').textContent()).toBe('Delivered');
    expect(await trackerDetail('Product').textContent()).toBe('Redmi Note 12 · Mobile');
    await expect.poll(() => trackerDetail('Business').textContent()).toContain('Sharma Mobile Care');
    // The customer's own copy of the code: the one the shop's job sheet printed for her.
    expect(await trackerDetail('Delivery code').textContent()).toContain(deliveryCode);
    await logOut(page, baseUrl);
  });

  it('the admin counts Sharma Mobile Care one more this month: 6', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'admin@demo.test');
    await expect.poll(() => sharmaCountThisMonth(page)).toBe('6');
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });
});

describe("staff@demo.test on a 375 px phone: the board of 'Sharma Mobile Care - Bandra', a job card moved along, no delete", () => {
  let tab: Tab;
  let repairId = '';
  let trackingUrl = '';

  beforeAll(async () => {
    tab = await openTab(browser, 'phone');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it("lands on the store's board marked as staff; 'New Repair' and the search are in reach without scrolling sideways", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'staff@demo.test');
    await page.waitForURL(`${baseUrl}/shop`);
    await heading(page, 'Sharma Mobile Care - Bandra');
    await shown(page.getByText('Staff', { exact: true }));
    await shown(page.getByRole('link', { name: 'RPR-1001' }).first());
    // One store: no store picker.
    expect(await page.getByLabel('Store').count()).toBe(0);
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    const width = 375;
    for (const control of [
      page.getByRole('link', { name: /New Repair/ }),
      page.getByRole('searchbox', { name: 'Search repairs' }),
    ]) {
      const box = await (await shown(control)).boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      // In the first screenful: no scrolling at all to reach them.
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(812);
      // Big enough for a thumb.
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, 'counter-board-phone');
    await screenshot(page, 'counter-board-phone-viewport', { fullPage: false });
  });

  it('takes a job card and moves it to Delivered with the code, like the owner', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: /New Repair/ }).click();
    await heading(page, 'New Repair');
    await shown(page.getByText('Sharma Mobile Care - Bandra'));
    await fillJobCard(page, {
      customerName: 'Imran Khan',
      customerMobile: '098200 12345',
      deviceType: 'Tablet',
      brandModel: 'Galaxy Tab A8',
      imeiSerial: 'R9XN40ABCD',
      problems: ['Charging problem'],
      accessories: ['Charger'],
      estimate: '900',
      advancePaid: '0',
      promisedDate: await tomorrowInBrowser(page),
    });
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'counter-job-card-phone');
    await page.getByRole('button', { name: 'Create Repair' }).click();
    repairId = await repairIdShown(page);
    expect(await detail(page, 'Customer Mobile').textContent()).toBe('9820012345');
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'counter-repair-created-phone');
    trackingUrl = await trackingLinkShown(page);

    await expect.poll(() => nextSteps(page)).toEqual(['In Progress', 'Cancelled']);
    await moveTo(page, 'In Progress');
    await moveTo(page, 'Ready for Pickup');
    await expect.poll(() => nextSteps(page)).toEqual(['Delivered', 'In Progress']);
    const code = await deliveryCodeFromJobSheet(page, repairId);
    // Staff take payments: the ₹900 due is paid at the counter before the delivery.
    expect(await paymentFigure(page, 'Due')).toBe('₹900');
    await takePaymentOfDue(page, '900');
    await expect.poll(() => paymentFigure(page, 'Due')).toBe('₹0');
    expect(await paymentFigure(page, 'Paid')).toBe('₹900');
    // Staff have no override: the dialog only asks for the code.
    await page.getByRole('group', { name: 'Next status' }).getByRole('button', { name: 'Delivered' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Mark as Delivered' }));
    expect(await dialog.getByRole('checkbox', { name: /Deliver without the code/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await moveTo(page, 'Delivered', code);
    // Final, and staff cannot reopen.
    await shown(page.getByText('This repair is final.'));
    await expect
      .poll(() => historyHeadlines(page))
      .toEqual([
        'Created (Received)',
        'Received → In Progress',
        'In Progress → Ready for Pickup',
        'Payment ₹900',
        'Ready for Pickup → Delivered',
      ]);
    expect(
      new Set(await page.getByRole('list', { name: 'History' }).getByText(/^by /).allTextContents()),
    ).toEqual(new Set(['by Sam Staff']));
    expect(tab.problems.errors).toEqual([]);
  });

  it('sees no delete button on the repair page (the owner does, on the same repair)', async () => {
    const { page } = tab;
    await shown(page.getByRole('heading', { name: 'History' }));
    expect(await page.getByRole('button', { name: 'Delete Repair' }).count()).toBe(0);
    const repairUrl = page.url();
    await logOut(page, baseUrl);
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.goto(repairUrl);
    await heading(page, repairId);
    await shown(page.getByRole('button', { name: 'Delete Repair' }));
    await logOut(page, baseUrl);
  });

  it('the tracking link on a phone, signed out', async () => {
    const fresh = backend() === 'firebase' ? await openTab(browser, 'phone') : null;
    const page = fresh?.page ?? tab.page;
    await page.goto(trackingUrl);
    await heading(page, repairId);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Delivered');
    await settled(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'counter-tracking-phone');
    expect(tab.problems.errors).toEqual([]);
    expect(fresh?.problems.errors ?? []).toEqual([]);
    await fresh?.context.close();
  });
});

describe('who cannot reach /shop', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  /** /shop and /shop/repairs/new send an account whose screen is elsewhere back to its dashboard. */
  async function sentBack(page: Page, dashboardHeading: string) {
    for (const path of ['/shop', '/shop/repairs/new']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/dashboard`);
      await heading(page, dashboardHeading);
      expect(await page.getByRole('link', { name: /New Repair/ }).count()).toBe(0);
      expect(await page.getByLabel(/^Customer Name/).count()).toBe(0);
    }
  }

  it('customer@demo.test going to /shop or /shop/repairs/new is sent back to the tracker', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'customer@demo.test');
    await sentBack(page, 'Hello, Asha Customer');
    await logOut(page, baseUrl);
  });

  it('distributor@demo.test going to /shop or /shop/repairs/new is sent back to the wallet', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'distributor@demo.test');
    await sentBack(page, 'Hello, Dev Distributor');
    await logOut(page, baseUrl);
  });

  it('a signed-out visitor going to /shop, /shop/repairs/new or a repair page is sent to /signin', async () => {
    const { page } = tab;
    for (const path of ['/shop', '/shop/repairs/new', '/shop/repairs/repair-1007']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/signin`);
      await heading(page, 'Sign in');
    }
    expect(tab.problems.errors).toEqual([]);
  });
});
