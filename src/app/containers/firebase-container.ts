import { Container } from 'inversify';
import { createFirebaseBackend } from '../../adapters/firebase/firebase-backend';
import type { AppConfig } from '../config';
import { TOKENS } from '../tokens';
import { bindPorts, bindUseCases } from './bind-use-cases';
import type { ContainerOptions } from './options';

/**
 * Production: Firebase Authentication and Cloud Firestore, guarded by firestore.rules. There is no
 * seeder, mailbox or demo controls here: data comes from the mobile apps, mail from Firebase.
 * The session persists as the SDK's default for the platform (IndexedDB in the browser). With
 * VITE_FIREBASE_AUTH_EMULATOR_URL set, the app talks to the local emulators instead.
 */
export async function createFirebaseContainer(
  config: Extract<AppConfig, { backend: 'firebase' }>,
  options: ContainerOptions,
): Promise<Container> {
  const backend = createFirebaseBackend({
    firebase: config.firebase,
    emulators: config.emulators,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const container = new Container();
  container.bind(TOKENS.AppConfig).toConstantValue(config);
  bindPorts(container, backend.ports);
  bindUseCases(container, options);
  return container;
}
