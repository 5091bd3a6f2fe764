import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openTab, shown, type Tab } from './support/browser';

/**
 * Keyboard only: Tab from the top of each main screen reaches its main actions, every stop on the way
 * shows where the focus is, and the actions work with Enter, Space and Escape.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  browser = await launchBrowser();
  tab = await openTab(browser, 'desktop');
});
afterAll(async () => {
  await browser?.close();
});

interface Stop {
  readonly name: string;
  /** An outline, or a focus ring on a form field, is drawn around the focused element. */
  readonly indicated: boolean;
}

/** Describes the focused element and whether its focus is drawn (outline on it or its label, or a ring). */
const focusedStop = (page: Page): Promise<Stop> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return { name: '(body)', indicated: false };
    const outlined = (each: Element | null) => {
      if (each === null) return false;
      const style = getComputedStyle(each);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    };
    const ringed = /0px 0px 0px 2px/.test(getComputedStyle(element).boxShadow);
    const label = element.closest('label');
    const name =
      element.getAttribute('aria-label') ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.textContent ??
      element.tagName;
    return {
      name: name.trim().replace(/\s+/g, ' '),
      indicated: outlined(element) || outlined(label) || ringed,
    };
  });

/**
 * Presses Tab until `target` has the focus (at most `limit` times); returns every stop on the way, the
 * target included.
 */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    stops.push(await focusedStop(page));
    if (await target.evaluate((element) => element === document.activeElement)) return stops;
  }
  throw new Error(`Tab never reached the target; stops: ${stops.map((stop) => stop.name).join(' → ')}`);
}

/** Whether the focused element looks different from the same element unfocused (pixels around it). */
async function focusIsVisible(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (box === null) return false;
  const clip = {
    x: Math.max(0, box.x - 6),
    y: Math.max(0, box.y - 6),
    width: box.width + 12,
    height: box.height + 12,
  };
  const focused = await page.screenshot({ clip });
  await target.evaluate((element) => (element as HTMLElement).blur());
  const blurred = await page.screenshot({ clip });
  await target.focus();
  return !focused.equals(blurred);
}

async function startAtTop(page: Page, path: string, ready: Locator) {
  await page.goto(`${baseUrl}${path}`);
  await shown(ready);
  // The demo bar arrives with the backend, after the first paint: Tab order starts with it.
  await shown(page.getByRole('link', { name: 'Demo mailbox' }));
  await page.mouse.move(0, 0);
}

const unindicated = (stops: readonly Stop[]) =>
  stops.filter((stop) => !stop.indicated).map((stop) => stop.name);

describe('keyboard only', () => {
  it('landing: the feature filters and the sign-up button, with visible focus', async () => {
    const { page } = tab;
    await startAtTop(page, '/', page.getByRole('link', { name: 'Get it on Google Play' }));
    const play = page.getByRole('link', { name: 'Get it on Google Play' });
    expect(unindicated(await tabTo(page, play))).toEqual([]);
    expect(await focusIsVisible(page, play)).toBe(true);

    const signUp = page.getByRole('link', { name: 'Sign up for web access' });
    expect(unindicated(await tabTo(page, signUp))).toEqual([]);
    expect(await focusIsVisible(page, signUp)).toBe(true);

    const marketing = page.getByRole('button', { name: 'Marketing' });
    expect(unindicated(await tabTo(page, marketing))).toEqual([]);
    expect(await focusIsVisible(page, marketing)).toBe(true);
    await page.keyboard.press('Space');
    await shown(page.getByText('Showing 2 Marketing features'));

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await shown(page.getByText('Showing all 12 features'));
  });

  it('sign in: the whole form by keyboard, then the tracker: search, a photo, Escape', async () => {
    const { page } = tab;
    await startAtTop(page, '/signin', page.getByRole('heading', { name: 'Sign in' }));
    const email = page.getByLabel(/^Email/);
    const stops = await tabTo(page, email);
    expect(unindicated(stops)).toEqual([]);
    // The demo bar and the header come first, in reading order.
    expect(stops[0]?.name).toMatch(/Demo mailbox$/);
    expect(stops[1]?.name).toMatch(/Demo SMS$/);
    expect(stops[2]?.name).toMatch(/Reset demo data$/);
    await page.keyboard.type('customer@demo.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Demo@1234');
    const login = page.getByRole('button', { name: 'Login' });
    expect(unindicated(await tabTo(page, login))).toEqual([]);
    expect(await focusIsVisible(page, login)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/dashboard`);
    await shown(page.getByRole('heading', { name: 'Hello, Asha Customer' }));

    await page.mouse.move(0, 0);
    const repairId = page.getByLabel(/^Enter Repair ID/);
    expect(unindicated(await tabTo(page, repairId))).toEqual([]);
    expect(await focusIsVisible(page, repairId)).toBe(true);
    await page.keyboard.type('RPR-1001');
    await page.keyboard.press('Enter');
    await shown(page.getByRole('heading', { name: 'Repair Details' }));

    const photo = page.getByRole('button', { name: /^Photo 1 of 2/ });
    expect(unindicated(await tabTo(page, photo))).toEqual([]);
    expect(await focusIsVisible(page, photo)).toBe(true);
    await page.keyboard.press('Enter');
    await shown(page.getByRole('dialog', { name: /^Photo 1 of 2/ }));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => photo.evaluate((element) => element === document.activeElement)).toBe(true);

    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.focus();
    expect(await focusIsVisible(page, logout)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/signin`);
  });

  it('admin: the dashboard actions, paging, and a recharge by keyboard', async () => {
    const { page } = tab;
    await page.getByLabel(/^Email/).fill('admin@demo.test');
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL(`${baseUrl}/dashboard`);
    await shown(page.getByText('Page 1 of 3', { exact: true }));
    await startAtTop(page, '/dashboard', page.getByText('Page 1 of 3', { exact: true }));

    const support = page.getByRole('link', { name: 'View Support Issues' });
    expect(unindicated(await tabTo(page, support))).toEqual([]);
    expect(await focusIsVisible(page, support)).toBe(true);
    const recharge = page.getByRole('link', { name: 'Recharge Distributors' });
    expect(unindicated(await tabTo(page, recharge))).toEqual([]);
    const next = page.getByRole('button', { name: 'Next' });
    expect(unindicated(await tabTo(page, next, 60))).toEqual([]);
    expect(await focusIsVisible(page, next)).toBe(true);
    await page.keyboard.press('Enter');
    await shown(page.getByText('Page 2 of 3', { exact: true }));

    await startAtTop(page, '/distributor-recharge', page.getByRole('button', { name: /Priya Traders/ }));
    const priya = page.getByRole('button', { name: /Priya Traders/ });
    expect(unindicated(await tabTo(page, priya))).toEqual([]);
    expect(await focusIsVisible(page, priya)).toBe(true);
    await page.keyboard.press('Enter');
    // Choosing a distributor moves the focus to the amount.
    const amount = page.getByLabel(/^Amount/);
    await expect.poll(() => amount.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await focusedStop(page)).indicated).toBe(true);
    await page.keyboard.type('40');
    const submit = page.getByRole('button', { name: 'Recharge', exact: true });
    expect(unindicated(await tabTo(page, submit))).toEqual([]);
    expect(await focusIsVisible(page, submit)).toBe(true);
    await page.keyboard.press('Enter');
    await shown(page.getByText('Successfully recharged ₹40 to Priya Traders'));
  });

  it('support: the form by keyboard, Submit, and the support admin dialog', async () => {
    const { page } = tab;
    await startAtTop(page, '/support-admin', page.getByRole('heading', { name: 'Support Issues' }));
    const edit = page
      .getByRole('article', { name: 'ravi@example.com' })
      .getByRole('button', { name: 'Edit' });
    expect(unindicated(await tabTo(page, edit))).toEqual([]);
    expect(await focusIsVisible(page, edit)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = await shown(page.getByRole('dialog', { name: 'Edit support issue' }));
    // Tab stays inside the dialog.
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      expect((await focusedStop(page)).indicated).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => edit.evaluate((element) => element === document.activeElement)).toBe(true);

    await startAtTop(page, '/support', page.getByRole('heading', { name: 'How can we help?' }));
    const email = page.getByLabel(/^Email/);
    expect(unindicated(await tabTo(page, email))).toEqual([]);
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('9000088888');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Typed without a mouse.');
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(unindicated(await tabTo(page, submit))).toEqual([]);
    expect(await focusIsVisible(page, submit)).toBe(true);
    await page.keyboard.press('Enter');
    await shown(page.getByRole('heading', { name: 'Thank you!' }));
    expect(tab.problems.errors).toEqual([]);
  });
});
