import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  financialYearLabel,
  financialYearOf,
  formatInvoiceNumber,
  type InvoiceCounter,
  nextInvoiceNumber,
} from '../../../src/domain/shop/invoice-number';

/** Invoice numbering per store and Indian financial year (issue 18, "Tests": across a year boundary). */
describe('financial year in India', () => {
  it.each([
    ['2027-03-31T18:00:00Z', 2026, '31 March 23:30 IST is still FY 26-27'],
    ['2027-03-31T18:29:59.999Z', 2026, '31 March 23:59:59.999 IST'],
    ['2027-03-31T18:30:00Z', 2027, '1 April 00:00 IST starts FY 27-28'],
    ['2027-03-31T18:40:00Z', 2027, '1 April 00:10 IST, though still 31 March in UTC'],
    ['2026-04-01T00:00:00Z', 2026, '1 April 05:30 IST'],
    ['2026-12-31T20:00:00Z', 2026, '1 January 01:30 IST stays in the year that began in April'],
    ['2027-01-15T06:00:00Z', 2026, 'mid-January'],
  ])('%s → %i (%s)', (iso, fy) => {
    expect(financialYearOf(new Date(iso))).toBe(fy);
  });

  it('labels a year by its two short years', () => {
    expect(financialYearLabel(2026)).toBe('26-27');
    expect(financialYearLabel(2009)).toBe('09-10');
    expect(financialYearLabel(2099)).toBe('99-00');
  });
});

describe('formatInvoiceNumber', () => {
  it("prints the spec's example and pads the serial to 4 digits", () => {
    expect(formatInvoiceNumber('SMC', 2026, 42)).toBe('SMC/26-27/0042');
    expect(formatInvoiceNumber('SMC', 2026, 1)).toBe('SMC/26-27/0001');
    expect(formatInvoiceNumber('SMC', 2026, 123_456)).toBe('SMC/26-27/123456');
  });

  it('fits 16 characters with a 5-character prefix up to serial 9,999, and refuses the next', () => {
    expect(formatInvoiceNumber('SHARM', 2026, 9_999)).toBe('SHARM/26-27/9999');
    expect(formatInvoiceNumber('SHARM', 2026, 9_999)).toHaveLength(16);
    expect(() => formatInvoiceNumber('SHARM', 2026, 10_000)).toThrow(/longer than 16 characters/);
    expect(formatInvoiceNumber('SMC', 2026, 999_999)).toHaveLength(16);
    expect(() => formatInvoiceNumber('SMC', 2026, 1_000_000)).toThrow(RangeError);
  });

  it('refuses a prefix that is too long, lower-case, blank or has other characters, and a serial below 1', () => {
    for (const prefix of ['SHARMA', 'smc', '', 'S/MC', 'SM C']) {
      expect(() => formatInvoiceNumber(prefix, 2026, 1)).toThrow(/prefix/);
    }
    expect(formatInvoiceNumber('A-1', 2026, 7)).toBe('A-1/26-27/0007');
    expect(() => formatInvoiceNumber('SMC', 2026, 0)).toThrow(/serial/);
    expect(() => formatInvoiceNumber('SMC', 2026, 2.5)).toThrow(/serial/);
  });
});

describe('nextInvoiceNumber', () => {
  it('starts at 1, counts on, and restarts at 1 on 1 April IST (not at midnight UTC)', () => {
    const issued: string[] = [];
    let counter: InvoiceCounter | null = null;
    for (const iso of [
      '2027-03-30T06:00:00Z',
      '2027-03-31T10:00:00Z',
      '2027-03-31T18:00:00Z', // 31 March 23:30 IST
      '2027-03-31T18:40:00Z', // 1 April 00:10 IST
      '2027-04-01T05:00:00Z',
    ]) {
      const next = nextInvoiceNumber(counter, new Date(iso));
      counter = next.counter;
      issued.push(formatInvoiceNumber('SMC', next.fy, next.serial));
    }
    expect(issued).toEqual([
      'SMC/26-27/0001',
      'SMC/26-27/0002',
      'SMC/26-27/0003',
      'SMC/27-28/0001',
      'SMC/27-28/0002',
    ]);
  });

  it('restarts after a year without invoices', () => {
    expect(nextInvoiceNumber({ fy: 2024, lastSerial: 310 }, new Date('2026-06-01T00:00:00Z'))).toEqual({
      fy: 2026,
      serial: 1,
      counter: { fy: 2026, lastSerial: 1 },
    });
  });

  it('keeps counting in the later year when the clock is behind the counter (never reuses a number)', () => {
    const next = nextInvoiceNumber({ fy: 2027, lastSerial: 3 }, new Date('2027-03-31T18:00:00Z'));
    expect(next).toMatchObject({ fy: 2027, serial: 4 });
  });

  it('refuses a corrupt counter', () => {
    expect(() => nextInvoiceNumber({ fy: 2026, lastSerial: -1 }, new Date())).toThrow(RangeError);
  });

  it('never gives the same number twice and keeps each year consecutive, for any sequence of moments', () => {
    const moment = fc.date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(fc.array(moment, { maxLength: 60 }), (moments) => {
        let counter: InvoiceCounter | null = null;
        const seen = new Set<string>();
        const serialsByYear = new Map<number, number[]>();
        for (const at of moments) {
          const next = nextInvoiceNumber(counter, at);
          counter = next.counter;
          const key = `${next.fy}/${next.serial}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
          serialsByYear.set(next.fy, [...(serialsByYear.get(next.fy) ?? []), next.serial]);
        }
        for (const serials of serialsByYear.values()) {
          expect(serials).toEqual(serials.map((_, i) => i + 1));
        }
      }),
    );
  });
});
