import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asInstant, formatCalendarDate, formatDate, formatDateTime } from '../../src/domain/shared/time';

describe('asInstant', () => {
  it('reads Dates, epoch milliseconds, ISO text and Firestore Timestamps', () => {
    const iso = '2026-11-02T10:00:00.000Z';
    expect(asInstant(new Date(iso))?.toISOString()).toBe(iso);
    expect(asInstant(Date.parse(iso))?.toISOString()).toBe(iso);
    expect(asInstant(iso)?.toISOString()).toBe(iso);
    expect(asInstant({ seconds: Date.parse(iso) / 1000, nanoseconds: 5_000_000 })?.toISOString()).toBe(
      '2026-11-02T10:00:00.005Z',
    );
    expect(asInstant({ toDate: () => new Date(iso) })?.toISOString()).toBe(iso);
  });

  it('gives null for anything that is not a real instant, out-of-range numbers included', () => {
    for (const value of [
      1e20,
      -1e20,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'soon',
      '',
      null,
      undefined,
      {},
      { seconds: 1e17 },
      new Date('x'),
    ]) {
      expect(asInstant(value), String(value)).toBeNull();
    }
  });
});

describe('formatCalendarDate', () => {
  it('writes a YYYY-MM-DD day as formatDate writes it (the tracking link, the repair page, the board, the job sheet)', () => {
    expect(formatCalendarDate('2026-11-24')).toBe('24 Nov 2026');
    expect(formatCalendarDate('2026-11-03')).toBe('3 Nov 2026');
    expect(formatCalendarDate('2026-11-03')).toBe(formatDate(new Date(2026, 10, 3, 18, 45)));
    // The day written, whatever the time zone (TZ is Asia/Kolkata here): never the day before.
    expect(formatCalendarDate('2027-01-01')).toBe('1 Jan 2027');
  });

  it('shows anything else as written', () => {
    for (const text of [
      '',
      'next Monday',
      '24/11/2026',
      '2026-02-31',
      '2026-13-01',
      '2026-11-24T00:00:00Z',
    ]) {
      expect(formatCalendarDate(text), text).toBe(text);
    }
  });
});

describe('formatDateTime and formatDate (written by hand, as Intl en-IN writes them)', () => {
  const dates = [
    new Date('2026-11-02T10:00:00.000Z'),
    new Date('2026-01-01T00:00:00.000Z'),
    new Date('2026-12-31T18:29:59.999Z'),
    new Date(2027, 1, 28, 23, 59),
    new Date(2024, 1, 29, 0, 5),
    new Date(2026, 5, 15, 12, 0),
  ];
  const dateTimeOptions: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  };
  const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

  it("write exactly what toLocaleString('en-IN') writes with the same options", () => {
    for (const date of dates) {
      expect(formatDateTime(date), date.toISOString()).toBe(date.toLocaleString('en-IN', dateTimeOptions));
      expect(formatDate(date), date.toISOString()).toBe(date.toLocaleString('en-IN', dateOptions));
    }
  });

  it("write Intl's en-IN text for any instant from 1970 to 2200 (2,000 random ones)", () => {
    const dateTime = new Intl.DateTimeFormat('en-IN', dateTimeOptions);
    const day = new Intl.DateTimeFormat('en-IN', dateOptions);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (ms) => {
        const date = new Date(ms);
        expect(formatDateTime(date)).toBe(dateTime.format(date));
        expect(formatDate(date)).toBe(day.format(date));
      }),
      { numRuns: 2000 },
    );
  });

  it('give the same text for the same instant every time, whatever came between', () => {
    const first = dates.map((date) => [formatDateTime(date), formatDate(date)]);
    const again = [...dates].reverse().map((date) => [formatDateTime(date), formatDate(date)]);
    expect(again.reverse()).toEqual(first);
    expect(formatDateTime(new Date(dates[0]?.getTime() ?? 0))).toBe(first[0]?.[0]);
  });

  it('write a day in the local zone (Asia/Kolkata in the tests)', () => {
    expect(formatDate(new Date('2026-12-31T18:29:59.999Z'))).toBe('31 Dec 2026');
    expect(formatDate(new Date('2026-12-31T18:30:00.000Z'))).toBe('1 Jan 2027');
    expect(formatDateTime(new Date('2026-11-02T10:00:00.000Z'))).toMatch(/^2 Nov 2026.*3:30.*pm$/i);
  });
});
