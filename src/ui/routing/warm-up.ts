import type { AppSettings } from '../service-source';

/**
 * What a page fetches once it has painted and the browser is idle, beyond its own screen (issue 19).
 *  - The offline demo (PouchDB, memory) follows the session, which loads its backend in the browser,
 *    and then downloads every screen and has the service worker cache the app: it must open any page
 *    with the network cut.
 *  - The production build (Firebase) does the same for a browser where an account was signed in (the
 *    shop console must open offline), and for a visitor nothing at all: no other screen, no SDK, no
 *    service worker, until they sign in or start filling in a form.
 *  - A customer on a tracking link (/t/…) never gets the other screens or the worker.
 */
export interface WarmUp {
  /** Follow the session now (this loads the backend). */
  readonly session: boolean;
  /** Every screen, the backend and the service worker's offline copy of the app. */
  readonly everything: boolean;
}

export function warmUpOf(facts: {
  readonly backend: AppSettings['backend'];
  readonly pathname: string;
  /** An account was signed in on this browser when the app last knew (session.tsx, hadSessionHere). */
  readonly hadSession: boolean;
}): WarmUp {
  const session = facts.backend !== 'firebase' || facts.hadSession;
  return { session, everything: session && !isTrackingPath(facts.pathname) };
}

/** The customer's tracking pages: /t/{token} and what is under it. */
export function isTrackingPath(pathname: string): boolean {
  return pathname.startsWith('/t/');
}
