import { defineConfig } from 'vitest/config';

/**
 * `npm run bench`: measures the backends and prints the figures (explained in docs/pouchdb.md). Runs the files one
 * after another, in Node, with the time zone of the tests (month boundaries are local time).
 */
export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['bench/**/*.bench.ts'],
    env: { TZ: 'Asia/Kolkata' },
    fileParallelism: false,
    testTimeout: 1_800_000,
    hookTimeout: 600_000,
  },
});
