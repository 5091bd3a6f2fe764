#!/usr/bin/env node
// `npm run bench:web`: the public pages' and the tracking link's first paint, measured in Debian's
// Chromium on the built offline demo with the CPU slowed 4x (a cheap phone, 390 px). For each page,
// fresh browser profiles (no cache): First Contentful Paint, Largest Contentful Paint, the JavaScript
// fetched by the first paint and in the first 10 s (issue 19's goals). The tracking page is RPR-1001's
// link, found in the demo data (generateDemoData: seeded, so the demo and the emulators share it).
// Prints a table; `--out FILE` writes JSON; `--runs N` (default 5); `--no-build` reuses dist/;
// `--origin URL` measures a running server instead of building (e.g. `npm run start:firebase`, the
// production build on the emulators); `--only LABELS` measures some pages; `--doc FILE` writes the table, with the machine it ran on, into
// FILE between `<!-- bench:web:demo|server:start/end -->` markers (docs/performance.md). A figure, not
// a test: goals are judged on the printed medians.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build, preview, runnerImport } from 'vite';
import { securityHeaders } from './security-headers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(option('--runs', '5'));
const out = option('--out', null);
const doc = option('--doc', null);
/** `--only '/t/$token,/'`: measure these pages alone (a quick look; never with --doc). */
const only = option('--only', null);
if (only !== null && doc !== null) throw new Error('--only measures some pages; --doc needs them all.');
const CPU_SLOWDOWN = 4;
/** How long a visit lasts: the JavaScript goal counts what the page fetched in its first 10 s. */
const WINDOW_MS = 10_000;
/** The console message the page's init script writes when its content has shown. */
const CONTENT_MARK = 'bench:web content shown';
const root = new URL('..', import.meta.url).pathname;

/** RPR-1001's tracking link in the demo data set (the same on the demo and on the emulators). */
async function demoTrackingPath() {
  const { module } = await runnerImport('/src/demo/demo-data.ts', { root, logLevel: 'warn' });
  const data = module.generateDemoData(new Date());
  const repair = data.repairs.find((record) => record.repairId === 'RPR-1001');
  if (typeof repair?.trackingToken !== 'string' || repair.trackingToken === '')
    throw new Error('The demo data has no tracking link for RPR-1001.');
  return `/t/${repair.trackingToken}`;
}

const trackingPath = await demoTrackingPath();
/** Each page, its goal for the largest paint and for the JavaScript of its first 10 s (issue 19). */
const PAGES = [
  // The tracking page has painted what it is for once RPR-1001's heading shows (before, 'Loading…').
  {
    path: trackingPath,
    label: '/t/$token',
    lcpGoalMs: 1000,
    jsGoalKb: 130,
    ready: { selector: 'h1', text: 'RPR-1001' },
  },
  ...['/', '/signin', '/support', '/terms', '/privacy'].map((path) => ({
    path,
    label: path,
    lcpGoalMs: 1500,
    jsGoalKb: 200,
    ready: { selector: 'main h1', text: '' },
  })),
];

const given = option('--origin', null);
let server = null;
let origin = given;
if (origin === null) {
  // Vite's module runner (demoTrackingPath's runnerImport) set NODE_ENV to development: the build
  // would bundle React's development code, several times slower to start (the demo's figures of
  // 2026-11-26's first runs were taken so).
  process.env.NODE_ENV = 'production';
  if (!args.includes('--no-build')) await build({ root, logLevel: 'warn' });
  const port = 4300 + Math.floor(Math.random() * 500);
  server = await preview({
    root,
    preview: { port, strictPort: true, host: '127.0.0.1', headers: securityHeaders({ connect: [] }) },
    logLevel: 'warn',
  });
  origin = `http://127.0.0.1:${port}`;
}
const buildName = given === null ? 'built demo' : `server at ${given}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const browserVersion = browser.version();

/**
 * One cold visit: a fresh profile, CPU slowed, until the page has settled. LCP is read after the
 * page's own content (`ready`: an element with a text, e.g. the tracking page's Repair ID heading) has shown and half a second
 * more has passed, then ended by a click: never the static 'Loading…' of index.html alone. The time
 * the content showed and the element of the largest paint are recorded beside it.
 */
async function visit(path, ready) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(
    (content) => {
      window.__lcp = 0;
      window.__contentMs = 0;
      // When the page's own content first shows, seen by the page itself (a DOM query on each batch of
      // changes, no layout) and told by a console message. Nothing of Playwright runs in the page until
      // half a second later: its locator polls force a layout on every try, and its first evaluation
      // loads its injected script (about 55 ms at 4x CPU), both on the page's main thread while it
      // loads; a phone pays neither.
      const shown = () =>
        [...document.querySelectorAll(content.selector)].some((element) =>
          (element.textContent ?? '').includes(content.text),
        );
      new MutationObserver((_, observer) => {
        if (window.__contentMs === 0 && shown()) {
          window.__contentMs = performance.now();
          observer.disconnect();
          console.debug(content.mark);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
      window.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__lcp = entry.startTime;
          const element = entry.element;
          window.__lcpElement = element
            ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`
            : '(removed)';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    },
    { ...ready, mark: CONTENT_MARK },
  );
  const shown = page.waitForEvent('console', {
    predicate: (message) => message.text() === CONTENT_MARK,
    timeout: 20_000,
  });
  await page.goto(origin + path, { waitUntil: 'load' });
  await shown;
  await page.waitForTimeout(500);
  const contentMs = await page.evaluate(() => window.__contentMs);
  // LCP is final once the visitor interacts; a click on nothing in particular ends it.
  await page.mouse.click(1, 1);
  // Then the rest of the first 10 s: what the page prefetches once idle counts too.
  const elapsed = await page.evaluate(() => performance.now());
  if (elapsed < WINDOW_MS) await page.waitForTimeout(WINDOW_MS - elapsed);
  const figures = await page.evaluate((windowMs) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name));
    const before = scripts.filter((entry) => entry.responseEnd <= fcp);
    const inWindow = scripts.filter((entry) => entry.startTime < windowMs);
    // One file once, however often it was requested (a modulepreload and its import).
    const paths = (entries) => [...new Set(entries.map((entry) => new URL(entry.name).pathname))];
    return {
      fcp,
      lcp: window.__lcp,
      lcpElement: window.__lcpElement,
      scriptsBeforePaint: paths(before),
      scriptsInWindow: paths(inWindow),
    };
  }, WINDOW_MS);
  await context.close();
  const [bytesBeforePaint, bytesInWindow] = await Promise.all([
    gzipBytes(figures.scriptsBeforePaint),
    gzipBytes(figures.scriptsInWindow),
  ]);
  return { ...figures, contentMs, bytesBeforePaint, bytesInWindow };
}

const gzipped = new Map();
/** Paths of fetched scripts that hold the Firebase SDK. */
const sdkFiles = new Set();
/**
 * The files' size gzipped (level 9, as scripts/size-check.mjs counts), fetched again from the server:
 * the same figure whether or not the server compresses (Vite's preview does not).
 */
async function gzipBytes(paths) {
  let total = 0;
  for (const path of paths) {
    if (!gzipped.has(path)) {
      const response = await fetch(origin + path);
      const body = Buffer.from(await response.arrayBuffer());
      gzipped.set(path, gzipSync(body, { level: 9 }).length);
      if (body.toString('utf8').includes('@firebase/app')) sdkFiles.add(path);
    }
    total += gzipped.get(path);
  }
  return total;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const results = [];
try {
  for (const { path, label, lcpGoalMs, jsGoalKb, ready } of PAGES.filter(
    (page) => only === null || only.split(',').includes(page.label),
  )) {
    await visit(path, ready); // warm the server and the disk cache
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await visit(path, ready));
    const last = samples[samples.length - 1];
    const kb = (values) => Math.round(median(values) / 102.4) / 10;
    results.push({
      page: label,
      build: buildName,
      cpuSlowdown: CPU_SLOWDOWN,
      runs,
      fcpMs: Math.round(median(samples.map((s) => s.fcp))),
      lcpMs: Math.round(median(samples.map((s) => s.lcp))),
      lcpGoalMs,
      contentMs: Math.round(median(samples.map((s) => s.contentMs))),
      lcpElement: last.lcpElement,
      scriptsBeforePaint: last.scriptsBeforePaint.length,
      kbBeforePaint: kb(samples.map((s) => s.bytesBeforePaint)),
      backendBeforePaint: last.scriptsBeforePaint.some((name) =>
        /container|boot|firebase|pouchdb/.test(name),
      ),
      scriptsFirst10s: last.scriptsInWindow.length,
      kbFirst10s: kb(samples.map((s) => s.bytesInWindow)),
      jsGoalKb,
      // The SDK registers itself as '@firebase/app', a text no other code of ours holds.
      firestoreSdkFirst10s: last.scriptsInWindow.some((name) => sdkFiles.has(name)),
    });
  }
} finally {
  await browser.close();
  if (server !== null) await new Promise((resolve) => server.httpServer.close(resolve));
}

const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}, Chromium ${browserVersion}`;
const verdict = (met) => (met ? 'met' : 'MISSED');
const table = [
  `${buildName}; Chromium 390 px, CPU ${CPU_SLOWDOWN}x slower, median of ${runs} cold visits; ${new Date().toISOString().slice(0, 10)} on ${machine}.`,
  '',
  '| page | FCP | content shown | LCP | LCP goal | largest paint | JS files in 10 s | JS KB gzip in 10 s | JS goal | Firebase SDK in 10 s |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.page} | ${r.fcpMs} ms | ${r.contentMs} ms | ${r.lcpMs} ms | ${verdict(r.lcpMs <= r.lcpGoalMs)} (≤ ${r.lcpGoalMs} ms) | ${r.lcpElement.replaceAll('|', '/')} | ${r.scriptsFirst10s} | ${r.kbFirst10s} | ${verdict(r.kbFirst10s <= r.jsGoalKb)} (≤ ${r.jsGoalKb}) | ${r.firestoreSdkFirst10s ? 'yes' : 'no'} |`,
  ),
].join('\n');
console.log(`\nFirst paint and JavaScript: ${table}`);
if (doc !== null) {
  // The table between this build's markers in the document (added at its end the first time).
  const name = given === null ? 'demo' : 'server';
  const start = `<!-- bench:web:${name}:start -->`;
  const end = `<!-- bench:web:${name}:end -->`;
  const text = existsSync(doc) ? readFileSync(doc, 'utf8') : '';
  const block = `${start}\n\n${table}\n\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  writeFileSync(
    doc,
    from >= 0 && to > from
      ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}`
      : `${text.trimEnd()}\n\n${block}\n`,
  );
  console.log(`\nWrote the table into ${doc}`);
}
if (out) {
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${out}`);
}
process.exit(0);
