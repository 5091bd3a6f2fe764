import './no-eval';
import './preload-screen';
import '../ui/styles.css';
import { documentUrl } from '../adapters/firebase/firestore-rest-url';
import { isTrackingPath } from '../ui/routing/warm-up';
import { createServiceSource, publicReadsOf, type ServiceSource } from '../ui/service-source';
import { startEarlyGets } from './early-gets';
import { publicRestTarget } from './public-target';
import { readSettings } from './settings';

/**
 * The first script. Before React renders it has started the current page's screen (preload-screen.ts)
 * and, on a tracking link, the link's reads (issue 19). The backend (the configuration check, the
 * container and its adapters: ./boot) loads later, when the page warms up or a route needs it.
 */
function start(): void {
  const settings = readSettings(import.meta.env);
  document.title = settings.productName;
  const loadBackend = () =>
    import('./boot').then(({ boot }) => boot(import.meta.env, window.location.origin));
  // The public pages' reads: on Firebase, their own small chunk (REST, no SDK); on the offline demo,
  // the data set in memory until the backend has loaded in a fresh browser; on memory, the backend's.
  const fullBackend = () => source.load().then(publicReadsOf);
  const loadedBackend = () => {
    const loaded = source.current();
    return loaded === null ? null : publicReadsOf(loaded);
  };
  const loadPublic =
    settings.backend === 'firebase'
      ? () =>
          import('./containers/public-boot').then(({ bootPublicReads }) =>
            bootPublicReads(import.meta.env, fullBackend),
          )
      : settings.backend === 'pouchdb'
        ? () =>
            import('./containers/demo-public-boot').then(({ bootDemoPublicReads }) =>
              bootDemoPublicReads(import.meta.env, fullBackend, loadedBackend),
            )
        : undefined;
  const source = createServiceSource(settings, loadBackend, loadPublic);
  if (settings.backend === 'firebase') getTrackingLinkEarly(window.location.pathname);
  readTrackingLinkEarly(source, window.location.pathname);
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
  void import('./render-app').then(({ renderApp }) => renderApp(source, offlineCache));
}

/**
 * A customer's tracking link (/t/{token}, /t/{token}/invoice): its reads start now, before React
 * renders; the route's loader gets the same answers (service-source.ts shares them for a moment).
 * On a fresh demo browser they answer from the data set in memory, on Firebase over REST.
 */
function readTrackingLinkEarly(source: ServiceSource, pathname: string): void {
  if (!isTrackingPath(pathname)) return;
  const [, , token = '', rest] = pathname.split('/');
  void source.loadPublic().then(
    (reads) => {
      void reads.invoiceByTrackingToken(token).catch(() => undefined);
      if (rest === undefined || rest === '') void reads.resolveTracking(token).catch(() => undefined);
    },
    () => undefined,
  );
}

/**
 * On the production build, a tracking link's document is asked for at once, before React and the
 * REST reader have loaded (early-gets.ts): the reader then takes this GET instead of starting its own.
 */
function getTrackingLinkEarly(pathname: string): void {
  const target = publicRestTarget(import.meta.env);
  const [, first, token = ''] = pathname.split('/');
  if (target === null || first !== 't' || !/^[\w-]{1,200}$/.test(token)) return;
  startEarlyGets([documentUrl(target, ['tracking', token])]);
}

start();
