// The service worker's build step (vite.config.ts): once Vite has produced every file of a client build,
// lists them (index.html, each hashed chunk but another backend's, CSS, font and image, and the public
// directory: the demo's images), names the cache after a hash of their contents, and emits /sw.js: the precache list followed
// by src/app/service-worker.ts with its types stripped. docs/architecture.md, "Offline: the service
// worker".
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, transformWithOxc } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';
const WORKER_SOURCE = fileURLToPath(new URL('../src/app/service-worker.ts', import.meta.url));

export interface BuiltFile {
  /** Path in the output directory, with forward slashes ('assets/index-abc.js', 'index.html'). */
  readonly fileName: string;
  readonly content: string | Uint8Array;
}

/** A JavaScript chunk of the bundle, as far as what it loads goes. */
export interface BuiltChunk {
  readonly fileName: string;
  readonly isEntry: boolean;
  /** The module the chunk stands for (an entry, a dynamic import), if any. */
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
}

const CONTAINER = /\/src\/app\/containers\/(memory|pouchdb|firebase)-container\.ts$/;

/**
 * The chunks a page of this build can ever load: everything the entries import, statically or
 * dynamically, except another backend's container and what only it imports. src/app/create-container.ts
 * imports each backend's container dynamically and loads the configured one only (VITE_BACKEND, fixed at
 * build time), so a demo never downloads Firebase, offline cache included.
 */
export function reachableChunks(chunks: readonly BuiltChunk[], backend: string): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reachable = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (chunk === undefined || reachable.has(fileName)) return;
    const container = chunk.facadeModuleId?.replaceAll('\\', '/').match(CONTAINER)?.[1];
    if (container !== undefined && container !== backend) return;
    reachable.add(fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return reachable;
}

export interface Precache {
  /** The first 16 hex digits of a SHA-256 over every listed file (name and content) and the worker. */
  readonly version: string;
  /** Every file the app may need, relative to the site's base, sorted, each once. */
  readonly urls: readonly string[];
}

/**
 * Files the app never fetches: source maps (for developers' tools), Vite's build manifest and other
 * dot-files (not deployed: firebase.json ignores them), and the worker itself (the browser fetches it
 * around any cache).
 */
export function isPrecached(fileName: string): boolean {
  if (fileName.endsWith('.map')) return false;
  if (fileName.split('/').some((part) => part.startsWith('.'))) return false;
  return fileName !== SERVICE_WORKER_FILE;
}

/** The precache list and its version for the files of a build, and the worker's own source. */
export function precacheOf(files: readonly BuiltFile[], workerSource: string): Precache {
  const byName = new Map<string, BuiltFile>();
  for (const file of files) if (isPrecached(file.fileName)) byName.set(file.fileName, file);
  const urls = [...byName.keys()].sort();
  const hash = createHash('sha256');
  for (const url of urls) {
    hash.update(`${url}\0`);
    hash.update(byName.get(url)?.content ?? '');
    hash.update('\0');
  }
  hash.update(workerSource);
  return { version: hash.digest('hex').slice(0, 16), urls };
}

/** The text of /sw.js: the precache list, then the worker. */
export async function serviceWorkerScript(precache: Precache, workerSource: string): Promise<string> {
  // Throws on a syntax error.
  const { code } = await transformWithOxc(workerSource, 'service-worker.ts', { lang: 'ts' });
  return `self.REPAIRMATE_PRECACHE = ${JSON.stringify(precache)};\n${code}`;
}

function filesUnder(directory: string): string[] {
  try {
    return readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/**
 * Emits /sw.js into every client build (not in `vite` dev mode, not in tests). `backend`: the one the
 * build runs on (VITE_BACKEND, 'pouchdb' when unset, as src/app/config.ts reads it).
 */
export function serviceWorker(options: { backend?: string } = {}): Plugin {
  let publicDir = '';
  let backend = options.backend ?? 'pouchdb';
  return {
    name: 'repairmate:service-worker',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    // Tells the page that this build has a worker to register (src/app/register-service-worker.ts): only
    // builds do, never `vite` dev mode or the tests, whatever NODE_ENV says.
    config: () => ({
      define: { 'import.meta.env.VITE_SERVICE_WORKER': JSON.stringify(SERVICE_WORKER_FILE) },
    }),
    configResolved(config) {
      publicDir = config.build.copyPublicDir && config.publicDir ? config.publicDir : '';
      backend = options.backend ?? (String(config.env.VITE_BACKEND ?? '').trim() || 'pouchdb');
    },
    generateBundle: {
      // After Vite's own generateBundle hooks, so index.html is in the bundle.
      order: 'post',
      async handler(_options, bundle) {
        const outputs = Object.values(bundle);
        const reachable = reachableChunks(
          outputs.flatMap((output) => (output.type === 'chunk' ? [output] : [])),
          backend,
        );
        const files: BuiltFile[] = outputs
          .filter((output) => output.type === 'asset' || reachable.has(output.fileName))
          .map((output) => ({
            fileName: output.fileName,
            content: output.type === 'chunk' ? output.code : output.source,
          }));
        if (publicDir)
          for (const path of filesUnder(publicDir))
            files.push({
              fileName: relative(publicDir, path).split(sep).join('/'),
              content: new Uint8Array(readFileSync(path)),
            });
        const workerSource = readFileSync(WORKER_SOURCE, 'utf8');
        const precache = precacheOf(files, workerSource);
        if (!precache.urls.includes('index.html'))
          this.error('the service worker found no index.html to cache');
        this.emitFile({
          type: 'asset',
          fileName: SERVICE_WORKER_FILE,
          source: await serviceWorkerScript(precache, workerSource),
        });
      },
    },
  };
}
