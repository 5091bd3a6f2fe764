#!/usr/bin/env node
// `npm run bench -- [--out FILE] [--quick] [--doc docs/performance.md] …`: the benchmark contract of
// docs/performance.md. Every scenario on memory, PouchDB (memory adapter and LevelDB) and the Firestore
// emulator, ours beside the spec's read-everything baseline; prints the tables and the goals, and with
// --out writes the JSON array and the SVG charts. `--help` lists the options. The TypeScript (bench/run.ts)
// is loaded with Vite's module runner, as the other scripts do.
import { runnerImport } from 'vite';

// Month boundaries of the admin report are local time: the tests' zone, so that every run counts alike.
process.env.TZ ??= 'Asia/Kolkata';

const { module } = await runnerImport('/bench/run.ts', { logLevel: 'warn' });
try {
  process.exitCode = await module.main(process.argv.slice(2));
} catch (error) {
  console.error('The bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
// PouchDB and Firebase may keep timers alive after their databases and apps are closed.
setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
