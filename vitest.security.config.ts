import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security`: the attacks of docs/security.md, numbered as there, each of which must fail,
 * and the paths that must stay open, on every backend: the local backends (memory, PouchDB) through
 * their ports, the sync server over HTTP, and the Firebase emulators with our firestore.rules through
 * the production adapters and the SDK.
 */
export default defineConfig({
  test: {
    // The usual report, then the counts of attacks refused and paths allowed (tests/security/counts-reporter.ts).
    reporters: ['default', './tests/security/counts-reporter.ts'],
    env: { TZ: 'Asia/Kolkata' },
    testTimeout: 60_000,
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'security-local',
          environment: 'node',
          include: [
            'tests/security/local.security.test.ts',
            'tests/security/sync-server.security.test.ts',
            'tests/security/local-invitations.security.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'security-firebase',
          environment: 'node',
          include: [
            'tests/security/firebase.security.test.ts',
            'tests/security/firebase-invitations.security.test.ts',
            'tests/security/shop-surface.security.test.ts',
            'tests/security/seed-schema.security.test.ts',
          ],
          globalSetup: ['tests/firebase/global-setup.ts'],
        },
      },
    ],
  },
});
