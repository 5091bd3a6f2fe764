#!/usr/bin/env node
// `npm run test:size`: builds the offline demo and checks what each route downloads.
//  - the JavaScript `/` loads before any lazy import (the entry chunk and what it imports statically)
//    must stay within 120 KB gzip;
//  - each route's own chunk (its screen) within 60 KB gzip;
//  - the public pages (/, /signin, /support, /terms, /privacy) must not, before their first paint, load a
//    dashboard, the demo bar or its dialog, or a backend: checked on the modules of the chunks they load.
// And on the production build (VITE_BACKEND=firebase, built into dist-size/ with a placeholder
// project), what a visitor downloads when nothing else is fetched (issue 19; src/ui/routing/warm-up.ts):
//  - `/t/$token`: the entry, the tracking screen and the public reads (src/app/containers/public-boot.ts) at
//    most 130 KB gzip (`/` counts the public reads too: its store links), with no Firebase SDK, no zod, no container and no other backend among them;
//  - `/`, `/signin`, `/support`, `/terms`, `/privacy`: the entry and the screen at most 200 KB gzip.
// `npm run bench:web` measures the same pages in Chromium (every script of the first 10 s).
// It prints the tables; `--no-build` checks an existing dist/ (the production build is always made).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const INITIAL_BUDGET_KB = 120;
export const ROUTE_BUDGET_KB = 60;
export const TRACKING_BUDGET_KB = 130;
export const PUBLIC_PAGE_BUDGET_KB = 200;
const PRODUCTION_PUBLIC_PAGES = ['/', '/signin', '/support', '/terms', '/privacy'];
/** The pages that read data (the landing page's store links, the tracking link): with the public reads. */
const READS_PUBLIC = ['/', '/t/$token'];
/** What the tracking page of the production build must not download. */
const NOT_ON_TRACKING_PAGE = [
  {
    pattern: /node_modules\/(firebase|@firebase|pouchdb|inversify|zod)\//,
    what: 'a backend or schema library',
  },
  // The public reads' own wiring (containers/public-boot.ts) is the page's; any other container is not.
  { pattern: /src\/(app\/containers\/(?!public-boot\.ts)|app\/boot|app\/config)/, what: 'the full backend' },
];
const PUBLIC_ROUTES = ['/', '/signin', '/support', '/terms', '/privacy', '/t/$token'];
/** Modules a public page must not load before its first paint. */
const NOT_BEFORE_FIRST_PAINT = [
  // The dashboards' views, what src/ui/pages/dashboard/ held before the features: /dashboard's page, the
  // admin's, the distributor's wallet, the customer's tracker (its phone check, photos, search and
  // details), the staff invitations panel. A feature's routes.ts and queries.ts are the router's, as
  // src/ui/routing and src/ui/queries were.
  {
    pattern:
      /src\/ui\/features\/(dashboard\/(dashboard-page|coming-soon)|admin\/(admin-dashboard|business-list|counters|performance-card)|wallet\/distributor-dashboard|tracker\/(phone-verification|repair-photos|repair-tracker|repair-details|repair-search)|shop\/staff\/staff-invitations)\./,
    what: 'a dashboard',
  },
  { pattern: /src\/ui\/features\/demo\/demo-bar/, what: 'the demo bar' },
  { pattern: /@radix-ui\/react-dialog/, what: 'the dialog library' },
  // The REST address builder is the first script's (a tracking link's GET starts before the app loads).
  {
    pattern: /src\/(adapters\/(?!firebase\/firestore-rest-url\.ts)|app\/containers|app\/boot)/,
    what: 'a backend',
  },
  { pattern: /node_modules\/(firebase|@firebase|pouchdb|inversify)/, what: 'a backend library' },
];

const root = new URL('..', import.meta.url).pathname;
const kb = (bytes) => bytes / 1024;

if (!process.argv.includes('--no-build')) await build({ root, logLevel: 'warn', build: { manifest: true } });
const PRODUCTION_DIST = 'dist-size';
Object.assign(process.env, {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'size-check-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-size-check.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-size-check',
  NODE_ENV: 'production',
});
await build({
  root,
  mode: 'production',
  logLevel: 'warn',
  build: { outDir: PRODUCTION_DIST, emptyOutDir: true, manifest: true },
});

/** A build's manifest, file sizes (raw, gzip level 9), modules and static-import closures. */
function readBuild(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const bytes = readFileSync(join(dist, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const modulesOf = (file) => {
    try {
      return JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')).sources;
    } catch {
      return [];
    }
  };
  /** The chunk keys a chunk loads with it: itself and its static imports, transitively. */
  const closure = (key, into = new Set()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (keys) =>
    [...keys].reduce(
      (sum, key) => {
        const size = sizeOf(manifest[key].file);
        return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
      },
      { raw: 0, gzip: 0 },
    );
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  /** What every page loads before its screen: the first script and its static imports. */
  // React, the router and the UI: the chunk vite.config.ts names 'app' (render-app.tsx is in it).
  const appKey = Object.keys(manifest).find((key) => manifest[key].name === 'app' && !manifest[key].src);
  const startup = () => (appKey === undefined ? closure(entryKey) : closure(appKey, closure(entryKey)));
  return { manifest, sizeOf, modulesOf, closure, total, entryKey, startup };
}

const { manifest, sizeOf, modulesOf, closure, total, startup } = readBuild(join(root, 'dist'));
const problems = [];
const initial = startup();
const initialSize = total(initial);

// The routes and the screen each loads lazily, as src/ui/routing/screens.ts lists them.
const screensText = readFileSync(join(root, 'src/ui/routing/screens.ts'), 'utf8');
const routes = [...screensText.matchAll(/'(\/[^']*)': \(\) => import\('\.\.\/(features\/[^']+)'\)/g)].map(
  ([, path, module]) => ({ path, key: `src/ui/${module}.tsx` }),
);
if (routes.length < 10) problems.push(`found only ${routes.length} routes in src/ui/routing/screens.ts`);

const rows = [];
for (const { path, key } of routes) {
  const chunk = manifest[key];
  if (chunk === undefined) {
    problems.push(`${path}: no chunk of its own for ${key} (is it imported statically somewhere?)`);
    continue;
  }
  const own = sizeOf(chunk.file);
  const loads = closure(key);
  const shared = total([...loads].filter((k) => k !== key && !initial.has(k)));
  rows.push({ path, file: chunk.file, own, shared, firstPaint: total(new Set([...initial, ...loads])) });
  if (kb(own.gzip) > ROUTE_BUDGET_KB)
    problems.push(`${path}: its chunk is ${kb(own.gzip).toFixed(1)} KB gzip (budget ${ROUTE_BUDGET_KB} KB)`);
  if (PUBLIC_ROUTES.includes(path)) {
    for (const k of new Set([...initial, ...loads])) {
      for (const module of modulesOf(manifest[k].file)) {
        const rule = NOT_BEFORE_FIRST_PAINT.find(({ pattern }) => pattern.test(module));
        if (rule) problems.push(`${path} loads ${rule.what} before its first paint: ${module}`);
      }
    }
  }
}
if (kb(initialSize.gzip) > INITIAL_BUDGET_KB)
  problems.push(
    `/ loads ${kb(initialSize.gzip).toFixed(1)} KB gzip of JavaScript before any lazy import (budget ${INITIAL_BUDGET_KB} KB)`,
  );

// The production build: what each public page and the tracking page download, nothing else fetched.
const production = readBuild(join(root, PRODUCTION_DIST));
const productionInitial = production.startup();
const productionRows = [];
for (const { path, key } of routes) {
  const isTracking = path === '/t/$token';
  if (!isTracking && !PRODUCTION_PUBLIC_PAGES.includes(path)) continue;
  if (production.manifest[key] === undefined) {
    problems.push(`${path}: no chunk of its own for ${key} in the production build`);
    continue;
  }
  const keys = new Set([...productionInitial, ...production.closure(key)]);
  if (READS_PUBLIC.includes(path))
    for (const k of production.closure('src/app/containers/public-boot.ts')) keys.add(k);
  const size = production.total(keys);
  const budget = isTracking ? TRACKING_BUDGET_KB : PUBLIC_PAGE_BUDGET_KB;
  productionRows.push({ path, files: keys.size, size, budget });
  if (kb(size.gzip) > budget)
    problems.push(
      `${path} on the production build downloads ${kb(size.gzip).toFixed(1)} KB gzip of JavaScript (budget ${budget} KB)`,
    );
  if (isTracking)
    for (const k of keys)
      for (const module of production.modulesOf(production.manifest[k].file)) {
        const rule = NOT_ON_TRACKING_PAGE.find(({ pattern }) => pattern.test(module));
        if (rule) problems.push(`${path} on the production build loads ${rule.what}: ${module}`);
      }
}
if (!productionRows.some((row) => row.path === '/t/$token'))
  problems.push('the tracking page (/t/$token) was not measured on the production build');

const fmt = (size) => `${kb(size.raw).toFixed(1).padStart(7)} KB  ${kb(size.gzip).toFixed(1).padStart(6)} KB`;
console.log(`\nJavaScript sizes of the built demo (raw, gzip level 9)\n`);
console.log(
  `initial (entry + static imports, ${initial.size} chunks): ${fmt(initialSize)}   budget ${INITIAL_BUDGET_KB} KB gzip`,
);
console.log(
  `\n${'route'.padEnd(22)} ${'own chunk (raw, gzip)'.padEnd(24)} ${'+ shared chunks'.padEnd(20)} ${'first paint total'.padEnd(20)}`,
);
for (const row of rows)
  console.log(
    `${row.path.padEnd(22)} ${fmt(row.own).padEnd(24)} ${fmt(row.shared).padEnd(20)} ${fmt(row.firstPaint)}`,
  );
console.log(`\nroute budget: ${ROUTE_BUDGET_KB} KB gzip for a route's own chunk`);
console.log(
  `\nThe production build (Firebase): all the JavaScript a visitor downloads (raw, gzip level 9)\n\n${'page'.padEnd(22)} ${'files'.padEnd(6)} ${'total (raw, gzip)'.padEnd(24)} budget`,
);
for (const row of productionRows)
  console.log(
    `${row.path.padEnd(22)} ${String(row.files).padEnd(6)} ${fmt(row.size).padEnd(24)} ${row.budget} KB gzip`,
  );

if (problems.length > 0) {
  console.error(`\nSize check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log('\nSize check passed.');
