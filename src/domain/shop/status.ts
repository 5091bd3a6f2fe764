import type { Failure, Outcome } from '../shared/validation';
import { done } from '../shared/validation';
import { formatPaise } from './amounts';
import { type HistoryActor, type HistoryEntry, historyEntry, MAX_NOTE_LENGTH } from './history';
import { SHOP_MESSAGES } from './messages';
import {
  CREDIT_NOTE_PREFIX,
  isFinalStatus,
  isRepairStatus,
  REPAIR_STATUSES,
  type RepairStatus,
  STATUS_LABELS,
  statusLabel,
} from './status-values';

// Twin: firestore.rules statusMoves(), written there by hand; compared by tests/app/twin-rules.test.ts.
/** The allowed moves, exactly as the spec lists them. Final statuses have none (only a reopen). */
export const STATUS_MOVES: Readonly<Record<RepairStatus, readonly RepairStatus[]>> = {
  received: ['inprogress', 'cancelled'],
  inprogress: ['sent_to_service_center', 'waiting_for_parts', 'ready', 'cancelled'],
  sent_to_service_center: ['inprogress', 'ready', 'cancelled'],
  waiting_for_parts: ['inprogress', 'ready', 'cancelled'],
  ready: ['delivered', 'inprogress'],
  delivered: [],
  cancelled: [],
};

/** Where an owner's reopen takes a delivered or cancelled repair. */
export const REOPEN_TARGETS: readonly RepairStatus[] = ['inprogress', 'received'];

export const DELIVERY_CODE_PATTERN = /^\d{4}$/;

/**
 * Whether the workflow allows `from` → `to` as an ordinary move. A status the web does not know (an
 * app's own) may move to any known status but itself, so such a repair is never stuck.
 */
export function isAllowedMove(from: string, to: RepairStatus): boolean {
  if (!isRepairStatus(from)) return from.trim() !== to;
  return STATUS_MOVES[from].includes(to);
}

/** Who asks for a change: an owner of the repair's store, or staff of it. */
export type ShopRole = 'owner' | 'staff';

export interface ShopActor extends HistoryActor {
  readonly role: ShopRole;
}

/** What the repair page offers next, for this actor. */
export interface NextStep {
  readonly status: RepairStatus;
  readonly label: string;
  /** 'status' for an ordinary move, 'reopen' for an owner's reopen of a final status. */
  readonly kind: 'status' | 'reopen';
  /** The page asks for the delivery code (or, for an owner, an override reason). */
  readonly needsDeliveryCode: boolean;
  /** The page asks for a note (a reopen). */
  readonly needsNote: boolean;
}

/** The next statuses the repair page shows for this repair and actor, in the spec's order (forward first). */
export function nextSteps(current: string, role: ShopRole): readonly NextStep[] {
  if (isFinalStatus(current)) {
    if (role !== 'owner') return [];
    return REOPEN_TARGETS.map((status) => ({
      status,
      label: STATUS_LABELS[status],
      kind: 'reopen' as const,
      needsDeliveryCode: false,
      needsNote: true,
    }));
  }
  const targets = isRepairStatus(current)
    ? STATUS_MOVES[current]
    : REPAIR_STATUSES.filter((to) => isAllowedMove(current, to));
  return targets.map((status) => ({
    status,
    label: STATUS_LABELS[status],
    kind: 'status' as const,
    needsDeliveryCode: status === 'delivered',
    needsNote: false,
  }));
}

/** The repair as far as a status change needs it. */
export interface StatusChangeCurrent {
  readonly status: string;
  /** The stored 4-digit delivery code ('' when a record has none). */
  readonly deliveryCode: string;
  /** The amount due (ShopRepair.duePaise): 'delivered' with money due needs a credit note. */
  readonly duePaise: number;
}

/** The longest credit note (the entry's whole note stays within MAX_NOTE_LENGTH). */
export const MAX_CREDIT_NOTE_LENGTH = 400;
// Twin: firestore.rules isCreditKept; compared by tests/app/twin-rules.test.ts.
/** A history entry's note that says a delivery on credit (the prefix, then a note). */
export const CREDIT_ENTRY_PATTERN = /^Delivered on credit: \S/;

export interface StatusChangeRequest {
  /** The wanted status (a value of REPAIR_STATUSES; anything else is refused). */
  readonly to: string;
  /** Optional for ordinary moves; required for a reopen. */
  readonly note?: string;
  /** The code the customer tells at the counter, for 'delivered'. */
  readonly deliveryCode?: string;
  /** An owner delivering without the code: the reason, kept in the history. */
  readonly override?: { readonly reason: string };
  /**
   * 'Deliver on Credit': a 'delivered' move while money is due needs this note (kept in the history);
   * the repair then stays in the dues list until it is paid.
   */
  readonly creditNote?: string;
}

/** The form fields a failure points at. */
export type StatusChangeField = 'to' | 'note' | 'deliveryCode' | 'reason' | 'creditNote';

/** The failures the repair page tells apart. */
export type StatusChangeReason =
  | 'unknown-status'
  | 'same-status'
  | 'forbidden-move'
  | 'final-status'
  | 'owner-only'
  | 'note-required'
  | 'note-too-long'
  | 'code-required'
  | 'wrong-code'
  /** Too many delivery code tries: the backend refuses tries for a while (delivery-tries.ts). */
  | 'tries-paused'
  | 'no-code-stored'
  | 'reason-required'
  /** 'Delivered' with money due and no credit note ('Amount due: ₹X'). */
  | 'credit-note-required';

export interface StatusChangePlan {
  readonly status: RepairStatus;
  /** The entry to append to the repair's history, in the same write as the status. */
  readonly entry: HistoryEntry;
}

export type StatusChangeOutcome = Outcome<StatusChangePlan, StatusChangeField, StatusChangeReason>;

function refuse(
  reason: StatusChangeReason,
  message: string,
  field?: StatusChangeField,
): Failure<StatusChangeField, StatusChangeReason> {
  return field === undefined
    ? { ok: false, reason, message }
    : { ok: false, reason, message, fieldErrors: { [field]: message } };
}

/**
 * Decides a status change, purely: the next status and the history entry to append, or why not.
 *
 * - Ordinary moves follow STATUS_MOVES (a status the web does not know may go to any known one).
 * - 'delivered' needs the stored 4-digit delivery code, typed by the customer; or, for an owner only,
 *   an override with a reason (history kind 'override', the reason as its note).
 * - 'delivered' and 'cancelled' are final: only an owner reopens them, to 'inprogress' or 'received',
 *   with a note (history kind 'reopen').
 * - 'delivered' with money due (current.duePaise > 0) needs a credit note ('Deliver on Credit'):
 *   refused with 'credit-note-required' and 'Amount due: ₹X' otherwise; the entry's note then starts
 *   with CREDIT_NOTE_PREFIX and the credit note. A credit note on any other move is refused.
 * - A note is at most MAX_NOTE_LENGTH characters.
 *
 * `now` stamps the history entry (the use case passes its clock's time).
 */
export function planStatusChange(
  current: StatusChangeCurrent,
  request: StatusChangeRequest,
  actor: ShopActor,
  now: Date,
): StatusChangeOutcome {
  const to = request.to.trim();
  const from = current.status.trim();
  const note = (request.note ?? '').trim();
  if (!isRepairStatus(to)) return refuse('unknown-status', SHOP_MESSAGES.unknownTarget, 'to');
  if (to === from) return refuse('same-status', SHOP_MESSAGES.sameStatus, 'to');
  if (note.length > MAX_NOTE_LENGTH) return refuse('note-too-long', SHOP_MESSAGES.noteTooLong, 'note');
  if (request.override !== undefined && to !== 'delivered')
    return refuse('forbidden-move', SHOP_MESSAGES.overrideNotForThisMove, 'reason');
  const credit = (request.creditNote ?? '').trim();
  if (credit !== '' && to !== 'delivered')
    return refuse('forbidden-move', SHOP_MESSAGES.statusChangeRefused, 'creditNote');

  if (isFinalStatus(from)) {
    if (actor.role !== 'owner') return refuse('owner-only', SHOP_MESSAGES.finalStatus(statusLabel(from)));
    if (!REOPEN_TARGETS.includes(to))
      return refuse('forbidden-move', SHOP_MESSAGES.reopenTargetInvalid, 'to');
    if (note === '') return refuse('note-required', SHOP_MESSAGES.reopenNoteRequired, 'note');
    return done({ status: to, entry: historyEntry('reopen', to, actor, now, note, from) });
  }

  if (!isAllowedMove(from, to))
    return refuse('forbidden-move', SHOP_MESSAGES.moveForbidden(statusLabel(from), STATUS_LABELS[to]), 'to');

  if (to !== 'delivered')
    return done({ status: to, entry: historyEntry('status', to, actor, now, note, from) });

  // 'Deliver on Credit' (judged once the code or the override is): money due needs the note, which
  // starts the entry's note.
  const due = Math.max(0, current.duePaise);
  const onCredit = (kind: 'status' | 'override', text: string): StatusChangeOutcome => {
    if (due > 0 && credit === '')
      return refuse(
        'credit-note-required',
        SHOP_MESSAGES.amountDueOnDelivery(formatPaise(due)),
        'creditNote',
      );
    if (credit.length > MAX_CREDIT_NOTE_LENGTH)
      return refuse('note-too-long', SHOP_MESSAGES.creditNoteTooLong, 'creditNote');
    const written =
      due > 0
        ? text === ''
          ? `${CREDIT_NOTE_PREFIX}${credit}`
          : `${CREDIT_NOTE_PREFIX}${credit} — ${text}`
        : text;
    if (written.length > MAX_NOTE_LENGTH) return refuse('note-too-long', SHOP_MESSAGES.noteTooLong, 'note');
    return done({ status: to, entry: historyEntry(kind, to, actor, now, written, from) });
  };

  if (request.override !== undefined) {
    if (actor.role !== 'owner') return refuse('owner-only', SHOP_MESSAGES.overrideOwnerOnly);
    const reason = request.override.reason.trim();
    if (reason === '') return refuse('reason-required', SHOP_MESSAGES.overrideReasonRequired, 'reason');
    if (reason.length > MAX_NOTE_LENGTH) return refuse('note-too-long', SHOP_MESSAGES.noteTooLong, 'reason');
    const text = note === '' ? reason : `${reason} — ${note}`;
    if (text.length > MAX_NOTE_LENGTH) return refuse('note-too-long', SHOP_MESSAGES.noteTooLong, 'note');
    return onCredit('override', text);
  }

  const stored = current.deliveryCode.trim();
  const typed = (request.deliveryCode ?? '').replace(/\s/g, '');
  if (!DELIVERY_CODE_PATTERN.test(stored)) return refuse('no-code-stored', SHOP_MESSAGES.deliveryCodeMissing);
  if (typed === '') return refuse('code-required', SHOP_MESSAGES.deliveryCodeRequired, 'deliveryCode');
  if (!DELIVERY_CODE_PATTERN.test(typed))
    return refuse('wrong-code', SHOP_MESSAGES.deliveryCodeFormat, 'deliveryCode');
  if (typed !== stored) return refuse('wrong-code', SHOP_MESSAGES.deliveryCodeWrong, 'deliveryCode');
  return onCredit('status', note);
}
