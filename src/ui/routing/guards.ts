import { redirect } from '@tanstack/react-router';
import { isSuperAdmin, type SuperAdminProfile } from '../../domain/users/roles';
import type { UserProfile } from '../../domain/users/user';
import type { RouterContext } from './context';

/*
 * Access is decided here, before a protected page renders. A refusal is an answer (a redirect, or a
 * null profile the page shows as 'Access denied.'), never a thrown error: React logs thrown errors.
 * An account whose profile could not be read passes with a null profile; its page shows the session's
 * message.
 */

/** Login required: a signed-out visitor goes to /signin. Adds the viewer's profile to the route's context. */
export async function requireSignedIn({ context }: { context: RouterContext }): Promise<{
  readonly viewer: UserProfile | null;
}> {
  const session = await context.session.settled();
  if (session.status === 'signed-out') throw redirect({ to: '/signin', replace: true });
  return { viewer: session.status === 'signed-in' ? session.profile : null };
}

/**
 * Role sa only: adds `admin` to the route's context, the super admin's profile or null for everyone
 * else (signed in or not), whom the page answers with 'Access denied.'.
 */
export async function superAdminAccess({ context }: { context: RouterContext }): Promise<{
  readonly admin: SuperAdminProfile | null;
}> {
  const session = await context.session.settled();
  return { admin: session.status === 'signed-in' && isSuperAdmin(session.profile) ? session.profile : null };
}
