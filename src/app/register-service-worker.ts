/**
 * Registers /sw.js (src/app/service-worker.ts, emitted by scripts/service-worker-plugin.ts) once the page
 * has loaded and the browser is idle, so it never competes with the first paint; and tells when this very
 * build is cached for offline use: a service worker controls the page and its cache holds this module's
 * own chunk (every file of a build is cached together, or none).
 *
 * Builds only (the plugin sets import.meta.env.VITE_SERVICE_WORKER): `vite` dev mode and the unit and
 * UI tests register nothing (there is no /sw.js there). Not tied to NODE_ENV: `npm run start:firebase`
 * builds after loading modules with Vite's runner, which leaves NODE_ENV at 'development'. Called by the
 * App only where it warms up (src/ui/routing/warm-up.ts): never for a customer on a tracking link (/t/…),
 * nor for a visitor of the production build who has not signed in; they download their page only.
 */
export interface OfflineCache {
  /**
   * Resolves true when the app's files are cached and a service worker serves them, or when there is no
   * worker to wait for (dev mode, a browser without service workers); false when the registration failed.
   */
  readonly ready: Promise<boolean>;
}

export function registerServiceWorker(env: ImportMetaEnv): OfflineCache {
  // Set by the build (scripts/service-worker-plugin.ts); absent in dev mode and tests.
  const script: unknown = env.VITE_SERVICE_WORKER;
  if (typeof script !== 'string' || !('serviceWorker' in navigator)) return { ready: Promise.resolve(true) };
  const container = navigator.serviceWorker;
  const ready = afterLoad()
    .then(() => container.register(`${env.BASE_URL}${script}`, { scope: env.BASE_URL }))
    .then(() => cachedHere(container))
    .catch((error: unknown) => {
      console.warn('The app could not be made available offline (service worker):', error);
      return false;
    });
  return { ready };
}

/** After the load event, when the browser is idle: the first paint and the first screen come first. */
function afterLoad(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => resolve(), { timeout: 3000 })
        : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Waits until a worker controls this page and has this build in its cache. An older worker may control
 * the page for a moment (the page came from the network, a new build): the new one takes over once it
 * has cached everything (skipWaiting, clients.claim), which is a controllerchange.
 */
async function cachedHere(container: ServiceWorkerContainer): Promise<boolean> {
  await container.ready;
  for (;;) {
    const changed = new Promise((resolve) =>
      container.addEventListener('controllerchange', resolve, { once: true }),
    );
    if (
      container.controller !== null &&
      (await caches.match(import.meta.url, { ignoreVary: true })) !== undefined
    )
      return true;
    await changed;
  }
}
