import './no-eval';
import './preload-screen';
import '../ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/app';
import { createServiceSource, publicReadsOf } from '../ui/app-services';
import { isTrackingPath } from '../ui/routing/warm-up';
import { readSettings } from './settings';

/**
 * Paints at once, with no backend: the configuration check, the container and the backend's adapters are
 * one dynamic import (./boot), loaded right after the first paint or as soon as a route needs data.
 */
function start(): void {
  const settings = readSettings(import.meta.env);
  document.title = settings.productName;
  const loadBackend = () =>
    import('./boot').then(({ boot }) => boot(import.meta.env, window.location.origin));
  // The public pages' reads: on Firebase, their own small chunk (REST, no SDK); elsewhere the backend's.
  const loadPublic =
    settings.backend === 'firebase'
      ? () =>
          import('./public-boot').then(({ bootPublicReads }) =>
            bootPublicReads(import.meta.env, () => source.load().then(publicReadsOf)),
          )
      : undefined;
  const source = createServiceSource(settings, loadBackend, loadPublic);
  // A customer's tracking link: its reads start downloading beside the page's screen (preload-screen.ts),
  // not after React and the router have started.
  if (loadPublic !== undefined && isTrackingPath(window.location.pathname))
    void source.loadPublic().catch(() => undefined);
  // The app's files cached for opening with the network cut: registered (once, after the load event)
  // when the App warms up, which a visitor of the production build who never signed in never does.
  let offline: Promise<boolean> | null = null;
  const offlineCache = () => {
    offline ??= import('./register-service-worker').then(
      ({ registerServiceWorker }) => registerServiceWorker(import.meta.env).ready,
      () => false,
    );
    return offline;
  };
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App source={source} offlineCache={offlineCache} />
    </StrictMode>,
  );
}

start();
