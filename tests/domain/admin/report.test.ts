import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/domain/admin/messages';
import {
  ADMIN_PAGE_SIZE,
  currentPeriod,
  monthName,
  pageCountOf,
  parseAdminSearch,
  periodRange,
  resolveAdminFilter,
  yearChoices,
} from '../../../src/domain/admin/report';

const NOW = new Date(2026, 2, 15, 10, 30); // 15 March 2026, local time
const filterAt = (now: Date, params: Record<string, unknown>) =>
  resolveAdminFilter(parseAdminSearch(params), now);
const current = { year: 2026, month: 3, search: '', page: 1 };

describe('the year filter', () => {
  it('offers the current year and the 4 before it, newest first', () => {
    expect(yearChoices(NOW)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });

  it('moves on at midnight of 1 January, local time', () => {
    expect(yearChoices(new Date(2026, 11, 31, 23, 59, 59, 999))[0]).toBe(2026);
    expect(yearChoices(new Date(2027, 0, 1))).toEqual([2027, 2026, 2025, 2024, 2023]);
  });
});

describe('periodRange', () => {
  const local = (date: Date) => [
    date.getFullYear(),
    date.getMonth() + 1,
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  ];

  it('runs from the first instant of the month to the first instant of the next, in local time', () => {
    const { from, to } = periodRange({ year: 2026, month: 3 });
    expect(local(from)).toEqual([2026, 3, 1, 0, 0, 0, 0]);
    expect(local(to)).toEqual([2026, 4, 1, 0, 0, 0, 0]);
  });

  it('uses local midnight, not UTC (the tests pin Asia/Kolkata, UTC+5:30)', () => {
    expect(process.env.TZ).toBe('Asia/Kolkata');
    expect(periodRange({ year: 2026, month: 3 })).toEqual({
      from: new Date('2026-02-28T18:30:00.000Z'),
      to: new Date('2026-03-31T18:30:00.000Z'),
    });
  });

  it('crosses into the next year after December', () => {
    const { from, to } = periodRange({ year: 2025, month: 12 });
    expect(local(from)).toEqual([2025, 12, 1, 0, 0, 0, 0]);
    expect(local(to)).toEqual([2026, 1, 1, 0, 0, 0, 0]);
  });

  it('covers 29 days of February in a leap year and 28 otherwise', () => {
    const days = (year: number) => {
      const { from, to } = periodRange({ year, month: 2 });
      return (to.getTime() - from.getTime()) / 86_400_000;
    };
    expect(days(2028)).toBe(29);
    expect(days(2026)).toBe(28);
  });

  it('is the current month for the current period', () => {
    expect(currentPeriod(new Date(2026, 0, 1, 0, 0, 0))).toEqual({ year: 2026, month: 1 });
    expect(currentPeriod(new Date(2025, 11, 31, 23, 59, 59))).toEqual({ year: 2025, month: 12 });
  });

  it('names months', () => {
    expect([1, 2, 12].map(monthName)).toEqual(['January', 'February', 'December']);
  });
});

describe('parseAdminSearch + resolveAdminFilter', () => {
  it('defaults to the current month, no search, page 1', () => {
    expect(filterAt(NOW, {})).toEqual(current);
    expect(filterAt(NOW, { year: undefined, month: undefined, search: undefined, page: undefined })).toEqual(
      current,
    );
  });

  it("'Reset to Current Month' goes back to exactly that", () => {
    expect(ADMIN_MESSAGES.resetToCurrentMonth).toBe('Reset to Current Month');
    const chosen = filterAt(NOW, { year: '2024', month: '7', search: 'sharma', page: '3' });
    expect(chosen).toEqual({ year: 2024, month: 7, search: 'sharma', page: 3 });
    expect(filterAt(NOW, { search: chosen.search })).toEqual({ ...current, search: 'sharma' });
  });

  it('reads numbers from URL text', () => {
    expect(filterAt(NOW, { year: '2025', month: '12', search: 'Iyer', page: '2' })).toEqual({
      year: 2025,
      month: 12,
      search: 'Iyer',
      page: 2,
    });
    expect(filterAt(NOW, { year: 2022, month: 1, page: 7 })).toEqual({
      year: 2022,
      month: 1,
      search: '',
      page: 7,
    });
  });

  it.each([['2027'], ['2021'], ['1999'], ['abc'], [''], ['2025.5'], [null], [{}]])(
    'falls back to the current year for the year %j',
    (year) => {
      expect(filterAt(NOW, { year, month: '2' })).toEqual({ ...current, month: 2 });
    },
  );

  it.each([['0'], ['13'], ['-1'], ['2.5'], ['March'], ['']])(
    'falls back to the current month for the month %j',
    (month) => {
      expect(filterAt(NOW, { year: '2025', month })).toEqual({ ...current, year: 2025 });
    },
  );

  it('shows the current month for a future month of the current year', () => {
    expect(filterAt(NOW, { year: '2026', month: '4' })).toEqual(current);
    expect(filterAt(NOW, { month: '12' })).toEqual(current);
    expect(filterAt(NOW, { year: '2026', month: '2' })).toEqual({ ...current, month: 2 });
    expect(filterAt(NOW, { year: '2025', month: '4' })).toEqual({ ...current, year: 2025, month: 4 });
  });

  it.each([['0'], ['-2'], ['x'], ['1.5'], ['100001']])('falls back to page 1 for the page %j', (page) => {
    expect(filterAt(NOW, { page })).toEqual(current);
  });

  it('drops a search longer than 100 characters, and anything that is not text', () => {
    expect(filterAt(NOW, { search: 's'.repeat(101) })).toEqual(current);
    expect(filterAt(NOW, { search: 's'.repeat(100) }).search).toHaveLength(100);
    expect(filterAt(NOW, { search: ['a', 'b'] })).toEqual(current);
  });
});

describe('pages', () => {
  it('hold 10 businesses; there is always at least one page', () => {
    expect(ADMIN_PAGE_SIZE).toBe(10);
    expect([0, 1, 10, 11, 20, 23].map((total) => pageCountOf(total))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it("are labelled 'Page X of Y'", () => {
    expect(ADMIN_MESSAGES.pageLabel(2, 3)).toBe('Page 2 of 3');
  });
});

describe('parseAdminSearch, the URL shape alone', () => {
  it('keeps a numeric search as the text typed (the router parses ?search=123 as a number)', () => {
    expect(parseAdminSearch({ search: 98111 })).toEqual({ search: '98111' });
    expect(parseAdminSearch({ search: 'iyer', page: '2' })).toEqual({ search: 'iyer', page: 2 });
  });

  it('drops each malformed part and keeps the others, without knowing the date', () => {
    expect(parseAdminSearch({ year: '1969', month: '13', search: 7, page: 'x', other: 'y' })).toEqual({
      search: '7',
    });
    expect(parseAdminSearch({ year: '2031', month: 5 })).toEqual({ year: 2031, month: 5 });
  });
});
