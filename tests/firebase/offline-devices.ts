import { enableNetwork } from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { EmulatorRest } from '../../scripts/firebase-emulator-rest';
import { createFirebaseBackend, type FirebaseBackend } from '../../src/adapters/firebase/firebase-backend';
import {
  type DeviceStorage,
  memoryDeviceStorage,
} from '../../src/adapters/firebase/firestore-repair-id-blocks';
import { MemoryLogger } from '../../src/demo/memory-logger';
import { type BackendHarness, PASSWORD } from '../contract/harness';
import { seedShop } from '../contract/shop-fixtures';
import { emulatorEndpoints, emulatorSeeder } from './firebase-harness';
import { CONTRACT_PROJECT } from './projects';

/**
 * Devices of the shop console on the emulators, for issue 20's offline tests: each a Firebase client
 * with its cache, its storage (Repair ID blocks, refused changes) and its logger in memory (Node has no
 * IndexedDB or localStorage). `offlineShop` seeds the contract's shop and signs its owner and staff in,
 * each on a device of their own.
 */
export const PROJECT = CONTRACT_PROJECT;
let sequence = 0;

export interface Device {
  readonly backend: FirebaseBackend;
  readonly logger: MemoryLogger;
  readonly storage: DeviceStorage;
  /** How many times a Logout asked for a fresh page to clear the cache (restartToClearCache). */
  readonly restarts: () => number;
}

export function device(): Device {
  const endpoints = emulatorEndpoints();
  sequence += 1;
  const logger = new MemoryLogger();
  const storage = memoryDeviceStorage();
  let restarts = 0;
  const backend = createFirebaseBackend({
    firebase: { apiKey: 'demo-api-key', authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT },
    emulators: {
      authUrl: `http://${endpoints.host}:${endpoints.authPort}`,
      firestoreHost: endpoints.host,
      firestorePort: endpoints.firestorePort,
    },
    appName: `offline-device-${sequence}`,
    logger,
    deviceStorage: storage,
    restartToClearCache: () => {
      restarts += 1;
    },
  });
  return { backend, logger, storage, restarts: () => restarts };
}

export async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const uidOf = (d: Device) => d.backend.auth.currentUser?.uid ?? '';

/** The emulators' REST endpoint and seeder, for a suite's beforeAll (rules loaded) and afterAll. */
export async function offlineSuite(): Promise<{
  rest: EmulatorRest;
  seed: ReturnType<typeof emulatorSeeder>;
}> {
  const rest = new EmulatorRest(emulatorEndpoints());
  await rest.loadRules(PROJECT);
  return { rest, seed: emulatorSeeder(emulatorEndpoints(), PROJECT) };
}

/** Fresh data: the contract's shop, its owner and staff signed in on a device each. */
export async function offlineShop(suite: {
  rest: EmulatorRest;
  seed: ReturnType<typeof emulatorSeeder>;
}): Promise<{ owner: Device; staff: Device }> {
  await Promise.all([suite.rest.clearFirestore(PROJECT), suite.rest.clearAuth(PROJECT)]);
  const owner = device();
  const staff = device();
  const harness: BackendHarness = {
    ports: owner.backend.ports,
    seeder: suite.seed,
    lastResetCode: () => Promise.resolve(null),
    lastPhoneCode: () => Promise.resolve(null),
    resetSpendsOtherCodes: false,
    advanceClock: null,
    dispose: () => Promise.resolve(),
  };
  await seedShop(harness);
  await owner.backend.ports.auth.signIn('owner@contract.test', PASSWORD);
  await staff.backend.ports.auth.signIn('staff@contract.test', PASSWORD);
  return { owner, staff };
}

/** Network back, signed out, closed. */
export async function closeDevices(devices: readonly Device[]): Promise<void> {
  for (const { backend } of devices) {
    await enableNetwork(backend.firestore).catch(() => undefined);
    await backend.ports.auth.signOut().catch(() => undefined);
    await backend.dispose();
  }
}

/**
 * A file's hooks for the common case: the emulators once (offlineSuite), then before each test fresh
 * data with the owner and staff signed in on a device each (offlineShop, handed to `take`), closed after.
 */
export function offlineShopForEachTest(take: (devices: { owner: Device; staff: Device }) => void): void {
  let suite: Awaited<ReturnType<typeof offlineSuite>>;
  let devices: Device[] = [];
  beforeAll(async () => {
    suite = await offlineSuite();
  });
  afterAll(() => suite.seed.dispose());
  beforeEach(async () => {
    const shop = await offlineShop(suite);
    devices = [shop.owner, shop.staff];
    take(shop);
  });
  afterEach(async () => {
    await closeDevices(devices.splice(0));
  });
}
