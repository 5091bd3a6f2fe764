import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser';
import { freePort } from './global-setup';

let server: ChildProcess | undefined;

/**
 * Starts the production build on the Firebase emulators exactly as a developer would
 * (`npm run start:firebase`), on a free port, and hands the files its URL and emulators (to reset the
 * data between files).
 */
export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it: apt-get install -y chromium`);
  }
  // A Firebase build already served elsewhere (a private build while others rebuild dist-firebase/):
  // E2E_FIREBASE_URL, and its emulators as E2E_FIREBASE_EMULATORS=host:authPort:firestorePort:project.
  if (process.env.E2E_FIREBASE_URL && process.env.E2E_FIREBASE_EMULATORS) {
    const [host = '', authPort = '', firestorePort = '', authProject = ''] =
      process.env.E2E_FIREBASE_EMULATORS.split(':');
    const response = await fetch(process.env.E2E_FIREBASE_URL);
    if (!response.ok) throw new Error(`${process.env.E2E_FIREBASE_URL} answered ${response.status}`);
    project.provide('baseUrl', process.env.E2E_FIREBASE_URL.replace(/\/$/, ''));
    project.provide('backend', 'firebase');
    project.provide('firebaseEndpoints', {
      host,
      authPort: Number(authPort),
      firestorePort: Number(firestorePort),
      authProject,
    });
    return;
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  server = spawn('node', ['scripts/start-firebase.mjs'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  while (!output.includes('ready in')) {
    if (server.exitCode !== null)
      throw new Error(`npm run start:firebase exited with ${server.exitCode}:\n${output}`);
    if (Date.now() - started > 240_000)
      throw new Error(`npm run start:firebase did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const emulators =
    /Auth emulator http:\/\/([\d.]+):(\d+), Firestore emulator http:\/\/[\d.]+:(\d+) \(project ([\w-]+)\)/.exec(
      output,
    );
  if (!emulators) throw new Error(`could not read the emulators' ports:\n${output}`);
  const [, host = '', authPort = '', firestorePort = '', authProject = ''] = emulators;
  const response = await fetch(baseUrl);
  if (!response.ok) throw new Error(`${baseUrl} answered ${response.status}`);
  project.provide('baseUrl', baseUrl);
  project.provide('backend', 'firebase');
  project.provide('firebaseEndpoints', {
    host,
    authPort: Number(authPort),
    firestorePort: Number(firestorePort),
    authProject,
  });
}

export async function teardown(): Promise<void> {
  if (server?.pid === undefined || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  try {
    // start-firebase stops its emulators on SIGTERM, then exits.
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
  // Nothing of the child may keep this process alive.
  server.stdout?.destroy();
  server.stderr?.destroy();
  server.unref();
}
