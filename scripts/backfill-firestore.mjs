#!/usr/bin/env node
// `npm run backfill:firestore -- --project <id> [--dry-run]`: the one-off migration of existing
// Firestore data for the authorization rules (scripts/firestore-backfill.ts says what it writes).
import { runnerImport } from 'vite';

const { module } = await runnerImport('/scripts/firestore-backfill.ts', { logLevel: 'warn' });
await module.main(process.argv.slice(2));
