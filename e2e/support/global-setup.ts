import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Which build the files of this project run against. */
    backend: 'pouchdb' | 'firebase';
    /** The emulators of the Firebase build (its data is reset between files); null for the demo. */
    firebaseEndpoints: { host: string; authPort: number; firestorePort: number; authProject: string } | null;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let demo: ChildProcess | undefined;

/** Starts the demo exactly as a salesperson would (`npm start`), on a free port, and waits until it serves. */
export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it: apt-get install -y chromium`);
  }
  // A demo already served elsewhere (e.g. a private build while others rebuild dist/): drive that one.
  if (process.env.E2E_DEMO_URL) {
    const response = await fetch(process.env.E2E_DEMO_URL);
    if (!response.ok) throw new Error(`${process.env.E2E_DEMO_URL} answered ${response.status}`);
    project.provide('baseUrl', process.env.E2E_DEMO_URL.replace(/\/$/, ''));
    project.provide('backend', 'pouchdb');
    project.provide('firebaseEndpoints', null);
    return;
  }
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const baseUrl = `http://localhost:${port}`;
  demo = spawn('node', ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  demo.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  demo.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  while (!output.includes('demo ready')) {
    if (demo.exitCode !== null) throw new Error(`npm start exited with ${demo.exitCode}:\n${output}`);
    if (Date.now() - started > 150_000) throw new Error(`npm start did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const response = await fetch(baseUrl);
  if (!response.ok) throw new Error(`${baseUrl} answered ${response.status}`);
  project.provide('baseUrl', baseUrl);
  project.provide('backend', 'pouchdb');
  project.provide('firebaseEndpoints', null);
}

export async function teardown(): Promise<void> {
  if (demo?.pid !== undefined && demo.exitCode === null) {
    try {
      process.kill(-demo.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
