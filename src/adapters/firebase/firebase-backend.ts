import { deleteApp, type FirebaseApp, type FirebaseOptions, initializeApp } from 'firebase/app';
import {
  type Auth,
  connectAuthEmulator,
  getAuth,
  initializeAuth,
  type Persistence,
  signOut,
} from 'firebase/auth';
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  disableNetwork,
  enableNetwork,
  type Firestore,
  initializeFirestore,
  memoryLocalCache,
  memoryLruGarbageCollector,
  persistentLocalCache,
  persistentMultipleTabManager,
} from 'firebase/firestore';
import type { Ports } from '../../ports';
import type { Clock } from '../../ports/clock';
import type { Logger } from '../../ports/logger';
import { ConsoleLogger } from '../console-logger';
import { SystemClock } from '../system-clock';
import { type AppVerification, FirebaseAuthGateway } from './firebase-auth-gateway';
import { FirestoreAppConfigRepository } from './firestore-app-config-repository';
import { browserDeviceStorage, type DeviceStorage, memoryDeviceStorage } from './firestore-repair-id-blocks';
import { firebasePhotoStore } from './firestore-repair-photos';
import { FirestoreRepairRepository } from './firestore-repair-repository';
import { FirestoreShopInvoiceRepository } from './firestore-shop-invoices';
import { FirestoreShopMembershipRepository } from './firestore-shop-membership';
import { FirestoreShopRepairRepository } from './firestore-shop-repairs';
import { FirestoreShopReportRepository } from './firestore-shop-reports';
import { FirestoreTrackingLinkRepository } from './firestore-shop-tracking';
import { FirestoreStoreProfileRepository } from './firestore-store-profiles';
import { FirestoreStoreRepository } from './firestore-store-repository';
import { FirestoreSupportIssueRepository } from './firestore-support-issue-repository';
import { FirestoreUserRepository } from './firestore-user-repository';
import { FirestoreWalletLedger } from './firestore-wallet-ledger';

/** Where the local emulators listen (development and the emulator test run). */
export interface FirebaseEmulators {
  /** e.g. http://127.0.0.1:9099 */
  readonly authUrl: string;
  readonly firestoreHost: string;
  readonly firestorePort: number;
}

export interface FirebaseBackendOptions {
  /** The web app's Firebase configuration (apiKey, authDomain, projectId, …). */
  readonly firebase: FirebaseOptions;
  readonly emulators?: FirebaseEmulators | undefined;
  /** A name for the Firebase app; several backends in one process (tests) need distinct names. */
  readonly appName?: string;
  /** Where the signed-in session is kept; the SDK's default for the platform when absent. */
  readonly persistence?: Persistence;
  readonly clock?: Clock;
  /** Where the causes of failures go; the console when absent. */
  readonly logger?: Logger;
  /** How a phone code request proves a person asks (the browser's reCAPTCHA); none on the emulators. */
  readonly appVerification?: (auth: Auth) => AppVerification;
  /**
   * Keep Firestore's cache in IndexedDB, shared by the tabs of this browser: reads are answered from it
   * when the server cannot be reached, writes queue in it until the network returns and survive a
   * reload. The browser app sets it; Node (tests) has no IndexedDB and keeps the cache in memory, with
   * the same offline code paths within one session (its LRU collector keeps what was read, as the
   * persistent cache does, rather than the default eager one that drops a document nobody listens to).
   */
  readonly persistentCache?: boolean;
  /**
   * Where this device keeps the Repair ID numbers it holds for job cards taken offline (ADR 0012): the
   * browser's localStorage with the persistent cache, else a map in memory (Node).
   */
  readonly deviceStorage?: DeviceStorage;
  /**
   * On the person's Logout with nothing left to send (the outbox of every account of this device): the
   * app loads a fresh page that starts with `signOutAndClearCache` (this page's Firestore has started,
   * and a started cache cannot be deleted). Absent: sign-out keeps the cache.
   */
  readonly restartToClearCache?: () => void;
}

export interface FirebaseBackend {
  readonly app: FirebaseApp;
  readonly auth: Auth;
  readonly firestore: Firestore;
  readonly ports: Ports;
  /**
   * Signs out and deletes Firestore's persistent cache, before anything has used it (a fresh page that
   * `restartToClearCache` asked for). Never fails: a cache another tab holds open stays (logged).
   */
  signOutAndClearCache(): Promise<void>;
  /** Closes the Firebase app (its listeners and connections). */
  dispose(): Promise<void>;
}

/** Every port on one Firebase app: Authentication and Cloud Firestore. */
export function createFirebaseBackend(options: FirebaseBackendOptions): FirebaseBackend {
  const app = initializeApp(options.firebase, options.appName);
  const auth = options.persistence ? initializeAuth(app, { persistence: options.persistence }) : getAuth(app);
  const firestore = options.persistentCache
    ? initializeFirestore(app, {
        localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
      })
    : initializeFirestore(app, {
        localCache: memoryLocalCache({ garbageCollector: memoryLruGarbageCollector() }),
      });
  if (options.emulators) {
    connectAuthEmulator(auth, options.emulators.authUrl, { disableWarnings: true });
    connectFirestoreEmulator(firestore, options.emulators.firestoreHost, options.emulators.firestorePort);
  }
  const clock = options.clock ?? new SystemClock();
  const logger = options.logger ?? new ConsoleLogger();
  const stopFollowing = options.persistentCache ? followBrowserConnectivity(firestore, logger) : () => {};
  const shopRepairs = new FirestoreShopRepairRepository(
    firestore,
    auth,
    clock,
    logger,
    options.deviceStorage ?? (options.persistentCache ? browserDeviceStorage() : memoryDeviceStorage()),
  );
  const { restartToClearCache } = options;
  // Signing out on a shared counter computer (issue 20): once no account of this device has changes the
  // server lacks (the outbox), the cache goes, on a fresh page (signOutAndClearCache).
  const beforeSignOut =
    restartToClearCache !== undefined
      ? async () => {
          if (shopRepairs.anyPendingOnDevice()) return false;
          restartToClearCache();
          return true;
        }
      : undefined;
  return {
    app,
    auth,
    firestore,
    ports: {
      auth: new FirebaseAuthGateway(auth, options.appVerification?.(auth), beforeSignOut),
      users: new FirestoreUserRepository(firestore, auth),
      stores: new FirestoreStoreRepository(firestore),
      repairs: new FirestoreRepairRepository(firestore, auth),
      support: new FirestoreSupportIssueRepository(firestore, clock),
      wallet: new FirestoreWalletLedger(firestore, auth, clock),
      config: new FirestoreAppConfigRepository(firestore),
      shopMembers: new FirestoreShopMembershipRepository(firestore, auth, clock),
      shopRepairs,
      tracking: new FirestoreTrackingLinkRepository(firestore, auth, clock),
      photos: firebasePhotoStore(app, firestore, auth, clock, logger),
      storeProfiles: new FirestoreStoreProfileRepository(firestore, auth),
      reports: new FirestoreShopReportRepository(firestore, auth),
      invoices: new FirestoreShopInvoiceRepository(firestore, auth, clock),
      clock,
      logger,
    },
    signOutAndClearCache: () => signOutAndClear(auth, firestore, logger),
    dispose: () => {
      stopFollowing();
      return deleteApp(app);
    },
  };
}

/**
 * Signs out, then deletes Firestore's persistent cache (IndexedDB: every repair, customer and payment read
 * on this computer), so that the next person at a shared counter computer finds none of it. Runs before
 * anything has used this Firestore (a started cache cannot be deleted); another tab holding the cache
 * open keeps it (Firestore refuses; logged). With changes waiting to be sent the app never asks for this:
 * they are in the cache, and go with the account's next sign-in (the outbox warned before signing out).
 */
async function signOutAndClear(auth: Auth, firestore: Firestore, logger: Logger): Promise<void> {
  try {
    await auth.authStateReady();
    await signOut(auth);
  } catch (error) {
    logger.warn('Signing out on this fresh page failed.', error);
  }
  try {
    await clearIndexedDbPersistence(firestore);
  } catch (error) {
    logger.warn('The signed-out account’s cached data could not be cleared from this browser.', error);
  }
}

/**
 * Takes Firestore offline when the browser says it is (the 'offline' event, navigator.onLine false) and
 * back when it returns. Without this, a connection that drops under an open stream can leave the SDK
 * thinking it is online and a read waiting for the server; offline, reads come from the cache at once
 * and writes queue. A connection that is up but reaches nothing is still the SDK's to notice.
 */
function followBrowserConnectivity(firestore: Firestore, logger: Logger): () => void {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return () => {};
  const follow = (online: boolean) => {
    (online ? enableNetwork(firestore) : disableNetwork(firestore)).catch((error: unknown) =>
      logger.warn(`Firestore could not follow the browser ${online ? 'online' : 'offline'}.`, error),
    );
  };
  const goOnline = () => follow(true);
  const goOffline = () => follow(false);
  window.addEventListener('online', goOnline);
  window.addEventListener('offline', goOffline);
  if (navigator.onLine === false) follow(false);
  return () => {
    window.removeEventListener('online', goOnline);
    window.removeEventListener('offline', goOffline);
  };
}
