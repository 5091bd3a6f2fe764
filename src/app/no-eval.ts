/**
 * No code compiled from text in this page: its Content-Security-Policy has no 'unsafe-eval'. zod's
 * object parsing has a `new Function` fast path, probed once when the first schema is built; with
 * `jitless` it neither probes nor uses it. Imported first by main.tsx, before any schema exists.
 *
 * zod 4 keeps its settings in one object on globalThis (`__zod_globalConfig`, created on first use,
 * kept if present), so the setting is made here without importing zod: the schema library stays out
 * of the first script and arrives with the first screen that validates. tests/app/no-eval.test.ts
 * checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
