import { describe, expect, it } from 'vitest';
import { displayStatus } from '../../../src/domain/repairs/repair';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import {
  isAllowedMove,
  nextSteps,
  planStatusChange,
  type ShopActor,
  type StatusChangeRequest,
} from '../../../src/domain/shop/status';
import { REPAIR_STATUSES, STATUS_LABELS, statusLabel } from '../../../src/domain/shop/status-values';

const owner: ShopActor = { uid: 'owner-1', name: 'Rahul Sharma', role: 'owner' };
const staff: ShopActor = { uid: 'staff-1', name: 'Sam Staff', role: 'staff' };
const now = new Date('2026-03-10T10:30:00+05:30');
const CODE = '4821';

/** The spec's moves, written out again here (not read from the module) so the table checks the code. */
const SPEC_MOVES = new Set([
  'received>inprogress',
  'received>cancelled',
  'inprogress>sent_to_service_center',
  'inprogress>waiting_for_parts',
  'inprogress>ready',
  'inprogress>cancelled',
  'sent_to_service_center>inprogress',
  'sent_to_service_center>ready',
  'sent_to_service_center>cancelled',
  'waiting_for_parts>inprogress',
  'waiting_for_parts>ready',
  'waiting_for_parts>cancelled',
  'ready>delivered',
  'ready>inprogress',
]);

const PAIRS = REPAIR_STATUSES.flatMap((from) => REPAIR_STATUSES.map((to) => [from, to] as const));

function plan(
  from: string,
  request: StatusChangeRequest,
  actor: ShopActor = staff,
  deliveryCode = CODE,
  duePaise = 0,
) {
  return planStatusChange({ status: from, deliveryCode, duePaise }, request, actor, now);
}

describe('the statuses', () => {
  it('are stored as the spec writes them, with its labels', () => {
    expect(REPAIR_STATUSES).toEqual([
      'received',
      'inprogress',
      'sent_to_service_center',
      'waiting_for_parts',
      'ready',
      'delivered',
      'cancelled',
    ]);
    expect(REPAIR_STATUSES.map(statusLabel)).toEqual([
      'Received',
      'In Progress',
      'Sent to Service Center',
      'Waiting for Parts',
      'Ready for Pickup',
      'Delivered',
      'Cancelled',
    ]);
  });

  it('shows a status the apps write that is not in the list as written, never as an error', () => {
    expect(statusLabel('pending_approval')).toBe('pending_approval');
    expect(statusLabel('  Completed ')).toBe('Completed');
    expect(statusLabel('')).toBe('-');
  });

  it("gives the tracker's displayStatus the console's labels, for every status", () => {
    expect(displayStatus('received')).toBe('Received');
    expect(displayStatus('waiting_for_parts')).toBe('Waiting for Parts');
    expect(displayStatus('ready')).toBe('Ready for Pickup');
    expect(displayStatus('cancelled')).toBe('Cancelled');
    expect(displayStatus('inprogress')).toBe('In Progress');
    expect(displayStatus('sent_to_service_center')).toBe('Sent to Service Center');
    expect(displayStatus('delivered')).toBe('Delivered');
    expect(displayStatus('on_hold')).toBe('on_hold');
  });
});

describe('every move between two statuses (7 × 7)', () => {
  it.each(PAIRS)('%s → %s', (from, to) => {
    const allowed = SPEC_MOVES.has(`${from}>${to}`);
    expect(isAllowedMove(from, to)).toBe(allowed);
    for (const actor of [staff, owner]) {
      const outcome = plan(from, { to, deliveryCode: CODE }, actor);
      if (allowed) {
        expect(outcome).toMatchObject({ ok: true, value: { status: to } });
        if (outcome.ok) {
          expect(outcome.value.entry).toEqual({
            kind: 'status',
            status: to,
            from,
            at: now,
            by: { uid: actor.uid, name: actor.name },
            note: '',
            amountPaise: null,
          });
        }
      } else {
        expect(outcome.ok).toBe(false);
        if (outcome.ok) continue;
        if (from === to) expect(outcome.reason).toBe('same-status');
        else if (from === 'delivered' || from === 'cancelled')
          // Without a note: staff may not reopen at all; an owner must say why, and only back to work.
          expect(outcome.reason).toBe(
            actor.role === 'staff'
              ? 'owner-only'
              : ['inprogress', 'received'].includes(to)
                ? 'note-required'
                : 'forbidden-move',
          );
        else {
          expect(outcome.reason).toBe('forbidden-move');
          expect(outcome.message).toBe(SHOP_MESSAGES.moveForbidden(STATUS_LABELS[from], STATUS_LABELS[to]));
          expect(outcome.fieldErrors).toEqual({ to: outcome.message });
        }
      }
    }
  });

  it('lists exactly the allowed next statuses for the repair page', () => {
    for (const from of [
      'received',
      'inprogress',
      'sent_to_service_center',
      'waiting_for_parts',
      'ready',
    ] as const) {
      const expected = REPAIR_STATUSES.filter((to) => SPEC_MOVES.has(`${from}>${to}`));
      for (const role of ['owner', 'staff'] as const) {
        expect(
          nextSteps(from, role)
            .map((step) => step.status)
            .sort(),
        ).toEqual([...expected].sort());
      }
    }
    expect(nextSteps('ready', 'staff')).toEqual([
      {
        status: 'delivered',
        label: 'Delivered',
        kind: 'status',
        needsDeliveryCode: true,
        needsNote: false,
      },
      {
        status: 'inprogress',
        label: 'In Progress',
        kind: 'status',
        needsDeliveryCode: false,
        needsNote: false,
      },
    ]);
  });

  it('offers no next step on a final status to staff, and a reopen with a note to an owner', () => {
    for (const final of ['delivered', 'cancelled']) {
      expect(nextSteps(final, 'staff')).toEqual([]);
      expect(nextSteps(final, 'owner').map((step) => [step.status, step.kind, step.needsNote])).toEqual([
        ['inprogress', 'reopen', true],
        ['received', 'reopen', true],
      ]);
    }
  });

  it('refuses a status that is not in the list', () => {
    expect(plan('received', { to: 'fixed' })).toEqual({
      ok: false,
      reason: 'unknown-status',
      message: SHOP_MESSAGES.unknownTarget,
      fieldErrors: { to: SHOP_MESSAGES.unknownTarget },
    });
  });

  it('refuses the status the repair already has', () => {
    expect(plan('inprogress', { to: 'inprogress' })).toMatchObject({
      ok: false,
      reason: 'same-status',
      message: SHOP_MESSAGES.sameStatus,
    });
  });

  it('lets a repair with a status the web does not know move to any known status, so it is never stuck', () => {
    for (const to of REPAIR_STATUSES) {
      expect(isAllowedMove('pending', to)).toBe(true);
      const outcome = plan('pending', { to, deliveryCode: CODE });
      expect(outcome).toMatchObject({ ok: true, value: { status: to, entry: { from: 'pending' } } });
    }
  });

  it('keeps the note, trimmed, and refuses one over 500 characters', () => {
    expect(plan('received', { to: 'inprogress', note: '  Screen ordered  ' })).toMatchObject({
      ok: true,
      value: { entry: { note: 'Screen ordered' } },
    });
    expect(plan('received', { to: 'inprogress', note: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      reason: 'note-too-long',
      fieldErrors: { note: SHOP_MESSAGES.noteTooLong },
    });
  });
});

describe("'Delivered' and the delivery code", () => {
  it("delivers with the customer's code (spaces forgiven)", () => {
    expect(plan('ready', { to: 'delivered', deliveryCode: ' 48 21 ' })).toMatchObject({
      ok: true,
      value: { status: 'delivered', entry: { kind: 'status', from: 'ready' } },
    });
  });

  it('asks for the code when none is typed', () => {
    expect(plan('ready', { to: 'delivered' })).toEqual({
      ok: false,
      reason: 'code-required',
      message: SHOP_MESSAGES.deliveryCodeRequired,
      fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryCodeRequired },
    });
  });

  it('refuses a wrong code, and a code that is not 4 digits', () => {
    expect(plan('ready', { to: 'delivered', deliveryCode: '4812' })).toEqual({
      ok: false,
      reason: 'wrong-code',
      message: SHOP_MESSAGES.deliveryCodeWrong,
      fieldErrors: { deliveryCode: SHOP_MESSAGES.deliveryCodeWrong },
    });
    expect(plan('ready', { to: 'delivered', deliveryCode: '48210' })).toMatchObject({
      reason: 'wrong-code',
      message: SHOP_MESSAGES.deliveryCodeFormat,
    });
    expect(plan('ready', { to: 'delivered', deliveryCode: 'abcd' }, owner)).toMatchObject({
      reason: 'wrong-code',
    });
  });

  it('refuses every one of the 9,999 wrong codes and accepts only the right one', () => {
    let accepted = 0;
    for (let n = 0; n < 10_000; n++) {
      const typed = String(n).padStart(4, '0');
      if (plan('ready', { to: 'delivered', deliveryCode: typed }).ok) accepted += 1;
    }
    expect(accepted).toBe(1);
  });

  it('cannot check a code against a repair that has none: it says the owner can override', () => {
    expect(plan('ready', { to: 'delivered', deliveryCode: '' }, staff, '')).toEqual({
      ok: false,
      reason: 'no-code-stored',
      message: SHOP_MESSAGES.deliveryCodeMissing,
    });
    expect(plan('ready', { to: 'delivered', deliveryCode: '1234' }, owner, 'n/a')).toMatchObject({
      reason: 'no-code-stored',
    });
  });

  it("still needs 'ready' first: the code does not skip the workflow", () => {
    expect(plan('inprogress', { to: 'delivered', deliveryCode: CODE })).toMatchObject({
      ok: false,
      reason: 'forbidden-move',
      message: "A repair cannot go from 'In Progress' to 'Delivered'.",
    });
  });
});

describe("an owner's override", () => {
  it('delivers without the code, keeping the reason in the history', () => {
    const outcome = plan(
      'ready',
      { to: 'delivered', override: { reason: ' Customer lost the SMS ' } },
      owner,
    );
    expect(outcome).toEqual({
      ok: true,
      value: {
        status: 'delivered',
        entry: {
          kind: 'override',
          status: 'delivered',
          from: 'ready',
          at: now,
          by: { uid: 'owner-1', name: 'Rahul Sharma' },
          note: 'Customer lost the SMS',
          amountPaise: null,
        },
      },
    });
  });

  it('works on a repair with no stored code, and keeps a note beside the reason', () => {
    expect(
      plan('ready', { to: 'delivered', note: 'ID seen', override: { reason: 'Old app repair' } }, owner, ''),
    ).toMatchObject({ ok: true, value: { entry: { kind: 'override', note: 'Old app repair — ID seen' } } });
  });

  it('is refused to staff', () => {
    expect(plan('ready', { to: 'delivered', override: { reason: 'Customer lost the SMS' } }, staff)).toEqual({
      ok: false,
      reason: 'owner-only',
      message: SHOP_MESSAGES.overrideOwnerOnly,
    });
  });

  it('needs a reason', () => {
    expect(plan('ready', { to: 'delivered', override: { reason: '   ' } }, owner)).toEqual({
      ok: false,
      reason: 'reason-required',
      message: SHOP_MESSAGES.overrideReasonRequired,
      fieldErrors: { reason: SHOP_MESSAGES.overrideReasonRequired },
    });
    expect(plan('ready', { to: 'delivered', override: { reason: 'x'.repeat(501) } }, owner)).toMatchObject({
      reason: 'note-too-long',
      fieldErrors: { reason: SHOP_MESSAGES.noteTooLong },
    });
    expect(
      plan('ready', { to: 'delivered', note: 'y'.repeat(400), override: { reason: 'x'.repeat(200) } }, owner),
    ).toMatchObject({ reason: 'note-too-long', fieldErrors: { note: SHOP_MESSAGES.noteTooLong } });
  });

  it("only applies to 'Delivered', and does not skip the workflow", () => {
    expect(plan('received', { to: 'inprogress', override: { reason: 'x' } }, owner)).toMatchObject({
      ok: false,
      reason: 'forbidden-move',
      message: SHOP_MESSAGES.overrideNotForThisMove,
    });
    expect(plan('inprogress', { to: 'delivered', override: { reason: 'x' } }, owner)).toMatchObject({
      ok: false,
      reason: 'forbidden-move',
    });
  });
});

describe('final statuses and the reopen', () => {
  it.each(['delivered', 'cancelled'] as const)('an owner reopens a %s repair with a note', (from) => {
    for (const to of ['inprogress', 'received'] as const) {
      expect(plan(from, { to, note: 'Same fault again' }, owner)).toEqual({
        ok: true,
        value: {
          status: to,
          entry: {
            kind: 'reopen',
            status: to,
            from,
            at: now,
            by: { uid: 'owner-1', name: 'Rahul Sharma' },
            note: 'Same fault again',
            amountPaise: null,
          },
        },
      });
    }
  });

  it.each(['delivered', 'cancelled'] as const)(
    'staff cannot reopen a %s repair, even with a note',
    (from) => {
      expect(plan(from, { to: 'inprogress', note: 'Same fault again' }, staff)).toEqual({
        ok: false,
        reason: 'owner-only',
        message: SHOP_MESSAGES.finalStatus(STATUS_LABELS[from]),
      });
      expect(SHOP_MESSAGES.finalStatus('Delivered')).toBe(
        'This repair is Delivered. Only the shop owner can reopen it, with a note saying why.',
      );
    },
  );

  it('an owner must say why', () => {
    expect(plan('delivered', { to: 'inprogress', note: '  ' }, owner)).toEqual({
      ok: false,
      reason: 'note-required',
      message: SHOP_MESSAGES.reopenNoteRequired,
      fieldErrors: { note: SHOP_MESSAGES.reopenNoteRequired },
    });
  });

  it("a reopen goes back to 'Received' or 'In Progress' only", () => {
    for (const to of ['ready', 'waiting_for_parts', 'sent_to_service_center', 'cancelled'])
      expect(plan('delivered', { to, note: 'why' }, owner)).toMatchObject({
        ok: false,
        reason: 'forbidden-move',
        message: SHOP_MESSAGES.reopenTargetInvalid,
      });
    expect(plan('cancelled', { to: 'delivered', note: 'why', deliveryCode: CODE }, owner)).toMatchObject({
      ok: false,
    });
  });
});
