import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: real Chromium (Debian's, driven by playwright-core) against the built offline demo,
 * served by `npm start` itself. One file at a time: the machine has two cores and Chromium wants both.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    retry: 0,
    // A page that has not shown something yet is waited for, not failed at once: expect.poll's default
    // second is too short for a first load (the demo data set is written to IndexedDB) on a busy machine.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
