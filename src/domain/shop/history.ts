import { asText } from '../shared/text';
import { asInstant } from '../shared/time';

/**
 * A repair's history: one entry per thing that happened to it (created, each status change, an owner's
 * override or reopen, payments, edits), stored on the repair as a list that only ever grows. The rules
 * (firestore.rules, the local rules) keep it append-only with the same check as `isAppendOnly`.
 */
export const HISTORY_KINDS = [
  'created',
  'status',
  'override',
  'reopen',
  'payment',
  'refund',
  'edit',
  'photo',
  'tracking',
  'note',
] as const;

export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const MAX_NOTE_LENGTH = 500;

/** Who did it, as the history shows it. */
export interface HistoryActor {
  readonly uid: string;
  readonly name: string;
}

export interface HistoryEntry {
  readonly kind: HistoryKind;
  /** The repair's status after this entry (a status change's new status; else the status it had). */
  readonly status: string;
  /** The status before, for status changes, overrides and reopens; null otherwise. */
  readonly from: string | null;
  readonly at: Date;
  readonly by: HistoryActor;
  /** What the person wrote ('' when nothing): a note, an override's reason, a reopen's why. */
  readonly note: string;
  /** Payments and refunds: the amount in paise. Null for every other kind. */
  readonly amountPaise: number | null;
  /** Payments and refunds: the id of their payment entry (absent on every other kind). */
  readonly paymentId?: string;
}

export function historyEntry(
  kind: HistoryKind,
  status: string,
  by: HistoryActor,
  at: Date,
  note = '',
  from: string | null = null,
  amountPaise: number | null = null,
): HistoryEntry {
  return { kind, status, from, at, by: { uid: by.uid, name: by.name }, note, amountPaise };
}

/** A payment's or refund's history entry: its amount and the id of its payment entry. */
export function paymentHistoryEntry(
  kind: 'payment' | 'refund',
  status: string,
  by: HistoryActor,
  at: Date,
  note: string,
  amountPaise: number,
  paymentId: string,
): HistoryEntry {
  return { ...historyEntry(kind, status, by, at, note, null, amountPaise), paymentId };
}

/** The kinds of entry that are a step of the customer's timeline (a status change of some kind). */
export const TIMELINE_KINDS: readonly HistoryKind[] = ['created', 'status', 'override', 'reopen'];

/** A step of a repair's stored timeline (documents.ts TIMELINE_STEP): a status and its entry's time. */
export interface StoredTimelineStep {
  readonly status: string;
  readonly at: Date;
}

/**
 * The stored timeline after `entry`: one more step for a created/status/override/reopen entry, the
 * same list otherwise (the rules check the repair's timeline grows exactly so).
 */
export function timelineAfter(
  timeline: readonly StoredTimelineStep[],
  entry: Pick<HistoryEntry, 'kind' | 'status' | 'at'>,
): StoredTimelineStep[] {
  return TIMELINE_KINDS.includes(entry.kind)
    ? [...timeline, { status: entry.status, at: entry.at }]
    : [...timeline];
}

/** A new list with `entry` at its end (the old list is never changed). */
export function appendHistory(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [...history, entry];
}

function sameEntry(a: HistoryEntry, b: HistoryEntry): boolean {
  return (
    a.kind === b.kind &&
    a.status === b.status &&
    a.from === b.from &&
    a.at.getTime() === b.at.getTime() &&
    a.by.uid === b.by.uid &&
    a.by.name === b.by.name &&
    a.note === b.note &&
    a.amountPaise === b.amountPaise &&
    a.paymentId === b.paymentId
  );
}

/**
 * The entries `next` adds at the end of `previous`, or null when `next` is not `previous` with entries
 * appended (an entry changed, removed or reordered). For the rules: a write keeps history only growing.
 */
export function appendedEntries(
  previous: readonly HistoryEntry[],
  next: readonly HistoryEntry[],
): readonly HistoryEntry[] | null {
  if (next.length < previous.length) return null;
  for (let i = 0; i < previous.length; i++) {
    const [before, after] = [previous[i], next[i]];
    if (before === undefined || after === undefined || !sameEntry(before, after)) return null;
  }
  return next.slice(previous.length);
}

/** True when `next` is `previous` with zero or more entries appended. */
export function isAppendOnly(previous: readonly HistoryEntry[], next: readonly HistoryEntry[]): boolean {
  return appendedEntries(previous, next) !== null;
}

/**
 * True when `next` appends exactly one entry to `previous`, written by `uid`: what a rule checks on a
 * status change or a payment (one entry per write, in the writer's name).
 */
export function appendsOneEntryBy(
  previous: readonly HistoryEntry[],
  next: readonly HistoryEntry[],
  uid: string,
): boolean {
  const added = appendedEntries(previous, next);
  return added !== null && added.length === 1 && uid !== '' && added[0]?.by.uid === uid;
}

function isHistoryKind(value: unknown): value is HistoryKind {
  return typeof value === 'string' && (HISTORY_KINDS as readonly string[]).includes(value);
}

/**
 * Reads a stored history list tolerantly (Firestore Timestamps, ISO text, numbers as text). Entries
 * without a readable time are dropped; an unknown kind reads as 'note'.
 */
export function parseHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: HistoryEntry[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const at = asInstant(record.at);
    if (at === null) continue;
    const by =
      typeof record.by === 'object' && record.by !== null ? (record.by as Record<string, unknown>) : {};
    const amount = typeof record.amountPaise === 'number' ? record.amountPaise : Number.NaN;
    const from = asText(record.from);
    entries.push({
      kind: isHistoryKind(record.kind) ? record.kind : 'note',
      status: asText(record.status),
      from: from === '' ? null : from,
      at,
      by: { uid: asText(by.uid), name: asText(by.name) },
      note: asText(record.note),
      amountPaise: Number.isSafeInteger(amount) ? amount : null,
      ...(typeof record.paymentId === 'string' ? { paymentId: record.paymentId } : {}),
    });
  }
  return entries;
}
