import { defineConfig } from 'vitest/config';

/**
 * The Firebase adapters and firestore.rules on the emulators (`npm run test:firebase`). The global
 * setup starts the Auth emulator (firebase-tools) and Google's Firestore emulator (google-cloud-cli)
 * on free ports and stops their process groups afterwards; without gcloud or Java it fails loudly.
 */
export default defineConfig({
  test: {
    name: 'firebase',
    environment: 'node',
    include: ['tests/firebase/**/*.test.ts'],
    globalSetup: ['tests/firebase/global-setup.ts'],
    // Month boundaries of the admin report are local time; the same zone as the other test runs.
    env: { TZ: 'Asia/Kolkata' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
