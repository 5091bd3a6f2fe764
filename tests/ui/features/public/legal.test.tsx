import { waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { pathOf, renderApp, screen } from '../../render-app';

const TERMS_SECTIONS = [
  '1. Acceptance of Terms',
  '2. Description of the Service',
  '3. Your Account',
  '4. Privacy',
  '5. Acceptable Use',
  '6. Payment Terms',
  '7. Termination',
  '8. Data Portability',
  '9. Changes to These Terms',
  '10. Contact Us',
];

const PRIVACY_SECTIONS = [
  '1. Information We Collect',
  '2. Photo Permission',
  '3. How We Use Your Information',
  '4. Data Security',
  '5. Sharing Your Information',
  '6. Your Rights',
  '7. Account Deletion',
  '8. Children’s Privacy',
  '9. Changes to This Policy',
  '10. Contact Us',
];

function sectionText(title: string): string {
  return screen.getByRole('region', { name: title }).textContent ?? '';
}

function expectTableOfContents(titles: readonly string[]) {
  const toc = screen.getByRole('navigation', { name: 'On this page' });
  const links = within(toc).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(titles);
  for (const [index, link] of links.entries()) {
    const anchor = link.getAttribute('href') ?? '';
    expect(anchor).toMatch(/^#[a-z-]+$/);
    const section = document.getElementById(anchor.slice(1));
    expect(section).not.toBeNull();
    expect(within(section as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(titles[index]);
  }
}

async function expectNoSeriousAxeViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('/terms', () => {
  it('has ten numbered sections, a table of contents and a last-updated date', async () => {
    await renderApp({ path: '/terms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(document.title).toBe('Terms and Conditions · RepairMate');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(TERMS_SECTIONS);
    expectTableOfContents(TERMS_SECTIONS);
    const updated = screen.getByText(/Last updated:/);
    expect(updated.textContent).toBe('Last updated: 1 November 2026');
    expect(updated.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-01');
  });

  it('states account deletion and data export within 30 days, coins for premium features, and how to reach us', async () => {
    await renderApp({ path: '/terms' });
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    expect(sectionText('3. Your Account')).toMatch(/delete your account at any time/);
    expect(sectionText('3. Your Account')).toMatch(/within 30 days/);
    expect(sectionText('8. Data Portability')).toMatch(/export/);
    expect(sectionText('8. Data Portability')).toMatch(/within 30 days/);
    expect(sectionText('6. Payment Terms')).toMatch(/free to download and free to use/);
    expect(sectionText('6. Payment Terms')).toMatch(
      /premium features cost\s+coins, which you buy inside the app/,
    );
    const contact = screen.getByRole('region', { name: '10. Contact Us' });
    expect(within(contact).getByRole('link', { name: 'support@repairmate.app' }).getAttribute('href')).toBe(
      'mailto:support@repairmate.app',
    );
    expect(within(contact).getByRole('link', { name: 'support form' }).getAttribute('href')).toBe('/support');
    const privacy = screen.getByRole('region', { name: '4. Privacy' });
    expect(within(privacy).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('uses the configured product name', async () => {
    await renderApp({ path: '/terms', productName: 'FixDesk' });
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    expect(document.title).toBe('Terms and Conditions · FixDesk');
    expect(sectionText('2. Description of the Service')).toMatch(
      /FixDesk is a repair-shop management platform/,
    );
    expect(document.body.textContent).not.toMatch(/RepairMate/);
  });

  it('links to the Privacy Policy at the end', async () => {
    const app = await renderApp({ path: '/terms' });
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    const article = screen.getByRole('article');
    const links = within(article).getAllByRole('link', { name: 'Privacy Policy' });
    await app.user.click(links[links.length - 1] as HTMLElement);
    await waitFor(() => expect(pathOf(app)).toBe('/privacy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
  });

  it('has no serious or critical accessibility violations', async () => {
    await renderApp({ path: '/terms' });
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    await expectNoSeriousAxeViolations();
  });
});

describe('/privacy', () => {
  it('has ten numbered sections, a table of contents and a last-updated date', async () => {
    await renderApp({ path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(document.title).toBe('Privacy Policy · RepairMate');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(PRIVACY_SECTIONS);
    expectTableOfContents(PRIVACY_SECTIONS);
    expect(screen.getByText(/Last updated:/).textContent).toBe('Last updated: 1 November 2026');
  });

  it('explains deletion via Profile > Delete Account within 30 days, and excludes children under 13', async () => {
    await renderApp({ path: '/privacy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const deletion = sectionText('7. Account Deletion');
    expect(deletion).toContain('Profile > Delete Account');
    expect(deletion).toMatch(/within 30 days/);
    expect(sectionText('8. Children’s Privacy')).toMatch(/not meant for children under 13/);
    expect(sectionText('2. Photo Permission')).toMatch(/camera and photos/);
    expect(sectionText('3. How We Use Your Information')).toMatch(/do not sell your personal information/);
    const contact = screen.getByRole('region', { name: '10. Contact Us' });
    expect(within(contact).getByRole('link', { name: 'support@repairmate.app' }).getAttribute('href')).toBe(
      'mailto:support@repairmate.app',
    );
  });

  it('links to the Terms and Conditions at the end', async () => {
    const app = await renderApp({ path: '/privacy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    await app.user.click(
      within(screen.getByRole('article')).getByRole('link', { name: 'Terms and Conditions' }),
    );
    await waitFor(() => expect(pathOf(app)).toBe('/terms'));
  });

  it('has no serious or critical accessibility violations', async () => {
    await renderApp({ path: '/privacy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    await expectNoSeriousAxeViolations();
  });
});
