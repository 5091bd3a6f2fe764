/**
 * Which Firestore the public reads go to over REST (src/app/public-target.ts, issue 19), read from the
 * build's VITE_* variables: the table of settings and the target each gives (null: the full backend
 * answers and names the setting to fix).
 */
import { describe, expect, it } from 'vitest';
import { publicRestTarget } from '../../src/app/public-target';

const emulator = 'http://127.0.0.1:9099';

describe('publicRestTarget', () => {
  const table: ReadonlyArray<[string, Record<string, string | undefined>, unknown]> = [
    ['no project', {}, null],
    ['a blank project', { VITE_FIREBASE_PROJECT_ID: '   ' }, null],
    ['no project, even with an emulator', { VITE_FIREBASE_AUTH_EMULATOR_URL: emulator }, null],
    ['production', { VITE_FIREBASE_PROJECT_ID: 'repairmate-prod' }, { projectId: 'repairmate-prod' }],
    [
      'production, trimmed',
      { VITE_FIREBASE_PROJECT_ID: ' repairmate-prod ' },
      { projectId: 'repairmate-prod' },
    ],
    [
      'production when the emulator URL is blank',
      {
        VITE_FIREBASE_PROJECT_ID: 'p',
        VITE_FIREBASE_AUTH_EMULATOR_URL: ' ',
        VITE_FIRESTORE_EMULATOR_PORT: 'x',
      },
      { projectId: 'p' },
    ],
    [
      'the emulator at its default host and port',
      { VITE_FIREBASE_PROJECT_ID: 'demo-p', VITE_FIREBASE_AUTH_EMULATOR_URL: emulator },
      { projectId: 'demo-p', emulator: { host: '127.0.0.1', port: 8080 } },
    ],
    [
      'blank host and port taken as the defaults',
      {
        VITE_FIREBASE_PROJECT_ID: 'demo-p',
        VITE_FIREBASE_AUTH_EMULATOR_URL: emulator,
        VITE_FIRESTORE_EMULATOR_HOST: '',
        VITE_FIRESTORE_EMULATOR_PORT: '  ',
      },
      { projectId: 'demo-p', emulator: { host: '127.0.0.1', port: 8080 } },
    ],
    [
      'the emulator host and port named',
      {
        VITE_FIREBASE_PROJECT_ID: 'demo-p',
        VITE_FIREBASE_AUTH_EMULATOR_URL: emulator,
        VITE_FIRESTORE_EMULATOR_HOST: ' emulators.local ',
        VITE_FIRESTORE_EMULATOR_PORT: '8181',
      },
      { projectId: 'demo-p', emulator: { host: 'emulators.local', port: 8181 } },
    ],
    ...['abc', '0', '-1', '65536', '80.5', '1e9'].map((port): [string, Record<string, string>, unknown] => [
      `a port that is no port (${port})`,
      {
        VITE_FIREBASE_PROJECT_ID: 'demo-p',
        VITE_FIREBASE_AUTH_EMULATOR_URL: emulator,
        VITE_FIRESTORE_EMULATOR_PORT: port,
      },
      null,
    ]),
    [
      'the highest port',
      {
        VITE_FIREBASE_PROJECT_ID: 'demo-p',
        VITE_FIREBASE_AUTH_EMULATOR_URL: emulator,
        VITE_FIRESTORE_EMULATOR_PORT: '65535',
      },
      { projectId: 'demo-p', emulator: { host: '127.0.0.1', port: 65535 } },
    ],
  ];

  it.each(table)('%s', (_name, env, expected) => {
    expect(publicRestTarget(env)).toEqual(expected);
  });
});
