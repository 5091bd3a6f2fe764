import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useState,
  useSyncExternalStore,
} from 'react';
import type { SessionState } from '../domain/users/session';
import type { UserProfile } from '../domain/users/user';
import { useService } from './app-services';
import { forgetShopDeviceData } from './features/shop/sign-out';
import type { ServiceSource } from './service-source';

/**
 * Who is signed in (auth state + users document), for the whole app and for the router's access checks.
 * It starts following the session when first asked, which loads the backend.
 */
export interface SessionStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Starts following the session (loads the backend); safe to call more than once. */
  start(): void;
  /** The session once it is known (signed in, signed out or failed); starts following it if needed. */
  settled(): Promise<SessionState>;
}

/**
 * Whether an account was signed in on this browser when the app last knew: a hint in localStorage (a
 * flag, never a credential or an id), written as the session changes. The production build warms up
 * (the SDK, every screen, the offline copy) only where it is set: a visitor who never signed in
 * downloads none of it (routing/warm-up.ts). A wrong hint costs a download or a late warm-up, never
 * access: every route still asks the backend who is signed in.
 */
const SESSION_HINT = 'repairmate.session';

export function hadSessionHere(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT) === 'signed-in';
  } catch {
    return false; // storage blocked: the visitor warms up when they sign in, as on a first visit
  }
}

/**
 * Sets the hint at once, when a sign-in has just succeeded: the session hears it a moment later, and a
 * page loaded in that moment (a new tab, a reload) must already know to follow the session.
 */
export function markSignedInHere(): void {
  rememberSession({ status: 'signed-in' });
}

function rememberSession(state: Pick<SessionState, 'status'>): void {
  try {
    if (state.status === 'signed-in' || state.status === 'error')
      window.localStorage.setItem(SESSION_HINT, 'signed-in');
    else if (state.status === 'signed-out') window.localStorage.removeItem(SESSION_HINT);
  } catch {
    // storage blocked: nothing to remember
  }
}

export function createSessionStore(source: ServiceSource): SessionStore {
  let state: SessionState = { status: 'loading' };
  let started = false;
  const listeners = new Set<() => void>();
  const waiting: ((state: SessionState) => void)[] = [];
  const set = (next: SessionState) => {
    state = next;
    rememberSession(next);
    if (next.status !== 'loading') for (const resolve of waiting.splice(0)) resolve(next);
    for (const listener of [...listeners]) listener();
  };
  const store: SessionStore = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      // A backend that fails to load is a startup failure: the App shows it instead of the pages.
      source.load().then(
        (services) => services.useCases.session.watch(set),
        () => undefined,
      );
    },
    settled() {
      store.start();
      if (state.status !== 'loading') return Promise.resolve(state);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
  return store;
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const store = useContext(SessionContext);
  if (store === null) throw new Error('useSession must be used inside <SessionProvider>.');
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The signed-in user's profile, or null (signed out, loading, or no users document). */
export function useViewer(): UserProfile | null {
  const state = useSession();
  return state.status === 'signed-in' ? state.profile : null;
}

/** Signs out, forgets cached data and the account's job card drafts (a shared counter PC), and goes to /signin. */
export function useLogout(): { logout: () => Promise<void>; busy: boolean } {
  const accounts = useService('accounts');
  const session = useSession();
  const uid = session.status === 'signed-in' || session.status === 'error' ? session.user.uid : '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logout = useCallback(async () => {
    setBusy(true);
    try {
      await accounts.signOut();
    } finally {
      forgetShopDeviceData(uid);
      queryClient.clear();
      setBusy(false);
      await navigate({ to: '/signin' });
    }
  }, [accounts, navigate, queryClient, uid]);
  return { logout, busy };
}
