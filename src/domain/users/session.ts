import type { AuthUser, Ports, Unsubscribe } from '../../ports';
import { ACCOUNT_MESSAGES } from './messages';
import type { UserProfile } from './user';

/**
 * Who is using the app. 'loading' until both the auth state and the users document are known; a
 * signed-in account without a users document has profile null (and so no role).
 */
export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out' }
  | { readonly status: 'signed-in'; readonly user: AuthUser; readonly profile: UserProfile | null }
  | { readonly status: 'error'; readonly user: AuthUser; readonly message: string };

/** The role of a session, or null when signed out, loading, or without a users document. */
export function roleOf(state: SessionState): string | null {
  return state.status === 'signed-in' ? (state.profile?.role ?? null) : null;
}

/**
 * Follows the auth state and loads the users document of each signed-in account. Only the latest
 * auth event is reported, so a slow profile read never overwrites a newer state.
 */
export function watchSession(
  ports: Pick<Ports, 'auth' | 'users' | 'logger'>,
  listener: (state: SessionState) => void,
): Unsubscribe {
  let generation = 0;
  let active = true;
  listener({ status: 'loading' });
  const stop = ports.auth.onAuthStateChanged((user) => {
    const current = ++generation;
    if (user === null) {
      listener({ status: 'signed-out' });
      return;
    }
    listener({ status: 'loading' });
    ports.users.get(user.uid).then(
      (profile) => {
        if (active && current === generation) listener({ status: 'signed-in', user, profile });
      },
      (error: unknown) => {
        if (active && current === generation) {
          ports.logger.error(`The users document of ${user.uid} could not be read`, error);
          listener({ status: 'error', user, message: ACCOUNT_MESSAGES.profileUnavailable });
        }
      },
    );
  });
  return () => {
    active = false;
    stop();
  };
}
