import { describe, expect, it } from 'vitest';
import { PATTERNS, REPAIRS, TRACKING, WRITE_SCHEMAS } from '../../../src/domain/stored/documents';
import {
  fieldsChangedBy,
  fieldsOf,
  oversizeValue,
  type Representation,
  requiredFields,
  sampleDocument,
  sampleValue,
  schemaProblem,
  withValueAt,
  wrongTypeValue,
} from '../../../src/domain/stored/schema';

const REPRESENTATIONS: readonly Representation[] = ['domain', 'json'];
const NOW = new Date('2026-11-25T10:00:00.000Z');

describe('the write schemas', () => {
  it('name every stored kind once, each with fields that say what they are', () => {
    const kinds = WRITE_SCHEMAS.map((schema) => schema.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const schema of WRITE_SCHEMAS) {
      expect(schema.maxBytes).toBeGreaterThan(0);
      for (const { path, spec } of fieldsOf(schema))
        if (!path.includes('[]')) expect(spec.description, `${schema.kind}.${path.join('.')}`).not.toBe('');
    }
  });

  for (const representation of REPRESENTATIONS)
    describe(`in the ${representation} representation`, () => {
      for (const schema of WRITE_SCHEMAS)
        it(`${schema.kind}: takes its sample, and refuses every field's wrong type, oversize and an unknown field`, () => {
          const sample = sampleDocument(schema, representation, NOW);
          expect(schemaProblem(schema, sample, representation)).toBeNull();
          expect(schemaProblem(schema, { ...sample, unknownField: 'x' }, representation)).toMatch(
            /unknownField/,
          );
          for (const { path, spec } of fieldsOf(schema)) {
            const where = `${schema.kind}.${path.join('.')}`;
            const at = (value: unknown) => withValueAt(schema, sample, path, value, representation, NOW);
            expect(
              schemaProblem(schema, at(sampleValue(spec, representation, NOW)), representation),
              where,
            ).toBeNull();
            expect(
              schemaProblem(schema, at(wrongTypeValue(spec)), representation),
              `${where}: wrong type`,
            ).not.toBeNull();
            const item = () => (spec.kind === 'list' ? sampleValue(spec.of, representation, NOW) : null);
            const big = oversizeValue(spec, item);
            if (big !== null)
              expect(schemaProblem(schema, at(big), representation), `${where}: oversize`).not.toBeNull();
            if (spec.kind === 'map') {
              const extra = { ...(sampleValue(spec, representation, NOW) as object), unknownField: 'x' };
              expect(
                schemaProblem(schema, at(extra), representation),
                `${where}: extra field`,
              ).not.toBeNull();
            }
          }
        });
    });

  it('checks only the fields an update changed, and refuses an unknown one', () => {
    const stored = { ...sampleDocument(REPAIRS, 'domain', NOW), customerName: 'x'.repeat(5000) };
    expect(schemaProblem(REPAIRS, stored, 'domain', ['status'])).toBeNull();
    expect(schemaProblem(REPAIRS, stored, 'domain', ['customerName'])).toMatch(/customerName/);
    expect(schemaProblem(REPAIRS, stored, 'domain', ['bogus'])).toMatch(/bogus/);
    // An optional field may be removed.
    const { customerName: _gone, ...without } = stored;
    expect(schemaProblem(REPAIRS, without, 'domain', ['customerName'])).toBeNull();
  });

  it('keeps the fixed fields of a repair and the money that only payments move apart', () => {
    expect(fieldsChangedBy(REPAIRS, 'nobody')).toEqual(
      expect.arrayContaining([
        'repairId',
        'storeId',
        'store',
        'businessId',
        'deliveryCode',
        'createdAt',
        'createdBy',
      ]),
    );
    expect(fieldsChangedBy(REPAIRS, 'payments')).toEqual(['paidPaise']);
    expect(requiredFields(REPAIRS)).toEqual(['repairId']);
    expect(fieldsChangedBy(TRACKING, 'repair')).toEqual(['view']);
  });

  it('writes patterns that mean the same to JavaScript and to the rules (no anchors, no look-around)', () => {
    for (const pattern of Object.values(PATTERNS)) {
      expect(pattern).not.toMatch(/^\^|\$$|\(\?[=!<]/);
      expect(() => new RegExp(`^(?:${pattern})$`)).not.toThrow();
    }
    const upi = new RegExp(`^(?:${PATTERNS.upiId})$`);
    expect(upi.test('sharmamobile@okaxis')).toBe(true);
    expect(upi.test('9811111111@ybl')).toBe(true);
    expect(upi.test('')).toBe(true);
    expect(upi.test('evil@okaxis&am=1')).toBe(false);
  });
});
