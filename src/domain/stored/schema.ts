import { z } from 'zod';

/**
 * The write schema of a stored document: every field, its type, its size, and who may change it after
 * the document is created. One schema per document kind (documents.ts), written once here and enforced
 * by every backend that takes writes from clients:
 *
 *  - the Firestore rules: their type and size checks are generated from these schemas
 *    (`npm run rules:generate`, scripts/generate-rules.ts) between markers in firestore.rules, and a
 *    test fails when the two drift apart; the hand-written rules beside them decide who writes;
 *  - the sync gateway (src/adapters/pouchdb/sync-server/) validates every document a device writes
 *    with `zodOf(schema, 'json')`;
 *  - tests walk `fieldsOf(schema)` and try, for every field, a wrong type, an oversized value and an
 *    unknown extra field against the emulator and the gateway (each must be refused).
 *
 * A field is described by plain data (`FieldSpec`) so that it can be walked, turned into a zod schema
 * for a representation, and turned into rules text. Build them with the functions below:
 * `text(200).changedBy('owner')`, `int(0, 100).optional()`, …
 */

/**
 * Who may change a field once the document exists. The rules and the gateway implement each:
 *  - nobody: fixed at creation;
 *  - self: the account the document belongs to (users/{uid}, publicProfiles/{uid});
 *  - owner: the store's owner; member: the store's owner or its staff;
 *  - superAdmin: a super admin (the wallet, a support issue's status);
 *  - admin: only the backend's administrator (the Admin SDK, the sync server's administrator);
 *  - server: set by every write to the server's time;
 *  - workflow: only as the status workflow allows (status, the timeline);
 *  - payments: only in the write that adds a payment or refund entry of the same amount;
 *  - dues: derived, in every write, from the status and amounts it stores (shop/amounts.ts repairDues);
 *  - history: only grows, one entry per write, in the writer's name;
 *  - tracking: only with a 'tracking' history entry (a new or revoked link);
 *  - repair: a copy of its repair, checked against it in the same write (the tracking view).
 */
export const CHANGERS = [
  'nobody',
  'self',
  'owner',
  'member',
  'superAdmin',
  'admin',
  'server',
  'workflow',
  'payments',
  'dues',
  'history',
  'tracking',
  'repair',
] as const;
export type Changer = (typeof CHANGERS)[number];

interface Common {
  /** May be absent. */
  readonly isOptional: boolean;
  /** May be null. */
  readonly isNullable: boolean;
  /** Who may change it after creation (set with `.changedBy(…)`). */
  readonly changer: Changer;
  /** What the field means, for docs and messages (set with `.about(…)`). */
  readonly description: string;
}

export interface TextSpec extends Common {
  readonly kind: 'text';
  readonly min: number;
  readonly max: number;
  /**
   * A whole-value pattern, written so that JavaScript and RE2 (the rules' `matches`) read it alike:
   * no anchors (they are added), no look-around, no back-references.
   */
  readonly pattern: string | null;
  /** A value that fits (required with a pattern: walks and tests write it). */
  readonly example: string | null;
}

export interface IntSpec extends Common {
  readonly kind: 'int';
  readonly min: number;
  readonly max: number;
}

/** Rupees as the spec's fields keep them: a number with at most two decimals. */
export interface RupeesSpec extends Common {
  readonly kind: 'rupees';
  readonly min: number;
  readonly max: number;
}

export interface BoolSpec extends Common {
  readonly kind: 'bool';
  /** When set, the only value a write may give. */
  readonly only: boolean | null;
}

export interface TimestampSpec extends Common {
  readonly kind: 'timestamp';
  /** A write that sets it must give the server's time (request.time, a server timestamp). */
  readonly serverTime: boolean;
}

export interface EnumSpec extends Common {
  readonly kind: 'enum';
  readonly values: readonly string[];
}

export interface ListSpec extends Common {
  readonly kind: 'list';
  readonly of: FieldSpec;
  readonly max: number;
}

export interface MapSpec extends Common {
  readonly kind: 'map';
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

/** A map whose keys come from a fixed list, each holding the same kind of value (templates by status). */
export interface KeyedSpec extends Common {
  readonly kind: 'keyed';
  readonly keys: readonly string[];
  readonly of: FieldSpec;
}

/** One of several kinds (the mobile apps write some numbers as text). */
export interface UnionSpec extends Common {
  readonly kind: 'union';
  readonly options: readonly FieldSpec[];
}

export type FieldSpec =
  | TextSpec
  | IntSpec
  | RupeesSpec
  | BoolSpec
  | TimestampSpec
  | EnumSpec
  | ListSpec
  | MapSpec
  | KeyedSpec
  | UnionSpec;

/** A field spec with the chainable modifiers. */
export type Field<S extends FieldSpec = FieldSpec> = S & {
  optional(): Field<S>;
  nullable(): Field<S>;
  changedBy(who: Changer): Field<S>;
  about(text: string): Field<S>;
};

function field<S extends FieldSpec>(spec: S): Field<S> {
  return {
    ...spec,
    optional: () => field({ ...spec, isOptional: true }),
    nullable: () => field({ ...spec, isNullable: true }),
    changedBy: (who: Changer) => field({ ...spec, changer: who }),
    about: (text: string) => field({ ...spec, description: text }),
  };
}

const common = { isOptional: false, isNullable: false, changer: 'nobody' as Changer, description: '' };

/** Text of `min`..`max` characters (UTF-16 units), optionally of a pattern. */
export function text(
  max: number,
  options: { min?: number; pattern?: string; example?: string } = {},
): Field<TextSpec> {
  return field({
    ...common,
    kind: 'text',
    min: options.min ?? 0,
    max,
    pattern: options.pattern ?? null,
    example: options.example ?? null,
  });
}

export function int(min: number, max: number): Field<IntSpec> {
  return field({ ...common, kind: 'int', min, max });
}

export function rupees(min: number, max: number): Field<RupeesSpec> {
  return field({ ...common, kind: 'rupees', min, max });
}

export function bool(only: boolean | null = null): Field<BoolSpec> {
  return field({ ...common, kind: 'bool', only });
}

export function timestamp(options: { serverTime?: boolean } = {}): Field<TimestampSpec> {
  return field({ ...common, kind: 'timestamp', serverTime: options.serverTime ?? false });
}

export function oneOf(values: readonly string[]): Field<EnumSpec> {
  return field({ ...common, kind: 'enum', values });
}

export function list(of: FieldSpec, max: number): Field<ListSpec> {
  return field({ ...common, kind: 'list', of, max });
}

export function map(fields: Readonly<Record<string, FieldSpec>>): Field<MapSpec> {
  return field({ ...common, kind: 'map', fields });
}

export function keyed(keys: readonly string[], of: FieldSpec): Field<KeyedSpec> {
  return field({ ...common, kind: 'keyed', keys, of });
}

export function either(...options: FieldSpec[]): Field<UnionSpec> {
  return field({ ...common, kind: 'union', options });
}

/** A stored document kind: where it lives, what it may hold, who writes it. */
export interface DocumentSchema {
  /** The document kind's name, e.g. 'repairs'; also the rules' function names (`repairsShape`). */
  readonly kind: string;
  /** Its path on Firestore, e.g. 'repairs/{repairDocId}'. */
  readonly path: string;
  readonly about: string;
  /** Who creates and deletes it (prose; the rules and the gateway implement it). */
  readonly createdBy: string;
  readonly deletedBy: string;
  /** The largest JSON size a device may write (the sync gateway checks it before anything else). */
  readonly maxBytes: number;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

export function documentSchema(schema: DocumentSchema): DocumentSchema {
  for (const [name, spec] of Object.entries(schema.fields)) checkSpec(`${schema.kind}.${name}`, spec);
  return schema;
}

function checkSpec(where: string, spec: FieldSpec): void {
  if (spec.description === '' && !where.includes('[]')) throw new Error(`${where} says nothing about itself`);
  if (spec.kind === 'text' && spec.pattern !== null) {
    const fits = spec.example !== null && zodOfField(spec, 'domain').safeParse(spec.example).success;
    if (!fits) throw new Error(`${where}: a patterned text needs an example that fits it`);
  }
  if (spec.kind === 'text' && spec.pattern !== null && /^\^|[^\\]\$$|\(\?[=!<]|\\[1-9]/.test(spec.pattern))
    throw new Error(`${where}: a pattern is whole-value already (no anchors, no look-around)`);
  if (spec.kind === 'list')
    checkSpec(`${where}[]`, { ...spec.of, description: spec.of.description || 'item' });
  if (spec.kind === 'map')
    for (const [name, inner] of Object.entries(spec.fields)) checkSpec(`${where}.${name}`, inner);
}

// ---- zod, per representation ------------------------------------------------------------------

/**
 * How a backend holds what it stores: 'domain' (memory: Dates), 'json' (PouchDB and the sync server:
 * instants as ISO-8601 text).
 */
export type Representation = 'domain' | 'json';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

function twoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

function baseZod(spec: FieldSpec, representation: Representation): z.ZodType {
  switch (spec.kind) {
    case 'text': {
      let schema = z.string().min(spec.min).max(spec.max);
      if (spec.pattern !== null) schema = schema.regex(new RegExp(`^(?:${spec.pattern})$`));
      return schema;
    }
    case 'int':
      return z.number().int().min(spec.min).max(spec.max);
    case 'rupees':
      return z.number().min(spec.min).max(spec.max).refine(twoDecimals, 'at most two decimals');
    case 'bool':
      return spec.only === null ? z.boolean() : z.literal(spec.only);
    case 'timestamp':
      return representation === 'domain'
        ? z.date()
        : z.string().max(40).regex(ISO_INSTANT, 'an ISO-8601 instant');
    case 'enum':
      return z.enum(spec.values as [string, ...string[]]);
    case 'list':
      return z.array(zodOfField(spec.of, representation)).max(spec.max);
    case 'map':
      return z.strictObject(
        Object.fromEntries(
          Object.entries(spec.fields).map(([name, inner]) => [name, zodOfField(inner, representation)]),
        ),
      );
    case 'keyed':
      return z.strictObject(
        Object.fromEntries(spec.keys.map((key) => [key, zodOfField(spec.of, representation).optional()])),
      );
    case 'union':
      return z.union(spec.options.map((option) => zodOfField(option, representation)));
  }
}

/** The zod schema of one field in a representation (optional and nullable as the spec says). */
export function zodOfField(spec: FieldSpec, representation: Representation): z.ZodType {
  let schema = baseZod(spec, representation);
  if (spec.isNullable) schema = schema.nullable();
  if (spec.isOptional) schema = schema.optional();
  return schema;
}

/**
 * The zod schema of a whole document in a representation: every field as its spec says, and no other
 * field (an unknown one is refused).
 */
export function zodOf(schema: DocumentSchema, representation: Representation) {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(schema.fields).map(([name, spec]) => [name, zodOfField(spec, representation)]),
    ),
  );
}

/**
 * Why `data` does not fit the schema (the first problems, as 'field: message'), or null. `keys`
 * limits the check to those fields (an update's changed fields); unknown keys are always refused.
 */
export function schemaProblem(
  schema: DocumentSchema,
  data: Readonly<Record<string, unknown>>,
  representation: Representation,
  keys: readonly string[] | null = null,
): string | null {
  const names = keys ?? Object.keys(data);
  for (const name of names) {
    if (!(name in schema.fields)) return `the field ${name} is not allowed in ${schema.kind}`;
  }
  if (keys === null) {
    const result = zodOf(schema, representation).safeParse(data);
    return result.success ? null : describe(result.error);
  }
  for (const name of names) {
    const spec = schema.fields[name] as FieldSpec;
    if (!(name in data)) {
      if (spec.isOptional) continue;
      return `${name} is required in ${schema.kind}`;
    }
    const result = zodOfField(spec, representation).safeParse(data[name]);
    if (!result.success) return describe(result.error, name);
  }
  return null;
}

function describe(error: z.ZodError, prefix = ''): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}

// ---- walking ------------------------------------------------------------------------------------

/** A field and where it is: ['history', '[]', 'by', 'uid'] is a history entry's writer's uid. */
export interface FieldAt {
  readonly path: readonly string[];
  readonly spec: FieldSpec;
}

/** Every field of a schema, depth first: maps and list items included ('[]' stands for an item). */
export function fieldsOf(schema: DocumentSchema): FieldAt[] {
  const out: FieldAt[] = [];
  const visit = (path: string[], spec: FieldSpec) => {
    out.push({ path, spec });
    if (spec.kind === 'map')
      for (const [name, inner] of Object.entries(spec.fields)) visit([...path, name], inner);
    if (spec.kind === 'list') visit([...path, '[]'], spec.of);
    if (spec.kind === 'keyed')
      for (const key of spec.keys)
        visit([...path, key], {
          ...spec.of,
          isOptional: true,
          description: spec.of.description || `${spec.description}: ${key}`,
        });
  };
  for (const [name, spec] of Object.entries(schema.fields)) visit([name], spec);
  return out;
}

/** The names of a schema's top-level fields that `who` may change after creation. */
export function fieldsChangedBy(schema: DocumentSchema, ...who: Changer[]): string[] {
  return Object.entries(schema.fields)
    .filter(([, spec]) => who.includes(spec.changer))
    .map(([name]) => name);
}

/** The names of a schema's fields a new document must have. */
export function requiredFields(schema: DocumentSchema): string[] {
  return Object.entries(schema.fields)
    .filter(([, spec]) => !spec.isOptional)
    .map(([name]) => name);
}

/**
 * A value that fits a field (what a walk starts from): the example or the shortest text, the minimum
 * number, `now` for a time (as a Date, or ISO text for 'json'), an empty list, a map of its required
 * fields' samples, the first option of a union.
 */
export function sampleValue(spec: FieldSpec, representation: Representation, now = new Date(0)): unknown {
  switch (spec.kind) {
    case 'text':
      return spec.example ?? 'x'.repeat(Math.max(spec.min, Math.min(1, spec.max)));
    case 'int':
    case 'rupees':
      return Math.max(spec.min, Math.min(0, spec.max));
    case 'bool':
      return spec.only ?? true;
    case 'timestamp':
      return representation === 'domain' ? now : now.toISOString();
    case 'enum':
      return spec.values[0];
    case 'list':
      return [];
    case 'map':
      return Object.fromEntries(
        Object.entries(spec.fields)
          .filter(([, inner]) => !inner.isOptional)
          .map(([name, inner]) => [name, inner.isNullable ? null : sampleValue(inner, representation, now)]),
      );
    case 'keyed':
      return {};
    case 'union':
      return sampleValue(spec.options[0] as FieldSpec, representation, now);
  }
}

/**
 * A value of the wrong type for a field (what a walk writes to see it refused): text where a number
 * belongs, a number where text belongs, and so on.
 */
export function wrongTypeValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'text':
    case 'enum':
      return 12345;
    case 'int':
    case 'rupees':
      return 'not a number';
    case 'bool':
      return 'yes';
    case 'timestamp':
      return 42;
    case 'list':
      return 'not a list';
    case 'map':
    case 'keyed':
      return ['not', 'a', 'map'];
    case 'union':
      return spec.options.some((option) => option.kind === 'bool') ? { not: 'this' } : true;
  }
}

/**
 * A value too big for a field, or null when the field has no size: text one character over its limit
 * (its example lengthened, when that still fits its pattern), a number one over its maximum, a list one
 * item over its limit.
 */
export function oversizeValue(spec: FieldSpec, item: () => unknown = () => null): unknown {
  switch (spec.kind) {
    case 'text': {
      const example = spec.example ?? 'x';
      const long = example.padEnd(spec.max + 1, example.slice(-1) || 'x');
      return spec.pattern !== null && new RegExp(`^(?:${spec.pattern})$`).test(long)
        ? long
        : 'x'.repeat(spec.max + 1);
    }
    case 'int':
      return spec.max + 1;
    case 'rupees':
      return spec.max + 1;
    case 'list':
      return Array.from({ length: spec.max + 1 }, item);
    default:
      return null;
  }
}

/** A document of a kind with every required field at its sample value (what a walk starts from). */
export function sampleDocument(
  schema: DocumentSchema,
  representation: Representation,
  now = new Date(0),
): Record<string, unknown> {
  return sampleValue(
    {
      kind: 'map',
      fields: schema.fields,
      isOptional: false,
      isNullable: false,
      changer: 'nobody',
      description: '',
    },
    representation,
    now,
  ) as Record<string, unknown>;
}

/**
 * `document` with `value` placed at `path` (fieldsOf's paths): maps on the way are made from their
 * samples, and a '[]' step puts a one-item list whose item is the list's sample item.
 */
export function withValueAt(
  schema: DocumentSchema,
  document: Readonly<Record<string, unknown>>,
  path: readonly string[],
  value: unknown,
  representation: Representation,
  now = new Date(0),
): Record<string, unknown> {
  const place = (container: unknown, spec: FieldSpec | null, rest: readonly string[]): unknown => {
    const [step, ...tail] = rest;
    if (step === undefined) return value;
    if (step === '[]') {
      if (spec?.kind !== 'list') throw new Error(`${path.join('.')}: '[]' where no list is`);
      return [place(sampleValue(spec.of, representation, now), spec.of, tail)];
    }
    const inner: FieldSpec | null =
      spec === null
        ? (schema.fields[step] ?? null)
        : spec.kind === 'map'
          ? (spec.fields[step] ?? null)
          : spec.kind === 'keyed'
            ? spec.of
            : null;
    if (inner === null) throw new Error(`${path.join('.')}: no field ${step}`);
    const base = (typeof container === 'object' && container !== null ? container : {}) as Record<
      string,
      unknown
    >;
    const current = step in base ? base[step] : sampleValue(inner, representation, now);
    return { ...base, [step]: place(current, inner, tail) };
  };
  return place(document, null, path) as Record<string, unknown>;
}
