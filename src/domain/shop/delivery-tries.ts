import { asInstant } from '../shared/time';
import { DELIVERY_TRIES } from '../stored/documents';
import { SHOP_MESSAGES } from './messages';
import { DELIVERY_CODE_PATTERN } from './status';

/**
 * Tries of a repair's delivery code (`repairs/{id}/shop/tries`, documents.ts DELIVERY_TRIES). Four
 * digits are 10,000 codes: without a limit, a member could hand a phone over without its customer by
 * trying them. So every try is written down before the code is judged, and after DELIVERY_TRIES.max
 * (5) tries the repair refuses further tries for DELIVERY_TRIES.pauseMinutes (15) from the last one.
 * A delivery counts only with a try of the right code by the same account within
 * DELIVERY_TRIES.validMinutes (2). An owner's override (delivered without the code, with a reason) is
 * not a try: it works while tries are paused.
 *
 * The local backends run these functions; the Firestore rules and the sync gateway say the same.
 */
export interface DeliveryTries {
  /** Tries in this series, 1 to DELIVERY_TRIES.max. */
  readonly tries: number;
  /** The first try of this series. */
  readonly firstAt: Date;
  /** The last try. */
  readonly at: Date;
  /** The code of the last try. */
  readonly code: string;
  /** Who tried last. */
  readonly by: string;
}

const MINUTE = 60_000;
const PAUSE_MS = DELIVERY_TRIES.pauseMinutes * MINUTE;
const VALID_MS = DELIVERY_TRIES.validMinutes * MINUTE;

export type DeliveryTryOutcome =
  /** The try may be made: store `next` (before the code is judged). */
  | { readonly ok: true; readonly next: DeliveryTries }
  /** Too many tries: nothing is written; tries start again at `until`. */
  | { readonly ok: false; readonly reason: 'paused'; readonly until: Date; readonly message: string };

/** When the pause of a full series ends, or null when tries are not paused at `now`. */
export function deliveryPausedUntil(record: DeliveryTries | null, now: Date): Date | null {
  if (record === null || record.tries < DELIVERY_TRIES.max) return null;
  const until = new Date(record.at.getTime() + PAUSE_MS);
  return now.getTime() < until.getTime() ? until : null;
}

/**
 * Judges a try of `code` by `by` at `now` against the stored record: paused (the record is full and
 * its last try less than 15 minutes ago), or the record to store. A series starts again (tries 1,
 * firstAt now) when there is none, when its first try is 15 minutes old, or after a pause. The code is
 * stored as typed, spaces removed; it is not judged here (the try counts whether right or wrong).
 * Twin: firestore.rules isTry (the series and its pause); compared by tests/app/twin-rules.test.ts.
 */
export function judgeDeliveryTry(
  record: DeliveryTries | null,
  attempt: { readonly code: string; readonly by: string },
  now: Date,
): DeliveryTryOutcome {
  const until = deliveryPausedUntil(record, now);
  if (until !== null) {
    return { ok: false, reason: 'paused', until, message: SHOP_MESSAGES.deliveryPaused };
  }
  const code = attempt.code.replace(/\s/g, '');
  const fresh =
    record === null ||
    record.tries >= DELIVERY_TRIES.max ||
    now.getTime() - record.firstAt.getTime() >= PAUSE_MS;
  return {
    ok: true,
    next: {
      tries: fresh ? 1 : record.tries + 1,
      firstAt: fresh ? now : record.firstAt,
      at: now,
      code,
      by: attempt.by,
    },
  };
}

/**
 * Whether the stored tries let `uid` deliver at `now` with `storedCode`: the last try was theirs,
 * of that code, within the last 2 minutes.
 * Twin: firestore.rules isRightTry (and isDeliveryTried); compared by tests/app/twin-rules.test.ts.
 */
export function deliveryTryProves(
  record: DeliveryTries | null,
  uid: string,
  storedCode: string,
  now: Date,
): boolean {
  if (record === null || uid === '' || !DELIVERY_CODE_PATTERN.test(storedCode)) return false;
  const age = now.getTime() - record.at.getTime();
  return record.by === uid && record.code === storedCode && age >= 0 && age <= VALID_MS;
}

/** A stored tries record (Dates, ISO text or Firestore Timestamps), or null when it is not one. */
export function parseDeliveryTries(raw: unknown): DeliveryTries | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const data = raw as Record<string, unknown>;
  const firstAt = asInstant(data.firstAt);
  const at = asInstant(data.at);
  const tries = data.tries;
  if (firstAt === null || at === null || typeof tries !== 'number' || !Number.isSafeInteger(tries))
    return null;
  return {
    tries,
    firstAt,
    at,
    code: typeof data.code === 'string' ? data.code : '',
    by: typeof data.by === 'string' ? data.by : '',
  };
}

/**
 * Why a write of the tries record from `before` to `after` by `uid` at `now` is not the one a try
 * makes (what the rules check), or null: `after` must be exactly judgeDeliveryTry's record for its
 * code, by the writer, at the server's time, and tries must not be paused.
 */
export function deliveryTriesWriteProblem(
  before: DeliveryTries | null,
  after: DeliveryTries | null,
  uid: string,
  now: Date,
  toleranceMs = 0,
): string | null {
  if (after === null) return 'a try must say its count, times, code and writer';
  if (!DELIVERY_CODE_PATTERN.test(after.code)) return 'a try is of four digits';
  const judged = judgeDeliveryTry(before, { code: after.code, by: uid }, now);
  if (!judged.ok) return judged.message;
  const near = (a: Date, b: Date) => Math.abs(a.getTime() - b.getTime()) <= toleranceMs;
  const startsAgain = judged.next.tries === 1;
  if (after.by !== uid) return 'a try is written in the name of who makes it';
  if (after.tries !== judged.next.tries) return `this try is number ${judged.next.tries}`;
  if (!near(after.at, now)) return "a try's time is the server's";
  if (startsAgain ? !near(after.firstAt, after.at) : after.firstAt.getTime() !== before?.firstAt.getTime())
    return 'firstAt is the first try of the series';
  return null;
}
