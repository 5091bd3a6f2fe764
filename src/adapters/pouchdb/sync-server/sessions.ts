import type { IncomingMessage } from 'node:http';
import { type Principals, principalsOf } from './device-access';
import type { Upstream } from './http';

/**
 * Who sends a request to the sync gateway: the device's account, asked of the database's own
 * `_session` with the credentials the request carries (HTTP basic auth or a session cookie), and
 * remembered for SESSION_TTL_MS so that a replication's many requests ask once.
 */

const SESSION_TTL_MS = 30_000;

/** The device's account as validate_doc_update sees it. */
export interface UserCtx {
  readonly name: string;
  readonly roles: readonly string[];
}

/** Who writes: what the gateway's checks know of the device (device-access.ts) and its userCtx. */
export interface Who {
  readonly principals: Principals;
  readonly userCtx: UserCtx;
}

/** Who sends this request; null when nobody (or a wrong password). */
export type WhoIs = (req: IncomingMessage) => Promise<Who | null>;

export function sessionsOf(upstream: Upstream): WhoIs {
  const sessions = new Map<
    string,
    { readonly at: number; readonly principals: Principals | null; readonly userCtx: UserCtx }
  >();
  return async (req) => {
    const credential = req.headers.authorization ?? '';
    const cookie = req.headers.cookie ?? '';
    if (credential === '' && !/AuthSession=/.test(cookie)) return null;
    const key = `${credential}\n${cookie}`;
    const cached = sessions.get(key);
    if (cached && Date.now() - cached.at < SESSION_TTL_MS)
      return cached.principals === null ? null : { principals: cached.principals, userCtx: cached.userCtx };
    const response = await fetch(`${upstream.url}/_session`, {
      headers: {
        Accept: 'application/json',
        ...(credential ? { Authorization: credential } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    const body = (await response.json().catch(() => ({}))) as {
      userCtx?: { name?: unknown; roles?: unknown };
    };
    const principals =
      response.ok && typeof body.userCtx?.name === 'string' ? principalsOf(body.userCtx) : null;
    const roles = Array.isArray(body.userCtx?.roles)
      ? body.userCtx.roles.filter((r): r is string => typeof r === 'string')
      : [];
    const userCtx: UserCtx = { name: principals?.name ?? '', roles };
    if (sessions.size > 10_000) sessions.clear();
    sessions.set(key, { at: Date.now(), principals, userCtx });
    return principals === null ? null : { principals, userCtx };
  };
}
