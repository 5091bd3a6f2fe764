import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_STORE_LINKS, generateDemoData } from '../src/demo/demo-data';
import { backend, freshData } from './support/backend';
import { launchBrowser, screenshot, settled, shown, signIn, WAIT_MS } from './support/browser';

/**
 * Issue 19 on the production build (the Firebase emulators): what a visitor who has not signed in
 * downloads. RPR-1001's tracking link, opened in a fresh profile on a 390 px phone, shows the repair
 * with at most 130 KB gzip of JavaScript, none of it the Firebase SDK, reading Firestore with plain
 * GETs; the landing page shows its app-store links with at most 200 KB and no SDK; neither registers
 * the service worker. Signing in warms the app up (the SDK, the other screens, the worker).
 * The sizes are counted as scripts/size-check.mjs and `npm run bench:web` count them (gzip level 9).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let token = '';

interface Visit {
  readonly page: Page;
  /** Every script the page fetched, by path. */
  readonly scripts: Set<string>;
  /** Every request to Firestore: method and path. */
  readonly firestore: string[];
  close(): Promise<void>;
}

async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const scripts = new Set<string>();
  const firestore: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(baseUrl).origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    if (/\/v1\/projects\/|google\.firestore\.v1/.test(url.pathname))
      firestore.push(`${request.method()} ${decodeURIComponent(url.pathname)}`);
  });
  await page.goto(baseUrl + path);
  return { page, scripts, firestore, close: () => context.close() };
}

/**
 * The scripts' size gzipped (level 9) and which hold the Firebase SDK (the SDK registers itself under
 * the name '@firebase/app', a text no other code of ours contains).
 */
async function weigh(scripts: Iterable<string>): Promise<{ kb: number; sdk: string[] }> {
  let bytes = 0;
  const sdk: string[] = [];
  for (const path of scripts) {
    const body = new Uint8Array(await (await fetch(baseUrl + path)).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
    if (new TextDecoder().decode(body).includes('@firebase/app')) sdk.push(path);
  }
  return { kb: bytes / 1024, sdk };
}

/** Lets the page do what it does once idle (it must fetch nothing more for a visitor). */
const idle = (page: Page) => page.waitForTimeout(3000);

describe.runIf(backend() === 'firebase')(
  'a visitor of the production build downloads their page only',
  () => {
    beforeAll(async () => {
      await freshData();
      const link = generateDemoData(new Date()).shop?.trackingLinks.find(
        (l) => l.repairDocId === 'repair-1001',
      );
      if (!link) throw new Error('the demo data gives RPR-1001 a tracking link');
      token = link.token;
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("opens RPR-1001's tracking link with at most 130 KB of JavaScript, no SDK, plain GETs", async () => {
      const tab = await visit(`/t/${token}`);
      try {
        await shown(tab.page.getByRole('heading', { level: 1, name: 'RPR-1001' }));
        await shown(tab.page.getByText('Sharma Mobile Care').first());
        await idle(tab.page);
        await settled(tab.page);
        await screenshot(tab.page, 'issue19-tracking-390');
        const { kb, sdk } = await weigh(tab.scripts);
        expect(sdk).toEqual([]);
        expect(kb).toBeLessThanOrEqual(130);
        // The link, its store's profile and its invoice copy (none yet): GETs of single documents.
        expect(tab.firestore.length).toBeGreaterThanOrEqual(2);
        for (const request of tab.firestore)
          expect(request).toMatch(
            /^GET \/v1\/projects\/[^/]+\/databases\/\(default\)\/documents\/(tracking|storeProfiles)\//,
          );
        expect(tab.firestore).toContain(
          `GET /v1/projects/demo-repairmate/databases/(default)/documents/tracking/${token}`,
        );
        expect(
          await tab.page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
        ).toBe(0);
      } finally {
        await tab.close();
      }
    });

    it('shows the landing page with its app-store links, at most 200 KB of JavaScript and no SDK', async () => {
      const tab = await visit('/');
      try {
        const play = await shown(tab.page.getByRole('link', { name: /Get it on Google Play/ }));
        await expect.poll(() => play.getAttribute('href')).toBe(DEMO_STORE_LINKS.android);
        await idle(tab.page);
        const { kb, sdk } = await weigh(tab.scripts);
        expect(sdk).toEqual([]);
        expect(kb).toBeLessThanOrEqual(200);
        expect(tab.firestore.every((request) => request.startsWith('GET /v1/projects/'))).toBe(true);
        expect(
          await tab.page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
        ).toBe(0);
      } finally {
        await tab.close();
      }
    });

    it('warms up once the visitor signs in: the SDK, every screen and the offline copy', async () => {
      const tab = await visit('/');
      try {
        await shown(tab.page.getByRole('heading', { level: 1 }));
        await signIn(tab.page, baseUrl, 'owner01@demo.test');
        await expect
          .poll(() => tab.page.evaluate(() => document.documentElement.dataset.offlineReady), {
            timeout: 60_000,
          })
          .toBe('true');
        const { sdk } = await weigh(tab.scripts);
        expect(sdk.length).toBeGreaterThan(0);
      } finally {
        await tab.close();
      }
    });
  },
);
