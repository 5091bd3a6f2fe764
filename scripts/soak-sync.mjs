#!/usr/bin/env node
// `npm run test:sync-soak`: runs the two-device sync test file again and again (SOAK_RUNS, 20 by
// default), each in a fresh vitest process with its own sync server, and fails at the first red run.
// It once ended red on an unhandled rejection from PouchDB's replicator after the server had stopped;
// 20 green runs in a row show the teardown is orderly (PouchSync.stop, docs/pouchdb.md).
import { spawnSync } from 'node:child_process';

const runs = Number(process.env.SOAK_RUNS ?? 20);
const file = 'tests/sync/pouchdb-sync.test.ts';
const started = Date.now();
for (let run = 1; run <= runs; run += 1) {
  const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', file], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0 || /Unhandled/i.test(output)) {
    console.error(output);
    console.error(`sync soak: run ${run} of ${runs} failed (exit ${result.status}).`);
    process.exit(1);
  }
  process.stdout.write(`sync soak: run ${run}/${runs} green\n`);
}
console.log(
  `sync soak: ${runs} runs of ${file} green in a row, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
