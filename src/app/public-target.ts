import type { FirestoreRestTarget } from '../adapters/firebase/firestore-rest-url';

type Env = Readonly<Record<string, string | undefined>>;

const filled = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * Which Firestore the public reads go to over REST (issue 19), from the build's VITE_* variables
 * without the schema library: the project the build names, or its Firestore emulator when the build
 * points Auth at an emulator (as config.ts decides for the whole backend). Null when the build names
 * no project or an emulator port that is no port: the full backend then answers, and its startup
 * failure names the setting to fix.
 */
export function publicRestTarget(env: Env): FirestoreRestTarget | null {
  const projectId = filled(env.VITE_FIREBASE_PROJECT_ID);
  if (projectId === undefined) return null;
  if (filled(env.VITE_FIREBASE_AUTH_EMULATOR_URL) === undefined) return { projectId };
  const port = Number(filled(env.VITE_FIRESTORE_EMULATOR_PORT) ?? '8080');
  if (!(Number.isInteger(port) && port > 0 && port < 65536)) return null;
  return { projectId, emulator: { host: filled(env.VITE_FIRESTORE_EMULATOR_HOST) ?? '127.0.0.1', port } };
}
