import { ConsoleLogger } from '../adapters/console-logger';
import { RestAppConfigReader } from '../adapters/firebase/firestore-rest-config';
import { RestTrackingReader } from '../adapters/firebase/firestore-rest-tracking';
import { type PublicReads, publicReads } from '../domain/public-reads';

type Env = Readonly<Record<string, string | undefined>>;

const filled = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * The public pages' reads on the Firebase build (the landing page's store links, a tracking link's
 * repair and invoice), wired without the container, the SDK or the schema library (issue 19: a visitor
 * who has not signed in downloads their page and these reads only). Firestore's REST API, signed out,
 * on the project the build names, or on its Firestore emulator when the build points Auth at an
 * emulator (as config.ts decides for the whole backend). A build without a project id (or with an
 * emulator port that is no port) gets the full backend's answer instead: its startup failure names
 * the setting to fix.
 */
export function bootPublicReads(env: Env, fullBackend: () => Promise<PublicReads>): Promise<PublicReads> {
  const projectId = filled(env.VITE_FIREBASE_PROJECT_ID);
  if (projectId === undefined) return fullBackend();
  const emulated = filled(env.VITE_FIREBASE_AUTH_EMULATOR_URL) !== undefined;
  const port = Number(filled(env.VITE_FIRESTORE_EMULATOR_PORT) ?? '8080');
  if (emulated && !(Number.isInteger(port) && port > 0 && port < 65536)) return fullBackend();
  const target = {
    projectId,
    emulator: emulated ? { host: filled(env.VITE_FIRESTORE_EMULATOR_HOST) ?? '127.0.0.1', port } : undefined,
  };
  const tracking = new RestTrackingReader(target);
  return Promise.resolve(
    publicReads({
      tracking,
      invoices: tracking,
      config: new RestAppConfigReader(target),
      logger: new ConsoleLogger(),
    }),
  );
}
