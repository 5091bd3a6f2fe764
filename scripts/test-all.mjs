#!/usr/bin/env node
// `npm test`: every check of the project, side by side where they can run at once, then a table of each
// stage's wall time and result. What runs is exactly what the separate scripts run (`npm run typecheck`,
// `lint`, `test:unit`, `test:size`, `test:firebase`, `test:security`, `test:sync-soak`, `test:e2e`);
// what changes is the order and what is shared:
//  - the demo is built once (`npm run build -- --manifest`) and used by the size check (`--no-build`)
//    and by the e2e tests (served by `npm start -- --no-build`, handed over as E2E_DEMO_URL);
//  - the Firebase emulators are started once and handed to test:firebase, test:security and the e2e
//    tests' Firebase build (TEST_FIREBASE_EMULATORS). The Auth emulator serves one project, which all
//    three clear and fill, so they take it in turn: firebase, then security, then the e2e's Firebase
//    flows (`start:firebase` empties and seeds it, each e2e file loads the demo data again).
// Three lanes run at once on two cores: the checks (typecheck, lint, unit), the suites that mostly wait
// (firebase and security on the emulators, then the sync soak) and the browser (build, size, e2e on the
// demo, then on the Firebase build). docs/testing.md has the measurements behind this order.
// A failed stage fails the run, and every other stage still runs to its end, so one run reports every
// failure; a stage that needs a failed one (e2e needs the build) is not run and counts as failed.
// Each stage runs in its own process group, which is killed when the stage ends, on a stage's timeout,
// and on Ctrl+C or SIGTERM; the emulators are stopped by their process groups too.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AUTH_PROJECT = 'demo-repairmate';
/** A stage still running after this long is stopped and fails (a hung process must not hang CI). */
const STAGE_TIMEOUT_MS = 30 * 60_000;
const HEARTBEAT_MS = 60_000;

/** The environment every stage starts from (taken before Vite's module runner sets NODE_ENV). */
const BASE_ENV = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) };
const runStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const since = () => seconds(Date.now() - runStarted).padStart(6);

/** Process groups running now (stages and servers), by pid: killed on a signal or at the end. */
const groups = new Set();

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/**
 * Runs a command in its own process group and collects its output. Resolves with its exit code (or
 * null if it was killed) once it has exited and its group has been killed.
 */
function run(command, args, { env = {}, timeoutMs = STAGE_TIMEOUT_MS } = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...BASE_ENV, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groups.add(child.pid);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid, 'SIGTERM');
    setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5_000).unref();
  }, timeoutMs);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output += `\n${error.message}\n`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // Whatever the command left behind in its group (a server, a browser) goes with it.
      killGroup(child.pid, 'SIGKILL');
      groups.delete(child.pid);
      if (timedOut) output += `\n[test-all] stopped after ${seconds(timeoutMs)}: the stage's time limit\n`;
      resolve({ code: timedOut ? null : code, output });
    });
  });
}

/**
 * Starts a server in its own process group and waits until its output matches `ready`. Resolves with
 * the match and a stop function; rejects with its output if it exits or is not ready in time.
 */
function serve(command, args, { env = {}, ready, timeoutMs = 240_000 }) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...BASE_ENV, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groups.add(child.pid);
  let output = '';
  const stop = async () => {
    if (!groups.has(child.pid)) return;
    const exited = new Promise((resolve) => child.once('close', resolve));
    killGroup(child.pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    killGroup(child.pid, 'SIGKILL');
    groups.delete(child.pid);
  };
  child.on('close', () => groups.delete(child.pid));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`not ready within ${seconds(timeoutMs)}:\n${output}`));
    }, timeoutMs);
    const check = (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ match, stop, output: () => output });
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** An npm script as a stage: its exit code decides. */
const script = (name, extra = [], env = {}) => ({
  command: `npm run ${name}${extra.length > 0 ? ` -- ${extra.join(' ')}` : ''}`,
  exec: () => run(npm, ['run', '--silent', name, ...(extra.length > 0 ? ['--', ...extra] : [])], { env }),
});

/** Shared between stages: the emulators, and the servers the e2e stages drive. */
const shared = { emulators: null, demo: null, firebase: null };

/**
 * The stages. `needs`: stages that must have passed first (else this one is not run and fails);
 * `after`: stages that must have ended first, whatever their result (they share something in turn).
 * `exec` returns { code, output }; code 0 passes.
 */
const STAGES = [
  // Lane 1: the checks.
  { name: 'typecheck', ...script('typecheck') },
  { name: 'lint', after: ['typecheck'], ...script('lint') },
  // One worker: the other core is the browser lane's (Chromium and the e2e runner).
  { name: 'unit', after: ['lint'], ...script('test:unit', ['--maxWorkers=1']) },
  // Lane 2: the suites on the Firebase emulators, in turn.
  {
    name: 'emulators',
    command: 'scripts/firebase-emulators.ts startEmulators',
    exec: async () => {
      // Vite's module runner loads the TypeScript module (and sets NODE_ENV, which BASE_ENV predates).
      const { runnerImport } = await import('vite');
      const { module } = await runnerImport('/scripts/firebase-emulators.ts', {
        root: ROOT,
        logLevel: 'warn',
      });
      shared.emulators = await module.startEmulators(AUTH_PROJECT);
      shared.emulatorsVariable = {
        [module.SHARED_EMULATORS]: module.describeEndpoints(shared.emulators.endpoints),
      };
      return { code: 0, output: `emulators: ${Object.values(shared.emulatorsVariable)[0]}\n` };
    },
  },
  {
    name: 'firebase',
    needs: ['emulators'],
    ...lazyEnv(() => script('test:firebase', [], shared.emulatorsVariable)),
  },
  {
    name: 'security',
    needs: ['emulators'],
    after: ['firebase'],
    ...lazyEnv(() => script('test:security', [], shared.emulatorsVariable)),
  },
  // The soak mostly waits on its sync server: in the lane that waits too, after the emulator suites.
  { name: 'sync-soak', after: ['security'], ...script('test:sync-soak') },
  // Lane 3: the browser.
  { name: 'build', ...script('build', ['--manifest', '--logLevel', 'warn']) },
  { name: 'size', needs: ['build'], ...script('test:size', ['--no-build']) },
  {
    name: 'e2e',
    needs: ['build'],
    after: ['size'],
    command: 'npm run test:e2e -- --project e2e (E2E_DEMO_URL: npm start -- --no-build)',
    exec: async () => {
      const port = await freePort();
      shared.demo = await serve(npm, ['start', '--', '--no-build'], {
        env: { PORT: String(port) },
        ready: /demo ready in/,
      });
      try {
        return await run(npm, ['run', '--silent', 'test:e2e', '--', '--project', 'e2e'], {
          env: { E2E_DEMO_URL: `http://localhost:${port}` },
        });
      } finally {
        await shared.demo.stop();
      }
    },
  },
  {
    name: 'e2e-firebase',
    needs: ['emulators'],
    // The emulators' Auth project is theirs alone once the other suites on it have ended.
    after: ['e2e', 'firebase', 'security'],
    command: 'npm run test:e2e -- --project e2e-firebase (E2E_FIREBASE_URL: npm run start:firebase)',
    exec: async () => {
      const port = await freePort();
      shared.firebase = await serve(npm, ['run', 'start:firebase'], {
        env: { PORT: String(port), ...shared.emulatorsVariable },
        ready: /emulators ready in [\d.]+ s/,
      });
      try {
        const { host, authPort, firestorePort, authProject } = shared.emulators.endpoints;
        return await run(npm, ['run', '--silent', 'test:e2e', '--', '--project', 'e2e-firebase'], {
          env: {
            E2E_FIREBASE_URL: `http://localhost:${port}`,
            E2E_FIREBASE_EMULATORS: [host, authPort, firestorePort, authProject].join(':'),
          },
        });
      } finally {
        await shared.firebase.stop();
        // The last stage on the emulators: they go now rather than at the end of the run.
        await shared.emulators.stop();
      }
    },
  },
];

/** A script stage whose environment is known only when it starts (the emulators' ports). */
function lazyEnv(make) {
  return { command: make().command, exec: () => make().exec() };
}

/**
 * `npm test -- <stage> …` runs only those stages (with the stages they need); `after` orders only the
 * stages that run.
 */
const named = process.argv.slice(2);
const unknown = named.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown stage ${unknown.join(', ')}; the stages: ${STAGES.map((stage) => stage.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = new Set(named.length > 0 ? named : STAGES.map((stage) => stage.name));
for (const stage of [...STAGES].reverse())
  if (selected.has(stage.name)) for (const need of stage.needs ?? []) selected.add(need);
for (let index = STAGES.length - 1; index >= 0; index -= 1)
  if (!selected.has(STAGES[index].name)) STAGES.splice(index, 1);

const results = new Map(); // name → { status, startedAt, endedAt }
const running = new Map(); // name → promise

function printBlock(name, status, elapsed, output) {
  const line = '─'.repeat(Math.max(4, 70 - name.length));
  process.stdout.write(`\n──── ${name}: ${status} in ${seconds(elapsed)} ${line}\n${output.trimEnd()}\n`);
}

async function runStage(stage) {
  const startedAt = Date.now();
  results.set(stage.name, { status: 'running', startedAt });
  console.log(`[test-all ${since()}] ${stage.name} started: ${stage.command}`);
  let outcome;
  try {
    outcome = await stage.exec();
  } catch (error) {
    outcome = { code: 1, output: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  const endedAt = Date.now();
  const status = stopping ? 'stopped' : outcome.code === 0 ? 'passed' : 'FAILED';
  results.set(stage.name, { status, startedAt, endedAt });
  printBlock(stage.name, status, endedAt - startedAt, outcome.output);
  console.log(`[test-all ${since()}] ${stage.name} ${status} in ${seconds(endedAt - startedAt)}`);
}

let stopping = false;

/** Starts every stage whose `needs` and `after` have ended; marks those whose `needs` failed. */
function schedule() {
  if (stopping) return;
  for (const stage of STAGES) {
    if (results.has(stage.name)) continue;
    const ended = (name) => ['passed', 'FAILED', 'not run', 'stopped'].includes(results.get(name)?.status);
    const needs = stage.needs ?? [];
    const after = (stage.after ?? []).filter((name) => selected.has(name));
    if (!needs.every(ended) || !after.every(ended)) continue;
    const failed = needs.filter((name) => results.get(name)?.status !== 'passed');
    if (failed.length > 0) {
      results.set(stage.name, { status: 'not run', reason: `${failed.join(', ')} did not pass` });
      console.log(`[test-all ${since()}] ${stage.name} not run: ${failed.join(', ')} did not pass`);
      schedule();
      return;
    }
    const promise = runStage(stage).then(() => {
      running.delete(stage.name);
      schedule();
    });
    running.set(stage.name, promise);
  }
}

function printTable() {
  const rows = STAGES.map((stage) => {
    const result = results.get(stage.name) ?? { status: 'not run' };
    const wall = result.endedAt ? seconds(result.endedAt - result.startedAt) : '';
    const from = result.startedAt ? seconds(result.startedAt - runStarted) : '';
    const to = result.endedAt ? seconds(result.endedAt - runStarted) : '';
    return [stage.name, result.status, wall, from, to, result.reason ?? stage.command];
  });
  const header = ['stage', 'result', 'wall', 'from', 'to', 'command'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const format = (row) =>
    row
      .map((cell, column) =>
        column >= 2 && column <= 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  console.log(
    `\nnpm test on ${availableParallelism()} cores: each stage's wall time, from and to (seconds into the run)\n`,
  );
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
  const failed = rows.filter((row) => row[1] !== 'passed');
  console.log(
    `\ntotal ${seconds(Date.now() - runStarted)}: ${failed.length === 0 ? 'every stage passed' : `${failed.length} of ${rows.length} stages did not pass (${failed.map((row) => row[0]).join(', ')})`}`,
  );
  return failed.length === 0;
}

async function stopEverything() {
  await Promise.all([shared.demo?.stop(), shared.firebase?.stop()]);
  for (const pid of groups) killGroup(pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, groups.size > 0 ? 2_000 : 0));
  for (const pid of groups) killGroup(pid, 'SIGKILL');
  await shared.emulators?.stop();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[test-all ${since()}] ${signal}: stopping every stage`);
    await stopEverything();
    printTable();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

const heartbeat = setInterval(() => {
  const now = [...running.keys()].map(
    (name) => `${name} ${seconds(Date.now() - results.get(name).startedAt)}`,
  );
  if (now.length > 0) console.log(`[test-all ${since()}] running: ${now.join(', ')}`);
}, HEARTBEAT_MS);

schedule();
while (running.size > 0) await Promise.race(running.values());
clearInterval(heartbeat);
await stopEverything();
process.exit(printTable() ? 0 : 1);
