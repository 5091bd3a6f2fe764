import type { AuthUser, Unsubscribe } from '../../ports/auth-gateway';

/**
 * The auth-state listeners of a local authentication backend, with the port's contract: a new listener
 * hears the current state once, soon after subscribing (as Firebase does), then every change, until it
 * unsubscribes.
 */
export class AuthStateListeners {
  private readonly listeners = new Set<(user: AuthUser | null) => void>();

  constructor(private readonly current: () => AuthUser | null) {}

  subscribe(listener: (user: AuthUser | null) => void): Unsubscribe {
    this.listeners.add(listener);
    queueMicrotask(() => {
      if (this.listeners.has(listener)) listener(this.current());
    });
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Tells every listener the current state (after a sign-in, sign-out or deletion). */
  notify(): void {
    const user = this.current();
    for (const listener of [...this.listeners]) listener(user);
  }
}
