#!/usr/bin/env node
// `npm run bench:web`: the public pages' first paint, measured in Debian's Chromium on the built offline
// demo with the CPU slowed 4x (a mid-range phone). For each page, fresh browser profiles (no cache):
// First Contentful Paint, Largest Contentful Paint, and the JavaScript the page had fetched by its first
// paint. Prints a table; `--out FILE` writes JSON; `--runs N` (default 5); `--no-build` reuses dist/.
// A figure, not a test: the goal (LCP under 1.5 s) is judged on the printed medians.
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { securityHeaders } from './security-headers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(option('--runs', '5'));
const out = option('--out', null);
const CPU_SLOWDOWN = 4;
const LCP_GOAL_MS = 1500;
const PAGES = ['/', '/signin', '/support', '/terms'];
const root = new URL('..', import.meta.url).pathname;

if (!args.includes('--no-build')) await build({ root, logLevel: 'warn' });
const port = 4300 + Math.floor(Math.random() * 500);
const server = await preview({
  root,
  preview: { port, strictPort: true, host: '127.0.0.1', headers: securityHeaders({ connect: [] }) },
  logLevel: 'warn',
});
const origin = `http://127.0.0.1:${port}`;

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

/** One cold visit: a fresh profile, CPU slowed, until the page has settled. */
async function visit(path) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(origin + path, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  // LCP is final once the visitor interacts; a click on nothing in particular ends it.
  await page.mouse.click(1, 1);
  const figures = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name));
    const before = scripts.filter((entry) => entry.responseEnd <= fcp);
    return {
      fcp,
      lcp: window.__lcp,
      scriptsBeforePaint: before.map((entry) => new URL(entry.name).pathname),
      bytesBeforePaint: before.reduce((sum, entry) => sum + (entry.encodedBodySize || entry.transferSize), 0),
      scriptsAll: scripts.length,
    };
  });
  await context.close();
  return figures;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const results = [];
try {
  for (const path of PAGES) {
    await visit(path); // warm the server and the disk cache
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await visit(path));
    const last = samples[samples.length - 1];
    results.push({
      page: path,
      cpuSlowdown: CPU_SLOWDOWN,
      runs,
      fcpMs: Math.round(median(samples.map((s) => s.fcp))),
      lcpMs: Math.round(median(samples.map((s) => s.lcp))),
      scriptsBeforePaint: last.scriptsBeforePaint.length,
      kbBeforePaint: Math.round(median(samples.map((s) => s.bytesBeforePaint)) / 102.4) / 10,
      backendBeforePaint: last.scriptsBeforePaint.some((name) =>
        /container|boot|firebase|pouchdb/.test(name),
      ),
      scriptsAfterSettling: last.scriptsAll,
    });
  }
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}

console.log(
  `\nFirst paint of the public pages: built demo, Chromium, CPU ${CPU_SLOWDOWN}x slower, median of ${runs} cold visits\n`,
);
console.log(
  '| page | FCP | LCP | goal (LCP < 1.5 s) | JS files before first paint | JS KB (compressed) before first paint | backend before first paint |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.page} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.lcpMs < LCP_GOAL_MS ? 'met' : 'MISSED'} | ${r.scriptsBeforePaint} | ${r.kbBeforePaint} | ${r.backendBeforePaint ? 'yes' : 'no'} |`,
  );
if (out) {
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${out}`);
}
process.exit(0);
