import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Debian's Chromium quiet on a machine with no outside network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = resolve(__dirname, '../screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A fresh browser profile (its own IndexedDB, so the demo data loads anew), at a viewport, that fails
 * the test on any page error or console error.
 */
export async function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
}

export interface Problems {
  readonly errors: string[];
}

/** Collects uncaught page errors and console errors, which every test expects to be empty. */
export function watchProblems(page: Page): Problems {
  const problems: Problems = { errors: [] };
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
  });
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(resolve(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly string[];
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((node) => node.target.join(' ')),
      }),
    );
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Signs in through the real form and waits for the dashboard. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password = 'Demo@1234',
): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/dashboard**`);
}
