import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeGst,
  DEFAULT_REPAIR_SAC,
  GST_RATES_PERCENT,
  gstStateCode,
  gstSupplyBetween,
  MAX_GST_AMOUNT_PAISE,
} from '../../../src/domain/shop/gst';

/** GST on a repair invoice in paise (issue 18, "Tests"): worked examples, then properties for any amount. */
describe('computeGst: worked examples', () => {
  const cases = [
    // ₹1,180 inclusive at 18%: ₹1,000 + ₹90 + ₹90.
    {
      amountPaise: 118_000,
      taxInclusive: true,
      ratePercent: 18,
      supply: 'intra-state',
      taxable: 100_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
      total: 118_000,
    },
    {
      amountPaise: 118_000,
      taxInclusive: true,
      ratePercent: 18,
      supply: 'inter-state',
      taxable: 100_000,
      cgst: 0,
      sgst: 0,
      igst: 18_000,
      total: 118_000,
    },
    // ₹1,000 exclusive at 18%: ₹1,180.
    {
      amountPaise: 100_000,
      taxInclusive: false,
      ratePercent: 18,
      supply: 'intra-state',
      taxable: 100_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
      total: 118_000,
    },
    // ₹1,500 inclusive at 18%: 150000 × 100 / 118 = 127118.64 → 127119; tax 22881, odd paisa to CGST.
    {
      amountPaise: 150_000,
      taxInclusive: true,
      ratePercent: 18,
      supply: 'intra-state',
      taxable: 127_119,
      cgst: 11_441,
      sgst: 11_440,
      igst: 0,
      total: 150_000,
    },
    // ₹999 exclusive at 18%: 99900 × 0.18 = 17982 → ₹1,178.82.
    {
      amountPaise: 99_900,
      taxInclusive: false,
      ratePercent: 18,
      supply: 'inter-state',
      taxable: 99_900,
      cgst: 0,
      sgst: 0,
      igst: 17_982,
      total: 117_882,
    },
    // ₹0.05 exclusive at 5%: 0.25 paise rounds to 0.
    {
      amountPaise: 5,
      taxInclusive: false,
      ratePercent: 5,
      supply: 'intra-state',
      taxable: 5,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 5,
    },
    // 1 paisa exclusive at 28%: 0.28 paise → 0; 2 paise → 0.56 → 1 (half up), odd paisa to CGST.
    {
      amountPaise: 2,
      taxInclusive: false,
      ratePercent: 28,
      supply: 'intra-state',
      taxable: 2,
      cgst: 1,
      sgst: 0,
      igst: 0,
      total: 3,
    },
    // ₹500 inclusive at 12%: 50000 × 100 / 112 = 44642.857 → 44643; tax 5357.
    {
      amountPaise: 50_000,
      taxInclusive: true,
      ratePercent: 12,
      supply: 'intra-state',
      taxable: 44_643,
      cgst: 2_679,
      sgst: 2_678,
      igst: 0,
      total: 50_000,
    },
    // 0% (exempt): no tax either way.
    {
      amountPaise: 12_345,
      taxInclusive: true,
      ratePercent: 0,
      supply: 'intra-state',
      taxable: 12_345,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 12_345,
    },
    {
      amountPaise: 0,
      taxInclusive: true,
      ratePercent: 18,
      supply: 'intra-state',
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 0,
    },
  ] as const;

  it.each(cases)('$amountPaise paise, inclusive $taxInclusive, $ratePercent%, $supply', (c) => {
    expect(
      computeGst({
        amountPaise: c.amountPaise,
        taxInclusive: c.taxInclusive,
        ratePercent: c.ratePercent,
        supply: c.supply,
      }),
    ).toEqual({
      ratePercent: c.ratePercent,
      supply: c.supply,
      taxablePaise: c.taxable,
      cgstPaise: c.cgst,
      sgstPaise: c.sgst,
      igstPaise: c.igst,
      totalPaise: c.total,
    });
  });

  it('defaults to a tax-inclusive price at 18% within the state', () => {
    expect(computeGst({ amountPaise: 118_000 })).toMatchObject({
      ratePercent: 18,
      supply: 'intra-state',
      taxablePaise: 100_000,
      cgstPaise: 9_000,
    });
  });

  it('refuses a negative or fractional amount and a rate outside the slabs', () => {
    expect(() => computeGst({ amountPaise: -1 })).toThrow(RangeError);
    expect(() => computeGst({ amountPaise: 10.5 })).toThrow(RangeError);
    expect(() => computeGst({ amountPaise: MAX_GST_AMOUNT_PAISE + 1 })).toThrow(RangeError);
    expect(
      computeGst({ amountPaise: MAX_GST_AMOUNT_PAISE, taxInclusive: false, ratePercent: 28 }).totalPaise,
    ).toBe(12_800_000_000_000);
    expect(() => computeGst({ amountPaise: 100, ratePercent: 15 })).toThrow(/one of 0, 5, 12, 18, 28/);
  });

  it('uses the telecommunication-equipment repair SAC by default', () => {
    expect(DEFAULT_REPAIR_SAC).toBe('998716');
  });
});

describe('computeGst: properties', () => {
  const input = fc.record({
    amountPaise: fc.oneof(
      fc.integer({ min: 0, max: 1_000_000_000 }),
      fc.integer({ min: 0, max: MAX_GST_AMOUNT_PAISE }),
    ),
    taxInclusive: fc.boolean(),
    ratePercent: fc.constantFrom(...GST_RATES_PERCENT),
    supply: fc.constantFrom('intra-state' as const, 'inter-state' as const),
  });

  it('taxable value + CGST + SGST + IGST = total, to the paisa, all whole non-negative paise', () => {
    fc.assert(
      fc.property(input, (i) => {
        const g = computeGst(i);
        const parts = [g.taxablePaise, g.cgstPaise, g.sgstPaise, g.igstPaise, g.totalPaise];
        expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        expect(g.taxablePaise + g.cgstPaise + g.sgstPaise + g.igstPaise).toBe(g.totalPaise);
        if (i.supply === 'intra-state') {
          expect(g.igstPaise).toBe(0);
          expect(g.cgstPaise - g.sgstPaise).toBeGreaterThanOrEqual(0);
          expect(g.cgstPaise - g.sgstPaise).toBeLessThanOrEqual(1);
        } else {
          expect(g.cgstPaise + g.sgstPaise).toBe(0);
        }
        // The price the customer sees is kept: the total (inclusive) or the taxable value (exclusive).
        expect(i.taxInclusive ? g.totalPaise : g.taxablePaise).toBe(i.amountPaise);
        // The tax is the rate of the taxable value, within half a paisa of rounding (inclusive: within
        // the rounding of the taxable value, scaled by the rate).
        const exactTax = (g.taxablePaise * i.ratePercent) / 100;
        const tax = g.totalPaise - g.taxablePaise;
        expect(Math.abs(tax - exactTax)).toBeLessThanOrEqual(
          0.5 + (i.taxInclusive ? (0.5 * (100 + i.ratePercent)) / 100 : 0),
        );
      }),
    );
  });
});

describe('intra- or inter-state', () => {
  it('reads the state code of a GSTIN or a bare code', () => {
    expect(gstStateCode('27AAPFS1234C1ZD')).toBe('27');
    expect(gstStateCode('29')).toBe('29');
    expect(gstStateCode('')).toBeNull();
    expect(gstStateCode('00AAPFS1234C1ZD')).toBeNull();
  });

  it('is inter-state only when the customer names another state', () => {
    expect(gstSupplyBetween('27AAPFS1234C1ZD', '29AAACI1681G1ZL')).toBe('inter-state');
    expect(gstSupplyBetween('27AAPFS1234C1ZD', '27AAPFU0939F1ZV')).toBe('intra-state');
    expect(gstSupplyBetween('27', '29')).toBe('inter-state');
    expect(gstSupplyBetween('27AAPFS1234C1ZD', '')).toBe('intra-state');
    expect(gstSupplyBetween('27AAPFS1234C1ZD', null)).toBe('intra-state');
    expect(gstSupplyBetween('27AAPFS1234C1ZD', 'garbage')).toBe('intra-state');
  });
});
