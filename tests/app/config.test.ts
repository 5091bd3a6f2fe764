import { describe, expect, it } from 'vitest';
import { ConfigError, parseAppConfig } from '../../src/app/config';

const FIREBASE = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'AIzaTestKey',
  VITE_FIREBASE_AUTH_DOMAIN: 'repairmate-test.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'repairmate-test',
};

/** The problems of a configuration that must be refused. */
function problemsOf(env: Record<string, string | undefined>): readonly string[] {
  try {
    parseAppConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('parseAppConfig', () => {
  it('defaults to the offline demo on PouchDB, named RepairMate, with demo data', () => {
    expect(parseAppConfig({})).toEqual({
      backend: 'pouchdb',
      productName: 'RepairMate',
      supportEmail: 'support@repairmate.app',
      seedDemo: true,
      dbPrefix: 'repairmate',
    });
  });

  it('treats blank variables as unset', () => {
    expect(
      parseAppConfig({
        VITE_BACKEND: '  ',
        VITE_PRODUCT_NAME: '',
        VITE_DEMO_SEED: ' ',
        VITE_POUCHDB_SYNC_URL: '',
      }),
    ).toEqual(parseAppConfig({}));
  });

  it('reads the PouchDB settings', () => {
    expect(
      parseAppConfig({
        VITE_BACKEND: 'pouchdb',
        VITE_PRODUCT_NAME: ' FixIt ',
        VITE_SUPPORT_EMAIL: 'help@fixit.test',
        VITE_DEMO_SEED: 'false',
        VITE_POUCHDB_PREFIX: 'fixit_demo',
        VITE_POUCHDB_SYNC_URL: 'http://127.0.0.1:5984/',
      }),
    ).toEqual({
      backend: 'pouchdb',
      productName: 'FixIt',
      supportEmail: 'help@fixit.test',
      seedDemo: false,
      dbPrefix: 'fixit_demo',
      syncUrl: 'http://127.0.0.1:5984/',
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads VITE_DEMO_SEED=%s as %s', (value, seedDemo) => {
    expect(parseAppConfig({ VITE_BACKEND: 'memory', VITE_DEMO_SEED: value })).toMatchObject({ seedDemo });
  });

  it('reads the memory backend', () => {
    expect(parseAppConfig({ VITE_BACKEND: 'memory' })).toEqual({
      backend: 'memory',
      productName: 'RepairMate',
      supportEmail: 'support@repairmate.app',
      seedDemo: true,
    });
  });

  it('reads the Firebase backend', () => {
    expect(parseAppConfig({ ...FIREBASE, VITE_FIREBASE_APP_ID: '1:2:web:3' })).toEqual({
      backend: 'firebase',
      productName: 'RepairMate',
      supportEmail: 'support@repairmate.app',
      firebase: {
        apiKey: 'AIzaTestKey',
        authDomain: 'repairmate-test.firebaseapp.com',
        projectId: 'repairmate-test',
        appId: '1:2:web:3',
      },
    });
  });

  it('reads the Firebase emulators, with default host and port', () => {
    expect(
      parseAppConfig({ ...FIREBASE, VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' }),
    ).toMatchObject({
      emulators: { authUrl: 'http://127.0.0.1:9099', firestoreHost: '127.0.0.1', firestorePort: 8080 },
    });
    expect(
      parseAppConfig({
        ...FIREBASE,
        VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://localhost:9099',
        VITE_FIRESTORE_EMULATOR_HOST: 'localhost',
        VITE_FIRESTORE_EMULATOR_PORT: '8181',
      }),
    ).toMatchObject({ emulators: { firestoreHost: 'localhost', firestorePort: 8181 } });
  });
});

describe('a bad configuration is a ConfigError naming the variable', () => {
  it('names VITE_BACKEND for an unknown backend', () => {
    expect(problemsOf({ VITE_BACKEND: 'mongo' })).toEqual([
      'VITE_BACKEND must be one of memory, pouchdb, firebase (got "mongo")',
    ]);
  });

  it('says so in its message, one problem a line', () => {
    expect(() => parseAppConfig({ VITE_BACKEND: 'mongo' })).toThrow(
      /not configured correctly:\n- VITE_BACKEND/,
    );
  });

  it('names each missing Firebase variable', () => {
    const problems = problemsOf({ VITE_BACKEND: 'firebase' });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/VITE_FIREBASE_API_KEY is required/);
    expect(problems.join('\n')).toMatch(/VITE_FIREBASE_AUTH_DOMAIN is required/);
    expect(problems.join('\n')).toMatch(/VITE_FIREBASE_PROJECT_ID is required/);
  });

  it('names VITE_FIREBASE_API_KEY alone when only the key is missing', () => {
    const problems = problemsOf({ ...FIREBASE, VITE_FIREBASE_API_KEY: ' ' });
    expect(problems).toEqual([expect.stringMatching(/^VITE_FIREBASE_API_KEY /)]);
  });

  it.each([['not a url'], ['ftp://couch.test/db'], ['couchdb.test:5984']])(
    'names VITE_POUCHDB_SYNC_URL for %s',
    (url) => {
      expect(problemsOf({ VITE_POUCHDB_SYNC_URL: url })).toEqual([
        expect.stringMatching(/^VITE_POUCHDB_SYNC_URL /),
      ]);
    },
  );

  it.each([
    ['VITE_DEMO_SEED', { VITE_BACKEND: 'memory', VITE_DEMO_SEED: 'maybe' }],
    ['VITE_POUCHDB_PREFIX', { VITE_POUCHDB_PREFIX: 'Bad Prefix!' }],
    ['VITE_SUPPORT_EMAIL', { VITE_SUPPORT_EMAIL: 'support-at-example' }],
    ['VITE_PRODUCT_NAME', { VITE_PRODUCT_NAME: 'x'.repeat(41) }],
    ['VITE_FIREBASE_AUTH_EMULATOR_URL', { ...FIREBASE, VITE_FIREBASE_AUTH_EMULATOR_URL: 'localhost:9099' }],
    [
      'VITE_FIRESTORE_EMULATOR_PORT',
      {
        ...FIREBASE,
        VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
        VITE_FIRESTORE_EMULATOR_PORT: 'eighty',
      },
    ],
  ])('names %s', (variable, env) => {
    expect(problemsOf(env)).toEqual([expect.stringMatching(new RegExp(`^${variable} `))]);
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ VITE_POUCHDB_SYNC_URL: 'nope', VITE_SUPPORT_EMAIL: 'nope' })).toHaveLength(2);
  });
});
