import type { TestProject } from 'vitest/node';
import { type EmulatorEndpoints, sharedEmulators, startEmulators } from '../../scripts/firebase-emulators';
import { AUTH_PROJECT } from './projects';

declare module 'vitest' {
  export interface ProvidedContext {
    firebaseEmulators: EmulatorEndpoints;
  }
}

/**
 * Starts the Auth and Firestore emulators once for the run and stops their process groups after it, or
 * uses those TEST_FIREBASE_EMULATORS names (started once by scripts/test-all.mjs for every suite).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const shared = await sharedEmulators(AUTH_PROJECT);
  const emulators = shared ?? (await startEmulators(AUTH_PROJECT));
  const { host, authPort, firestorePort } = emulators.endpoints;
  project.provide('firebaseEmulators', emulators.endpoints);
  // Also in the environment, the variables Firebase tools look for.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${host}:${authPort}`;
  process.env.FIRESTORE_EMULATOR_HOST = `${host}:${firestorePort}`;
  console.log(
    `firebase emulators ${shared ? 'shared' : 'started'}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s: auth ${host}:${authPort}, firestore ${host}:${firestorePort}`,
  );
  return async () => {
    await emulators.stop();
  };
}
