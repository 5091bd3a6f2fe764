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

/**
 * One formatter per format, made on first use: `toLocaleString` builds a new Intl formatter (and looks
 * its locale data up) on every call, which costs milliseconds each on a slow phone; a list of dates
 * paid that per row.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | null = null;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-IN', options);
    return format.format(date);
  };
}

/** A date and time as people in India read it, e.g. "21 Nov 2026, 3:05 pm". */
export const formatDateTime = lazyFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatDate = lazyFormat({ day: 'numeric', month: 'short', year: 'numeric' });

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
