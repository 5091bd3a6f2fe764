import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import {
  audit,
  domSettled,
  fillSignUpForm,
  launchBrowser,
  logOut,
  openTab,
  recordTexts,
  shown,
  signIn,
  type Tab,
  VIEWPORTS,
} from './support/browser';
import { heading, textWithoutDates } from './support/shop';

/**
 * Staff join by invitation (issue 15, docs/decisions/0008-staff-join-by-invitation.md) on the offline
 * demo, in real Chromium: owner01@demo.test's /shop/staff (its staff, its pending invitation, 'Add
 * Staff' with a refused address kept as typed, an invitation cancelled after a confirmation), the
 * invited accounts' card on /dashboard ('Accept' makes a customer staff of the store, 'Decline' drops
 * it), staff@demo.test refused the page, and the delivery code: staff never see a repair's, the owner
 * does. The demo's data lives in the browser, so the owner and the invited account take turns in one
 * profile. Seeded accounts have verified addresses; the invitation to an address without an account
 * (ravi.technician@demo.test) is the demo's own.
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

const ANDHERI = 'Sharma Mobile Care - Andheri';
const BANDRA = 'Sharma Mobile Care - Bandra';
const RAVI = 'ravi.technician@demo.test';

/** The messages of the staff section and the invitation card (STAFF_TEXTS, src/domain/shop/staff-use-cases.ts). */
const TEXTS = {
  emailRequired: "Enter the staff member's e-mail address.",
  emailInvalid: 'Enter a valid e-mail address.',
  ownEmail: 'This is your own address: an owner is not staff of their own store.',
  alreadyInvited: 'This address is already invited. It is listed below as Invited.',
  alreadyStaff: 'Someone with this address is already staff of this store.',
  invited: (email: string) => `Invited ${email}. They join once they sign in with this address and accept.`,
  cancelled: (email: string) => `The invitation to ${email} is cancelled.`,
  removed: (name: string) => `${name} is no longer staff of this store.`,
  ownersOnly: "Only the store's owner manages its staff.",
  noStaff: 'No staff yet. Invite someone by their e-mail address.',
  invitationFrom: (store: string) => `Invitation from ${store}`,
  declined: (store: string) => `You declined the invitation from ${store}.`,
} as const;

/** The job sheet's words for a copy printed without the code (src/ui/features/shop/job-sheet/job-sheet-page.tsx). */
const CODE_NOT_ON_REPRINT =
  'Your delivery code is on the copy printed when you left your device, and in RepairMate when you sign in with your mobile number.';
const CODE_HIDDEN_HINT =
  'Only the owner sees a repair’s delivery code once it has been taken in, so this copy prints without it (the customer has it on the first copy and in RepairMate). The owner can print it again with the code.';

const staffEmail = (page: Page) => page.getByLabel(/^Staff Email/);
const addStaff = (page: Page) => page.getByRole('button', { name: 'Add Staff' });
const people = (page: Page) => page.getByRole('list', { name: 'Staff and invitations' });

/** The section's rows as they read ('Sam Staff staff@demo.test', 'ravi…@demo.test Invited'), in order. */
async function rows(page: Page): Promise<string[]> {
  if ((await people(page).count()) === 0) return [];
  const items = await people(page).getByRole('listitem').all();
  const texts: string[] = [];
  for (const item of items) {
    // biome-ignore lint/performance/useDomNodeTextContent: what the row shows, its parts apart
    const text = await item.locator('div').first().innerText();
    texts.push(text.replace(/\s+/g, ' ').trim());
  }
  return texts;
}

/** The owner's settings with its 'Staff' section, reached from the board's 'Settings' button; the first owned store is shown. */
async function openStaffPage(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/shop`);
  await heading(page, ANDHERI);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/shop/settings');
  await heading(page, ANDHERI);
  await shown(addStaff(page));
}

/** Types an address and presses 'Add Staff'. */
async function invite(page: Page, email: string): Promise<void> {
  await staffEmail(page).fill(email);
  await addStaff(page).click();
}

/** Asserts the field carries `message`, is marked invalid and focused, and still holds `typed`. */
async function refusedOnField(page: Page, message: string, typed: string): Promise<void> {
  const field = staffEmail(page);
  await shown(page.getByText(message, { exact: true }));
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await field.inputValue()).toBe(typed);
  // Said on the field, not as a page alert.
  expect(await page.getByRole('alert').filter({ hasText: message }).count()).toBe(0);
}

/** The invitation card of /dashboard (or the board), by its store. */
const invitationCard = (page: Page, store: string): Locator =>
  page
    .getByRole('region', { name: 'Invitations' })
    .locator('div', { has: page.getByRole('heading', { level: 2, name: TEXTS.invitationFrom(store) }) })
    .last();

/** A control fits the viewport's width and is big enough for a thumb. */
async function inReach(control: Locator, width: number): Promise<void> {
  const box = await (await shown(control)).boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

describe('owner01@demo.test manages the staff of Sharma Mobile Care (desktop); customer@demo.test accepts, distributor2@demo.test declines', () => {
  let tab: Tab;

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it("the board's 'Settings' button opens the 'Staff' section: Andheri's pending invitation to ravi.technician@demo.test, marked Invited", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await openStaffPage(page);
    expect(new URL(page.url()).searchParams.get('store')).not.toBeNull();
    await expect.poll(() => rows(page)).toEqual([`${RAVI} Invited`]);
    await shown(people(page).getByRole('button', { name: `Remove ${RAVI}` }));
    expect(await staffEmail(page).inputValue()).toBe('');
    const { violations, overflow } = await audit(page, 'staff-page-desktop');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
    expect(tab.problems.errors).toEqual([]);
  });

  it('the store picker shows Bandra: its staff member Sam Staff (staff@demo.test), no invitation', async () => {
    const { page } = tab;
    // Exactly 'Store': the settings' 'Store Name' and 'Store Phone' are on the page too.
    await page.getByLabel('Store', { exact: true }).selectOption({ label: BANDRA });
    await heading(page, BANDRA);
    await expect.poll(() => rows(page)).toEqual(['Sam Staff staff@demo.test']);
    await shown(people(page).getByRole('button', { name: 'Remove Sam Staff' }));
    // The address Sam works with is staff's already: inviting it is refused on the field.
    await invite(page, 'staff@demo.test');
    await refusedOnField(page, TEXTS.alreadyStaff, 'staff@demo.test');
    expect(await rows(page)).toEqual(['Sam Staff staff@demo.test']);

    // Exactly 'Store': the settings' 'Store Name' and 'Store Phone' are on the page too.
    await page.getByLabel('Store', { exact: true }).selectOption({ label: ANDHERI });
    await heading(page, ANDHERI);
    await expect.poll(() => rows(page)).toEqual([`${RAVI} Invited`]);
    // Another store's section starts with an empty field.
    expect(await staffEmail(page).inputValue()).toBe('');
  });

  it('refuses a bad address, an empty one, its own and one already invited on the field, keeping what was typed; nothing is invited', async () => {
    const { page } = tab;
    await invite(page, 'priya at example.com');
    await refusedOnField(page, TEXTS.emailInvalid, 'priya at example.com');
    const { violations, overflow } = await audit(page, 'staff-page-error-desktop');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
    // Typing again clears the message.
    await staffEmail(page).fill('priya@example');
    await expect.poll(() => page.getByText(TEXTS.emailInvalid, { exact: true }).count()).toBe(0);
    expect(await staffEmail(page).getAttribute('aria-invalid')).toBeNull();
    await addStaff(page).click();
    await refusedOnField(page, TEXTS.emailInvalid, 'priya@example');

    // An e-mail field drops the spaces around what is typed, as the browser sanitises its value.
    await invite(page, '   ');
    await refusedOnField(page, TEXTS.emailRequired, '');
    await invite(page, 'Owner01@Demo.test');
    await refusedOnField(page, TEXTS.ownEmail, 'Owner01@Demo.test');
    await invite(page, ` ${RAVI.toUpperCase()} `);
    await refusedOnField(page, TEXTS.alreadyInvited, RAVI.toUpperCase());

    expect(await rows(page)).toEqual([`${RAVI} Invited`]);
    await page.reload();
    await heading(page, ANDHERI);
    await expect.poll(() => rows(page)).toEqual([`${RAVI} Invited`]);
    expect(tab.problems.errors).toEqual([]);
  });

  it('invites customer@demo.test (typed in capitals) and distributor2@demo.test: each listed as Invited, the field cleared', async () => {
    const { page } = tab;
    await invite(page, ' Customer@Demo.TEST ');
    await shown(page.getByRole('status').filter({ hasText: TEXTS.invited('customer@demo.test') }));
    expect(await staffEmail(page).inputValue()).toBe('');
    expect(await staffEmail(page).getAttribute('aria-invalid')).toBeNull();
    await invite(page, 'distributor2@demo.test');
    await shown(page.getByRole('status').filter({ hasText: TEXTS.invited('distributor2@demo.test') }));
    const expected = ['customer@demo.test Invited', 'distributor2@demo.test Invited', `${RAVI} Invited`];
    await expect.poll(() => rows(page)).toEqual(expected);
    // Kept: the page reads them back after a reload.
    await page.reload();
    await heading(page, ANDHERI);
    await expect.poll(() => rows(page)).toEqual(expected);
    expect(tab.problems.errors).toEqual([]);
  });

  it("cancels the invitation to ravi.technician@demo.test after a confirmation ('Keep' changes nothing)", async () => {
    const { page } = tab;
    const remove = people(page).getByRole('button', { name: `Remove ${RAVI}` });
    await remove.click();
    let dialog = await shown(page.getByRole('dialog', { name: `Cancel the invitation to ${RAVI}?` }));
    await shown(dialog.getByText('The invitation is withdrawn: it can no longer be accepted.'));
    await dialog.getByRole('button', { name: 'Keep' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rows(page)).toContain(`${RAVI} Invited`);
    // The focus goes back to the row's button.
    await expect.poll(() => remove.evaluate((element) => element === document.activeElement)).toBe(true);

    await remove.click();
    dialog = await shown(page.getByRole('dialog', { name: `Cancel the invitation to ${RAVI}?` }));
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await shown(page.getByRole('status').filter({ hasText: TEXTS.cancelled(RAVI) }));
    const expected = ['customer@demo.test Invited', 'distributor2@demo.test Invited'];
    await expect.poll(() => rows(page)).toEqual(expected);
    await page.reload();
    await heading(page, ANDHERI);
    await expect.poll(() => rows(page)).toEqual(expected);
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });

  it(`customer@demo.test's /dashboard shows '${TEXTS.invitationFrom(ANDHERI)}' with Accept and Decline, above the tracker`, async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'customer@demo.test');
    await heading(page, 'Hello, Asha Customer');
    const card = await shown(invitationCard(page, ANDHERI));
    await shown(card.getByText(`${ANDHERI} invites you to work in their store as staff`, { exact: false }));
    await shown(card.getByRole('button', { name: 'Accept' }));
    await shown(card.getByRole('button', { name: 'Decline' }));
    // One invitation, to this store only.
    expect(
      await page.getByRole('region', { name: 'Invitations' }).getByRole('heading', { level: 2 }).count(),
    ).toBe(1);
    const cardBox = await card.boundingBox();
    const trackerBox = await page
      .getByRole('heading', { level: 1, name: 'Hello, Asha Customer' })
      .boundingBox();
    expect(cardBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(trackerBox?.y ?? 0);
    // In the tracker's column, not wider than the page under it.
    const searchBox = await page.getByRole('button', { name: 'Search', exact: true }).boundingBox();
    expect(Math.abs((cardBox?.x ?? 0) - (trackerBox?.x ?? -100))).toBeLessThanOrEqual(1);
    expect((cardBox?.x ?? 0) + (cardBox?.width ?? 0)).toBeLessThanOrEqual(
      (searchBox?.x ?? 0) + (searchBox?.width ?? 0) + 40,
    );
    const { violations, overflow } = await audit(page, 'staff-invitation-desktop');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
    expect(tab.problems.errors).toEqual([]);
  });

  it("'Accept' makes her staff: she lands on Andheri's board, marked Staff, with its repairs", async () => {
    const { page } = tab;
    await invitationCard(page, ANDHERI).getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    await heading(page, ANDHERI);
    await shown(page.getByText('Staff', { exact: true }));
    await shown(page.getByRole('link', { name: 'RPR-1007' }).first());
    // Staff get no 'Settings' button, and the invitation is gone.
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Invitations' }).count()).toBe(0);
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });

  it('distributor2@demo.test declines: the card goes with a message, the wallet stays, and it does not come back', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'distributor2@demo.test');
    await heading(page, 'Hello, Priya Traders');
    const card = await shown(invitationCard(page, ANDHERI));
    await card.getByRole('button', { name: 'Decline' }).click();
    await shown(page.getByRole('status').filter({ hasText: TEXTS.declined(ANDHERI) }));
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: TEXTS.invitationFrom(ANDHERI) }).count())
      .toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await shown(page.getByText('No recharge transactions yet'));
    await page.reload();
    await heading(page, 'Hello, Priya Traders');
    expect(await page.getByRole('region', { name: 'Invitations' }).count()).toBe(0);
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });

  it('the owner sees Asha Customer as staff of Andheri, no invitation left, and removes her after a confirmation', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await openStaffPage(page);
    await expect.poll(() => rows(page)).toEqual(['Asha Customer customer@demo.test']);
    await people(page).getByRole('button', { name: 'Remove Asha Customer' }).click();
    const dialog = await shown(page.getByRole('dialog', { name: 'Remove Asha Customer?' }));
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await shown(page.getByRole('status').filter({ hasText: TEXTS.removed('Asha Customer') }));
    await shown(page.getByText(TEXTS.noStaff));
    expect(await people(page).count()).toBe(0);
    await logOut(page, baseUrl);

    // Her access ended: the console sends her back to her tracker.
    await signIn(page, baseUrl, 'customer@demo.test');
    await page.goto(`${baseUrl}/shop`);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await heading(page, 'Hello, Asha Customer');
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });
});

describe('on a 375 px phone: the staff page, a refused address, an invitation and its card', () => {
  let tab: Tab;
  const width = VIEWPORTS.phone.width;

  beforeAll(async () => {
    tab = await openTab(browser, 'phone');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it('/shop/staff fits the phone: the list, the field and its buttons in reach, no sideways scrolling', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await openStaffPage(page);
    await expect.poll(() => rows(page)).toEqual([`${RAVI} Invited`]);
    await inReach(addStaff(page), width);
    await inReach(staffEmail(page), width);
    await inReach(people(page).getByRole('button', { name: `Remove ${RAVI}` }), width);
    const { violations, overflow } = await audit(page, 'staff-page-phone');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
  });

  it('a long bad address is refused on the field and kept, without overflowing', async () => {
    const { page } = tab;
    const typed = 'a.very.long.address.that.someone.typed.at.the.counter@example';
    await invite(page, typed);
    await refusedOnField(page, TEXTS.emailInvalid, typed);
    const { violations, overflow } = await audit(page, 'staff-page-error-phone');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
  });

  it('invites distributor@demo.test; on its /dashboard the card fits the phone, and Decline drops it', async () => {
    const { page } = tab;
    await invite(page, 'distributor@demo.test');
    await shown(page.getByRole('status').filter({ hasText: TEXTS.invited('distributor@demo.test') }));
    await expect.poll(() => rows(page)).toEqual(['distributor@demo.test Invited', `${RAVI} Invited`]);
    const { overflow } = await audit(page, 'staff-page-invited-phone');
    expect(overflow).toBe(0);
    await logOut(page, baseUrl);

    await signIn(page, baseUrl, 'distributor@demo.test');
    await heading(page, 'Hello, Dev Distributor');
    const card = await shown(invitationCard(page, ANDHERI));
    await inReach(card.getByRole('button', { name: 'Accept' }), width);
    await inReach(card.getByRole('button', { name: 'Decline' }), width);
    const audited = await audit(page, 'staff-invitation-phone');
    expect(audited.violations).toEqual([]);
    expect(audited.overflow).toBe(0);
    await card.getByRole('button', { name: 'Decline' }).click();
    await shown(page.getByRole('status').filter({ hasText: TEXTS.declined(ANDHERI) }));
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });
});

describe('staff@demo.test, staff of Bandra, finds an invitation to Andheri on its board (phone) and accepts', () => {
  let tab: Tab;
  const width = VIEWPORTS.phone.width;

  beforeAll(async () => {
    tab = await openTab(browser, 'phone');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it('the owner invites staff@demo.test to Andheri (it is staff of Bandra only)', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await openStaffPage(page);
    await invite(page, 'staff@demo.test');
    await shown(page.getByRole('status').filter({ hasText: TEXTS.invited('staff@demo.test') }));
    await expect.poll(() => rows(page)).toEqual([`${RAVI} Invited`, 'staff@demo.test Invited']);
    await logOut(page, baseUrl);
  });

  it("Bandra's board shows the card above the repairs; 'Accept' opens Andheri's board, and the store picker offers both", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'staff@demo.test');
    await heading(page, BANDRA);
    const card = await shown(invitationCard(page, ANDHERI));
    await inReach(card.getByRole('button', { name: 'Accept' }), width);
    await inReach(card.getByRole('button', { name: 'Decline' }), width);
    const cardBox = await card.boundingBox();
    const boardBox = await page.getByRole('heading', { level: 1, name: BANDRA }).boundingBox();
    expect(cardBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(boardBox?.y ?? 0);
    const { violations, overflow } = await audit(page, 'staff-invitation-board-phone');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);

    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('store')).toBe('store-sharma-2');
    await heading(page, ANDHERI);
    await shown(page.getByText('Staff', { exact: true }));
    await shown(page.getByRole('link', { name: 'RPR-1007' }).first());
    const picker = await shown(page.getByLabel('Store'));
    expect((await picker.locator('option').allTextContents()).sort()).toEqual([ANDHERI, BANDRA]);
    // The board stayed: it says so, and the card is gone.
    await shown(
      page
        .getByRole('region', { name: 'Invitations' })
        .getByRole('status')
        .filter({ hasText: `You are now staff of ${ANDHERI}.` }),
    );
    expect(await page.getByRole('heading', { level: 2, name: TEXTS.invitationFrom(ANDHERI) }).count()).toBe(
      0,
    );
    // Still staff, not owner, in Andheri: no 'Settings' button.
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });
});

describe('a new sign-up is invited: no card until its address is proved through the demo mailbox', () => {
  let tab: Tab;
  const email = 'meera.tech@example.com';
  const password = 'Strong#Pass7';

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it('meera.tech@example.com signs up; the owner invites her address', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/signup`);
    await fillSignUpForm(page, { type: 'User', email, password, name: 'Meera Nair', mobile: '9812345670' });
    await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await shown(page.getByText('Account created successfully!'));
    await page.waitForURL(`${baseUrl}/signin`, { timeout: 15_000 });

    await signIn(page, baseUrl, 'owner01@demo.test');
    await openStaffPage(page);
    await invite(page, email);
    await shown(page.getByRole('status').filter({ hasText: TEXTS.invited(email) }));
    await expect.poll(() => rows(page)).toEqual([`${email} Invited`, `${RAVI} Invited`]);
    await logOut(page, baseUrl);
  });

  it('signed in with her unproved address, her /dashboard shows no invitation', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, email, password);
    await heading(page, 'Hello, Meera Nair');
    // The page has settled (a new customer is asked to prove the mobile first, and nothing on it
    // changes any more), and there is no card: her invitations are read only for a verified address.
    await shown(page.getByRole('heading', { name: 'Verify your mobile number' }));
    await domSettled(page);
    expect(await page.getByRole('region', { name: 'Invitations' }).count()).toBe(0);
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });

  it("a password reset through the demo mailbox proves the address: the card shows, and 'Accept' opens Andheri's board", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('link', { name: 'open the demo mailbox' }).click();
    await page.waitForURL(`${baseUrl}/demo/mailbox`);
    // The newest mail to her with a reset link: read the mailbox again until the reset mail is in it
    // (on a busy machine the list can be read before the reset was recorded).
    const reset = page
      .getByRole('article')
      .filter({ hasText: email })
      .getByRole('link', { name: 'Reset your password' })
      .first();
    await expect
      .poll(
        async () => {
          if ((await reset.count()) > 0) return true;
          await page.reload();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          return (await reset.count()) > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await reset.click();
    await page.waitForURL(/\/reset-password\?oobCode=/);
    await page.getByLabel(/^New Password/).fill('Strong#Pass8');
    await page.getByLabel(/^Confirm New Password/).fill('Strong#Pass8');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL(`${baseUrl}/signin`, { timeout: 15_000 });

    await signIn(page, baseUrl, email, 'Strong#Pass8');
    await heading(page, 'Hello, Meera Nair');
    const card = await shown(invitationCard(page, ANDHERI));
    await card.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    await heading(page, ANDHERI);
    await shown(page.getByText('Staff', { exact: true }));
    await logOut(page, baseUrl);

    await signIn(page, baseUrl, 'owner01@demo.test');
    await openStaffPage(page);
    await expect.poll(() => rows(page)).toEqual([`Meera Nair ${email}`, `${RAVI} Invited`]);
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });
});

describe('who may not manage staff', () => {
  let tab: Tab;

  beforeAll(async () => {
    tab = await openTab(browser, 'desktop');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  it("staff@demo.test is refused /shop/staff: only the owner's message, no list and no form, and no 'Settings' button on its board", async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'staff@demo.test');
    await heading(page, BANDRA);
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    await page.goto(`${baseUrl}/shop/staff`);
    await shown(page.getByText(TEXTS.ownersOnly));
    // Asking for either of Sharma's stores by its id (Bandra is the one Sam works in) changes nothing.
    for (const path of [
      '/shop/staff',
      '/shop/staff?store=store-sharma-1',
      '/shop/staff?store=store-sharma-2',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await shown(page.getByText(TEXTS.ownersOnly));
      expect(await staffEmail(page).count()).toBe(0);
      expect(await addStaff(page).count()).toBe(0);
      expect(await people(page).count()).toBe(0);
      expect(await page.getByText('Sam Staff').count()).toBe(0);
      expect(await page.getByText(RAVI).count()).toBe(0);
    }
    const { violations, overflow } = await audit(page, 'staff-page-refused-desktop');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
    await logOut(page, baseUrl);
    expect(tab.problems.errors).toEqual([]);
  });

  it('customer@demo.test going to /shop/staff is sent back to its tracker; a signed-out visitor to /signin', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'customer@demo.test');
    await page.goto(`${baseUrl}/shop/staff`);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await heading(page, 'Hello, Asha Customer');
    expect(await staffEmail(page).count()).toBe(0);
    await logOut(page, baseUrl);
    await page.goto(`${baseUrl}/shop/staff`);
    await page.waitForURL(`${baseUrl}/signin`);
    await heading(page, 'Sign in');
    expect(tab.problems.errors).toEqual([]);
  });
});

describe("RPR-1001's delivery code: the owner reads it on the job sheet, staff never see it", () => {
  it('owner01@demo.test (desktop) prints the customer copy of RPR-1001 with its code, 4821', async () => {
    const tab = await openTab(browser, 'desktop');
    const { page } = tab;
    await signIn(page, baseUrl, 'owner01@demo.test');
    await page.goto(`${baseUrl}/shop/repairs/repair-1001`);
    await heading(page, 'RPR-1001');
    await page.getByRole('link', { name: 'Print Job Sheet' }).click();
    const sheet = await shown(page.getByRole('article', { name: 'Job sheet RPR-1001' }));
    await expect.poll(() => sheet.textContent()).toMatch(/Delivery Code:\s*4821/);
    await shown(page.getByText('The customer’s copy shows the delivery code: hand it to the customer.'));
    expect(tab.problems.errors).toEqual([]);
    await tab.context.close();
  });

  it("staff@demo.test (phone) opens RPR-1001's page and job sheet, both copies: the code never shows, the sheet says where it is", async () => {
    const tab = await openTab(browser, 'phone');
    const { page } = tab;
    await signIn(page, baseUrl, 'staff@demo.test');
    await heading(page, BANDRA);
    // From here on, any moment the code or its label shows is recorded.
    const seen = await recordTexts(page, ['4821', 'Delivery Code:', 'Delivery code:']);
    await page.goto(`${baseUrl}/shop/repairs/repair-1001`);
    await heading(page, 'RPR-1001');
    await shown(page.getByRole('heading', { name: 'History' }));
    expect(await textWithoutDates(page, 'RPR-1001')).not.toMatch(/\b4821\b/);

    await page.getByRole('link', { name: 'Print Job Sheet' }).click();
    const sheet = await shown(page.getByRole('article', { name: 'Job sheet RPR-1001' }));
    await shown(sheet.getByText(CODE_NOT_ON_REPRINT));
    await shown(page.getByText(CODE_HIDDEN_HINT));
    expect(await sheet.textContent()).not.toContain('Delivery Code');
    const { violations, overflow } = await audit(page, 'staff-job-sheet-no-code-phone');
    expect(violations).toEqual([]);
    expect(overflow).toBe(0);
    // The shop's copy has no code for anyone.
    await page.getByRole('button', { name: 'Shop copy' }).click();
    await shown(page.getByText('The shop’s copy has no delivery code: keep it with the device.'));
    expect(await textWithoutDates(page, 'RPR-1001')).not.toMatch(/\b4821\b/);
    // Reloaded, the page reads the repair afresh: still no code.
    await page.goto(`${baseUrl}/shop/repairs/repair-1001/print`);
    await shown(page.getByRole('article', { name: 'Job sheet RPR-1001' }));
    await shown(page.getByText(CODE_HIDDEN_HINT));
    expect(await seen()).toEqual([]);
    expect(tab.problems.errors).toEqual([]);
    await tab.context.close();
  });
});
