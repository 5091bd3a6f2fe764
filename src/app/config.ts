import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const common = {
  productName: z.string().trim().min(1).max(40).default('RepairMate'),
  supportEmail: z.email({ error: 'must be an e-mail address' }).default('support@repairmate.app'),
};

const memoryConfig = z.object({ backend: z.literal('memory'), ...common, seedDemo: z.boolean() });

const pouchConfig = z.object({
  backend: z.literal('pouchdb'),
  ...common,
  seedDemo: z.boolean(),
  /** Prefix of the browser databases (IndexedDB). */
  dbPrefix: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,40}$/, 'must be lower-case letters, digits, - or _')
    .default('repairmate'),
  /** CouchDB-compatible server to sync with, live and both ways. */
  syncUrl: httpUrl.optional(),
});

const firebaseConfig = z.object({
  backend: z.literal('firebase'),
  ...common,
  firebase: z.object({
    apiKey: z.string().min(1, 'is required'),
    authDomain: z.string().min(1, 'is required'),
    projectId: z.string().min(1, 'is required'),
    appId: z.string().optional(),
    storageBucket: z.string().optional(),
    messagingSenderId: z.string().optional(),
  }),
  emulators: z
    .object({ authUrl: httpUrl, firestoreHost: z.string().min(1), firestorePort: z.coerce.number().int() })
    .optional(),
});

export const appConfigSchema = z.discriminatedUnion('backend', [memoryConfig, pouchConfig, firebaseConfig]);
export type AppConfig = z.infer<typeof appConfigSchema>;
export type Backend = AppConfig['backend'];

/** Where each configuration field comes from, so that an error names the variable to fix. */
const ENV_NAMES: Record<string, string> = {
  backend: 'VITE_BACKEND',
  productName: 'VITE_PRODUCT_NAME',
  supportEmail: 'VITE_SUPPORT_EMAIL',
  seedDemo: 'VITE_DEMO_SEED',
  dbPrefix: 'VITE_POUCHDB_PREFIX',
  syncUrl: 'VITE_POUCHDB_SYNC_URL',
  'firebase.apiKey': 'VITE_FIREBASE_API_KEY',
  'firebase.authDomain': 'VITE_FIREBASE_AUTH_DOMAIN',
  'firebase.projectId': 'VITE_FIREBASE_PROJECT_ID',
  'firebase.appId': 'VITE_FIREBASE_APP_ID',
  'emulators.authUrl': 'VITE_FIREBASE_AUTH_EMULATOR_URL',
  'emulators.firestoreHost': 'VITE_FIRESTORE_EMULATOR_HOST',
  'emulators.firestorePort': 'VITE_FIRESTORE_EMULATOR_PORT',
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`RepairMate is not configured correctly:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * Reads the configuration from build-time environment variables (VITE_*). The offline demo on PouchDB
 * is the default. Throws a ConfigError naming each variable that is wrong.
 */
export function parseAppConfig(env: Env): AppConfig {
  const backend = blankToUndefined(env.VITE_BACKEND) ?? 'pouchdb';
  const seedDemo = flag.safeParse(blankToUndefined(env.VITE_DEMO_SEED) ?? 'true');
  const raw: Record<string, unknown> = {
    backend,
    productName: blankToUndefined(env.VITE_PRODUCT_NAME),
    supportEmail: blankToUndefined(env.VITE_SUPPORT_EMAIL),
    seedDemo: seedDemo.success ? seedDemo.data : env.VITE_DEMO_SEED,
    dbPrefix: blankToUndefined(env.VITE_POUCHDB_PREFIX),
    syncUrl: blankToUndefined(env.VITE_POUCHDB_SYNC_URL),
  };
  if (backend === 'firebase') {
    raw.firebase = {
      apiKey: blankToUndefined(env.VITE_FIREBASE_API_KEY) ?? '',
      authDomain: blankToUndefined(env.VITE_FIREBASE_AUTH_DOMAIN) ?? '',
      projectId: blankToUndefined(env.VITE_FIREBASE_PROJECT_ID) ?? '',
      appId: blankToUndefined(env.VITE_FIREBASE_APP_ID),
    };
    const authUrl = blankToUndefined(env.VITE_FIREBASE_AUTH_EMULATOR_URL);
    if (authUrl !== undefined) {
      raw.emulators = {
        authUrl,
        firestoreHost: blankToUndefined(env.VITE_FIRESTORE_EMULATOR_HOST) ?? '127.0.0.1',
        firestorePort: blankToUndefined(env.VITE_FIRESTORE_EMULATOR_PORT) ?? '8080',
      };
    }
  }
  const parsed = appConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const path = issue.path.join('.');
      if (path === 'backend')
        return `VITE_BACKEND must be one of memory, pouchdb, firebase (got "${backend}")`;
      return `${ENV_NAMES[path] ?? path} ${issue.message}`;
    }),
  );
}
