import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Script } from 'node:vm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltChunk,
  type Precache,
  precacheOf,
  reachableChunks,
  SERVICE_WORKER_FILE,
  serviceWorker,
  serviceWorkerScript,
} from '../../scripts/service-worker-plugin';

const WORKER = readFileSync(join(__dirname, '../../src/app/service-worker.ts'), 'utf8');

describe('the precache list of a build', () => {
  const files = [
    { fileName: 'assets/index-abc.js', content: 'entry' },
    { fileName: 'assets/index-abc.js.map', content: '{}' },
    { fileName: 'assets/index-def.css', content: 'body{}' },
    { fileName: 'index.html', content: '<html>' },
    { fileName: 'demo/images/phone.svg', content: new Uint8Array([60, 115]) },
    { fileName: '.vite/manifest.json', content: '{}' },
    { fileName: 'sw.js', content: 'old worker' },
    { fileName: 'assets/index-def.css', content: 'body{}' },
  ];

  it('lists every file the app may fetch, each once, sorted: no source map, dot-file or the worker itself', () => {
    expect(precacheOf(files, WORKER).urls).toEqual([
      'assets/index-abc.js',
      'assets/index-def.css',
      'demo/images/phone.svg',
      'index.html',
    ]);
  });

  it('names the cache after the content of every file and the worker: any change is a new version', () => {
    const { version } = precacheOf(files, WORKER);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheOf([...files].reverse(), WORKER).version).toBe(version);
    const changed = (fileName: string, content: string) =>
      precacheOf(
        files.map((file) => (file.fileName === fileName ? { fileName, content } : file)),
        WORKER,
      ).version;
    expect(changed('index.html', '<html lang="en">')).not.toBe(version);
    expect(changed('demo/images/phone.svg', '<svg/>')).not.toBe(version);
    expect(precacheOf(files, `${WORKER}\n`).version).not.toBe(version);
    // What is not cached does not make a new version.
    expect(changed('assets/index-abc.js.map', '{"version":3}')).toBe(version);
  });
});

describe('the chunks a build can load', () => {
  const chunk = (
    fileName: string,
    {
      facade = null,
      imports = [],
      dynamic = [],
      entry = false,
    }: { facade?: string | null; imports?: string[]; dynamic?: string[]; entry?: boolean } = {},
  ): BuiltChunk => ({ fileName, isEntry: entry, facadeModuleId: facade, imports, dynamicImports: dynamic });
  const chunks = [
    chunk('index.js', { entry: true, imports: ['react.js'], dynamic: ['screen.js', 'boot.js'] }),
    chunk('react.js'),
    chunk('screen.js', { imports: ['shared.js'] }),
    chunk('boot.js', { dynamic: ['pouch.js', 'fire.js', 'memory.js'] }),
    chunk('pouch.js', {
      facade: '/w/src/app/containers/pouchdb-container.ts',
      imports: ['demo-data.js', 'shared.js'],
    }),
    chunk('memory.js', { facade: '/w/src/app/containers/memory-container.ts', imports: ['demo-data.js'] }),
    chunk('fire.js', {
      facade: '/w/src/app/containers/firebase-container.ts',
      imports: ['firebase-sdk.js', 'shared.js'],
    }),
    chunk('demo-data.js'),
    chunk('firebase-sdk.js'),
    chunk('shared.js'),
    chunk('orphan.js'),
  ];

  it("are the entry's static and dynamic imports, with the configured backend's container only", () => {
    expect([...reachableChunks(chunks, 'pouchdb')].sort()).toEqual([
      'boot.js',
      'demo-data.js',
      'index.js',
      'pouch.js',
      'react.js',
      'screen.js',
      'shared.js',
    ]);
    expect([...reachableChunks(chunks, 'firebase')].sort()).toEqual([
      'boot.js',
      'fire.js',
      'firebase-sdk.js',
      'index.js',
      'react.js',
      'screen.js',
      'shared.js',
    ]);
  });
});

/** The worker run in a sandbox: which requests it answers, and from where. */
async function sandboxWorker(precache: Precache) {
  const script = await serviceWorkerScript(precache, WORKER);
  const listeners = new Map<string, (event: unknown) => void>();
  const opened: string[] = [];
  const cache = {
    match: async (request: Request | string) =>
      `cached ${typeof request === 'string' ? request : request.url}`,
    addAll: async () => undefined,
  };
  const self = {
    location: new URL('https://shop.example/sw.js'),
    registration: { scope: 'https://shop.example/' },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const context = {
    self,
    URL,
    Request,
    setTimeout,
    clearTimeout,
    caches: {
      open: async (name: string) => {
        opened.push(name);
        return cache;
      },
    },
    fetch: async () => {
      throw new TypeError('Failed to fetch');
    },
  };
  new Script(script).runInNewContext(context);
  /** What the worker answers for a request: 'network' when it lets it through untouched. */
  const answer = async (url: string, init: { method?: string; mode?: string } = {}) => {
    let response: Promise<unknown> | undefined;
    listeners.get('fetch')?.({
      request: { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
      respondWith: (value: Promise<unknown>) => {
        response = value;
      },
    });
    return response === undefined ? 'network' : await response;
  };
  return { answer, opened };
}

describe('the service worker', () => {
  const precache = {
    version: '0123456789abcdef',
    urls: ['assets/index-abc.js', 'demo/images/a.svg', 'index.html'],
  };

  it('is a classic script (no import or export) that reads the precache list put in front of it', async () => {
    const script = await serviceWorkerScript(precache, WORKER);
    expect(script.startsWith(`self.REPAIRMATE_PRECACHE = ${JSON.stringify(precache)};\n`)).toBe(true);
    expect(() => new Script(script)).not.toThrow();
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
  });

  it("answers the build's files from its cache, an app route offline with index.html, and lets the rest through", async () => {
    const { answer, opened } = await sandboxWorker(precache);
    expect(await answer('https://shop.example/assets/index-abc.js')).toBe(
      'cached https://shop.example/assets/index-abc.js',
    );
    expect(await answer('https://shop.example/demo/images/a.svg')).toBe(
      'cached https://shop.example/demo/images/a.svg',
    );
    // Navigations: the network (here, cut), then the cached page.
    expect(await answer('https://shop.example/shop/repairs/abc', { mode: 'navigate' })).toBe(
      'cached https://shop.example/index.html',
    );
    expect(await answer('https://shop.example/t/tok123', { mode: 'navigate' })).toBe(
      'cached https://shop.example/index.html',
    );
    expect(opened.every((name) => name === 'repairmate-app-0123456789abcdef')).toBe(true);
    // Never cached nor answered: other files, other origins, writes, the backends, the demo's photos.
    for (const url of [
      'https://shop.example/assets/unknown-zzz.js',
      'https://shop.example/assets/index-abc.js?v=2',
      'https://firestore.googleapis.com/google.firestore.v1.Firestore/Listen/channel',
      'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      'https://firebasestorage.googleapis.com/v0/b/x/o/y',
      'http://127.0.0.1:5984/repairs/_changes',
      'https://shop.example/local-photos/repair1/photo1',
      'https://shop.example/__/auth/handler',
      'https://shop.example/emulator/v1/projects',
    ])
      expect(await answer(url), url).toBe('network');
    expect(await answer('https://shop.example/assets/index-abc.js', { method: 'POST' })).toBe('network');
    expect(await answer('https://shop.example/__/auth/handler', { mode: 'navigate' })).toBe('network');
  });
});

describe('the plugin in a Vite build', () => {
  let root = '';
  let outDir = '';
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sw-build-'));
    outDir = join(root, 'dist');
    mkdirSync(join(root, 'public/demo/images'), { recursive: true });
    writeFileSync(join(root, 'public/demo/images/front.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/main.js"></script></body></html>',
    );
    writeFileSync(
      join(root, 'main.js'),
      [
        "import './style.css';",
        "import('./screen.js').then((m) => m.show());",
        // As src/app/create-container.ts: each backend's container is a dynamic import.
        'export const container = (backend) =>',
        "  backend === 'firebase' ? import('./src/app/containers/firebase-container.ts') : import('./src/app/containers/pouchdb-container.ts');",
        'container(document.body.dataset.backend).then((m) => m.start());',
      ].join('\n'),
    );
    mkdirSync(join(root, 'src/app/containers'), { recursive: true });
    writeFileSync(
      join(root, 'src/app/containers/pouchdb-container.ts'),
      "export const start = () => 'pouchdb';\n",
    );
    writeFileSync(
      join(root, 'src/app/containers/firebase-container.ts'),
      "export const start = () => 'firebase';\n",
    );
    writeFileSync(join(root, 'screen.js'), "export function show() { document.body.append('screen'); }\n");
    writeFileSync(join(root, 'style.css'), 'body { color: #123456; }\n');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [serviceWorker({ backend: 'pouchdb' })],
      build: { outDir, sourcemap: true, manifest: true },
    });
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("lists every file Vite wrote (index.html, chunks, CSS, the public images) but another backend's, once", () => {
    const written = readdirSync(outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split('\\').join('/'));
    const script = readFileSync(join(outDir, SERVICE_WORKER_FILE), 'utf8');
    const precache = JSON.parse(
      /^self\.REPAIRMATE_PRECACHE = (.*);$/m.exec(script)?.[1] ?? 'null',
    ) as Precache;
    const firebase = written.filter((file) => /^assets\/firebase-container-.*\.js$/.test(file));
    expect(firebase).toHaveLength(1);
    const expected = written
      .filter((file) => !file.endsWith('.map') && !file.startsWith('.vite/') && file !== SERVICE_WORKER_FILE)
      .filter((file) => !firebase.includes(file))
      .sort();
    expect(precache.urls).toEqual(expected);
    expect(new Set(precache.urls).size).toBe(precache.urls.length);
    expect(precache.urls).toContain('index.html');
    expect(precache.urls).toContain('demo/images/front.svg');
    expect(precache.urls.filter((url) => /^assets\/index-.*\.js$/.test(url))).toHaveLength(1);
    expect(precache.urls.filter((url) => /^assets\/screen-.*\.js$/.test(url))).toHaveLength(1);
    expect(precache.urls.filter((url) => /^assets\/pouchdb-container-.*\.js$/.test(url))).toHaveLength(1);
    expect(precache.urls.filter((url) => url.endsWith('.css'))).toHaveLength(1);
    // The build's manifest (test:size reads it) does not take the worker for an entry.
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    expect(
      Object.values(manifest)
        .filter((chunk) => chunk.isEntry)
        .map((chunk) => chunk.file),
    ).toEqual([expect.stringMatching(/^assets\/index-.*\.js$/)]);
  });
});
