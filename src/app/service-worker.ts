/*
 * The service worker (built to /sw.js by scripts/service-worker-plugin.ts, which strips the types and
 * puts the build's precache list in front: `self.REPAIRMATE_PRECACHE = { version, urls }`). A classic
 * script, no imports: everything lives in the function below, so nothing leaks into the app's types.
 *
 *  - install: caches every file of the build (index.html, each hashed chunk, CSS, font and image, the
 *    demo's images) in one cache named after the build's hash, then takes over at once (skipWaiting);
 *  - activate: deletes the caches of earlier builds, and controls the open pages (clients.claim);
 *  - navigations (any route of the app): the network first, the cached index.html when the network
 *    fails or has not answered in NAVIGATION_TIMEOUT_MS;
 *  - the build's own files: the cache first (their names carry their content's hash);
 *  - everything else passes through untouched and is never cached: other origins (Firebase Auth,
 *    Firestore, Storage, the sync server, the emulators), requests other than GET, paths of the backends
 *    on this origin (/__/ of Firebase Hosting, /emulator), and the demo's /local-photos/ (photos kept in
 *    PouchDB, which the page opens itself: never a network resource).
 *
 * docs/architecture.md ("Offline: the service worker") and docs/security.md say why.
 */
(() => {
  interface Precache {
    /** Hash of every cached file's content and of this worker: the cache's name. */
    readonly version: string;
    /** Paths relative to the worker's scope (the site's base), index.html included. */
    readonly urls: readonly string[];
  }
  interface ExtendableEvent extends Event {
    waitUntil(promise: Promise<unknown>): void;
  }
  interface FetchEvent extends ExtendableEvent {
    readonly request: Request;
    respondWith(response: Response | Promise<Response>): void;
  }
  interface WorkerScope {
    readonly REPAIRMATE_PRECACHE: Precache;
    readonly location: Location;
    readonly registration: { readonly scope: string };
    readonly clients: { claim(): Promise<void> };
    skipWaiting(): Promise<void>;
    addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
    addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  }

  const scope = self as unknown as WorkerScope;
  const { version, urls } = scope.REPAIRMATE_PRECACHE;
  const CACHE_PREFIX = 'repairmate-app-';
  const cacheName = `${CACHE_PREFIX}${version}`;
  const NAVIGATION_TIMEOUT_MS = 4000;
  const base = new URL(scope.registration.scope);
  const absolute = (path: string) => new URL(path, base).href;
  const indexUrl = absolute('index.html');
  const precached = new Set(urls.map(absolute));
  /** Same-origin paths that belong to a backend or to the page itself, never to the cache. */
  const NEVER = ['local-photos/', '__/', 'emulator'].map(absolute);

  scope.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(cacheName)
        .then((cache) =>
          // Hashed files may come from the HTTP cache; the others (index.html, the demo's images) are
          // revalidated, so the cache holds this build's copy.
          cache.addAll(
            urls.map(
              (path) =>
                new Request(absolute(path), { cache: path.startsWith('assets/') ? 'default' : 'no-cache' }),
            ),
          ),
        )
        .then(() => scope.skipWaiting()),
    );
  });

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
              .map((name) => caches.delete(name)),
          ),
        )
        .then(() => scope.clients.claim()),
    );
  });

  /**
   * This build's copy. `ignoreVary`: one copy per URL is kept, and servers answer `Vary: Origin` (Vite's
   * preview) or `Vary: Accept-Encoding`, which the page's module requests (with an Origin) would miss.
   */
  async function fromCache(request: Request | string): Promise<Response | undefined> {
    const cache = await caches.open(cacheName);
    return cache.match(request, { ignoreVary: true });
  }

  /** The network, else (offline, or no answer in time) the cached index.html: the app routes itself. */
  async function navigation(request: Request): Promise<Response> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), NAVIGATION_TIMEOUT_MS);
    });
    try {
      return await Promise.race([fetch(request), timeout]);
    } catch (error) {
      const cached = await fromCache(indexUrl);
      if (cached) return cached;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A file of this build: the cache, else the network (a cache evicted by the browser). */
  async function buildFile(request: Request): Promise<Response> {
    return (await fromCache(request)) ?? fetch(request);
  }

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== base.origin) return;
    if (NEVER.some((path) => url.href.startsWith(path))) return;
    if (request.mode === 'navigate') {
      event.respondWith(navigation(request));
      return;
    }
    url.hash = '';
    if (url.search === '' && precached.has(url.href)) event.respondWith(buildFile(request));
  });
})();
