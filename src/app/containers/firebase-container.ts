import { Container } from 'inversify';
import { ConsoleLogger } from '../../adapters/console-logger';
import { EmulatorMailbox, EmulatorSmsInbox } from '../../adapters/firebase/demo/emulator-outbox';
import { createFirebaseBackend } from '../../adapters/firebase/firebase-backend';
import { recaptchaVerification } from '../../adapters/firebase/firebase-recaptcha';
import type { AppConfig } from '../config';
import { TOKENS } from '../tokens';
import { bindPorts, bindUseCases } from './bind-use-cases';
import type { ContainerOptions } from './options';

/** Set by a sign-out that leaves the cache to the next page to clear (firebase-backend.ts). */
const SIGN_OUT_AND_CLEAR = 'repairmate.signOutAndClearCache';

/** The browser's localStorage, or null (Node, or storage refused). */
function deviceFlags(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Production: Firebase Authentication and Cloud Firestore, guarded by firestore.rules. Data comes from
 * the mobile apps, mail and SMS from Firebase; a phone code request proves a person asks with an
 * invisible reCAPTCHA. The session persists as the SDK's default for the platform (IndexedDB in the
 * browser), and so does Firestore's cache (persistentCache), so the shop console reads and queues writes
 * offline. With VITE_FIREBASE_AUTH_EMULATOR_URL set, the app talks to the local emulators instead, and
 * the demo pages show the e-mails and codes the Auth emulator would have sent (npm run start:firebase).
 */
export async function createFirebaseContainer(
  config: Extract<AppConfig, { backend: 'firebase' }>,
  options: ContainerOptions,
): Promise<Container> {
  const backend = createFirebaseBackend({
    firebase: config.firebase,
    emulators: config.emulators,
    ...(options.clock ? { clock: options.clock } : {}),
    logger: options.logger ?? new ConsoleLogger(),
    ...(config.emulators ? {} : { appVerification: recaptchaVerification }),
    // The shop console keeps working offline: reads from the cache, queued writes kept over a reload.
    persistentCache: true,
    // Signing out deletes that cache once nothing waits to be sent (a shared counter computer): on a
    // fresh sign-in page, which signs out before anything reads (a started cache cannot be deleted).
    restartToClearCache: () => {
      deviceFlags()?.setItem(SIGN_OUT_AND_CLEAR, new Date().toISOString());
      globalThis.location.assign('/signin');
    },
  });
  const flags = deviceFlags();
  if (flags?.getItem(SIGN_OUT_AND_CLEAR)) {
    // The flag goes once done: a page left before then (another load right after Logout) leaves it for
    // the next, which signs out first too, rather than restore the account half signed out.
    await backend.signOutAndClearCache();
    flags.removeItem(SIGN_OUT_AND_CLEAR);
  }
  const container = new Container();
  container.bind(TOKENS.AppConfig).toConstantValue(config);
  bindPorts(container, backend.ports);
  if (config.emulators) {
    const outbox = {
      authUrl: config.emulators.authUrl,
      projectId: config.firebase.projectId,
      productName: config.productName,
      resetPasswordUrl: options.resetPasswordUrl,
    };
    container.bind(TOKENS.DemoMailbox).toConstantValue(new EmulatorMailbox(outbox));
    container.bind(TOKENS.DemoSmsInbox).toConstantValue(new EmulatorSmsInbox(outbox));
  }
  bindUseCases(container, options);
  return container;
}
