import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import jsQR from 'jsqr';
import type { Browser, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backend, freshData } from './support/backend';
import {
  fillSignUpForm,
  horizontalOverflow,
  launchBrowser,
  logOut,
  openTab,
  SCREENSHOT_DIR,
  settled,
  shown,
  signIn,
  type Tab,
  VIEWPORTS,
  watchProblems,
} from './support/browser';
import {
  deliveryCodeFromJobSheet,
  detail,
  fillJobCard,
  heading,
  moveTo,
  repairIdShown,
  statusNow,
  tomorrowInBrowser,
  trackingLinkShown,
} from './support/shop';

/*
 * Issue 17's end-to-end journeys of a shop's money and people, in real Chromium, on the offline demo
 * and on the production build on the Firebase emulators (FIREBASE_FLOWS in vitest.e2e.config.ts):
 *  (a) a new `user` account signs up, sets up its shop at /shop/setup, takes a job card with an estimate
 *      and an advance, takes a payment in 'Payments', delivers on credit with money due, finds the
 *      customer in 'Dues' with the right total beside a second customer, and at 375 px the 'Show UPI QR'
 *      code decodes (jsQR) to the exact upi://pay link for the amount due; the repair's tracking page,
 *      signed out, shows the same due and the same link;
 *  (b) another new owner invites a seeded account (customer@demo.test, whose address is verified) as
 *      staff in settings; it accepts on its /dashboard and takes a payment on a repair; the owner removes
 *      it from another window while its repair page stays open, and its next actions there (a payment, a
 *      status move) are refused with a clear message.
 * Each journey signs up once and waits for what a person would see, never a fixed time.
 */

const baseUrl = inject('baseUrl');

/** What a removed staff member is told when it acts on the store's repairs (the outcome catalogue). */
const NOT_STAFF = 'You do not work in this store, so you cannot see or change its repairs.';

/** Where this file's screenshots go: e2e/screenshots, or E2E_SHOTS_DIR (the closing note looks at them). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? SCREENSHOT_DIR;
let browser: Browser;

beforeAll(async () => {
  await freshData();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface NewOwner {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly mobile: string;
}

interface NewShop {
  readonly name: string;
  readonly phone: string;
  readonly prefix: string;
  readonly upiId: string;
}

/** Signs up as User through the real form, signs in, and sets up the shop from the dashboard's card. */
async function openShop(page: Page, owner: NewOwner, shop: NewShop): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await fillSignUpForm(page, { type: 'User', ...owner });
  await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await shown(page.getByText('Account created successfully!'));
  await page.waitForURL((url) => url.pathname === '/signin', { timeout: 15_000 });
  await signIn(page, baseUrl, owner.email, owner.password);

  await page
    .getByRole('complementary', { name: 'Your shop' })
    .getByRole('link', { name: 'Set Up Your Shop' })
    .click();
  await page.waitForURL((url) => url.pathname === '/shop/setup');
  await heading(page, 'Set Up Your Shop');
  await page.getByLabel(/^Store Name/).fill(shop.name);
  await page.getByLabel(/^Store Phone/).fill(shop.phone);
  await page.getByLabel(/^Address/).fill('Shop 7, Laxmi Road');
  await page.getByLabel(/^City/).fill('Pune');
  await page.getByLabel(/^State/).selectOption('Maharashtra');
  await page.getByLabel(/^Pincode/).fill('411030');
  await page.getByLabel(/^UPI ID/).fill(shop.upiId);
  // Suggested from the store name.
  expect(await page.getByLabel(/^Repair ID Prefix/).inputValue()).toBe(shop.prefix);
  await page.getByRole('button', { name: 'Create Store' }).click();
  await page.waitForURL((url) => url.pathname === '/shop');
  await heading(page, shop.name);
}

interface Customer {
  readonly name: string;
  readonly mobile: string;
  readonly brandModel: string;
  /** Rupees as typed. */
  readonly estimate: string;
  readonly advancePaid: string;
}

/** From the board, takes a job card; answers the new repair's Repair ID, with its page open. */
async function takeJobCard(page: Page, customer: Customer): Promise<string> {
  await page.getByRole('link', { name: /New Repair/ }).click();
  await page.waitForURL((url) => url.pathname === '/shop/repairs/new');
  await fillJobCard(page, {
    customerName: customer.name,
    customerMobile: customer.mobile,
    deviceType: 'Mobile',
    brandModel: customer.brandModel,
    imeiSerial: '',
    problems: ['Screen broken'],
    accessories: [],
    estimate: customer.estimate,
    advancePaid: customer.advancePaid,
    promisedDate: await tomorrowInBrowser(page),
  });
  await page.getByRole('button', { name: 'Create Repair' }).click();
  await page.waitForURL((url) => /^\/shop\/repairs\/(?!new$)[^/]+$/.test(url.pathname));
  return repairIdShown(page);
}

/** The repair page's 'Payments' card. */
const paymentsCard = (page: Page): Locator =>
  page
    .getByRole('heading', { level: 2, name: 'Payments', exact: true })
    .locator('xpath=ancestor::div[contains(@class, "rounded-2xl")][1]');

/** A figure of the 'Payments' summary: 'Total', 'Paid' or 'Due'. */
const figure = (page: Page, label: 'Total' | 'Paid' | 'Due'): Promise<string> =>
  paymentsCard(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .textContent()
    .then((text) => (text ?? '').trim());

/** The dues khata's customers, one list item each (its name as an h2). */
const duesRows = (page: Page): Locator =>
  page.getByRole('list', { name: 'Customers who owe' }).locator(':scope > li');

describe('(a) a new shop owner: a job card, a payment, delivery on credit, the dues khata and its UPI QR', () => {
  const owner: NewOwner = {
    email: 'kavya.fixit@example.com',
    password: 'Shop#Pass2',
    name: 'Kavya Rao',
    mobile: '9812300021',
  };
  const shop: NewShop = {
    name: 'Kavya Fix It',
    phone: '98123 00021',
    prefix: 'KFI',
    upiId: 'kavyafixit@okhdfc',
  };
  const SURESH: Customer = {
    name: 'Suresh Patil',
    mobile: '98765 22222',
    brandModel: 'Samsung Galaxy A34',
    estimate: '2500',
    advancePaid: '500',
  };
  const MEERA: Customer = {
    name: 'Meera Joshi',
    mobile: '98234 56781',
    brandModel: 'Vivo Y21',
    estimate: '1200',
    advancePaid: '200',
  };
  /** Suresh owes ₹2,500 − ₹500 advance − ₹1,199.50 paid at the counter; Meera ₹1,200 − ₹200. */
  const SURESH_DUE = '₹800.50';
  const MEERA_DUE = '₹1,000';
  let tab: Tab;
  let repairId = '';
  let trackingUrl = '';
  /** The spec's link for Suresh's due: `pa` as typed, the other values percent-encoded, 2 decimals. */
  const upiLink = () => `upi://pay?pa=${shop.upiId}&pn=Kavya%20Fix%20It&am=800.50&cu=INR&tn=${repairId}`;

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it(`signs up as User, sets up '${shop.name}' and takes a job card with an estimate: ${shop.prefix}-1001`, async () => {
    const { page } = tab;
    await openShop(page, owner, shop);
    repairId = await takeJobCard(page, SURESH);
    expect(repairId).toBe(`${shop.prefix}-1001`);
    expect(await statusNow(page).textContent()).toBe('Now: Received');
    // The advance is the first payment.
    await expect.poll(() => figure(page, 'Total')).toBe('₹2,500');
    expect(await figure(page, 'Paid')).toBe('₹500');
    expect(await figure(page, 'Due')).toBe('₹2,000');
    trackingUrl = await trackingLinkShown(page);
    expect(tab.problems.errors).toEqual([]);
  });

  it("'Payments' → 'Take Payment': ₹1,199.50 in cash with a note; 'Paid' and 'Due' follow", async () => {
    const { page } = tab;
    await paymentsCard(page).getByRole('button', { name: 'Take Payment' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Take Payment' }));
    // Filled with the amount due.
    expect(await dialog.getByLabel(/^Amount \(₹\)/).inputValue()).toBe('2000');
    await dialog.getByLabel(/^Amount \(₹\)/).fill('1199.50');
    await dialog.getByRole('group', { name: /^Mode/ }).getByText('Cash', { exact: true }).click();
    await dialog.getByLabel(/^Note/).fill('Part payment at the counter');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => figure(page, 'Paid')).toBe('₹1,699.50');
    expect(await figure(page, 'Due')).toBe(SURESH_DUE);
    const entries = paymentsCard(page).getByRole('list', { name: 'Payments' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    const taken = (await entries.nth(1).textContent()) ?? '';
    for (const part of ['₹1,199.50', 'Cash', `by ${owner.name}`, 'Part payment at the counter'])
      expect(taken).toContain(part);
    expect(tab.problems.errors).toEqual([]);
  });

  it(`'Ready for Pickup', then 'Delivered' with ${SURESH_DUE} due: 'Deliver on Credit' asks for its note, then delivers`, async () => {
    const { page } = tab;
    const code = await deliveryCodeFromJobSheet(page, repairId);
    await moveTo(page, 'In Progress');
    await moveTo(page, 'Ready for Pickup');
    await page.getByRole('group', { name: 'Next status' }).getByRole('button', { name: 'Delivered' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Mark as Delivered' }));
    await shown(dialog.getByText(`Amount due: ${SURESH_DUE}`));
    await shown(dialog.getByRole('button', { name: 'Take Payment' }));
    await dialog.getByLabel(/^Delivery Code/).fill(code);
    await dialog.getByRole('button', { name: 'Deliver on Credit' }).click();
    const note = dialog.getByLabel(/^Credit Note/);
    await expect.poll(() => note.getAttribute('aria-invalid')).toBe('true');
    expect(await statusNow(page).textContent()).toBe('Now: Ready for Pickup');
    await note.fill('Pays the rest on Saturday');
    await dialog.getByRole('button', { name: 'Deliver on Credit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => statusNow(page).textContent()).toBe('Now: Delivered');
    expect(await figure(page, 'Due')).toBe(SURESH_DUE);
    await shown(page.getByRole('list', { name: 'History' }).getByText('Pays the rest on Saturday'));
    expect(tab.problems.errors).toEqual([]);
  });

  it(`'Dues' lists Suresh (${shop.prefix}-1001) and Meera, oldest first: 'Total due: ₹1,800.50 from 2 customers'`, async () => {
    const { page } = tab;
    // A second customer owes too: ready for pickup with ₹1,000 to pay.
    await page.getByRole('link', { name: '← Repairs' }).click();
    await heading(page, shop.name);
    expect(await takeJobCard(page, MEERA)).toBe(`${shop.prefix}-1002`);
    await moveTo(page, 'In Progress');
    await moveTo(page, 'Ready for Pickup');
    await page.getByRole('link', { name: '← Repairs' }).click();
    await heading(page, shop.name);
    await page.getByRole('link', { name: 'Dues', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/shop/dues');
    await heading(page, 'Dues');
    await shown(page.getByText('Total due: ₹1,800.50 from 2 customers', { exact: true }));
    const customers = duesRows(page);
    await expect.poll(() => customers.locator('h2').allTextContents()).toEqual([SURESH.name, MEERA.name]);
    const suresh = customers.filter({ has: page.getByRole('heading', { level: 2, name: SURESH.name }) });
    // biome-ignore lint/performance/useDomNodeTextContent: the row as it reads
    const row = (await suresh.innerText()).replace(/\s+/g, ' ');
    for (const part of ['9876522222', repairId, SURESH_DUE]) expect(row).toContain(part);
    const meera = customers.filter({ has: page.getByRole('heading', { level: 2, name: MEERA.name }) });
    // biome-ignore lint/performance/useDomNodeTextContent: the row as it reads
    const meeraRow = (await meera.innerText()).replace(/\s+/g, ' ');
    for (const part of ['9823456781', `${shop.prefix}-1002`, MEERA_DUE]) expect(meeraRow).toContain(part);
    expect(tab.problems.errors).toEqual([]);
  });

  it(`at 375 px, 'Show UPI QR' for Suresh: the QR decodes (jsQR) to the exact upi://pay link for ${SURESH_DUE}`, async () => {
    const { page } = tab;
    await page.setViewportSize(VIEWPORTS.phone);
    const suresh = duesRows(page).filter({ has: page.getByRole('heading', { level: 2, name: SURESH.name }) });
    await suresh.getByRole('button', { name: 'Show UPI QR' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: `Pay ${SURESH_DUE}` }));
    const qr = await shown(dialog.getByRole('img', { name: `UPI QR code for ${SURESH_DUE}` }));
    await shown(dialog.getByText(SURESH_DUE, { exact: true }));
    await settled(page);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: resolve(SHOTS, 'dues-upi-qr-375.png') });
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
    expect(decoded).toBe(upiLink());
    // The link is offered as well, never alone, and it is the same link.
    expect(await dialog.getByRole('link', { name: 'Open in a UPI app' }).getAttribute('href')).toBe(decoded);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(tab.problems.errors).toEqual([]);
  });

  it(`the tracking page of ${shop.prefix}-1001 (375 px, signed out) shows the same due: ${SURESH_DUE}`, async () => {
    // The demo's data lives in this browser, so the link opens in a tab of it; the Firebase build's link
    // opens in a fresh browser profile, as on the customer's phone.
    const fresh = backend() === 'firebase' ? await openTab(browser, 'phone') : null;
    const page = fresh?.page ?? (await tab.context.newPage());
    const problems = fresh?.problems ?? watchProblems(page);
    try {
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(trackingUrl);
      await heading(page, repairId);
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Delivered');
      await expect.poll(() => detail(page, 'Due').textContent()).toBe(SURESH_DUE);
      expect(await detail(page, 'Paid').textContent()).toBe('₹1,699.50');
      // Its UPI button pays the same amount to the same shop: the khata's link, this repair being the only one owed.
      const pay = await shown(page.getByRole('link', { name: `Pay ${SURESH_DUE} with UPI` }));
      expect(await pay.getAttribute('href')).toBe(upiLink());
      await settled(page);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: resolve(SHOTS, 'tracking-after-payment-375.png'), fullPage: true });
      expect(await horizontalOverflow(page)).toBe(0);
      expect(problems.errors).toEqual([]);
    } finally {
      if (fresh) await fresh.context.close();
      else await page.close();
    }
  });
});

describe('(b) staff by invitation: invited, accepted, at work, removed, refused', () => {
  const owner: NewOwner = {
    email: 'imran.phones@example.com',
    password: 'Shop#Pass3',
    name: 'Imran Shaikh',
    mobile: '9812300031',
  };
  const shop: NewShop = {
    name: 'Imran Phone Point',
    phone: '98123 00031',
    prefix: 'IPP',
    upiId: 'imranphones@okicici',
  };
  const STAFF_EMAIL = 'customer@demo.test';
  const STAFF_NAME = 'Asha Customer';
  /** The owner's profile; the staff member works in it too on the demo (whose data lives in the profile). */
  let tab: Tab;
  /** The staff member's page, kept open on the repair while the owner removes it. */
  let staff: { page: Page; errors: string[] };
  /**
   * The owner's second window, opened signed out at /signin before the staff member signs in. On the
   * demo the data lives in the browser profile, so it is a second tab of it: each tab keeps its own
   * sign-in, and a tab loaded later would start with the one saved last. The Firebase build shares a
   * sign-in between a profile's tabs, so there the owner uses another profile, as on another computer.
   */
  let ownerTab: Tab | undefined;
  let repairPath = '';
  let repairId = '';

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    if (ownerTab && ownerTab.context !== tab?.context) await ownerTab.context.close();
    await tab?.context.close();
  });

  /** The 'Staff' section's list of people ('Asha Customer customer@demo.test', '… Invited'). */
  const people = (page: Page) => page.getByRole('list', { name: 'Staff and invitations' });

  it(`a new owner sets up '${shop.name}', takes a job card and invites ${STAFF_EMAIL} in 'Settings' → 'Staff'`, async () => {
    const { page } = tab;
    await openShop(page, owner, shop);
    repairId = await takeJobCard(page, {
      name: 'Farhan Ali',
      mobile: '98765 33333',
      brandModel: 'iPhone 12',
      estimate: '4000',
      advancePaid: '0',
    });
    expect(repairId).toBe(`${shop.prefix}-1001`);
    repairPath = new URL(page.url()).pathname;

    await page.getByRole('link', { name: '← Repairs' }).click();
    await heading(page, shop.name);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/shop/settings');
    await shown(page.getByRole('heading', { name: 'Staff' }));
    await page.getByLabel(/^Staff Email/).fill(STAFF_EMAIL);
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await shown(
      page.getByRole('status').filter({
        hasText: `Invited ${STAFF_EMAIL}. They join once they sign in with this address and accept.`,
      }),
    );
    await shown(people(page).getByText('Invited', { exact: true }));
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);

    if (backend() === 'firebase') ownerTab = await openTab(browser, 'desktop');
    else {
      const second = await tab.context.newPage();
      ownerTab = { context: tab.context, page: second, problems: watchProblems(second) };
    }
    await ownerTab.page.goto(`${baseUrl}/signin`);
    await shown(ownerTab.page.getByRole('button', { name: 'Login' }));
  });

  it(`${STAFF_EMAIL} sees 'Invitation from ${shop.name}', accepts, and opens ${shop.prefix}-1001 from the board`, async () => {
    const { page } = tab;
    await signIn(page, baseUrl, STAFF_EMAIL);
    const invitations = await shown(page.getByRole('region', { name: 'Invitations' }));
    await shown(invitations.getByRole('heading', { level: 2, name: `Invitation from ${shop.name}` }));
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    await heading(page, shop.name);
    await shown(page.getByText('Staff', { exact: true }));
    // Staff get no 'Settings'.
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: repairId, exact: true }).first().click();
    await heading(page, repairId);
    expect(new URL(page.url()).pathname).toBe(repairPath);
    staff = { page, errors: tab.problems.errors };
    expect(tab.problems.errors).toEqual([]);
  });

  it(`${STAFF_NAME} takes a payment on ${shop.prefix}-1001: ₹1,500 by UPI with its reference`, async () => {
    const { page } = staff;
    await expect.poll(() => figure(page, 'Due')).toBe('₹4,000');
    // Refunds are the owner's.
    expect(await paymentsCard(page).getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await paymentsCard(page).getByRole('button', { name: 'Take Payment' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Take Payment' }));
    await dialog.getByLabel(/^Amount \(₹\)/).fill('1500');
    await dialog.getByRole('group', { name: /^Mode/ }).getByText('UPI', { exact: true }).click();
    await dialog.getByLabel(/^UPI Reference/).fill('412345678901');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => figure(page, 'Paid')).toBe('₹1,500');
    expect(await figure(page, 'Due')).toBe('₹2,500');
    const entry = paymentsCard(page).getByRole('list', { name: 'Payments' }).getByRole('listitem');
    await expect.poll(() => entry.count()).toBe(1);
    const taken = (await entry.textContent()) ?? '';
    for (const part of ['₹1,500', 'UPI', `by ${STAFF_NAME}`, '412345678901']) expect(taken).toContain(part);
    expect(staff.errors).toEqual([]);
  });

  it(`the owner removes ${STAFF_NAME} in 'Staff' ('Remove', confirmed)`, async () => {
    if (!ownerTab) throw new Error('the owner has no second window');
    const { page, problems } = ownerTab;
    await page.bringToFront();
    try {
      // Signed in through the form already open: a reload would bring back the sign-in saved last.
      await page.getByLabel(/^Email/).fill(owner.email);
      await page.getByLabel(/^Password/).fill(owner.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/shop');
      // A new owner who has not proved a mobile stays on /dashboard: its 'Your shop' card leads on.
      await page
        .getByRole('complementary', { name: 'Your shop' })
        .getByRole('link', { name: 'Open Shop' })
        .click();
      await heading(page, shop.name);
      await page.getByRole('link', { name: 'Settings', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/shop/settings');
      await shown(people(page).getByText(STAFF_EMAIL));
      await people(page)
        .getByRole('button', { name: `Remove ${STAFF_NAME}` })
        .click();
      const dialog = await shown(page.getByRole('dialog', { name: `Remove ${STAFF_NAME}?` }));
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await shown(
        page.getByRole('status').filter({ hasText: `${STAFF_NAME} is no longer staff of this store.` }),
      );
      await shown(page.getByText('No staff yet. Invite someone by their e-mail address.'));
      expect(problems.errors).toEqual([]);
    } finally {
      if (backend() === 'firebase') await ownerTab.context.close();
      else await page.close();
      ownerTab = undefined;
    }
  });

  it(`the removed staff member's next actions on ${shop.prefix}-1001 are refused with a clear message`, async () => {
    const { page } = staff;
    await page.bringToFront();
    // Its repair page is still open: a payment is refused, and the dialog keeps what was typed.
    await paymentsCard(page).getByRole('button', { name: 'Take Payment' }).click();
    const payment = await shown(page.getByRole('dialog', { name: 'Take Payment' }));
    await payment.getByLabel(/^Amount \(₹\)/).fill('500');
    await payment.getByRole('button', { name: 'Save Payment' }).click();
    await shown(payment.getByRole('alert').filter({ hasText: NOT_STAFF }));
    expect(await payment.getByLabel(/^Amount \(₹\)/).inputValue()).toBe('500');
    await payment.getByRole('button', { name: 'Cancel' }).click();
    await payment.waitFor({ state: 'hidden' });
    expect(await figure(page, 'Paid')).toBe('₹1,500');
    // So is a status move.
    await page
      .getByRole('group', { name: 'Next status' })
      .getByRole('button', { name: 'In Progress' })
      .click();
    const move = await shown(page.getByRole('dialog', { name: 'Mark as In Progress' }));
    await move.getByRole('button', { name: 'Mark as In Progress' }).click();
    await shown(move.getByRole('alert').filter({ hasText: NOT_STAFF }));
    expect(await statusNow(page).textContent()).toBe('Now: Received');
    expect(staff.errors).toEqual([]);
  });
});
