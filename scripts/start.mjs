#!/usr/bin/env node
// `npm start`: builds the offline demo (PouchDB in the browser, demo data preloaded) and serves it on
// http://localhost:4173 (PORT overrides), then prints the URL and the demo accounts. `--no-build` serves
// the dist/ already built (scripts/test-all.mjs builds once for the size check and the e2e tests).
// `--out-dir DIR` builds into (and serves) DIR instead of dist/: a device built with its own settings
// (VITE_POUCHDB_SYNC_URL) beside the usual demo.
import { build, preview, runnerImport } from 'vite';
import { originOf, securityHeaders } from './security-headers.mjs';

const port = Number(process.env.PORT ?? 4173);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number (got "${process.env.PORT}")`);
  process.exit(1);
}

const outDirAt = process.argv.indexOf('--out-dir');
const outDir = outDirAt === -1 ? undefined : process.argv[outDirAt + 1];
if (outDirAt !== -1 && !outDir) {
  console.error('--out-dir needs a directory');
  process.exit(1);
}
const output = outDir ? { build: { outDir, emptyOutDir: true } } : {};

const started = performance.now();
if (!process.argv.includes('--no-build')) {
  console.log('Building the RepairMate offline demo…');
  try {
    await build({ logLevel: 'warn', ...output });
  } catch (error) {
    console.error('The build failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// A device that syncs reaches its sync server too (VITE_POUCHDB_SYNC_URL); nothing else leaves the page.
const syncUrl = process.env.VITE_POUCHDB_SYNC_URL?.trim();
const headers = securityHeaders({ connect: syncUrl ? [originOf(syncUrl)] : [] });

let server;
try {
  server = await preview({
    ...output,
    preview: { port, strictPort: true, host: '127.0.0.1', headers },
    logLevel: 'warn',
  });
} catch (error) {
  console.error(`Could not serve on port ${port}: ${error instanceof Error ? error.message : error}`);
  console.error('Another program may be using it; set PORT to use another port, e.g. PORT=4180 npm start');
  process.exit(1);
}

const { module: demo } = await runnerImport('/src/demo/demo-data.ts', { logLevel: 'warn' });
const url = `http://localhost:${port}`;
const width = Math.max(...demo.DEMO_ACCOUNTS.map((account) => account.email.length));
console.log(
  `\nRepairMate offline demo ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${url}\n`,
);
console.log(`Demo accounts (password for all: ${demo.DEMO_PASSWORD})`);
for (const account of demo.DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(width)}  ${account.screen}`);
console.log('  owner02@demo.test … owner23@demo.test: the other business owners');
console.log(`\nDemo mailbox (password-reset e-mails): ${url}/demo/mailbox`);
console.log(`Demo SMS inbox (phone verification codes): ${url}/demo/messages`);
console.log('Data lives in this browser (IndexedDB); "Reset demo data" in the top bar restores it.');
console.log('Press Ctrl+C to stop.');

const stop = () => server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
