import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts the two emulators the Firebase adapters are tested on, each in its own process group:
 *  - Google's Cloud Firestore emulator from the machine's google-cloud-cli (`gcloud emulators
 *    firestore start`), which enforces firestore.rules;
 *  - the Firebase Auth emulator from firebase-tools, run alone (scripts/firebase-auth-emulator.mjs).
 * Missing prerequisites fail loudly: a run that cannot start them must not pass by skipping.
 */

export interface EmulatorEndpoints {
  readonly host: string;
  readonly authPort: number;
  readonly firestorePort: number;
  /** The Auth emulator serves one project to client SDKs: this one. */
  readonly authProject: string;
}

export interface RunningEmulators {
  readonly endpoints: EmulatorEndpoints;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;
const PREREQS_HINT =
  'Install them with scripts/ci-firebase-prereqs.sh (apt: google-cloud-cli-firestore-emulator, default-jre-headless).';

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** Throws a clear error unless gcloud (with its Firestore emulator) and Java are installed. */
export function checkPrerequisites(): void {
  const problems: string[] = [];
  if (!onPath('gcloud')) problems.push('gcloud (google-cloud-cli) is not on PATH');
  const java = onPath('java') ? spawnSync('java', ['-version'], { encoding: 'utf8' }) : null;
  if (java === null || java.status !== 0)
    problems.push('java is not installed (the Firestore emulator needs Java 11+)');
  if (problems.length > 0) {
    throw new Error(`Cannot run the Firebase emulator tests: ${problems.join('; ')}. ${PREREQS_HINT}`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
}

function launch(command: string, args: readonly string[]): Started {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true, // its own process group, so that the whole tree (gcloud → java) can be stopped
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function waitUntil(
  name: string,
  started: Started,
  ready: () => Promise<boolean>,
  timeoutMs = START_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(
        `The ${name} emulator exited before it was ready (code ${started.child.exitCode}).\n${started.output()}\n${PREREQS_HINT}`,
      );
    }
    if (await ready().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 150));
  }
  throw new Error(`The ${name} emulator was not ready within ${timeoutMs / 1000} s.\n${started.output()}`);
}

async function stopGroup(started: Started): Promise<void> {
  const { child } = started;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // the group is already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  // gcloud's java child may outlive its parent briefly: make sure the group is gone.
  signal('SIGKILL');
}

/**
 * The variable through which a process that started the emulators hands them to others
 * (scripts/test-all.mjs starts them once for test:firebase, test:security and the e2e's Firebase build):
 * `host:authPort:firestorePort:authProject`.
 */
export const SHARED_EMULATORS = 'TEST_FIREBASE_EMULATORS';

export function describeEndpoints(endpoints: EmulatorEndpoints): string {
  return [endpoints.host, endpoints.authPort, endpoints.firestorePort, endpoints.authProject].join(':');
}

/**
 * The emulators named by TEST_FIREBASE_EMULATORS, or null when it is unset. They must serve
 * `authProject` (the Auth emulator serves one project) and answer; whoever started them stops them, so
 * `stop` leaves them running.
 */
export async function sharedEmulators(authProject: string): Promise<RunningEmulators | null> {
  const value = process.env[SHARED_EMULATORS];
  if (value === undefined || value === '') return null;
  const [host = '', authPort = '', firestorePort = '', project = ''] = value.split(':');
  const endpoints = {
    host,
    authPort: Number(authPort),
    firestorePort: Number(firestorePort),
    authProject: project,
  };
  if (host === '' || !Number.isInteger(endpoints.authPort) || !Number.isInteger(endpoints.firestorePort)) {
    throw new Error(`${SHARED_EMULATORS} must be host:authPort:firestorePort:project (got "${value}")`);
  }
  if (project !== authProject) {
    throw new Error(`${SHARED_EMULATORS} serves Auth project ${project}; this run needs ${authProject}`);
  }
  for (const url of [`http://${host}:${endpoints.authPort}/`, `http://${host}:${endpoints.firestorePort}/`]) {
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (!answered) throw new Error(`${SHARED_EMULATORS}: no emulator answers at ${url}`);
  }
  return { endpoints, stop: async () => undefined };
}

export async function startEmulators(authProject: string): Promise<RunningEmulators> {
  checkPrerequisites();
  const [authPort, firestorePort] = [await freePort(), await freePort()];
  const firestore = launch('gcloud', [
    'emulators',
    'firestore',
    'start',
    `--host-port=${HOST}:${firestorePort}`,
    '--quiet',
  ]);
  const auth = launch(process.execPath, [
    join(ROOT, 'scripts/firebase-auth-emulator.mjs'),
    '--host',
    HOST,
    '--port',
    String(authPort),
    '--project',
    authProject,
  ]);
  const all = [firestore, auth];
  const stop = async () => {
    await Promise.all(all.map(stopGroup));
  };
  // Never leave emulators behind, even if the test process dies.
  const onExit = () => {
    for (const { child } of all) {
      try {
        if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', onExit);
  try {
    await Promise.all([
      waitUntil('Firestore', firestore, async () => (await fetch(`http://${HOST}:${firestorePort}/`)).ok),
      waitUntil('Auth', auth, async () => (await fetch(`http://${HOST}:${authPort}/`)).ok),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    endpoints: { host: HOST, authPort, firestorePort, authProject },
    stop: async () => {
      process.removeListener('exit', onExit);
      await stop();
    },
  };
}
