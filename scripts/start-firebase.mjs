#!/usr/bin/env node
// `npm run start:firebase`: the production build (VITE_BACKEND=firebase) on the local emulators, to try
// production on this computer. Starts the Auth emulator (firebase-tools) and Google's Firestore
// emulator (gcloud) on free ports, loads firestore.rules, loads the demo data set (phone numbers
// included), builds the app against them into dist-firebase/ and serves it on http://localhost:4173
// (PORT overrides) with the production security headers (plus the emulators' origins). Reset e-mails
// and SMS codes are read from the Auth emulator and shown at /demo/mailbox and /demo/messages.
// With TEST_FIREBASE_EMULATORS (host:authPort:firestorePort:project, set by scripts/test-all.mjs) it
// uses those running emulators instead (emptying their project first), and leaves them running.
import { build, preview, runnerImport } from 'vite';
import { securityHeaders } from './security-headers.mjs';

const PROJECT = 'demo-repairmate';
const OUT_DIR = 'dist-firebase';
const port = Number(process.env.PORT ?? 4173);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number (got "${process.env.PORT}")`);
  process.exit(1);
}

const load = async (path) => (await runnerImport(path, { logLevel: 'warn' })).module;
const started = performance.now();
const [{ sharedEmulators, startEmulators }, { EmulatorRest }, { FirebaseEmulatorSeeder }, demo] =
  await Promise.all([
    load('/scripts/firebase-emulators.ts'),
    load('/scripts/firebase-emulator-rest.ts'),
    load('/src/adapters/firebase/demo/emulator-seeder.ts'),
    load('/src/demo/demo-data.ts'),
  ]);

let emulators;
let shared = false;
try {
  emulators = await sharedEmulators(PROJECT);
  shared = emulators !== null;
  if (emulators === null) {
    console.log('Starting the Firebase emulators (Auth, Firestore)…');
    emulators = await startEmulators(PROJECT);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { host, authPort, firestorePort } = emulators.endpoints;
const authUrl = `http://${host}:${authPort}`;
let server;
const stop = async (code = 0) => {
  await server?.close().catch(() => undefined);
  await emulators.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

try {
  const rest = new EmulatorRest(emulators.endpoints);
  // Shared emulators hold what the suites before left in the project (accounts, phone numbers): the
  // demo data goes into an empty one, as into emulators just started.
  if (shared) await Promise.all([rest.clearFirestore(PROJECT), rest.clearAuth(PROJECT)]);
  await rest.loadRules(PROJECT);
  const seeder = new FirebaseEmulatorSeeder({
    projectId: PROJECT,
    authUrl,
    firestoreHost: host,
    firestorePort,
  });
  await seeder.load(demo.generateDemoData(new Date()));
  await seeder.dispose();

  console.log('Building RepairMate for Firebase (the emulators)…');
  Object.assign(process.env, {
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: PROJECT,
    VITE_FIREBASE_AUTH_EMULATOR_URL: authUrl,
    VITE_FIRESTORE_EMULATOR_HOST: host,
    VITE_FIRESTORE_EMULATOR_PORT: String(firestorePort),
    // Vite's module runner (runnerImport above) set NODE_ENV to development: the build would bundle
    // React's development code and leave import.meta.env.PROD false.
    NODE_ENV: 'production',
  });
  await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
  const headers = securityHeaders({ connect: [authUrl, `http://${host}:${firestorePort}`] });
  server = await preview({
    build: { outDir: OUT_DIR },
    preview: { port, strictPort: true, host: '127.0.0.1', headers },
    logLevel: 'warn',
  });
} catch (error) {
  console.error('start:firebase failed:', error instanceof Error ? error.message : error);
  await stop(1);
}

const url = `http://localhost:${port}`;
const width = Math.max(...demo.DEMO_ACCOUNTS.map((account) => account.email.length));
console.log(
  `\nRepairMate on the Firebase emulators ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${url}\n`,
);
console.log(
  `Auth emulator ${authUrl}, Firestore emulator http://${host}:${firestorePort} (project ${PROJECT}), firestore.rules loaded.`,
);
console.log(`\nDemo accounts (password for all: ${demo.DEMO_PASSWORD})`);
for (const account of demo.DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(width)}  ${account.screen}`);
console.log('  owner02@demo.test … owner23@demo.test: the other business owners');
console.log(`\nPassword-reset e-mails: ${url}/demo/mailbox   SMS codes: ${url}/demo/messages`);
console.log('The data lives in the emulators and is gone when this stops. Press Ctrl+C to stop.');
