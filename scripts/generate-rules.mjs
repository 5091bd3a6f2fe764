#!/usr/bin/env node
// `npm run rules:generate`: rewrites the generated block of firestore.rules (the type and size checks
// of every stored document kind) from the write schemas (src/domain/stored/documents.ts). A test fails
// when the committed rules and the schemas drift apart (tests/app/rules-from-schema.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { runnerImport } from 'vite';

const { module } = await runnerImport('/scripts/rules-from-schema.ts', { logLevel: 'warn' });
const path = new URL('../firestore.rules', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = module.withGeneratedRules(before);
if (after === before) console.log('firestore.rules: the generated write schemas are up to date');
else {
  writeFileSync(path, after);
  console.log('firestore.rules: the generated write schemas were rewritten');
}
