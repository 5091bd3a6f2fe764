import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Month boundaries of the admin report are local time; pin a zone with a non-zero offset.
    env: { TZ: 'Asia/Kolkata' },
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
