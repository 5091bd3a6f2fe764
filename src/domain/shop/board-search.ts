/*
 * No imports on purpose: the router (the first script every page loads) runs this parser, so it must
 * not pull the schema library in.
 */

/**
 * The board's URL (`/shop?store=…&status=…&from=…&to=…&q=…&trail=…`), read by a small pure parser so
 * that a hand-edited or stale link never breaks the page: anything unusable is dropped.
 */
export interface BoardSearchParams {
  /** The chosen store's id (the first store when absent). */
  readonly store?: string;
  /** One stored status. */
  readonly status?: string;
  /** Created on or after this local date, 'YYYY-MM-DD'. */
  readonly from?: string;
  /** Created on or before this local date, 'YYYY-MM-DD'. */
  readonly to?: string;
  /** Search text (Repair ID, mobile, IMEI / serial, name). */
  readonly q?: string;
  /** The cursors of the pages walked so far: the page shown starts at the last one. */
  readonly trail?: readonly string[];
}

export const BOARD_SEARCH_MAX_LENGTH = 60;
const MAX_TRAIL = 100;
const MAX_CURSOR = 500;

/** A stored status's shape (the web's seven, or one the apps wrote: shown and filtered as written). */
const STATUS_SHAPE = /^[a-z][a-z_]{0,39}$/;

/** 'YYYY-MM-DD' naming a real day. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : undefined;

export function parseBoardSearch(search: Record<string, unknown>): BoardSearchParams {
  const store = text(search.store, 200);
  const status =
    typeof search.status === 'string' && STATUS_SHAPE.test(search.status) ? search.status : undefined;
  const from = typeof search.from === 'string' && isCalendarDate(search.from) ? search.from : undefined;
  const to = typeof search.to === 'string' && isCalendarDate(search.to) ? search.to : undefined;
  const q = text(typeof search.q === 'number' ? String(search.q) : search.q, BOARD_SEARCH_MAX_LENGTH);
  const trail =
    Array.isArray(search.trail) &&
    search.trail.length <= MAX_TRAIL &&
    search.trail.every((cursor) => typeof cursor === 'string' && cursor !== '' && cursor.length <= MAX_CURSOR)
      ? (search.trail as string[])
      : undefined;
  return {
    ...(store !== undefined && { store }),
    ...(status !== undefined && { status }),
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    ...(q !== undefined && { q }),
    ...(trail !== undefined && trail.length > 0 && { trail }),
  };
}

/** The local start of a 'YYYY-MM-DD' day. */
function startOfDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The board's filter from the URL: `to` is inclusive (the range ends at the start of the next day). */
export function boardFilterOf(params: BoardSearchParams): {
  status?: string;
  from?: Date;
  to?: Date;
  cursor?: string;
} {
  const cursor = params.trail?.at(-1);
  const to = params.to === undefined ? undefined : startOfDay(params.to);
  to?.setDate(to.getDate() + 1);
  return {
    ...(params.status !== undefined && { status: params.status }),
    ...(params.from !== undefined && { from: startOfDay(params.from) }),
    ...(to !== undefined && { to }),
    ...(cursor !== undefined && { cursor }),
  };
}

/** Drops empty parts so that the URL only says what differs from the defaults. */
export function withoutBlanks(params: BoardSearchParams): BoardSearchParams {
  return {
    ...(params.store !== undefined && { store: params.store }),
    ...(params.status !== undefined && { status: params.status }),
    ...(params.from !== undefined && { from: params.from }),
    ...(params.to !== undefined && { to: params.to }),
    ...(params.q !== undefined && params.q.trim() !== '' && { q: params.q }),
    ...(params.trail !== undefined && params.trail.length > 0 && { trail: params.trail }),
  };
}

/** True when the URL's date range ends before it starts: the board reads nothing and says so. */
export function rangeEndsBeforeStart(params: BoardSearchParams): boolean {
  return params.from !== undefined && params.to !== undefined && params.to < params.from;
}
