import { redirect } from '@tanstack/react-router';
import { isSuperAdmin, type SuperAdminProfile } from '../../domain/users/roles';
import type { UserProfile } from '../../domain/users/user';
import type { RouterContext } from './context';

/** Thrown by a route's beforeLoad when the visitor may not see it: the route shows 'Access denied.'. */
export class AccessDeniedError extends Error {
  override readonly name = 'AccessDeniedError';
  constructor() {
    super('Access denied.');
  }
}

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

/** Role sa only: everyone else, signed in or not, is denied. Returns the super admin's profile. */
export async function requireSuperAdmin({ context }: { context: RouterContext }): Promise<{
  readonly admin: SuperAdminProfile;
}> {
  const session = await context.session.settled();
  if (session.status === 'error') throw new SessionFailedError(session.message);
  if (session.status !== 'signed-in' || !isSuperAdmin(session.profile)) throw new AccessDeniedError();
  return { admin: session.profile };
}
