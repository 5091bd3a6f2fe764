import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshData } from './support/backend';
import { hueName, launchBrowser, logOut, openTab, rgbOf, shown, signIn, type Tab } from './support/browser';

/**
 * Support: the public form, then the super admin's list and edit dialog in the same profile (so the new
 * issue is there), and the access rule for everyone else.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  await freshData();
  browser = await launchBrowser();
  tab = await openTab(browser, 'desktop');
});
afterAll(async () => {
  await browser?.close();
});

const NEW_ISSUE = {
  email: 'meena@example.com',
  phone: '9000044444',
  issue: 'The repair status did not update after delivery.',
};

const card = (page: Page, email: string): Locator => page.getByRole('article', { name: email });

describe('/support, the public form', () => {
  it('asks for every field, then thanks the visitor', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/support`);
    await shown(page.getByRole('heading', { level: 1, name: 'How can we help?' }));
    const header = page.getByRole('navigation', { name: 'Main' });
    await shown(header.getByRole('link', { name: 'Sign In' }));
    await shown(header.getByRole('link', { name: 'Support', exact: true }));

    await page.getByRole('button', { name: 'Submit' }).click();
    await shown(page.getByText('Please enter your email address.'));
    await shown(page.getByText('Please enter your phone number.'));
    await shown(page.getByText('Please describe your issue or feedback.'));

    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByLabel(/^Phone/).fill(NEW_ISSUE.phone);
    await page.getByLabel(/^Issue \/ Feedback/).fill(NEW_ISSUE.issue);
    await page.getByRole('button', { name: 'Submit' }).click();
    await shown(page.getByText('Please enter a valid email address.'));

    await page.getByLabel(/^Email/).fill(NEW_ISSUE.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await shown(page.getByRole('heading', { name: 'Thank you!' }));
    await shown(page.getByText('Our team will contact you soon.'));

    // Another message keeps the contact details.
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(NEW_ISSUE.email);
    expect(await page.getByLabel(/^Issue \/ Feedback/).inputValue()).toBe('');
    expect(tab.problems.errors).toEqual([]);
  });
});

describe('/support-admin as the super admin', () => {
  beforeAll(async () => {
    await signIn(tab.page, baseUrl, 'admin@demo.test');
  });

  it('lists both demo issues and the new one; the completed one is green, the others yellow', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/support-admin`);
    await shown(page.getByRole('heading', { level: 1, name: 'Support Issues' }));
    const cards = page.getByRole('list', { name: 'Support issues' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(3);
    // Newest first: the issue just sent leads.
    expect(await cards.first().getAttribute('aria-labelledby')).toBe(
      await card(page, NEW_ISSUE.email).getAttribute('aria-labelledby'),
    );
    for (const text of [NEW_ISSUE.phone, NEW_ISSUE.issue, 'Active'])
      await shown(card(page, NEW_ISSUE.email).getByText(text, { exact: true }));
    await shown(card(page, 'ravi@example.com').getByText('App crashes on login'));
    await shown(card(page, 'neha@example.com').getByText('Cannot add a second store'));

    const neha = card(page, 'neha@example.com');
    const ravi = card(page, 'ravi@example.com');
    expect(hueName(await rgbOf(neha, 'borderTopColor'))).toBe('green');
    expect(hueName(await rgbOf(neha.getByText('Completed', { exact: true }), 'backgroundColor'))).toBe(
      'green',
    );
    expect(hueName(await rgbOf(ravi, 'borderTopColor'))).not.toBe('green');
    expect(hueName(await rgbOf(ravi.getByText('Active', { exact: true }), 'backgroundColor'))).toBe('yellow');

    // The page's own buttons, and Logout in the header.
    await shown(page.getByRole('link', { name: 'Back to Dashboard' }));
    await shown(
      page.getByRole('navigation', { name: 'Support admin' }).getByRole('link', { name: 'Support' }),
    );
    await shown(page.getByRole('button', { name: 'Logout' }));
    expect(tab.problems.errors).toEqual([]);
  });

  it('edits an issue in the dialog by keyboard: Escape closes it and focus returns to Edit', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/support-admin`);
    const edit = card(page, NEW_ISSUE.email).getByRole('button', { name: 'Edit' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = await shown(page.getByRole('dialog', { name: 'Edit support issue' }));
    // Focus moves into the dialog, on the first field.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    expect(await dialog.getByLabel(/^Email/).inputValue()).toBe(NEW_ISSUE.email);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => edit.evaluate((element) => element === document.activeElement)).toBe(true);

    // Again, and this time save: new text, marked completed.
    await page.keyboard.press('Enter');
    await shown(dialog);
    await dialog.getByLabel(/^Issue \/ Feedback/).fill('Status fixed after the app update.');
    await dialog.getByLabel('Status').selectOption({ label: 'Completed' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const updated = card(page, NEW_ISSUE.email);
    await shown(updated.getByText('Status fixed after the app update.'));
    await shown(updated.getByText('Completed', { exact: true }));
    expect(hueName(await rgbOf(updated, 'borderTopColor'))).toBe('green');
    await shown(page.getByRole('button', { name: /^Completed\s*2$/ }));

    // Saved, not just shown: still so after a reload.
    await page.reload();
    await shown(card(page, NEW_ISSUE.email).getByText('Completed', { exact: true }));
    await shown(card(page, NEW_ISSUE.email).getByText('Status fixed after the app update.'));
    expect(tab.problems.errors).toEqual([]);
  });

  it('filters the list by status', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/support-admin`);
    const cards = page.getByRole('list', { name: 'Support issues' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(3);
    await page.getByRole('button', { name: /^Active/ }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await shown(card(page, 'ravi@example.com'));
    await page.getByRole('button', { name: /^All/ }).click();
    await expect.poll(() => cards.count()).toBe(3);
  });
});

describe("'Access denied.' for everyone but the super admin", () => {
  it('a customer, on /support-admin and /distributor-recharge', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await logOut(page, baseUrl);
    await signIn(page, baseUrl, 'customer@demo.test');
    for (const path of ['/support-admin', '/distributor-recharge']) {
      await page.goto(`${baseUrl}${path}`);
      await shown(page.getByRole('heading', { level: 1, name: 'Access denied.' }));
      expect(await page.getByRole('article').count()).toBe(0);
      expect(await page.getByText('Recent Recharge Transactions').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await shown(page.getByRole('heading', { level: 1, name: 'Hello, Asha Customer' }));
    await logOut(page, baseUrl);
  });

  it('a signed-out visitor, on /support-admin and /distributor-recharge', async () => {
    const { page } = tab;
    for (const path of ['/support-admin', '/distributor-recharge']) {
      await page.goto(`${baseUrl}${path}`);
      await shown(page.getByRole('heading', { level: 1, name: 'Access denied.' }));
      await shown(page.getByRole('main').getByRole('link', { name: 'Sign In' }));
    }
    expect(tab.problems.errors).toEqual([]);
  });
});
