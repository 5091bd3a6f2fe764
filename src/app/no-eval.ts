import { z } from 'zod';

/**
 * No code compiled from text in this page: its Content-Security-Policy has no 'unsafe-eval'. zod's
 * object parsing has a `new Function` fast path, probed once when the first schema is built; with
 * `jitless` it neither probes nor uses it. Imported first by main.tsx, before any schema exists.
 */
z.config({ jitless: true });
