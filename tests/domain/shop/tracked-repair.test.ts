import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShopRepair } from '../../../src/domain/shop/repair-record';
import {
  problemListOrText,
  storedPaiseOf,
  storedProblemListOf,
  storedProblemsTextOf,
  trackedRepairOf,
} from '../../../src/domain/shop/tracked-repair';
import { trackingView } from '../../../src/domain/shop/tracking';
import { TRACKING_VIEW_FIELDS } from '../../../src/domain/stored/documents';

const shop = { name: 'Sharma Mobile Care', phone: '9876543210', upiId: 'sharmamobile@okaxis' };

/** Any value a stored view's field may hold, the well-formed ones more often than not. */
const storedValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('delivered', 'ready', 'inprogress', '2026-11-30', '  ', '12', '12.5', '-3', 'abc'),
  fc.integer({ min: -5, max: 500_000 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), { maxLength: 4 }),
  fc.date({ noInvalidDate: true }),
);
const storedView = fc.record(
  Object.fromEntries(TRACKING_VIEW_FIELDS.map((name) => [name, storedValue])) as Record<
    (typeof TRACKING_VIEW_FIELDS)[number],
    typeof storedValue
  >,
  { requiredKeys: [] },
);

describe('trackedRepairOf: a stored tracking view read without zod', () => {
  it('builds the same tracking view as parseShopRepair on the same fields, for any stored values', () => {
    fc.assert(
      fc.property(storedView, (view) => {
        const plain = Object.fromEntries(Object.entries(view).filter(([, value]) => value != null));
        const viaSchema = trackingView(parseShopRepair('r1', { ...plain, history: [] }), shop);
        expect(trackingView(trackedRepairOf(view), shop)).toEqual(viaSchema);
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads RPR-1001's stored view field by field", () => {
    const repair = trackedRepairOf({
      repairId: 'RPR-1001',
      status: 'inprogress',
      productType: 'Mobile',
      productName: 'Samsung Galaxy S21',
      problems: 'Screen Damage, Battery Issue',
      problemList: null,
      promisedDate: '2026-11-30',
      estimatePaise: null,
      estimatedCost: 2500,
      amount: null,
      paidPaise: 50_000,
      timeline: [],
    });
    expect(repair).toMatchObject({
      repairId: 'RPR-1001',
      problemList: ['Screen Damage', 'Battery Issue'],
      promisedDate: '2026-11-30',
      estimatePaise: 250_000,
      finalPaise: null,
      paidPaise: 50_000,
      history: [],
    });
  });

  it('keeps only whole, non-negative paise; lists only non-blank text', () => {
    expect([storedPaiseOf(120), storedPaiseOf('120'), storedPaiseOf(-1), storedPaiseOf(1.5)]).toEqual([
      120,
      120,
      null,
      null,
    ]);
    expect(storedProblemListOf(['Screen', ' ', 3, 'Battery'])).toEqual(['Screen', 'Battery']);
    expect(storedProblemListOf('Screen')).toBeNull();
    expect(storedProblemsTextOf(['Screen', '', 4])).toBe('Screen, 4');
    expect(problemListOrText(null, 'Screen ,, Battery ')).toEqual(['Screen', 'Battery']);
    expect(problemListOrText([], 'Screen')).toEqual([]);
  });
});
