import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

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
 * the test on any page error or console error, a Content-Security-Policy violation included (each is
 * reported as a console error, with what was blocked and where).
 */
export async function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // The app's CSS honours it (styles.css): no colour caught half-way through a transition when a
    // check reads the page (a busy button turning back to idle measured at 4.4:1 under load).
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return context;
}

export interface Problems {
  readonly errors: string[];
}

/**
 * Firebase Authentication answers a refusal (a wrong password, a spent reset code) with HTTP 400, which
 * the browser logs as a failed resource: an expected answer, not a problem. Any other failure counts.
 */
const isAuthRefusal = (text: string, url: string) =>
  /status of 400/.test(text) && /\/identitytoolkit\.googleapis\.com\/v1\/accounts:/.test(url);

/**
 * The public pages' REST reader (issue 19) asks Firestore for documents that may not exist (an invoice
 * not issued yet, an unknown link, a store without a profile): HTTP 404 is its "no such document" answer,
 * which the browser logs as a failed resource. Any other status, or a 404 elsewhere, counts.
 */
const isMissingDocument = (text: string, url: string) =>
  /status of 404/.test(text) && /\/v1\/projects\/[^/]+\/databases\/\(default\)\/documents\//.test(url);

/** Collects uncaught page errors and console errors, which every test expects to be empty. */
export function watchProblems(page: Page): Problems {
  const problems: Problems = { errors: [] };
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed resource names itself only in the message's location.
    const { url } = message.location();
    if (isAuthRefusal(message.text(), url ?? '') || isMissingDocument(message.text(), url ?? '')) return;
    problems.errors.push(`console: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  return problems;
}

/**
 * Saves e2e/screenshots/<name>.png: the whole page from the top (sticky headers in place), or with
 * `fullPage: false` what the viewport shows as it stands (for dialogs and overlays, which cover the
 * viewport only).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage });
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

/**
 * Runs axe-core in the page; returns the serious and critical violations. axe is evaluated through the
 * browser's debugging protocol rather than added as a <script>: the page's Content-Security-Policy
 * rightly refuses inline scripts.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
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
  // Owners and staff of a store go on from /dashboard to their board at /shop.
  await page.waitForURL(
    (url) => url.href.startsWith(`${baseUrl}/dashboard`) || url.href.startsWith(`${baseUrl}/shop`),
  );
}

/** How long a test waits for something to appear before it fails. */
export const WAIT_MS = 10_000;

/** One browser profile with one page, watched for errors. */
export interface Tab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: Problems;
}

/** A fresh profile (demo data loads anew) with one page, watched for page and console errors. */
export async function openTab(browser: Browser, viewport: ViewportName = 'desktop'): Promise<Tab> {
  const context = await newContext(browser, viewport);
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

/** Waits until the locator shows (and so asserts it does); returns it for chaining. */
export async function shown<
  L extends { waitFor(options: { state: 'visible'; timeout?: number }): Promise<void> },
>(locator: L, timeout = WAIT_MS): Promise<L> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** How many CSS pixels the page is wider than the viewport (0 when nothing overflows sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Waits for web fonts and the images in view, so that a screenshot shows the page as a visitor sees it. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = Array.from(document.images).filter(
      (image) => !image.complete && image.loading !== 'lazy',
    );
    const loaded = Promise.all(
      pending.map(
        (image) =>
          new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))]);
    // No CSS transition still running (a check must read the colours the page settles on; a spinner's
    // endless animation is not waited for), and two frames painted after it.
    const deadline = Date.now() + 3000;
    const transitioning = () =>
      document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && 'transitionProperty' in animation);
    while (Date.now() < deadline && transitioning()) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Waits until nothing on the page has changed for `quietMs` (no DOM mutation), at most `WAIT_MS`: what
 * the page's reads bring has been drawn. For checks that something does not show, in place of a fixed
 * pause: on a loaded machine the page keeps changing for longer, and the wait with it.
 */
export async function domSettled(page: Page, quietMs = 500): Promise<void> {
  await page.evaluate(
    ([quiet, limit]) =>
      new Promise<void>((resolve) => {
        const deadline = Date.now() + limit;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const observer = new MutationObserver(() => restart());
        const done = () => {
          observer.disconnect();
          resolve();
        };
        const restart = () => {
          clearTimeout(timer);
          timer = setTimeout(done, Math.max(0, Math.min(quiet, deadline - Date.now())));
        };
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
        restart();
      }),
    [quietMs, WAIT_MS] as const,
  );
}

export interface Audit {
  readonly violations: AxeViolation[];
  readonly overflow: number;
}

/**
 * Checks a page as it stands: serious axe-core violations, horizontal overflow, then saves a screenshot
 * as e2e/screenshots/<name>.png (full page unless `fullPage: false`).
 */
export async function audit(page: Page, name: string, { fullPage = true } = {}): Promise<Audit> {
  await settled(page);
  const overflow = await horizontalOverflow(page);
  const violations = await seriousA11yViolations(page);
  await screenshot(page, name, { fullPage });
  return { violations, overflow };
}

/**
 * Records whether any of `texts` ever appears on the page, however briefly (a MutationObserver installed
 * before the page's own scripts run). Call before navigating; the returned function reads what was seen.
 */
export async function recordTexts(page: Page, texts: readonly string[]): Promise<() => Promise<string[]>> {
  await page.addInitScript(
    (wanted: string[]) => {
      const seen = new Set<string>();
      Object.assign(window, { __e2eSeenTexts: seen });
      const check = () => {
        const text = document.body?.textContent ?? '';
        for (const each of wanted) if (text.includes(each)) seen.add(each);
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    },
    [...texts],
  );
  return () =>
    page.evaluate(() => [...((window as unknown as { __e2eSeenTexts?: Set<string> }).__e2eSeenTexts ?? [])]);
}

/** Signs out with the Logout button of the page shown, and waits for /signin. */
export async function logOut(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${baseUrl}/signin`);
}

/** A computed colour of an element (e.g. 'borderTopColor') as [r, g, b], whatever CSS colour space it uses. */
export async function rgbOf(
  locator: Locator,
  property: 'color' | 'backgroundColor' | 'borderTopColor',
): Promise<[number, number, number]> {
  return locator.evaluate((element, name: 'color' | 'backgroundColor' | 'borderTopColor') => {
    const context = document.createElement('canvas').getContext('2d');
    if (context === null) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(element)[name];
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, property);
}

/** Which hue family an [r, g, b] colour belongs to, for asserting "a green border" or "a yellow badge". */
export function hueName([r, g, b]: readonly [number, number, number]): 'green' | 'yellow' | 'other' {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const delta = max - min;
  const lightness = (max + min) / 2;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  if (saturation < 0.25) return 'other';
  let hue =
    max === red
      ? ((green - blue) / delta) % 6
      : max === green
        ? (blue - red) / delta + 2
        : (red - green) / delta + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue >= 90 && hue <= 175) return 'green';
  if (hue >= 35 && hue < 70) return 'yellow';
  return 'other';
}

export interface SignUpValues {
  readonly type: 'User' | 'Distributor';
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly mobile: string;
}

/** Fills the sign-up form (account type and every field); the address is a fixed valid one. */
export async function fillSignUpForm(page: Page, values: SignUpValues): Promise<void> {
  await page.getByRole('radio', { name: values.type }).check();
  await page.getByLabel(/^Email/).fill(values.email);
  await page.getByLabel(/^Password/).fill(values.password);
  await page.getByLabel(/^Full Name/).fill(values.name);
  await page.getByLabel(/^Mobile Number/).fill(values.mobile);
  await page.getByLabel(/^Address/).fill('12 MG Road');
  await page.getByLabel(/^City/).fill('Pune');
  await page.getByLabel(/^State/).fill('Maharashtra');
  await page.getByLabel(/^Pincode/).fill('411001');
}
