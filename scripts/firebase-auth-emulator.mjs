#!/usr/bin/env node
/**
 * Runs the Firebase Auth emulator alone (the one that ships with firebase-tools), without the CLI's
 * emulator hub, UI or logging emulator: it starts in a few seconds and needs no login.
 *
 *   node scripts/firebase-auth-emulator.mjs [--host 127.0.0.1] [--port 9099] [--project demo-repairmate]
 *
 * --port 0 picks a free port. Once listening it prints one line: `READY {"host":…,"port":…}`.
 * Stops on SIGINT or SIGTERM.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '9099' },
    project: { type: 'string', default: 'demo-repairmate' },
  },
});

const require = createRequire(import.meta.url);
let createApp;
try {
  ({ createApp } = require('firebase-tools/lib/emulator/auth/server.js'));
} catch (error) {
  console.error(
    'firebase-auth-emulator: cannot load the Auth emulator from firebase-tools (a devDependency; run npm install).',
  );
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = await createApp(values.project);
const server = app.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : Number(values.port);
  console.log(`READY ${JSON.stringify({ host: values.host, port, project: values.project })}`);
});
server.on('error', (error) => {
  console.error(`firebase-auth-emulator: ${error.message}`);
  process.exit(1);
});

const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
  server.closeAllConnections?.();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
