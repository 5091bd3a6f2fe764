import { waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STORE_LINKS } from '../../../../src/demo/demo-data';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

const FEATURE_TITLES = [
  'Multi-store management',
  'Repair tracking',
  'Khata ledger',
  'In-app wallet',
  'Staff management',
  'Broadcast marketing',
  'Reports',
  'QR codes',
  'Referral program',
  'Push & WhatsApp notifications',
  'Cloud backup',
  'Multi-platform access',
];

async function openLanding(options: Parameters<typeof renderApp>[0] = {}): Promise<RenderedApp> {
  const app = await renderApp({ path: '/', ...options });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

/** Opens /terms first, applies `prepare` to the backend, then follows the logo link home. */
async function navigateToLanding(prepare: (app: RenderedApp) => void): Promise<RenderedApp> {
  const app = await renderApp({ path: '/terms' });
  await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
  prepare(app);
  await app.user.click(screen.getByRole('link', { name: 'RepairMate' }));
  await waitFor(() => expect(pathOf(app)).toBe('/'));
  return app;
}

function featureCards(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Feature list' })).getAllByRole('listitem');
}

function cardTitles(): string[] {
  return featureCards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent ?? '');
}

function expectInert(name: string) {
  const badge = screen.getByRole('link', { name });
  expect(badge.hasAttribute('href')).toBe(false);
  expect(badge.getAttribute('aria-disabled')).toBe('true');
  expect(badge.hasAttribute('tabindex')).toBe(false);
  expect(badge.tabIndex).toBeLessThan(0);
}

const UNAVAILABLE = 'The app store links are not available right now. You can still sign up for web access.';

describe('/ landing page', () => {
  it('shows every section, the header and the footer', async () => {
    await openLanding();
    expect(document.title).toBe('RepairMate');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'support@repairmate.app' }).getAttribute('href')).toBe(
      'mailto:support@repairmate.app',
    );
    expect(within(nav).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
    expect(within(nav).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');

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
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
  });

  it('shows the four marketing claims in the stats strip', async () => {
    await openLanding();
    const stats = screen.getByRole('region', { name: 'RepairMate in numbers' });
    const pairs = within(stats)
      .getAllByRole('term')
      .map((term) => `${term.nextElementSibling?.textContent} ${term.textContent}`);
    // Each label (dt) is followed by its value (dd); CSS shows the value above the label.
    expect(pairs).toEqual([
      '10,000+ Active users',
      '50,000+ Repairs tracked',
      '99.9% Uptime',
      '24/7 Support',
    ]);
  });

  it('explains how it works in five steps, in order', async () => {
    await openLanding();
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual([
      'Step 1: Create your store',
      'Step 2: Add repairs',
      'Step 3: Track progress',
      'Step 4: Manage payments',
      'Step 5: Generate reports',
    ]);
  });

  it('has a business-facing list, a customer-facing list and three testimonials', async () => {
    await openLanding();
    const businesses = within(screen.getByRole('list', { name: 'For repair businesses' })).getAllByRole(
      'listitem',
    );
    expect(businesses.length).toBeGreaterThanOrEqual(4);
    const customers = screen.getByRole('list', { name: 'For customers' });
    for (const text of [/real-time repair tracking/i, /digital receipts/i, /referral rewards/i]) {
      expect(within(customers).getByText(text)).toBeTruthy();
    }
    const testimonials = screen.getByRole('list', { name: 'Testimonials' });
    expect(within(testimonials).getAllByRole('figure')).toHaveLength(3);
    expect(within(testimonials).getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(3);
  });

  it('lists the twelve features, and each filter shows its own category', async () => {
    const app = await openLanding();
    const group = screen.getByRole('group', { name: 'Filter features by category' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'All Features',
      'Business Tools',
      'Core Features',
      'Marketing',
      'Communication',
    ]);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(cardTitles().sort()).toEqual([...FEATURE_TITLES].sort());
    expect(screen.getByText('Showing all 12 features')).toBeTruthy();

    const expected: Record<string, string[]> = {
      'Business Tools': ['Khata ledger', 'In-app wallet', 'Staff management', 'Reports'],
      'Core Features': ['Multi-store management', 'Repair tracking', 'Cloud backup', 'Multi-platform access'],
      Marketing: ['Broadcast marketing', 'Referral program'],
      Communication: ['Push & WhatsApp notifications', 'QR codes'],
    };
    const seen: string[] = [];
    for (const [category, titles] of Object.entries(expected)) {
      const button = within(group).getByRole('button', { name: category });
      await app.user.click(button);
      expect(button.getAttribute('aria-pressed')).toBe('true');
      expect(within(group).getAllByRole('button', { pressed: true })).toEqual([button]);
      expect(featureCards()).toHaveLength(titles.length);
      expect(cardTitles()).toEqual(titles);
      for (const card of featureCards()) expect(within(card).getByText(category)).toBeTruthy();
      expect(screen.getByText(`Showing ${titles.length} ${category} features`)).toBeTruthy();
      seen.push(...titles);
    }
    // Every feature belongs to exactly one category.
    expect(seen.sort()).toEqual([...FEATURE_TITLES].sort());

    await app.user.click(within(group).getByRole('button', { name: 'All Features' }));
    expect(featureCards()).toHaveLength(12);
    expect(within(group).getByRole('button', { name: 'All Features' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('makes the store badges real links once the store links have loaded, with a QR code', async () => {
    await openLanding();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(
        DEMO_STORE_LINKS.android,
      ),
    );
    const play = screen.getByRole('link', { name: 'Get it on Google Play' });
    expect(play.getAttribute('target')).toBe('_blank');
    expect(play.getAttribute('rel')).toBe('noopener noreferrer');
    const appStore = screen.getByRole('link', { name: 'Download on the App Store' });
    expect(appStore.getAttribute('href')).toBe(DEMO_STORE_LINKS.ios);
    expect(appStore.getAttribute('target')).toBe('_blank');
    expect(appStore.getAttribute('rel')).toBe('noopener noreferrer');
    expect(appStore.hasAttribute('aria-disabled')).toBe(false);
    expect(screen.getByRole('img', { name: 'QR code of the Google Play link' })).toBeTruthy();
    expect(screen.queryByText(UNAVAILABLE)).toBeNull();
  });

  it('keeps the badges dimmed and inert while the store links load', async () => {
    await navigateToLanding((app) => {
      app.backend.db.latencyMs = 300;
    });
    expectInert('Get it on Google Play');
    expectInert('Download on the App Store');
    expect(screen.queryByRole('img', { name: 'QR code of the Google Play link' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(
        DEMO_STORE_LINKS.android,
      ),
    );
    expect(screen.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toBe(
      DEMO_STORE_LINKS.ios,
    );
  });

  it('keeps the badges inert when there is no Urls document', async () => {
    await openLanding({ demoData: false });
    expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
    expectInert('Get it on Google Play');
    expectInert('Download on the App Store');
    expect(screen.queryByRole('img', { name: 'QR code of the Google Play link' })).toBeNull();
  });

  it('keeps the badges inert when the store links cannot be loaded', async () => {
    await navigateToLanding((app) => {
      app.backend.db.outage = true;
    });
    expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
    expectInert('Get it on Google Play');
    expectInert('Download on the App Store');
  });

  it('goes to /signup from "Sign up for web access"', async () => {
    const app = await openLanding();
    // The call to action at the end of the page leads there too.
    expect(screen.getByRole('link', { name: 'Create your free account' }).getAttribute('href')).toBe(
      '/signup',
    );
    const signUp = screen.getByRole('link', { name: 'Sign up for web access' });
    expect(signUp.getAttribute('href')).toBe('/signup');
    await app.user.click(signUp);
    await waitFor(() => expect(pathOf(app)).toBe('/signup'));
    // The sign-up screen is its own chunk: the landing page stays until it has loaded.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign up for web access' })).toBeNull());
  });

  it('answers six questions that open and close, and says the product is free with coins for premium features', async () => {
    const app = await openLanding();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(6);
    for (const question of questions) expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(within(faq).queryAllByRole('region')).toHaveLength(0);

    const free = within(faq).getByRole('button', { name: 'Is RepairMate free to use?' });
    await app.user.click(free);
    expect(free.getAttribute('aria-expanded')).toBe('true');
    const answer = within(faq).getByRole('region', { name: 'Is RepairMate free to use?' });
    expect(answer.textContent).toMatch(/free to download and free for everyday work/);
    expect(answer.textContent).toMatch(/premium features cost coins, which you buy inside the app/);

    await app.user.click(free);
    expect(free.getAttribute('aria-expanded')).toBe('false');
    expect(within(faq).queryByRole('region')).toBeNull();

    // Keyboard: Enter opens the help question, whose answer offers the support e-mail and form.
    const help = within(faq).getByRole('button', { name: 'How do I get help?' });
    help.focus();
    await app.user.keyboard('{Enter}');
    const helpAnswer = within(faq).getByRole('region', { name: 'How do I get help?' });
    expect(within(helpAnswer).getByRole('link', { name: 'support@repairmate.app' })).toBeTruthy();
    expect(within(helpAnswer).getByRole('link', { name: 'support form' }).getAttribute('href')).toBe(
      '/support',
    );
  });

  it('uses the configured product name everywhere', async () => {
    await openLanding({ productName: 'FixDesk' });
    expect(document.title).toBe('FixDesk');
    expect(screen.getByRole('region', { name: 'Why choose FixDesk?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Is FixDesk free to use?' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/RepairMate/);
  });

  it('has no serious or critical accessibility violations', async () => {
    await openLanding();
    await screen.findByRole('img', { name: 'QR code of the Google Play link' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
