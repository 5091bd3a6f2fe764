/**
 * How the Reports screen names months and days ('November 2026', '3 Nov'), and the months its 'Month'
 * picker offers. Calendar text only ('YYYY-MM', 'YYYY-MM-DD' are India's months and days already, as
 * the report gives them): no time zone is involved here.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'YYYY-MM' → 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[number - 1] ?? month} ${year}`;
}

/** 'YYYY-MM-DD' → '3 Nov'. */
export function dayLabel(day: string): string {
  const [, number, date] = day.split('-').map(Number) as [number, number, number];
  const name = MONTHS[number - 1];
  return name === undefined ? day : `${date} ${name.slice(0, 3)}`;
}

/** The month before 'YYYY-MM'. */
function previous(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/**
 * The 'Month' picker's choices, newest first: `current` (this month in India) and the `count` - 1
 * before it, and `chosen` too when it is outside them (an old month from a link).
 */
export function monthChoices(current: string, chosen: string, count = 24): string[] {
  const months: string[] = [];
  for (let month = current; months.length < count; month = previous(month)) months.push(month);
  if (!months.includes(chosen)) months.push(chosen);
  return months.sort().reverse();
}
