import { WRITE_SCHEMAS } from '../src/domain/stored/documents';
import {
  CHANGERS,
  type Changer,
  type DocumentSchema,
  type FieldSpec,
  requiredFields,
} from '../src/domain/stored/schema';

/**
 * The type and size checks of firestore.rules, generated from the write schemas
 * (src/domain/stored/documents.ts), so that the rules say exactly what the schemas say. For each
 * document kind K:
 *
 *  - `KFields()`, `KRequired()`: its field names, and those a new document must have;
 *  - `KFixed()` and `KBy<Changer>()`: the fields nobody, or only that changer, may change after creation
 *    (the hand-written rules beside them decide who the writer is);
 *  - `KShape(d, keys)`: the fields named in `keys` (a create's keys, an update's changed keys) are known
 *    and each holds its type within its size; an optional field may be removed;
 *  - `KNew(d)`: a whole new document's shape (every required field present);
 *  - `KEdit(after, before)`: an update's changed fields' shape;
 *  - `K<Field>Item(v)`: one item of a list of maps (a history entry), for the rules that check the
 *    item a write appends (a list of maps is otherwise only counted).
 *
 * Lists of text are checked in one expression: their items joined with a newline must match a
 * pattern of items (rules cannot loop), so a list item never holds a newline.
 */

const BEGIN =
  '    // ==== generated from the write schemas (src/domain/stored/documents.ts) by `npm run rules:generate`: do not edit ====';
const END = '    // ==== end of the generated write schemas ====';

export const GENERATED_MARKERS = { begin: BEGIN, end: END } as const;

/** A rules string literal. */
function literal(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function listOf(values: readonly string[]): string {
  return `[${values.map(literal).join(', ')}]`;
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** A regular expression for one text item of a list: single line, within its size. */
function itemPattern(spec: FieldSpec): string {
  if (spec.kind === 'enum')
    return `(?:${spec.values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
  if (spec.kind !== 'text') throw new Error(`a list of ${spec.kind} is checked by its size only`);
  if (spec.pattern === null) return `[^\\n]{${spec.min},${spec.max}}`;
  const single = /^(\[[^\]]+\])[+*]$/.exec(spec.pattern);
  if (single !== null)
    return `${single[1]}{${Math.max(spec.min, spec.pattern.endsWith('+') ? 1 : 0)},${spec.max}}`;
  return `(?:${spec.pattern})`;
}

/** The check of a value `v` (a rules expression) against a spec, ignoring optional (the caller's). */
function check(v: string, spec: FieldSpec): string {
  const base = baseCheck(v, spec);
  return spec.isNullable ? `(${v} == null || ${base})` : base;
}

function baseCheck(v: string, spec: FieldSpec): string {
  switch (spec.kind) {
    case 'text': {
      const parts = [`${v} is string`, `${v}.size() <= ${spec.max}`];
      if (spec.min > 0) parts.push(`${v}.size() >= ${spec.min}`);
      if (spec.pattern !== null) parts.push(`${v}.matches(${literal(`^(?:${spec.pattern})$`)})`);
      return `(${parts.join(' && ')})`;
    }
    case 'int':
      return `(${v} is int && ${v} >= ${spec.min} && ${v} <= ${spec.max})`;
    case 'rupees':
      return `((${v} is int || ${v} is float) && ${v} >= ${spec.min} && ${v} <= ${spec.max} && isRupees(${v}))`;
    case 'bool':
      return spec.only === null ? `${v} is bool` : `${v} == ${spec.only}`;
    case 'timestamp':
      return spec.serverTime ? `(${v} is timestamp && ${v} == request.time)` : `${v} is timestamp`;
    case 'enum':
      return `${v} in ${listOf(spec.values)}`;
    case 'list': {
      const parts = [`${v} is list`, `${v}.size() <= ${spec.max}`];
      if (spec.of.kind === 'text' || spec.of.kind === 'enum') {
        const item = itemPattern(spec.of);
        parts.push(
          `(${v}.size() == 0 || ${v}.join('\\n').matches(${literal(`^${item}(?:\\n${item}){0,${spec.max - 1}}$`)}))`,
        );
      }
      // join() writes a number as its digits: split back, the items must be the list's own (text).
      if (spec.of.kind === 'text') parts.push(`(${v}.size() == 0 || ${v}.join('\\n').split('\\n') == ${v})`);
      return `(${parts.join(' && ')})`;
    }
    case 'map': {
      const names = Object.keys(spec.fields);
      const required = names.filter((name) => !(spec.fields[name] as FieldSpec).isOptional);
      const parts = [`${v} is map`, `${v}.keys().hasOnly(${listOf(names)})`];
      if (required.length > 0) parts.push(`${v}.keys().hasAll(${listOf(required)})`);
      for (const name of names) {
        const inner = spec.fields[name] as FieldSpec;
        const own = check(`${v}.${name}`, inner);
        parts.push(inner.isOptional ? `(!('${name}' in ${v}) || ${own})` : own);
      }
      return `(${parts.join('\n          && ')})`;
    }
    case 'keyed': {
      const parts = [`${v} is map`, `${v}.keys().hasOnly(${listOf(spec.keys)})`];
      for (const key of spec.keys) parts.push(`(!('${key}' in ${v}) || ${check(`${v}.${key}`, spec.of)})`);
      return `(${parts.join('\n          && ')})`;
    }
    case 'union':
      return `(${spec.options.map((option) => check(v, option)).join(' || ')})`;
  }
}

function fieldCheck(name: string, spec: FieldSpec): string {
  const value = `d.${name}`;
  const own = check(value, spec);
  return spec.isOptional
    ? `(!('${name}' in keys) || !('${name}' in d) || ${own})`
    : `(!('${name}' in keys) || ${own})`;
}

/**
 * Fields checked in groups of this many behind one `hasAny` guard when a kind has more: an edit of a
 * few fields then skips whole groups at the cost of one expression, not one per field (Firestore
 * evaluates at most 1,000 expressions per request). A last group of one field joins the group before
 * it (one guard fewer: the repair's create and heaviest edit are within a few expressions of the limit,
 * tests/security/shop-surface.security.test.ts "15.5.budget").
 */
const GROUP = 6;

/** The groups of `names`: GROUP at a time, a lone last field joining the group before it. */
function groupsOf<T>(names: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < names.length; i += GROUP) groups.push(names.slice(i, i + GROUP));
  const last = groups.at(-1);
  if (groups.length > 1 && last !== undefined && last.length === 1)
    groups.at(-2)?.push(...(groups.pop() ?? []));
  return groups;
}

function shapeChecks(names: readonly string[], schema: DocumentSchema): string[] {
  const checks = names.map((name) => fieldCheck(name, schema.fields[name] as FieldSpec));
  if (names.length <= GROUP) return checks;
  const named = groupsOf(names.map((name, i) => ({ name, check: checks[i] as string })));
  return named.map(
    (group) =>
      `(!keys.hasAny(${listOf(group.map((field) => field.name))})\n          || (${group.map((field) => field.check).join('\n          && ')}))`,
  );
}

function functionsOf(schema: DocumentSchema): string {
  const k = schema.kind;
  const names = Object.keys(schema.fields);
  const lines: string[] = [];
  lines.push(`    // ${schema.path}: ${schema.about}`);
  lines.push(`    function ${k}Fields() { return ${listOf(names)}; }`);
  lines.push(`    function ${k}Required() { return ${listOf(requiredFields(schema))}; }`);
  const by = (who: Changer) => names.filter((name) => (schema.fields[name] as FieldSpec).changer === who);
  lines.push(`    function ${k}Fixed() { return ${listOf(by('nobody'))}; }`);
  for (const who of CHANGERS) {
    if (who === 'nobody') continue;
    const fields = by(who);
    if (fields.length > 0)
      lines.push(`    function ${k}By${capitalised(who)}() { return ${listOf(fields)}; }`);
  }
  const checks = shapeChecks(names, schema);
  lines.push(`    function ${k}Shape(d, keys) {`);
  lines.push(`      return keys.hasOnly(${k}Fields())${checks.map((c) => `\n        && ${c}`).join('')};`);
  lines.push('    }');
  lines.push(`    function ${k}New(d) { return d.keys().hasAll(${k}Required()) && ${k}Shape(d, d.keys()); }`);
  lines.push(
    `    function ${k}Edit(after, before) { return ${k}Shape(after, after.diff(before).affectedKeys()); }`,
  );
  for (const name of names) {
    const spec = schema.fields[name] as FieldSpec;
    if (spec.kind === 'list' && spec.of.kind === 'map')
      lines.push(
        `    function ${k}${capitalised(name)}Item(v) {\n      return ${check('v', spec.of)};\n    }`,
      );
  }
  return lines.join('\n');
}

/** The generated block, markers included. */
export function generatedRules(schemas: readonly DocumentSchema[] = WRITE_SCHEMAS): string {
  return [BEGIN, ...schemas.map(functionsOf), END].join('\n\n');
}

/** `rules` with its generated block replaced by the schemas' (the markers must be there). */
export function withGeneratedRules(
  rules: string,
  schemas: readonly DocumentSchema[] = WRITE_SCHEMAS,
): string {
  const start = rules.indexOf(BEGIN);
  const end = rules.indexOf(END);
  if (start === -1 || end === -1 || end < start)
    throw new Error('firestore.rules has no generated block (its markers are missing)');
  return `${rules.slice(0, start)}${generatedRules(schemas)}${rules.slice(end + END.length)}`;
}
