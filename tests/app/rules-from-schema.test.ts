import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_MARKERS, generatedRules, withGeneratedRules } from '../../scripts/rules-from-schema';
import { REPAIRS, WRITE_SCHEMAS } from '../../src/domain/stored/documents';

const RULES = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');

/** The rules string literal of a generated `.matches('…')` call, as JavaScript reads it. */
function generatedPattern(text: string, field: string): RegExp {
  const match = new RegExp(`d\\.${field}\\.join\\('\\\\n'\\)\\.matches\\('((?:[^'\\\\]|\\\\.)*)'\\)`).exec(
    text,
  );
  if (match === null) throw new Error(`no list pattern for ${field}`);
  return new RegExp((match[1] as string).replace(/\\\\/g, '\\'));
}

describe('firestore.rules and the write schemas', () => {
  it('carry exactly the checks the schemas generate (run `npm run rules:generate` after changing a schema)', () => {
    expect(RULES).toContain(GENERATED_MARKERS.begin);
    expect(withGeneratedRules(RULES)).toBe(RULES);
  });

  it('give every stored kind its shape functions', () => {
    const generated = generatedRules();
    for (const schema of WRITE_SCHEMAS) {
      for (const name of ['Fields', 'Required', 'Fixed', 'Shape', 'New', 'Edit'])
        expect(generated).toContain(`function ${schema.kind}${name}(`);
    }
    expect(generated).toContain('function repairsHistoryItem(v)');
    expect(generated).toContain('function repairsTimelineItem(v)');
  });

  it('check a list of text in one pattern: each item on one line, within its size, the list within its count', () => {
    const problems = generatedPattern(generatedRules([REPAIRS]), 'problemList');
    expect(problems.test(['Screen broken', 'Battery problem'].join('\n'))).toBe(true);
    expect(problems.test(Array.from({ length: 12 }, () => 'p').join('\n'))).toBe(true);
    expect(problems.test(Array.from({ length: 13 }, () => 'p').join('\n'))).toBe(false);
    expect(problems.test(['x'.repeat(201)].join('\n'))).toBe(false);
    expect(problems.test(['ok', ''].join('\n'))).toBe(false);
    const accessories = generatedPattern(generatedRules([REPAIRS]), 'accessories');
    expect(accessories.test('charger\nsim-tray')).toBe(true);
    expect(accessories.test('charger\nlaptop')).toBe(false);
  });

  it('refuses to rewrite rules that lost their markers', () => {
    expect(() => withGeneratedRules('rules_version = "2";')).toThrow(/markers/);
  });
});
