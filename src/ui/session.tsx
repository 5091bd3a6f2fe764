import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { SessionState } from '../domain/users/session';
import type { UserProfile } from '../domain/users/user';
import { useService } from './app-services';

const SessionContext = createContext<SessionState>({ status: 'loading' });

/** Follows who is signed in (auth state + users document) for the whole app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useService('session');
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  useEffect(() => session.watch(setState), [session]);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}

/** The signed-in user's profile, or null (signed out, loading, or no users document). */
export function useViewer(): UserProfile | null {
  const state = useSession();
  return state.status === 'signed-in' ? state.profile : null;
}

/** Signs out, forgets cached data, and goes to /signin. */
export function useLogout(): { logout: () => Promise<void>; busy: boolean } {
  const accounts = useService('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logout = useCallback(async () => {
    setBusy(true);
    try {
      await accounts.signOut();
    } finally {
      queryClient.clear();
      setBusy(false);
      await navigate({ to: '/signin' });
    }
  }, [accounts, navigate, queryClient]);
  return { logout, busy };
}
