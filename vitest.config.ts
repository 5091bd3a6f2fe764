import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit, contract and sync tests run in Node; UI tests in jsdom. The Firebase emulator run has its own
 * config (vitest.firebase.config.ts) because it needs emulators started around it.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Month boundaries of the admin report are local time; pin a zone with a non-zero offset.
    env: { TZ: 'Asia/Kolkata' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/ui/**', 'tests/firebase/**', 'tests/security/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
    ],
  },
});
