import { inject } from 'vitest';
import { EmulatorRest } from '../../scripts/firebase-emulator-rest';
// The demo's and production's headers, for the build these files run against.
import { securityHeaders } from '../../scripts/security-headers.mjs';
import { FirebaseEmulatorSeeder } from '../../src/adapters/firebase/demo/emulator-seeder';
import { generateDemoData } from '../../src/demo/demo-data';

/** The build these files run against: the offline demo, or production on the Firebase emulators. */
export const backend = () => inject('backend');

/**
 * Gives a file the demo data set as it starts. The demo needs nothing: every browser profile loads
 * its own copy. The Firebase build's data lives in the emulators, shared by every file: it is cleared
 * and loaded again, as start:firebase loaded it.
 */
export async function freshData(): Promise<void> {
  const endpoints = inject('firebaseEndpoints');
  if (endpoints === null) return;
  const rest = new EmulatorRest(endpoints);
  await Promise.all([rest.clearFirestore(endpoints.authProject), rest.clearAuth(endpoints.authProject)]);
  const seeder = new FirebaseEmulatorSeeder({
    projectId: endpoints.authProject,
    authUrl: `http://${endpoints.host}:${endpoints.authPort}`,
    firestoreHost: endpoints.host,
    firestorePort: endpoints.firestorePort,
  });
  await seeder.load(generateDemoData(new Date()));
  await seeder.dispose();
}

/** The security headers the build under test is served with. */
export function expectedHeaders(): Record<string, string> {
  const endpoints = inject('firebaseEndpoints');
  if (endpoints === null) return securityHeaders();
  const { host, authPort, firestorePort } = endpoints;
  return securityHeaders({ connect: [`http://${host}:${authPort}`, `http://${host}:${firestorePort}`] });
}
