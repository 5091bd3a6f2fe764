import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type Gateway, startGateway } from './gateway';
import type { AdminConnection } from './provision';

/**
 * The sync server: a CouchDB-compatible database on loopback (pouchdb-server, started here, or a
 * CouchDB given by URL) behind the sync gateway, the only port devices reach.
 */

export interface SyncServerOptions {
  /** The gateway's port (0: a free one). */
  readonly port?: number;
  /** The gateway's address; loopback unless devices on the network must reach it. */
  readonly host?: string;
  /** Where pouchdb-server keeps its LevelDB files; in memory when absent. */
  readonly dataDir?: string;
  /** Use this database server (CouchDB) instead of starting pouchdb-server. */
  readonly backend?: AdminConnection;
  readonly storeWaitMs?: number;
  readonly longpollMs?: number;
  /** Web origins allowed to sync from a browser; pages of this computer by default (http.ts, listen). */
  readonly allowedOrigins?: readonly string[];
}

export interface SyncServer {
  /** Where devices sync: the gateway. */
  readonly url: string;
  /** The database behind it, as its administrator (provisioning, seeding, tests). */
  readonly admin: AdminConnection;
  stop(): Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

function pouchdbServerBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('pouchdb-server/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const path = typeof bin === 'string' ? bin : (bin['pouchdb-server'] ?? Object.values(bin)[0] ?? '');
  return resolve(dirname(manifest), path);
}

/** Starts pouchdb-server on a free loopback port with a fresh administrator; resolves once it answers. */
async function startPouchdbServer(
  dataDir: string | undefined,
): Promise<{ admin: AdminConnection; stop(): Promise<void> }> {
  const port = await freePort();
  // pouchdb-server writes config.json and log.txt into its working directory: keep them out of the repo.
  const workDir = dataDir ?? mkdtempSync(join(tmpdir(), 'repairmate-sync-'));
  mkdirSync(workDir, { recursive: true });
  const args = [
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--no-color',
    '--config',
    join(workDir, 'config.json'),
  ];
  args.push(...(dataDir === undefined ? ['--in-memory'] : ['--dir', dataDir]));
  const child: ChildProcess = spawn(process.execPath, [pouchdbServerBin(), ...args], {
    cwd: workDir,
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const exited = new Promise((done) => child.once('exit', done));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
    if (dataDir === undefined) rmSync(workDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pouchdb-server exited at start (code ${child.exitCode})`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('pouchdb-server did not start within 30 s');
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  // A fresh pouchdb-server is an "admin party" on loopback until an administrator exists: make one now.
  // With a data directory, the administrator's password is kept there (owner-only) for the next start.
  const secretFile = dataDir === undefined ? null : join(dataDir, 'gateway-admin.json');
  const saved =
    secretFile !== null && existsSync(secretFile)
      ? (JSON.parse(readFileSync(secretFile, 'utf8')) as { password?: string })
      : {};
  const admin: AdminConnection = {
    url,
    username: 'repairmate-admin',
    password: saved.password ?? randomBytes(18).toString('base64url'),
  };
  if (secretFile !== null && saved.password === undefined)
    writeFileSync(secretFile, JSON.stringify({ password: admin.password }), { mode: 0o600 });
  const existing = await fetch(`${url}/_config/admins/${admin.username}`);
  if (existing.status !== 401) {
    const made = await fetch(`${url}/_config/admins/${admin.username}`, {
      method: 'PUT',
      body: JSON.stringify(admin.password),
    });
    if (!made.ok) {
      await stop();
      throw new Error(`could not create the database administrator: ${made.status}`);
    }
  }
  return { admin, stop };
}

export async function startSyncServer(options: SyncServerOptions = {}): Promise<SyncServer> {
  const database = options.backend
    ? { admin: options.backend, stop: async () => undefined }
    : await startPouchdbServer(options.dataDir);
  let gateway: Gateway;
  try {
    gateway = await startGateway({
      backendUrl: database.admin.url,
      admin: { username: database.admin.username, password: database.admin.password },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.storeWaitMs !== undefined ? { storeWaitMs: options.storeWaitMs } : {}),
      ...(options.longpollMs !== undefined ? { longpollMs: options.longpollMs } : {}),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
  return {
    url: gateway.url,
    admin: database.admin,
    stop: async () => {
      await gateway.close();
      await database.stop();
    },
  };
}
