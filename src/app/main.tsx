import './no-eval';
import './preload-screen';
import '../ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/app';
import { createServiceSource } from '../ui/app-services';
import { registerServiceWorker } from './register-service-worker';
import { readSettings } from './settings';

/**
 * Paints at once, with no backend: the configuration check, the container and the backend's adapters are
 * one dynamic import (./boot), loaded right after the first paint or as soon as a route needs data.
 */
function start(): void {
  const settings = readSettings(import.meta.env);
  document.title = settings.productName;
  const source = createServiceSource(settings, () =>
    import('./boot').then(({ boot }) => boot(import.meta.env, window.location.origin)),
  );
  // After the load event and the first paint: the app's files cached for opening with the network cut.
  const offline = registerServiceWorker(import.meta.env, window.location.pathname);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App source={source} offlineCache={offline.ready} />
    </StrictMode>,
  );
}

start();
