/**
 * Where Firestore's REST API answers a document (issue 19): kept apart from the reader
 * (firestore-rest.ts) because the first script uses it alone, to start the tracking link's GET before
 * the app has loaded (src/app/early-gets.ts).
 */
import { PortError } from '../../ports/errors';

/** Which Firestore to read: the project, and the emulator when one is configured. */
export interface FirestoreRestTarget {
  readonly projectId: string;
  /** The Firestore emulator (as connectFirestoreEmulator takes it); production when absent. */
  readonly emulator?: { readonly host: string; readonly port: number } | undefined;
}

/**
 * The REST address of the document at `path` (e.g. ['tracking', token]); each segment is encoded, so
 * a token can never reach another path. Refuses an empty segment or a collection's path (odd length).
 */
export function documentUrl(target: FirestoreRestTarget, path: readonly string[]): string {
  if (path.length === 0 || path.length % 2 !== 0 || path.some((segment) => segment === ''))
    throw new PortError('invalid-argument', 'A document path has a collection and an id per level.');
  const origin =
    target.emulator === undefined
      ? 'https://firestore.googleapis.com'
      : `http://${target.emulator.host}:${target.emulator.port}`;
  const project = encodeURIComponent(target.projectId);
  return `${origin}/v1/projects/${project}/databases/(default)/documents/${path.map(encodeURIComponent).join('/')}`;
}
