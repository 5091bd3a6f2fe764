import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  MAX_AMOUNT_PAISE,
  type PaymentLike,
  repairAmounts,
} from '../../../src/domain/shop/amounts';

/**
 * The repair's money in paise, the domain's one function for it (repairAmounts / amountDue): properties
 * that hold for any sequence of payments and refunds (issue 17, "Tests").
 */
const paise = fc.integer({ min: 1, max: MAX_AMOUNT_PAISE });
const entry: fc.Arbitrary<PaymentLike> = fc.record({
  kind: fc.constantFrom('payment' as const, 'refund' as const),
  amountPaise: paise,
});
const charge = fc.option(fc.integer({ min: 0, max: MAX_AMOUNT_PAISE }), { nil: null });

describe('a repair’s money', () => {
  it('keeps paid ≥ 0 and due = max(0, charge − paid) for any payments and refunds', () => {
    fc.assert(
      fc.property(
        charge,
        charge,
        fc.array(entry, { maxLength: 40 }),
        (finalPaise, estimatePaise, entries) => {
          const { chargePaise, paidPaise, duePaise } = repairAmounts(finalPaise, estimatePaise, entries);
          const net = entries.reduce(
            (sum, e) => sum + (e.kind === 'refund' ? -e.amountPaise : e.amountPaise),
            0,
          );
          expect(paidPaise).toBe(Math.max(0, net));
          expect(chargePaise).toBe(finalPaise ?? estimatePaise);
          expect(duePaise).toBe(chargePaise === null ? 0 : Math.max(0, chargePaise - paidPaise));
          expect(Number.isSafeInteger(duePaise) && duePaise >= 0).toBe(true);
          expect(amountDue(finalPaise, estimatePaise, entries)).toBe(duePaise);
        },
      ),
    );
  });

  it('does not depend on the order the entries arrive in (two devices syncing)', () => {
    fc.assert(
      fc.property(charge, fc.array(entry, { maxLength: 20 }), fc.integer(), (finalPaise, entries, seed) => {
        const shuffled = [...entries].sort(
          (a, b) => ((a.amountPaise * 31 + seed) % 7) - ((b.amountPaise * 31 + seed) % 7),
        );
        expect(repairAmounts(finalPaise, null, shuffled)).toEqual(repairAmounts(finalPaise, null, entries));
      }),
    );
  });

  it('ignores entries that are no amount of money (zero, negative, fractional paise)', () => {
    const junk = [0, -500, 12.5, Number.NaN].map((amountPaise) => ({
      kind: 'payment' as const,
      amountPaise,
    }));
    expect(repairAmounts(130_000, null, [...junk, { kind: 'payment', amountPaise: 30_000 }])).toEqual({
      chargePaise: 130_000,
      paidPaise: 30_000,
      duePaise: 100_000,
    });
  });
});
