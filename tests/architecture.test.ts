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
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    const target = specifier.startsWith('.') ? relative(SRC, resolve(dirname(file), specifier)) : null;
    found.push({ file: relative(SRC, file), specifier, target });
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
});
