import { redirect } from '@tanstack/react-router';
import { isSuperAdmin, type SuperAdminProfile } from '../../domain/users/roles';
import type { UserProfile } from '../../domain/users/user';
import type { RouterContext } from './context';

/** Thrown when the signed-in account's profile could not be read: the route shows the message. */
export class SessionFailedError extends Error {
  override readonly name = 'SessionFailedError';
}

/** Login required: a signed-out visitor goes to /signin. Adds the viewer's profile to the route's context. */
export async function requireSignedIn({ context }: { context: RouterContext }): Promise<{
  readonly viewer: UserProfile | null;
}> {
  const session = await context.session.settled();
  if (session.status === 'signed-out') throw redirect({ to: '/signin', replace: true });
  if (session.status !== 'signed-in')
    throw new SessionFailedError(session.status === 'error' ? session.message : '');
  return { viewer: session.profile };
}

/**
 * Role sa only: adds `admin` to the route's context, the super admin's profile or null for everyone
 * else (signed in or not), whom the page answers with 'Access denied.'. A denial is an answer, not an
 * error: nothing is thrown, so nothing is logged.
 */
export async function superAdminAccess({ context }: { context: RouterContext }): Promise<{
  readonly admin: SuperAdminProfile | null;
}> {
  const session = await context.session.settled();
  if (session.status === 'error') throw new SessionFailedError(session.message);
  return { admin: session.status === 'signed-in' && isSuperAdmin(session.profile) ? session.profile : null };
}
