import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openTab, shown, type Tab } from './support/browser';

/** The public pages: landing, legal pages, 404, and deep links served (and reloaded) on every route. */

const baseUrl = inject('baseUrl');
let browser: Browser;
// Nothing here changes data: one profile for the file.
let tab: Tab;

beforeAll(async () => {
  browser = await launchBrowser();
  tab = await openTab(browser, 'desktop');
});
afterAll(async () => {
  await browser?.close();
});

const PLAY_URL = 'https://play.google.com/store/apps/details?id=com.repairmate.app';
const APP_STORE_URL = 'https://apps.apple.com/app/repairmate/id6450000000';

describe('/ landing page', () => {
  it('has the nav bar, every section and the footer links', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/`);
    await shown(page.getByRole('heading', { level: 1, name: /Every repair, customer and rupee/ }));
    expect(await page.title()).toBe('RepairMate');

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'support@repairmate.app' }).getAttribute('href')).toBe(
      'mailto:support@repairmate.app',
    );
    expect(await nav.getByRole('link', { name: 'Support', exact: true }).getAttribute('href')).toBe(
      '/support',
    );
    expect(await nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');

    for (const name of [
      'RepairMate in numbers',
      'Everything your repair shop runs on',
      'Why choose RepairMate?',
      'Up and running in five steps',
      'Built for both sides of the counter',
      'Loved by repair shops',
      'Ready to take the paperwork out of repairs?',
      'Frequently asked questions',
    ]) {
      await shown(page.getByRole('region', { name }));
    }
    const stats = page.getByRole('region', { name: 'RepairMate in numbers' });
    for (const claim of ['10,000+', '50,000+', '99.9%', '24/7']) await shown(stats.getByText(claim));
    expect(await page.getByRole('list', { name: 'Steps' }).getByRole('listitem').count()).toBe(5);
    expect(await page.getByRole('list', { name: 'Testimonials' }).getByRole('figure').count()).toBe(3);

    const footer = page.getByRole('navigation', { name: 'Footer' });
    expect(await footer.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Support', exact: true }).getAttribute('href')).toBe(
      '/support',
    );
    expect(tab.problems.errors).toEqual([]);
  });

  it('filters the features with each of the five category buttons', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/`);
    const group = page.getByRole('group', { name: 'Filter features by category' });
    await shown(group);
    expect(await group.getByRole('button').allTextContents()).toEqual([
      'All Features',
      'Business Tools',
      'Core Features',
      'Marketing',
      'Communication',
    ]);
    const cards = page.getByRole('list', { name: 'Feature list' }).getByRole('listitem');
    expect(await cards.count()).toBe(12);

    const expected: Record<string, number> = {
      'Business Tools': 4,
      'Core Features': 4,
      Marketing: 2,
      Communication: 2,
    };
    for (const [category, count] of Object.entries(expected)) {
      const button = group.getByRole('button', { name: category });
      await button.click();
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      await shown(page.getByText(`Showing ${count} ${category} features`));
      expect(await cards.count()).toBe(count);
      // Every card shown carries the chosen category's badge.
      for (const card of await cards.all()) expect(await card.textContent()).toContain(category);
    }
    await group.getByRole('button', { name: 'All Features' }).click();
    await shown(page.getByText('Showing all 12 features'));
    expect(await cards.count()).toBe(12);
  });

  it("makes the store badges links to the demo's store URLs once they have loaded", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/`);
    const play = await shown(page.getByRole('link', { name: 'Get it on Google Play' }));
    await expect.poll(() => play.getAttribute('href')).toBe(PLAY_URL);
    expect(await play.getAttribute('target')).toBe('_blank');
    const appStore = page.getByRole('link', { name: 'Download on the App Store' });
    expect(await appStore.getAttribute('href')).toBe(APP_STORE_URL);
    expect(await appStore.getAttribute('aria-disabled')).toBeNull();
    await shown(page.getByRole('img', { name: 'QR code of the Google Play link' }));
  });

  it("'Sign up for web access' opens /signup", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Sign up for web access' }).click();
    await page.waitForURL(`${baseUrl}/signup`);
    await shown(page.getByRole('heading', { level: 1, name: 'Create your account' }));
  });
});

describe('legal pages and the footer', () => {
  it('/terms has its ten sections and the footer leads to /privacy and /support', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/terms`);
    await shown(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }));
    const sections = page.getByRole('article').getByRole('heading', { level: 2 });
    expect(await sections.count()).toBe(10);
    expect(await sections.first().textContent()).toBe('1. Acceptance of Terms');

    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Privacy Policy' })
      .click();
    await page.waitForURL(`${baseUrl}/privacy`);
    await shown(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    expect(await page.getByRole('article').getByRole('heading', { level: 2 }).count()).toBe(10);
    await shown(page.getByText(/Profile > Delete Account/).first());

    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Support', exact: true })
      .click();
    await page.waitForURL(`${baseUrl}/support`);
    await shown(page.getByRole('heading', { level: 1, name: 'How can we help?' }));
    expect(tab.problems.errors).toEqual([]);
  });
});

describe('unknown URLs and deep links', () => {
  it('shows the 404 page for an unknown URL, with a way home', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/this/page/does-not-exist`);
    await shown(page.getByRole('heading', { level: 1, name: 'Page not found' }));
    expect(await page.title()).toBe('Page not found · RepairMate');
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await shown(page.getByRole('heading', { level: 1, name: /Every repair, customer and rupee/ }));
  });

  const DEEP_LINKS: readonly { path: string; heading: string | RegExp }[] = [
    { path: '/', heading: /Every repair, customer and rupee/ },
    { path: '/signin', heading: 'Sign in' },
    { path: '/signup', heading: 'Create your account' },
    { path: '/forgot-password', heading: 'Forgot Password' },
    { path: '/reset-password?oobCode=not-a-real-code', heading: 'Reset Password' },
    { path: '/terms#payment-terms', heading: 'Terms and Conditions' },
    { path: '/privacy', heading: 'Privacy Policy' },
    { path: '/support', heading: 'How can we help?' },
    { path: '/support-admin', heading: 'Access denied.' },
    { path: '/distributor-recharge', heading: 'Access denied.' },
    { path: '/demo/mailbox', heading: 'Demo mailbox' },
    { path: '/no-such-route', heading: 'Page not found' },
  ];

  it('serves every route on a direct visit and again after a reload', async () => {
    const { page } = tab;
    for (const { path, heading } of DEEP_LINKS) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBeLessThan(400);
      await shown(page.getByRole('heading', { level: 1, name: heading }));
      await page.reload();
      await shown(page.getByRole('heading', { level: 1, name: heading }));
      expect(new URL(page.url()).pathname, path).toBe(path.replace(/[?#].*$/, ''));
    }
    expect(tab.problems.errors).toEqual([]);
  });

  it('a short page fits the window, demo bar included: the footer shows without scrolling', async () => {
    const { page } = tab;
    for (const path of ['/signin', '/no-such-route']) {
      await page.goto(`${baseUrl}${path}`);
      await shown(page.getByRole('heading', { level: 1 }));
      const footer = await shown(page.getByRole('contentinfo'));
      expect(
        await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
        path,
      ).toBe(0);
      const box = await footer.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0), path).toBeLessThanOrEqual(800);
    }
  });

  it('/dashboard signed out goes to /signin', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/signin`);
    await shown(page.getByRole('heading', { level: 1, name: 'Sign in' }));
  });

  it('the demo mailbox of a fresh profile is empty', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/demo/mailbox`);
    await shown(page.getByText('No e-mails yet'));
    expect(await page.getByRole('article').count()).toBe(0);
  });
});
