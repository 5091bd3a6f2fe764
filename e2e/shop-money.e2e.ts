import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backend, freshData } from './support/backend';
import {
  fillSignUpForm,
  launchBrowser,
  logOut,
  openTab,
  shown,
  signIn,
  type Tab,
  watchProblems,
} from './support/browser';
import { fillJobCard, heading, repairIdShown, statusNow, tomorrowInBrowser } from './support/shop';

/*
 * Issue 17's end-to-end journeys of a shop's money and people, in real Chromium, on the offline demo
 * and on the production build on the Firebase emulators (FIREBASE_FLOWS in vitest.e2e.config.ts):
 *  (a) a new `user` account signs up, sets up its shop at /shop/setup and takes a job card with an
 *      estimate;
 *  (b) another new owner invites a seeded account (customer@demo.test, whose address is verified) as
 *      staff in settings; it accepts on its /dashboard and opens a repair; the owner removes it while its
 *      repair page is still open, and its next action there is refused with a clear message.
 * Each journey signs up once and waits for what a person would see, never a fixed time.
 */

const baseUrl = inject('baseUrl');

/** What a removed staff member is told when it acts on the store's repairs (the outcome catalogue). */
const NOT_STAFF = 'You do not work in this store, so you cannot see or change its repairs.';
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

describe('(a) a new shop owner: sign-up, shop, job card', () => {
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
  let tab: Tab;

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it(`signs up as User, sets up '${shop.name}' and takes a job card with an estimate: ${shop.prefix}-1001`, async () => {
    const { page } = tab;
    await openShop(page, owner, shop);
    const repairId = await takeJobCard(page, {
      name: 'Suresh Patil',
      mobile: '98765 22222',
      brandModel: 'Samsung Galaxy A34',
      estimate: '2500',
      advancePaid: '500',
    });
    expect(repairId).toBe(`${shop.prefix}-1001`);
    expect(await statusNow(page).textContent()).toBe('Now: Received');
    expect(tab.problems.errors).toEqual([]);
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
  let repairPath = '';
  let repairId = '';

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
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
      page
        .getByRole('status')
        .filter({
          hasText: `Invited ${STAFF_EMAIL}. They join once they sign in with this address and accept.`,
        }),
    );
    await shown(people(page).getByText('Invited', { exact: true }));
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
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

  it(`the owner removes ${STAFF_NAME} in 'Staff' ('Remove', confirmed)`, async () => {
    // The owner works in another window while the staff member's repair page stays open. On the demo
    // the data lives in the browser profile, so that window is a second tab of it (each tab keeps its own
    // sign-in); the Firebase build shares a sign-in between the tabs of a profile, so the owner uses
    // another profile, as on another computer.
    const ownerTab: Tab =
      backend() === 'firebase'
        ? await openTab(browser, 'desktop')
        : await (async () => {
            const page = await tab.context.newPage();
            return { context: tab.context, page, problems: watchProblems(page) };
          })();
    const { page } = ownerTab;
    try {
      if (backend() !== 'firebase') {
        // The new tab starts with the sign-in saved last, the staff member's: sign that one out.
        await page.goto(`${baseUrl}/shop`);
        await heading(page, shop.name);
        await logOut(page, baseUrl);
      }
      await signIn(page, baseUrl, owner.email, owner.password);
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
      expect(ownerTab.problems.errors).toEqual([]);
    } finally {
      if (backend() === 'firebase') await ownerTab.context.close();
      else await page.close();
    }
  });

  it(`the removed staff member's next action on ${shop.prefix}-1001 is refused with a clear message`, async () => {
    const { page } = staff;
    await page.bringToFront();
    await page
      .getByRole('group', { name: 'Next status' })
      .getByRole('button', { name: 'In Progress' })
      .click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Mark as In Progress' }));
    await dialog.getByRole('button', { name: 'Mark as In Progress' }).click();
    await shown(dialog.getByRole('alert').filter({ hasText: NOT_STAFF }));
    expect(await statusNow(page).textContent()).toBe('Now: Received');
    expect(staff.errors).toEqual([]);
  });
});
