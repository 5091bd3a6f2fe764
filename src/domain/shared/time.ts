/**
 * Instants as stored by the different apps and backends: a Date, a Firestore Timestamp (or its
 * plain {seconds, nanoseconds} shape), epoch milliseconds, or ISO text.
 */
export function asInstant(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return validDate(new Date(value));
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    return validDate(new Date(value));
  }
  if (typeof value === 'object' && value !== null) {
    const candidate = value as {
      toDate?: unknown;
      seconds?: unknown;
      _seconds?: unknown;
      nanoseconds?: unknown;
    };
    if (typeof candidate.toDate === 'function')
      return asInstant((candidate.toDate as () => unknown).call(value));
    const seconds = typeof candidate.seconds === 'number' ? candidate.seconds : candidate._seconds;
    if (typeof seconds === 'number' && Number.isFinite(seconds)) {
      const nanos = typeof candidate.nanoseconds === 'number' ? candidate.nanoseconds : 0;
      return validDate(new Date(seconds * 1000 + Math.floor(nanos / 1e6)));
    }
  }
  return null;
}

/** The date, or null when it is not a real instant (NaN, or outside the ±8.64e15 ms a Date can hold). */
function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A day as `Intl.DateTimeFormat('en-IN', {day: 'numeric', month: 'short', year: 'numeric'})` writes it
 * ("5 Nov 2026"), in the local zone, written by hand: the first Intl formatter of a page loads the
 * locale's data, 60 to 80 ms on a slow phone (measured at 4x CPU in Chromium), and the tracking link's
 * timeline paid that before it could show (issue 19). A test holds both formats to Intl's text over
 * random instants.
 */
export function formatDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** A date and time as people in India read it, e.g. "21 Nov 2026, 3:05 pm" (Intl's en-IN text). */
export function formatDateTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date)}, ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/**
 * A calendar date stored as `YYYY-MM-DD` (a promised date, an `<input type="date">`'s value) as people
 * read it, the way `formatDate` writes a day ("24 Nov 2026"): the tracking link, the repair page, the
 * board and the job sheet all show dates so. The day is the one written (no time zone moves it); text
 * of any other shape is shown as written.
 */
export function formatCalendarDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return date;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const real = day.getMonth() === Number(match[2]) - 1 && day.getDate() === Number(match[3]);
  return real ? formatDate(day) : date;
}
