import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectedHeaders, freshData } from './support/backend';
import {
  audit,
  fillSignUpForm,
  launchBrowser,
  logOut,
  newContext,
  openTab,
  shown,
  signIn,
  type Tab,
} from './support/browser';

/**
 * The page's own defences in a real browser: the security headers, a Content-Security-Policy that
 * blocks inline and eval'd script (and that the app itself never trips: every other test fails on a
 * violation), and the phone check that opens a customer's repairs.
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

describe('security headers', () => {
  it('come with every page, deep links and assets included', async () => {
    const expected = expectedHeaders();
    const index = await fetch(`${baseUrl}/dashboard`);
    const html = await index.text();
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const path of ['/', '/dashboard', '/t/some-token', script as string]) {
      const response = await fetch(`${baseUrl}${path}`);
      for (const [name, value] of Object.entries(expected))
        expect({ path, [name]: response.headers.get(name) }).toEqual({ path, [name]: value });
    }
    expect(expected['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(expected['Content-Security-Policy']).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('make the browser refuse inline script, inline handlers and data: script (and report it)', async () => {
    const context = await newContext(browser, 'desktop');
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation')) violations.push(message.text());
    });
    await page.goto(`${baseUrl}/`);
    await shown(page.getByRole('heading', { level: 1 }));
    const ran = await page.evaluate(async () => {
      const flags = window as unknown as Record<string, boolean | undefined>;
      // Each of the three attempts ends in a report of the policy (or, were it allowed, in running):
      // the check reads the flags once the three reports are in, or after 10 s without them.
      let reports = 0;
      const reported = new Promise((resolve) => {
        document.addEventListener('securitypolicyviolation', () => {
          reports += 1;
          if (reports === 3) resolve(undefined);
        });
        setTimeout(resolve, 10_000);
      });
      const inline = document.createElement('script');
      inline.textContent = 'window.__inlineRan = true;';
      document.body.append(inline);
      const fromData = document.createElement('script');
      fromData.src = 'data:text/javascript,window.__dataRan=true';
      document.body.append(fromData);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.__handlerRan = true');
      image.src = 'data:image/png;base64,AAAA';
      document.body.append(image);
      await reported;
      return [flags.__inlineRan, flags.__dataRan, flags.__handlerRan].filter(Boolean).length;
    });
    expect(ran).toBe(0);
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(3);
    expect(violations.join('\n')).toMatch(/script-src-elem/);
    expect(violations.join('\n')).toMatch(/script-src-attr/);
    await context.close();
  });
});

describe('a customer proves their mobile number before their repairs open', () => {
  let tab: Tab;
  beforeAll(async () => {
    tab = await openTab(browser, 'phone');
  });
  afterAll(async () => {
    await tab?.context.close();
  });

  /** Signs up a customer on the web (the number typed, not proved) and signs in. */
  async function newCustomer(email: string, mobile: string): Promise<void> {
    const { page } = tab;
    await page.goto(`${baseUrl}/signup`);
    await fillSignUpForm(page, { type: 'User', email, password: 'Secret#2026', name: 'Neha Kapoor', mobile });
    await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${baseUrl}/signin`, { timeout: 15_000 });
    await signIn(page, baseUrl, email, 'Secret#2026');
  }

  /** The latest code the demo texted, read from /demo/messages in a second tab of the same browser. */
  async function latestCode(): Promise<string> {
    const inbox = await tab.context.newPage();
    await inbox.goto(`${baseUrl}/demo/messages`);
    const code = await shown(inbox.getByRole('article').first().locator('.font-mono'));
    const text = (await code.textContent()) ?? '';
    await audit(inbox, 'demo-messages-phone');
    await inbox.close();
    return text.trim();
  }

  it('asks a new customer to verify, texts a code, and opens the tracker once it is typed', async () => {
    const { page } = tab;
    await newCustomer('neha.e2e@example.com', '91234 00099');
    await shown(page.getByRole('heading', { name: 'Verify your mobile number' }));
    expect(await page.getByLabel(/^Mobile number/).inputValue()).toBe('9123400099');
    expect(await page.getByLabel(/^Enter Repair ID/).count()).toBe(0);
    const step1 = await audit(page, 'tracker-verify-number-phone');
    expect(step1.violations).toEqual([]);
    expect(step1.overflow).toBe(0);
    await page.getByRole('button', { name: 'Send code' }).click();
    await shown(page.getByText('We sent a 6-digit code to +91 91234 00099.'));
    const step2 = await audit(page, 'tracker-verify-code-phone');
    expect(step2.violations).toEqual([]);
    await page.getByLabel(/^6-digit code/).fill(await latestCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await shown(page.getByLabel(/^Enter Repair ID/));
    await shown(page.getByText('+91 91234 00099'));
    await page.reload();
    await shown(page.getByLabel(/^Enter Repair ID/));
    expect(tab.problems.errors).toEqual([]);
    await logOut(page, baseUrl);
  });

  it("refuses someone who typed Asha's number: it is verified on her account, and RPR-1001 stays closed", async () => {
    const { page } = tab;
    await newCustomer('claude.e2e@example.com', '9876543210');
    await page.getByRole('button', { name: 'Send code' }).click();
    await shown(page.getByText('We sent a 6-digit code to +91 98765 43210.'));
    await page.getByLabel(/^6-digit code/).fill(await latestCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await shown(page.getByText('This mobile number is already verified on another account.'));
    expect(await page.getByLabel(/^Enter Repair ID/).count()).toBe(0);
    expect(tab.problems.errors).toEqual([]);
    await logOut(page, baseUrl);
  });

  it('opens the tracker at once for Asha, whose number the demo data has verified', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'customer@demo.test');
    await shown(page.getByLabel(/^Enter Repair ID/));
    expect(await page.getByRole('heading', { name: 'Verify your mobile number' }).count()).toBe(0);
    await logOut(page, baseUrl);
  });

  it('shows the verification step on a desktop window too', async () => {
    const desktop = await openTab(browser, 'desktop');
    const { page } = desktop;
    await page.goto(`${baseUrl}/signup`);
    await fillSignUpForm(page, {
      type: 'User',
      email: 'ravi.e2e@example.com',
      password: 'Secret#2026',
      name: 'Ravi Kumar',
      mobile: '9123400098',
    });
    await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${baseUrl}/signin`, { timeout: 15_000 });
    await signIn(page, baseUrl, 'ravi.e2e@example.com', 'Secret#2026');
    await page.getByRole('button', { name: 'Send code' }).click();
    await shown(page.getByText(/We sent a 6-digit code/));
    const shot = await audit(page, 'tracker-verify-code-desktop');
    expect(shot.violations).toEqual([]);
    expect(desktop.problems.errors).toEqual([]);
    await desktop.context.close();
  });
});
