import type { Firestore } from 'firebase/firestore';
import { inject } from 'vitest';
import { EmulatorRest } from '../../scripts/firebase-emulator-rest';
import type { EmulatorEndpoints } from '../../scripts/firebase-emulators';
import { FirebaseEmulatorSeeder } from '../../src/adapters/firebase/demo/emulator-seeder';
import { createFirebaseBackend, type FirebaseBackend } from '../../src/adapters/firebase/firebase-backend';
import type { BackendHarness, HarnessFactory } from '../contract/harness';

let appSequence = 0;

export function emulatorEndpoints(): EmulatorEndpoints {
  const endpoints = inject('firebaseEmulators');
  if (!endpoints) throw new Error('The Firebase emulators are not running: use `npm run test:firebase`.');
  return endpoints;
}

/** A Firebase backend (the production adapters) on the emulators, as a fresh web client. */
export function emulatorBackend(endpoints: EmulatorEndpoints, project: string): FirebaseBackend {
  appSequence += 1;
  return createFirebaseBackend({
    firebase: { apiKey: 'demo-api-key', authDomain: `${project}.firebaseapp.com`, projectId: project },
    emulators: {
      authUrl: `http://${endpoints.host}:${endpoints.authPort}`,
      firestoreHost: endpoints.host,
      firestorePort: endpoints.firestorePort,
    },
    appName: `client-${appSequence}`,
  });
}

/** Privileged writes into the emulators (rules bypassed), for `project`. */
export function emulatorSeeder(endpoints: EmulatorEndpoints, project: string): FirebaseEmulatorSeeder {
  return new FirebaseEmulatorSeeder({
    projectId: project,
    authUrl: `http://${endpoints.host}:${endpoints.authPort}`,
    firestoreHost: endpoints.host,
    firestorePort: endpoints.firestorePort,
  });
}

/**
 * The contract harness on the emulators: each test starts from empty emulators (both cleared) and a
 * new Firebase app; the seeder writes past the rules; reset codes come from the Auth emulator; its
 * clock cannot be moved (advanceClock: null).
 */
export function emulatorHarnessFactory(project: string): {
  readonly factory: HarnessFactory;
  readonly rest: () => EmulatorRest;
  /** Firestore past the rules (the emulator's owner), to inspect what was stored. */
  readonly privileged: () => Firestore;
  close(): Promise<void>;
} {
  let shared: { rest: EmulatorRest; seeder: FirebaseEmulatorSeeder } | null = null;
  const setup = async () => {
    if (shared === null) {
      const endpoints = emulatorEndpoints();
      const rest = new EmulatorRest(endpoints);
      await rest.loadRules(project);
      shared = { rest, seeder: emulatorSeeder(endpoints, project) };
    }
    return shared;
  };
  const factory: HarnessFactory = async (): Promise<BackendHarness> => {
    const { rest, seeder } = await setup();
    await Promise.all([rest.clearFirestore(project), rest.clearAuth(project)]);
    const backend = emulatorBackend(emulatorEndpoints(), project);
    return {
      ports: backend.ports,
      invoices: backend.invoices,
      seeder,
      lastResetCode: (email) => rest.lastResetCode(project, email),
      lastPhoneCode: (phoneNumber) => rest.lastPhoneCode(project, phoneNumber),
      resetSpendsOtherCodes: false,
      advanceClock: null,
      async dispose() {
        await backend.ports.auth.signOut().catch(() => undefined);
        await backend.dispose();
      },
    };
  };
  return {
    factory,
    rest: () => {
      if (shared === null) throw new Error('no harness was made yet');
      return shared.rest;
    },
    privileged: () => {
      if (shared === null) throw new Error('no harness was made yet');
      return shared.seeder.firestore;
    },
    async close() {
      await shared?.seeder.dispose();
      shared = null;
    },
  };
}
