#!/usr/bin/env node
// `npm run sync:server`: the sync server for the PouchDB backend. pouchdb-server on loopback (or a
// CouchDB given with --couchdb) behind the sync gateway, one shop's databases provisioned, the demo
// data set loaded (unless --no-demo) and a device account for each demo role. Devices sync with
//   VITE_POUCHDB_SYNC_URL=http://<device>:<password>@<host>:<port>
// Options: --port (5984), --host (127.0.0.1), --data DIR (LevelDB files; memory otherwise), --prefix,
// --devices FILE (JSON: [{name, password, roles}]), --couchdb http://admin:pw@127.0.0.1:5984,
// --origin URL (web origins allowed to sync from a browser; this computer's pages by default), --no-demo.
// Stop with Ctrl+C. docs/pouchdb.md, "Sync server", has the whole story.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SYNC_PORT ?? '5984' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string' },
    prefix: { type: 'string', default: 'repairmate' },
    devices: { type: 'string' },
    couchdb: { type: 'string' },
    origin: { type: 'string', multiple: true },
    'no-demo': { type: 'boolean', default: false },
  },
});

const load = async (path) => (await runnerImport(path, { logLevel: 'warn' })).module;
const [{ startSyncServer }, { addDevice, provisionShop, seedShop }, { generateDemoData, DEMO_UIDS }] =
  await Promise.all([
    load('/src/adapters/pouchdb/sync-server/server.ts'),
    load('/src/adapters/pouchdb/sync-server/provision.ts'),
    load('/src/demo/demo-data.ts'),
  ]);

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}")`);
  process.exit(1);
}

let backend;
if (values.couchdb) {
  const url = new URL(values.couchdb);
  backend = {
    url: `${url.protocol}//${url.host}`,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

const password = () => randomBytes(12).toString('base64url');
/** The demo's devices: whom each acts for (validators.ts lists the roles). */
const demoDevices = [
  { name: 'admin-desk', roles: ['sa', `uid:${DEMO_UIDS.admin}`], who: 'the super admin (admin@demo.test)' },
  {
    name: 'sharma-counter',
    roles: [`uid:${DEMO_UIDS.owner(1)}`],
    who: 'Sharma Mobile Care (owner01@demo.test)',
  },
  { name: 'iyer-counter', roles: [`uid:${DEMO_UIDS.owner(2)}`], who: 'Iyer Electronics (owner02@demo.test)' },
  {
    name: 'asha-phone',
    roles: [`uid:${DEMO_UIDS.customer}`, 'phone:+919876543210'],
    who: 'Asha (customer@demo.test)',
  },
  {
    name: 'dev-distributor',
    roles: [`uid:${DEMO_UIDS.distributor}`],
    who: 'Dev Distributor (distributor@demo.test)',
  },
];
const devices = values.devices
  ? JSON.parse(readFileSync(values.devices, 'utf8'))
  : demoDevices.map((device) => ({ ...device, password: password() }));

let server;
try {
  server = await startSyncServer({
    port,
    host: values.host,
    ...(values.data ? { dataDir: values.data } : {}),
    ...(backend ? { backend } : {}),
    ...(values.origin ? { allowedOrigins: values.origin } : {}),
  });
  await provisionShop(server.admin, values.prefix);
  if (!values['no-demo']) {
    const { accounts: _stayOnDevices, ...shared } = generateDemoData(new Date());
    await seedShop(server.admin, values.prefix, { ...shared, accounts: [] });
  }
  for (const device of devices) await addDevice(server.admin, device);
} catch (error) {
  console.error('The sync server could not start:', error instanceof Error ? error.message : error);
  await server?.stop();
  process.exit(1);
}

const gateway = new URL(server.url);
console.log(`\nRepairMate sync server: ${server.url} (databases ${values.prefix}-*)`);
console.log(
  values['no-demo']
    ? 'No data loaded (--no-demo).'
    : 'The demo data set is loaded; accounts stay on each device.',
);
console.log('\nDevice accounts (one per device; the roles say whom it acts for):');
for (const device of devices) {
  const url = new URL(gateway);
  url.username = device.name;
  url.password = device.password;
  console.log(`  ${device.name.padEnd(16)} ${device.who ?? device.roles.join(', ')}`);
  console.log(`  ${''.padEnd(16)} VITE_POUCHDB_SYNC_URL=${url.toString().replace(/\/$/, '')}`);
}
console.log('\nBuild a device with one of them, e.g.:');
console.log(`  VITE_POUCHDB_SYNC_URL=<the URL above> PORT=4180 npm start`);
console.log('Press Ctrl+C to stop.');

const stop = () => server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
