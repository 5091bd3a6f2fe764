import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The sync gateway's HTTP plumbing (gateway.ts composes it): the error a handler throws to answer
 * (HttpError), JSON answers, reading a device's request body within a size limit, the requests the
 * gateway makes to the CouchDB-compatible database behind it (as its administrator, or passed on with
 * the device's own credentials and streamed back), and the listening server with its CORS answers.
 * Nothing here knows documents, devices or rules.
 */

export type Json = Record<string, unknown>;
/** A document as the database stores it. */
export type Doc = Json & { readonly _id: string };

/** Thrown by a handler: answered with this status and CouchDB's `{ error, reason }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const parseJson = (text: string): unknown => {
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'bad_request', 'The body is not JSON.');
  }
};

/** The device's own credentials, passed on so that validate_doc_update sees who writes. */
export const deviceHeaders = (req: IncomingMessage): Record<string, string> => ({
  ...(req.headers.authorization ? { Authorization: req.headers.authorization } : {}),
  ...(req.headers.cookie ? { Cookie: req.headers.cookie } : {}),
});

/** The database behind the gateway, and the device's request on its way there. */
export interface Upstream {
  /** The database server's URL, without a trailing slash. */
  readonly url: string;
  /** Its administrator's Authorization header. */
  readonly adminAuth: string;
  /** A request to the database as its administrator; JSON in and out. */
  asAdmin(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }>;
  /** The request body as text (JSON, for every endpoint the gateway serves); 413 past the limit. */
  readBody(req: IncomingMessage): Promise<string>;
  /** Passes the request on (with `auth`, and `body` when already read) and streams the answer back. */
  proxy(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    auth: Record<string, string>,
    body?: string,
  ): Promise<void>;
}

export function upstreamOf(options: {
  readonly backendUrl: string;
  readonly admin: { readonly username: string; readonly password: string };
  readonly maxBodyBytes: number;
}): Upstream {
  const url = options.backendUrl.replace(/\/+$/, '');
  const adminAuth = basic(options.admin.username, options.admin.password);

  async function asAdmin(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${url}${path}`, {
      ...init,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: adminAuth },
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of req) {
      const bytes = new Uint8Array(chunk as Uint8Array);
      size += bytes.length;
      if (size > options.maxBodyBytes) throw new HttpError(413, 'too_large', 'The request is too large.');
      chunks.push(bytes);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  }

  async function proxy(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    auth: Record<string, string>,
    body?: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const payload = body ?? (method === 'GET' || method === 'HEAD' ? undefined : await readBody(req));
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        Accept: req.headers.accept ?? 'application/json',
        ...(req.headers['content-type'] ? { 'Content-Type': req.headers['content-type'] } : {}),
        ...auth,
      },
      ...(payload !== undefined && payload.length > 0 ? { body: payload } : {}),
      signal: controller.signal,
    });
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'etag', 'set-cookie', 'cache-control']) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    res.writeHead(response.status, headers);
    if (response.body === null || method === 'HEAD') {
      res.end();
      return;
    }
    try {
      for await (const chunk of response.body) res.write(chunk);
    } catch {
      // The device went away, or the database closed the stream: nothing more to pass on.
    }
    res.end();
  }

  return { url, adminAuth, asAdmin, readBody, proxy };
}

export interface Listening {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves `handle` on host:port. Pages of the allowed origins may call it from a browser (CORS: by
 * default pages served from this computer, http://localhost:* and http://127.0.0.1:*). A thrown
 * HttpError is answered as such; any other failure is the database's (502).
 */
export async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  options: { readonly host: string; readonly port: number; readonly allowedOrigins?: readonly string[] },
): Promise<Listening> {
  const allowOrigin = (origin: string): boolean =>
    options.allowedOrigins
      ? options.allowedOrigins.includes(origin)
      : /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin);

  const server: Server = createServer((req, res) => {
    const origin = req.headers.origin;
    if (typeof origin === 'string' && allowOrigin(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, DELETE',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
          'Access-Control-Max-Age': '600',
        });
        res.end();
        return;
      }
    }
    handle(req, res).catch((error: unknown) => {
      // A body refused half-read leaves the connection unusable: close it rather than let it be reused.
      if (error instanceof HttpError && error.status === 413) {
        send(res, 413, { error: error.error, reason: error.reason }, { Connection: 'close' });
        res.on('finish', () => req.destroy());
      } else if (error instanceof HttpError)
        send(res, error.status, { error: error.error, reason: error.reason });
      else send(res, 502, { error: 'bad_gateway', reason: 'The database could not be reached.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
