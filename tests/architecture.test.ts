import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The dependency rules of the hexagon, checked on every import of every source file. */

const SRC = resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

interface Import {
  readonly file: string;
  readonly specifier: string;
  /** For relative imports: the imported path relative to src/, e.g. "adapters/memory/x". */
  readonly target: string | null;
  /** import('…'): a chunk of its own, loaded on demand. */
  readonly dynamic: boolean;
  /** `import type` / `export type`: erased from the build. */
  readonly typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    const target = specifier.startsWith('.') ? relative(SRC, resolve(dirname(file), specifier)) : null;
    found.push({
      file: relative(SRC, file),
      specifier,
      target,
      dynamic: match[2] !== undefined,
      typeOnly: /^\s*(import|export)\s+type\s/.test(match[0]),
    });
  }
  return found;
}

const all = sourceFiles(SRC).flatMap(importsOf);
const layerOf = (path: string) => path.split('/')[0] ?? '';
const FRAMEWORKS =
  /^(react|react-dom|react\/.*|firebase|firebase\/.*|@firebase\/.*|pouchdb.*|inversify|@inversifyjs\/.*|@tanstack\/.*)$/;

describe('architecture', () => {
  it('finds the sources', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it('keeps src/domain and src/ports pure: no frameworks, nothing from adapters, ui or app', () => {
    const offending = all
      .filter((i) => ['domain', 'ports'].includes(layerOf(i.file)))
      .filter(
        (i) =>
          FRAMEWORKS.test(i.specifier) ||
          (i.target !== null && ['adapters', 'ui', 'app'].includes(layerOf(i.target))),
      )
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('keeps the demo and test tooling (src/demo) pure and out of the product core', () => {
    const demoImpure = all
      .filter((i) => layerOf(i.file) === 'demo')
      .filter(
        (i) =>
          FRAMEWORKS.test(i.specifier) ||
          (i.target !== null && ['adapters', 'ui', 'app'].includes(layerOf(i.target))),
      );
    const coreOnDemo = all
      .filter((i) => ['domain', 'ports'].includes(layerOf(i.file)))
      .filter((i) => i.target !== null && layerOf(i.target) === 'demo');
    expect([...demoImpure, ...coreOnDemo].map((i) => `${i.file} → ${i.specifier}`)).toEqual([]);
  });

  it('keeps adapter families apart: memory, PouchDB and Firebase import none of each other', () => {
    const FAMILIES = ['memory', 'pouchdb', 'firebase'];
    const familyOf = (path: string) => {
      const [layer, family] = path.split('/');
      return layer === 'adapters' && family !== undefined && FAMILIES.includes(family) ? family : null;
    };
    const offending = all
      .filter((i) => familyOf(i.file) !== null && i.target !== null)
      .filter((i) => {
        const target = familyOf(i.target ?? '');
        return target !== null && target !== familyOf(i.file);
      })
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('keeps ports out of the UI: screens talk to use cases, never to a port', () => {
    const offending = all
      .filter((i) => layerOf(i.file) === 'ui' && i.target !== null && layerOf(i.target) === 'ports')
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('lets only src/app import adapters', () => {
    const offending = all
      .filter(
        (i) =>
          i.target !== null &&
          layerOf(i.target) === 'adapters' &&
          !['adapters', 'app'].includes(layerOf(i.file)),
      )
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('keeps backends out of the UI: no Firebase, PouchDB or inversify there', () => {
    const offending = all
      .filter((i) => layerOf(i.file) === 'ui')
      .filter((i) => /^(firebase|@firebase|pouchdb|inversify)/.test(i.specifier))
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('keeps adapters independent of the UI and the composition root', () => {
    const offending = all
      .filter(
        (i) =>
          layerOf(i.file) === 'adapters' && i.target !== null && ['ui', 'app'].includes(layerOf(i.target)),
      )
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('loads each backend family only through a dynamic import in the composition root', () => {
    const staticBackendImports = all
      .filter((i) => layerOf(i.file) === 'app' && !i.file.startsWith('app/containers/'))
      .filter((i) => i.target !== null && layerOf(i.target) === 'adapters')
      // Firestore's REST address builder: a pure function, no backend library. The first script uses it
      // to start a tracking link's GET before any other chunk has loaded (issue 19, early-gets.ts).
      .filter((i) => i.target !== 'adapters/firebase/firestore-rest-url')
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(staticBackendImports).toEqual([]);
  });

  it('keeps the sync server (Node only) out of the page: no container or screen imports it', () => {
    const offending = all
      .filter((i) => !i.file.startsWith('adapters/pouchdb/sync-server/'))
      .filter((i) => i.target?.startsWith('adapters/pouchdb/sync-server'))
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it("keeps zod out of the fresh demo phone's tracking link: its reads' static imports never reach it", () => {
    // containers/demo-public-boot.ts answers a tracking link from the demo data set before the backend
    // loads (issue 19); a schema library on that path costs a cheap phone its paint goal.
    const byFile = new Map<string, Import[]>();
    for (const i of all) byFile.set(i.file, [...(byFile.get(i.file) ?? []), i]);
    const fileOf = (target: string) =>
      [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((path) => byFile.has(path)) ?? null;
    const seen = new Set<string>();
    const reached: string[] = [];
    const visit = (file: string, via: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const i of byFile.get(file) ?? []) {
        if (i.dynamic || i.typeOnly) continue;
        if (/^zod(\/|$)/.test(i.specifier)) reached.push(`${via} → ${file} → zod`);
        const next = i.target === null ? null : fileOf(i.target);
        if (next !== null) visit(next, `${via} → ${file}`);
      }
    };
    visit('app/containers/demo-public-boot.ts', 'start');
    expect(seen.size).toBeGreaterThan(10);
    expect(seen).toContain('demo/demo-data.ts');
    expect(reached).toEqual([]);
  });
});

/*
 * The UI's house (src/ui): features in their own folders, shared UI that every feature may use, and the
 * app that assembles them. Which feature may import what is written here, edge by edge.
 */

/** The feature of a path under src/ui/features (e.g. 'ui/features/shop/board/x' → 'shop'), else null. */
const featureOf = (path: string) => (path.startsWith('ui/features/') ? (path.split('/')[2] ?? null) : null);

/** What every feature may use besides itself: the shared UI, the services and the session. */
const SHARED_UI = [
  'ui/components/',
  'ui/layout/',
  'ui/hooks/',
  'ui/forms/',
  'ui/queries/',
  'ui/routing/',
  'ui/app-services',
  'ui/service-source',
  'ui/session',
];

/**
 * The only imports from one feature into another (module paths under src/ui/features). Anything else a
 * second feature needs moves to the shared UI first.
 */
const CROSS_FEATURE_EDGES: Record<string, readonly string[]> = {
  // /dashboard shows the panel of the account's role, each from its own feature, and its loader starts
  // that panel's reads; shop people see their staff invitations on it (and are sent on to /shop); a
  // customer sees the shop card beside its tracker ('Set Up Your Shop', or its board), and her repairs
  // under it (read before the page paints).
  dashboard: [
    'admin/admin-dashboard',
    'admin/queries',
    'wallet/distributor-dashboard',
    'wallet/queries',
    'tracker/repair-tracker',
    'tracker/queries',
    'shop/staff/staff-invitations',
    'shop/settings/shop-start-card',
    'shop/queries',
  ],
  // The customer's tracker shows a repair's photos the way the shop stores and draws them, and the
  // repair's invoice as the shop prints it (its sheet, paper choice and print CSS).
  tracker: ['shop/photos/photo-image', 'shop/invoice/invoice-print', 'shop/invoice/invoice-paper'],
};

/** The shell: the files that assemble the app (the app, the router, the session, the routing trunk). */
const isShell = (path: string) =>
  ['ui/app.tsx', 'ui/router.tsx', 'ui/session.tsx', 'ui/app-services.tsx'].includes(path) ||
  path.startsWith('ui/routing/');

/**
 * What the shell may import statically from a feature: its routes and queries, and the shop's one
 * sign-out step (what the shop keeps on the device for an account, forgotten on sign-out). Screens
 * are dynamic imports, each its own chunk (routing/screens.ts, the root's lazy demo bar and 404).
 */
const SHELL_STATIC_IMPORTS = [/^ui\/features\/[a-z-]+\/(routes|queries)$/, /^ui\/features\/shop\/sign-out$/];

const MAX_VIEW_LINES = 250;

describe('architecture of the UI', () => {
  const uiImports = all.filter((i) => layerOf(i.file) === 'ui' && i.target?.startsWith('ui/'));

  it('lets a feature import the shared UI, itself, and only the cross-feature edges listed', () => {
    const offending = uiImports
      .filter((i) => featureOf(i.file) !== null)
      .filter((i) => {
        const from = featureOf(i.file) as string;
        const target = i.target as string;
        const to = featureOf(target);
        if (to === from) return false;
        if (to !== null)
          return !(CROSS_FEATURE_EDGES[from] ?? []).includes(target.slice('ui/features/'.length));
        return !SHARED_UI.some((shared) => target.startsWith(shared));
      })
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it('lists only cross-feature edges that exist (a stale edge is removed)', () => {
    const used = new Set(
      uiImports
        .filter((i) => featureOf(i.file) !== null && featureOf(i.target as string) !== featureOf(i.file))
        .map((i) => `${featureOf(i.file)} → ${(i.target as string).slice('ui/features/'.length)}`),
    );
    const listed = Object.entries(CROSS_FEATURE_EDGES).flatMap(([from, targets]) =>
      targets.map((target) => `${from} → ${target}`),
    );
    expect(listed.filter((edge) => !used.has(edge))).toEqual([]);
  });

  it('keeps the shared UI free of features and of the app that assembles them (router, routing)', () => {
    const shared = ['ui/components/', 'ui/layout/', 'ui/hooks/', 'ui/forms/', 'ui/queries/'];
    const offending = uiImports
      .filter((i) => shared.some((folder) => i.file.startsWith(folder)))
      .filter((i) => {
        const target = i.target as string;
        return (
          featureOf(target) !== null ||
          ['ui/app', 'ui/router'].includes(target) ||
          target.startsWith('ui/routing/')
        );
      })
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it("lets the shell import features' routes and queries (and the shop's sign-out step) only, screens lazily", () => {
    const offending = uiImports
      .filter((i) => isShell(i.file) && featureOf(i.target as string) !== null && !i.dynamic)
      .filter((i) => !SHELL_STATIC_IMPORTS.some((allowed) => allowed.test(i.target as string)))
      .map((i) => `${i.file} → ${i.specifier}`);
    expect(offending).toEqual([]);
  });

  it(`keeps every view (.tsx under src/ui) within ${MAX_VIEW_LINES} lines`, () => {
    const views = sourceFiles(join(SRC, 'ui')).filter((file) => file.endsWith('.tsx'));
    expect(views.length).toBeGreaterThan(50);
    const tooLong = views
      .map((file) => ({ path: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_VIEW_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
