import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { AppServicesProvider } from './app-services';
import { type AppRouter, createAppRouter } from './router';
import { preloadAllScreens } from './routing/screens';
import { isTrackingPath, warmUpOf } from './routing/warm-up';
import { type AppServices, readyServiceSource, type ServiceSource } from './service-source';
import { createSessionStore, hadSessionHere, SessionProvider, type SessionStore } from './session';

const StartupErrorScreen = lazy(() =>
  import('./components/startup-error-screen').then((module) => ({ default: module.StartupErrorScreen })),
);

/**
 * networkMode 'always': the backends decide what "offline" means (the demo's PouchDB never needs the
 * network, Firestore answers from its cache or fails). React Query's default would pause every query and
 * mutation while the browser reports no connection, leaving the demo spinning forever with no server.
 * No automatic retries: every screen shows a failed read with its message and a Retry button, so a
 * library retry would only delay the message; a write's retry is the use case's business (idempotency
 * keys). One policy here instead of `retry: false` on each query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Re-checks the current route's access whenever who is signed in changes (sign-out, another tab, reset). */
function followSession(session: SessionStore, router: AppRouter): () => void {
  let last = session.get();
  const key = (state: ReturnType<SessionStore['get']>) =>
    state.status === 'signed-in' ? `in:${state.user.uid}:${state.profile?.role ?? ''}` : state.status;
  return session.subscribe(() => {
    const next = session.get();
    if (next.status === 'loading') return;
    const changed = last.status !== 'loading' && key(last) !== key(next);
    last = next;
    if (changed) void router.invalidate();
  });
}

/** Runs `start` after the router has resolved its first location and the browser is idle. */
function startWhenIdle(router: AppRouter, start: () => void): () => void {
  let cancelled = false;
  const later = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 0);
  };
  if (router.state.resolvedLocation !== undefined && router.state.status === 'idle') later();
  const unsubscribe = router.subscribe('onResolved', later);
  return () => {
    cancelled = true;
    unsubscribe();
  };
}

export type AppProps = (
  | { readonly source: ServiceSource; readonly services?: undefined }
  /** Services built already (tests). */
  | { readonly services: AppServices; readonly source?: undefined }
) & {
  /** Tests pass a memory history; the browser's is the default. */
  readonly history?: RouterHistory;
  /** Tests read the router (its location) after rendering. */
  readonly onRouter?: (router: AppRouter) => void;
  /**
   * Registers the service worker and resolves true once the app's files are cached for a page load
   * with the network cut (main.tsx: register-service-worker.ts); called only where the page warms up
   * (routing/warm-up.ts). Absent in tests, where nothing more is awaited.
   */
  readonly offlineCache?: () => Promise<boolean>;
};

/**
 * The whole UI over a source of services. It paints at once; the backend loads right after the first
 * paint, or sooner when a route needs it. A backend that cannot start replaces the pages with the reason.
 */
export function App(props: AppProps) {
  const { history, onRouter } = props;
  const [offlineCache] = useState(() => props.offlineCache ?? (() => Promise.resolve(true)));
  const [source] = useState(() => props.source ?? readyServiceSource(props.services as AppServices));
  const [parts] = useState(() => {
    const queryClient = createQueryClient();
    const session = createSessionStore(source);
    const router = createAppRouter({ services: source, queryClient, session }, history);
    onRouter?.(router);
    return { queryClient, session, router };
  });
  const failure = useSyncExternalStore(source.subscribe, source.failure, source.failure);

  useEffect(() => followSession(parts.session, parts.router), [parts]);
  // On a device that syncs, what another device changed arrives in the background: the screens on show
  // read again (waiting for the backend to load, never loading it).
  useEffect(() => {
    let stop: (() => void) | null = null;
    const follow = () => {
      const arrivals = source.current()?.arrivals;
      if (stop !== null || arrivals == null) return;
      stop = arrivals.subscribe(() => void parts.queryClient.invalidateQueries());
    };
    follow();
    const unsubscribe = source.subscribe(follow);
    return () => {
      unsubscribe();
      stop?.();
    };
  }, [parts, source]);
  // Once the first screen has rendered and the page is idle, what routing/warm-up.ts decides: on the
  // demo and where an account was signed in, follow the session (which loads the backend), then every
  // other screen and the offline copy; for a visitor of the production build, nothing until they sign
  // in (then everything) or start filling in a form (then the backend, so the answer is quick).
  // A route that needs the backend sooner (a dashboard, a demo page) loads it itself.
  useEffect(() => {
    const { session, router } = parts;
    let warmed = false;
    const warmEverything = () => {
      if (warmed || isTrackingPath(router.state.location.pathname)) return;
      warmed = true;
      // The root element says when the page has all it needs without the network (the offline tests
      // wait for it): every chunk, the backend, and the service worker serving the cached app (so a
      // reload or a new tab opens with the network cut too).
      void Promise.all([preloadAllScreens(), source.load(), offlineCache()]).then(
        ([all, , cached]) => {
          if (all && cached) document.documentElement.dataset.offlineReady = 'true';
        },
        () => undefined,
      );
    };
    const stopIdle = startWhenIdle(router, () => {
      const plan = warmUpOf({
        backend: source.settings.backend,
        pathname: router.state.location.pathname,
        hadSession: hadSessionHere(),
      });
      if (plan.session) session.start();
      if (plan.everything) warmEverything();
    });
    const stopSession = session.subscribe(() => {
      if (session.get().status === 'signed-in') warmEverything();
    });
    const warmBackend = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.closest('form') !== null)
        void source.load().catch(() => undefined);
    };
    document.addEventListener('focusin', warmBackend);
    return () => {
      stopIdle();
      stopSession();
      document.removeEventListener('focusin', warmBackend);
    };
  }, [parts, source, offlineCache]);

  if (failure !== null) {
    return (
      <Suspense fallback={null}>
        <StartupErrorScreen configuration={failure.configuration} problems={failure.problems} />
      </Suspense>
    );
  }
  return (
    <AppServicesProvider source={source}>
      <QueryClientProvider client={parts.queryClient}>
        <SessionProvider store={parts.session}>
          <RouterProvider router={parts.router} />
        </SessionProvider>
      </QueryClientProvider>
    </AppServicesProvider>
  );
}
