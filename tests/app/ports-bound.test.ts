import { deleteApp, getApps } from 'firebase/app';
import type { Container } from 'inversify';
import { afterAll, describe, expect, it } from 'vitest';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { parseAppConfig } from '../../src/app/config';
import { bindPorts } from '../../src/app/containers/bind-use-cases';
import { createFirebaseContainer } from '../../src/app/containers/firebase-container';
import { createMemoryContainer } from '../../src/app/containers/memory-container';
import { createPouchContainer } from '../../src/app/containers/pouchdb-container';
import { portToken, TOKENS } from '../../src/app/tokens';
import { ManualClock } from '../../src/demo/manual-clock';
import { MemoryLogger } from '../../src/demo/memory-logger';
import type { Ports } from '../../src/ports';

/**
 * One typed Ports record wired once: each backend's container builds its backend's record and binds it
 * (bindPorts), whole and port by port, and the use cases are built from it. Here: on every backend,
 * every port of the record is bound, under its own token and in the record, as the same adapter.
 */

/** Every key of Ports, spelled out so that the compiler says when a port is added or removed. */
const EVERY_PORT = {
  auth: true,
  users: true,
  stores: true,
  repairs: true,
  support: true,
  wallet: true,
  config: true,
  shopMembers: true,
  shopRepairs: true,
  tracking: true,
  photos: true,
  storeProfiles: true,
  reports: true,
  invoices: true,
  clock: true,
  logger: true,
} as const satisfies Record<keyof Ports, true>;
const PORT_NAMES = Object.keys(EVERY_PORT) as (keyof Ports)[];

const options = {
  resetPasswordUrl: 'https://fixit.test/reset-password',
  clock: new ManualClock(new Date(2026, 10, 21, 10, 0)),
  logger: new MemoryLogger(),
};

const BACKENDS: Record<'memory' | 'pouchdb' | 'firebase', () => Promise<Container>> = {
  memory: () => createMemoryContainer({ ...base('memory'), seedDemo: false }, options),
  pouchdb: () =>
    createPouchContainer(
      { ...base('pouchdb'), seedDemo: false, dbPrefix: `ports-${Date.now().toString(36)}` },
      options,
      { PouchDB: nodePouchDB(), adapter: 'memory', pbkdf2Iterations: 1000 },
    ),
  firebase: () => {
    const config = parseAppConfig({
      VITE_BACKEND: 'firebase',
      VITE_FIREBASE_API_KEY: 'AIzaTestKey',
      VITE_FIREBASE_AUTH_DOMAIN: 'repairmate-test.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'repairmate-test',
    });
    if (config.backend !== 'firebase') throw new Error('a firebase configuration');
    return createFirebaseContainer(config, options);
  },
};

function base<B extends string>(backend: B) {
  return { backend, productName: 'RepairMate', supportEmail: 'support@repairmate.app' };
}

afterAll(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)));
});

describe('the Ports record', () => {
  it.each(Object.keys(BACKENDS) as (keyof typeof BACKENDS)[])(
    'is bound whole and port by port on the %s backend, and the use cases are built from it',
    async (backend) => {
      const container = await BACKENDS[backend]();
      const ports = await container.getAsync(TOKENS.Ports);
      expect(Object.keys(ports).sort()).toEqual([...PORT_NAMES].sort());
      for (const name of PORT_NAMES) {
        expect(container.isBound(portToken(name)), name).toBe(true);
        expect(await container.getAsync(portToken(name)), name).toBe(ports[name]);
        expect(ports[name], name).toBeTruthy();
      }
      const useCases = await container.getAsync(TOKENS.UseCases);
      expect(useCases.clock).toBe(ports.clock);
    },
  );

  it('bindPorts binds exactly the record it is given', async () => {
    const memory = await BACKENDS.memory();
    const ports = await memory.getAsync(TOKENS.Ports);
    const { Container } = await import('inversify');
    const container = new Container();
    bindPorts(container, ports);
    for (const name of PORT_NAMES) expect(container.get(portToken(name))).toBe(ports[name]);
    expect(container.get(TOKENS.Ports)).toBe(ports);
  });
});
