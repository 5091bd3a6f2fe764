import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDue, formatPaise, MAX_AMOUNT_PAISE, repairDues } from '../../../src/domain/shop/amounts';
import { MAX_NOTE_LENGTH } from '../../../src/domain/shop/history';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { asAppendedMerge, mergePaymentRevisions, paymentsOnly } from '../../../src/domain/shop/payment-merge';
import {
  checkNewPayment,
  isPaymentId,
  newPaymentId,
  PAYMENT_ID_LENGTH,
  type PaymentRequest,
  planDuesNote,
  planPayment,
} from '../../../src/domain/shop/payments';
import { storedDues } from '../../../src/domain/shop/repair-record';
import {
  CREDIT_ENTRY_PATTERN,
  MAX_CREDIT_NOTE_LENGTH,
  planStatusChange,
  type ShopActor,
} from '../../../src/domain/shop/status';
import { CREDIT_NOTE_PREFIX } from '../../../src/domain/shop/status-values';

/**
 * 'Take Payment', 'Refund' and 'Deliver on Credit' in the domain (payments.ts, status.ts): the ids a
 * client makes, the checks of what was typed, the plan every backend writes, the dues fields, and the
 * merge of payments taken on two devices (payment-merge.ts).
 */

const now = new Date('2026-11-26T10:00:00Z');
const owner: ShopActor = { uid: 'owner-1', name: 'Rahul Sharma', role: 'owner' };
const staff: ShopActor = { uid: 'staff-1', name: 'Sam Staff', role: 'staff' };
const pay = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  id: 'pay-1',
  kind: 'payment',
  amountPaise: 150_000,
  mode: 'cash',
  note: '',
  ...overrides,
});
const repair = { status: 'ready', finalPaise: null, estimatePaise: 280_000, paidPaise: 50_000 };

describe('payment ids', () => {
  it('are 20 characters of [A-Za-z0-9_-], fresh each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newPaymentId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(isPaymentId(id)).toBe(true);
    }
    expect(PAYMENT_ID_LENGTH).toBe(20);
    expect(isPaymentId('a'.repeat(129))).toBe(false);
    expect(isPaymentId('pay/1')).toBe(false);
    expect(isPaymentId('')).toBe(false);
  });
});

describe('checkNewPayment', () => {
  it('takes a positive whole number of paise up to ₹10,00,000, in a known mode', () => {
    expect(checkNewPayment(pay(), 0)).toMatchObject({
      ok: true,
      value: { amountPaise: 150_000, upiReference: '' },
    });
    for (const amountPaise of [0, -100, 10.5, Number.NaN])
      expect(checkNewPayment(pay({ amountPaise }), 0)).toEqual({
        ok: false,
        reason: 'invalid-amount',
        message: SHOP_MESSAGES.paymentAmountInvalid,
        fieldErrors: { amount: SHOP_MESSAGES.paymentAmountInvalid },
      });
    expect(checkNewPayment(pay({ amountPaise: MAX_AMOUNT_PAISE }), 0).ok).toBe(true);
    expect(checkNewPayment(pay({ amountPaise: MAX_AMOUNT_PAISE + 1 }), 0)).toMatchObject({
      reason: 'amount-too-large',
      message: SHOP_MESSAGES.paymentAmountTooLarge,
    });
    expect(checkNewPayment(pay({ mode: 'cheque' }), 0)).toMatchObject({
      reason: 'invalid-mode',
      fieldErrors: { mode: SHOP_MESSAGES.paymentModeInvalid },
    });
    expect(checkNewPayment(pay({ id: 'bad id' }), 0)).toMatchObject({
      reason: 'invalid-id',
      message: SHOP_MESSAGES.paymentIdInvalid,
    });
  });

  it('takes a UPI reference of 12 digits on a UPI payment only', () => {
    expect(checkNewPayment(pay({ mode: 'upi', upiReference: '4123 4567 8901' }), 0)).toMatchObject({
      ok: true,
      value: { upiReference: '412345678901' },
    });
    expect(checkNewPayment(pay({ mode: 'upi', upiReference: '41234567890' }), 0)).toMatchObject({
      reason: 'invalid-upi-reference',
      fieldErrors: { upiReference: SHOP_MESSAGES.upiReferenceInvalid },
    });
    expect(checkNewPayment(pay({ mode: 'cash', upiReference: '412345678901' }), 0)).toMatchObject({
      fieldErrors: { upiReference: SHOP_MESSAGES.upiReferenceOnlyUpi },
    });
    expect(checkNewPayment(pay({ mode: 'upi', upiReference: '' }), 0).ok).toBe(true);
  });

  it('needs a refund’s reason, and never refunds more than was paid', () => {
    const refund = pay({ kind: 'refund', amountPaise: 50_000, note: 'Part not available' });
    expect(checkNewPayment(refund, 50_000).ok).toBe(true);
    expect(checkNewPayment({ ...refund, note: '  ' }, 50_000)).toMatchObject({
      reason: 'reason-required',
      fieldErrors: { note: SHOP_MESSAGES.refundReasonRequired },
    });
    expect(checkNewPayment(refund, 49_999)).toEqual({
      ok: false,
      reason: 'refund-above-paid',
      message: SHOP_MESSAGES.refundAbovePaid('₹499.99'),
      fieldErrors: { amount: SHOP_MESSAGES.refundAbovePaid('₹499.99') },
    });
    expect(checkNewPayment({ ...refund, note: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, 50_000)).toMatchObject({
      reason: 'note-too-long',
      message: SHOP_MESSAGES.paymentNoteTooLong,
    });
  });
});

describe('planPayment', () => {
  it('plans the entry, its one history entry by the caller, paid and the dues moved by the amount', () => {
    const plan = planPayment(
      repair,
      pay({ mode: 'upi', upiReference: '412345678901' }),
      staff,
      'store-1',
      now,
    );
    expect(plan).toEqual({
      ok: true,
      value: {
        payment: {
          id: 'pay-1',
          kind: 'payment',
          amountPaise: 150_000,
          mode: 'upi',
          upiReference: '412345678901',
          at: now,
          by: { uid: 'staff-1', name: 'Sam Staff' },
          note: '',
          storeId: 'store-1',
        },
        entry: {
          kind: 'payment',
          status: 'ready',
          from: null,
          at: now,
          by: { uid: 'staff-1', name: 'Sam Staff' },
          note: '',
          amountPaise: 150_000,
          paymentId: 'pay-1',
        },
        paidPaise: 200_000,
        dues: { duePaise: 80_000, owing: true },
      },
    });
  });

  it('refunds for the owner only; a refund that clears what was paid leaves the full amount due', () => {
    const refund = pay({ kind: 'refund', amountPaise: 50_000, note: 'Cancelled part' });
    expect(planPayment(repair, refund, staff, 'store-1', now)).toEqual({
      ok: false,
      reason: 'owner-only',
      message: SHOP_MESSAGES.refundOwnerOnly,
    });
    expect(planPayment(repair, refund, owner, 'store-1', now)).toMatchObject({
      ok: true,
      value: {
        paidPaise: 0,
        dues: { duePaise: 280_000, owing: true },
        entry: { kind: 'refund', amountPaise: 50_000 },
      },
    });
  });

  it('keeps paid ≥ 0 and due = max(0, total − paid) over any sequence of payments and refunds', () => {
    const step = fc.record({
      kind: fc.constantFrom('payment' as const, 'refund' as const),
      amountPaise: fc.integer({ min: 1, max: 5_000_000 }),
    });
    const total = fc.option(fc.integer({ min: 0, max: MAX_AMOUNT_PAISE }), { nil: null });
    fc.assert(
      fc.property(
        total,
        fc.constantFrom('received', 'ready', 'delivered'),
        fc.array(step, { maxLength: 30 }),
        (charge, status, steps) => {
          let current = { status, finalPaise: charge, estimatePaise: null, paidPaise: 0 };
          let expected = 0;
          for (const [i, { kind, amountPaise }] of steps.entries()) {
            const request = pay({ id: `p${i}`, kind, amountPaise, note: kind === 'refund' ? 'Back' : '' });
            const plan = planPayment(current, request, owner, 'store-1', now);
            const fits =
              kind === 'payment'
                ? expected + amountPaise <= Number.MAX_SAFE_INTEGER
                : amountPaise <= expected;
            expect(plan.ok).toBe(fits);
            if (!plan.ok) continue;
            expected += kind === 'payment' ? amountPaise : -amountPaise;
            expect(plan.value.paidPaise).toBe(expected);
            expect(plan.value.paidPaise).toBeGreaterThanOrEqual(0);
            const due = Math.max(0, (charge ?? 0) - expected);
            expect(plan.value.dues).toEqual({
              duePaise: due,
              owing: (status === 'ready' || status === 'delivered') && due > 0,
            });
            expect(plan.value.dues.duePaise).toBe(
              amountDue(charge, null, [{ kind: 'payment', amountPaise: expected }]),
            );
            current = { ...current, paidPaise: plan.value.paidPaise };
          }
        },
      ),
    );
  });
});

describe('the dues fields (repairDues, storedDues)', () => {
  it('owe in Ready for Pickup and Delivered only, while something is due', () => {
    expect(repairDues('ready', null, 280_000, 50_000)).toEqual({ duePaise: 230_000, owing: true });
    expect(repairDues('delivered', 250_000, 280_000, 50_000)).toEqual({ duePaise: 200_000, owing: true });
    expect(repairDues('inprogress', null, 280_000, 50_000)).toEqual({ duePaise: 230_000, owing: false });
    expect(repairDues('delivered', null, 280_000, 300_000)).toEqual({ duePaise: 0, owing: false });
    expect(repairDues('ready', null, null, 0)).toEqual({ duePaise: 0, owing: false });
  });

  it('read a stored repair as the shop console does (the apps’ rupee fields too)', () => {
    expect(storedDues({ status: 'ready', estimatedCost: 2800, paidPaise: 50_000 })).toEqual({
      duePaise: 230_000,
      owing: true,
    });
    expect(storedDues({ status: 'delivered', amount: 2500.5, estimatePaise: 280_000 })).toEqual({
      duePaise: 250_050,
      owing: true,
    });
  });
});

describe('planDuesNote (after an edit of a ready repair’s amounts)', () => {
  const ready = { status: 'ready', estimatePaise: 280_000, amount: 2500, paidPaise: 50_000 };
  it('stores the new dues fields with a note by the editor, only when they changed on a ready repair', () => {
    expect(planDuesNote({ ...ready, duePaise: 230_000, owing: true }, staff, now)).toEqual({
      entry: {
        kind: 'note',
        status: 'ready',
        from: null,
        at: now,
        by: { uid: 'staff-1', name: 'Sam Staff' },
        note: SHOP_MESSAGES.duesUpdated('₹2,000'),
        amountPaise: null,
      },
      dues: { duePaise: 200_000, owing: true },
    });
    expect(planDuesNote({ ...ready, duePaise: 200_000, owing: true }, staff, now)).toBeNull();
    expect(
      planDuesNote({ ...ready, status: 'inprogress', duePaise: 0, owing: false }, staff, now),
    ).toBeNull();
  });
});

describe("'Deliver on Credit' (planStatusChange)", () => {
  const ready = { status: 'ready', deliveryCode: '4821', duePaise: 130_000 };

  it("refuses 'Delivered' with money due without a note, saying the amount due", () => {
    const message = SHOP_MESSAGES.amountDueOnDelivery(formatPaise(130_000));
    expect(message).toContain('Amount due: ₹1,300');
    expect(planStatusChange(ready, { to: 'delivered', deliveryCode: '4821' }, staff, now)).toEqual({
      ok: false,
      reason: 'credit-note-required',
      message,
      fieldErrors: { creditNote: message },
    });
    expect(
      planStatusChange(ready, { to: 'delivered', override: { reason: 'Lost the code' } }, owner, now),
    ).toMatchObject({ reason: 'credit-note-required' });
  });

  it('puts the note at the start of the entry, and needs none when nothing is due', () => {
    const plan = planStatusChange(
      ready,
      { to: 'delivered', deliveryCode: '4821', creditNote: ' Pays on Friday ', note: 'Screen OK' },
      staff,
      now,
    );
    expect(plan).toMatchObject({
      ok: true,
      value: {
        status: 'delivered',
        entry: { kind: 'status', note: `${CREDIT_NOTE_PREFIX}Pays on Friday — Screen OK` },
      },
    });
    expect(plan.ok && CREDIT_ENTRY_PATTERN.test(plan.value.entry.note)).toBe(true);
    const paid = planStatusChange(
      { ...ready, duePaise: 0 },
      { to: 'delivered', deliveryCode: '4821' },
      staff,
      now,
    );
    expect(paid).toMatchObject({ ok: true, value: { entry: { note: '' } } });
  });

  it('refuses a credit note past its limit, or on another move', () => {
    expect(
      planStatusChange(
        ready,
        { to: 'delivered', deliveryCode: '4821', creditNote: 'x'.repeat(MAX_CREDIT_NOTE_LENGTH + 1) },
        staff,
        now,
      ),
    ).toMatchObject({
      reason: 'note-too-long',
      fieldErrors: { creditNote: SHOP_MESSAGES.creditNoteTooLong },
    });
    expect(planStatusChange(ready, { to: 'inprogress', creditNote: 'x' }, staff, now)).toMatchObject({
      reason: 'forbidden-move',
      fieldErrors: { creditNote: SHOP_MESSAGES.statusChangeRefused },
    });
  });
});

describe('payments taken on two devices (payment-merge.ts)', () => {
  const at = (minute: number) => `2026-11-26T10:0${minute}:00.000Z`;
  const created = {
    kind: 'created',
    status: 'ready',
    from: null,
    at: at(0),
    by: { uid: 'o', name: 'O' },
    note: '',
    amountPaise: null,
  };
  const entry = (id: string, kind: 'payment' | 'refund', amountPaise: number, minute: number) => ({
    ...created,
    kind,
    at: at(minute),
    amountPaise,
    paymentId: id,
  });
  const base = {
    repairId: 'SMC-1001',
    status: 'ready',
    estimatePaise: 280_000,
    paidPaise: 50_000,
    duePaise: 230_000,
    owing: true,
    updatedAt: at(0),
    history: [created],
  };
  const took = (id: string, amount: number, minute: number, from = base) => ({
    ...from,
    paidPaise: (from.paidPaise as number) + amount,
    ...repairDues('ready', null, 280_000, (from.paidPaise as number) + amount),
    updatedAt: at(minute),
    history: [...from.history, entry(id, 'payment', amount, minute)],
  });

  it('counts both devices’ payments once each, whichever revision won', () => {
    const a = took('pay-a', 100_000, 1);
    const b = took('pay-b', 30_000, 2);
    const orders: [typeof a, typeof a][] = [
      [a, b],
      [b, a],
    ];
    for (const [winner, loser] of orders) {
      const merged = mergePaymentRevisions(winner, [loser]);
      expect(merged).toMatchObject({ paidPaise: 180_000, duePaise: 100_000, owing: true, updatedAt: at(2) });
      expect(
        ((merged?.history ?? []) as { paymentId?: string }[]).map((e) => e.paymentId ?? '').sort(),
      ).toEqual(['', 'pay-a', 'pay-b']);
      // Merged again (a third device, or the same conflict twice): nothing counts twice.
      expect(mergePaymentRevisions(merged as typeof base, [winner, loser])).toMatchObject({
        paidPaise: 180_000,
      });
    }
  });

  it('leaves revisions that differ by more than payments, or would refund below zero', () => {
    expect(mergePaymentRevisions(took('pay-a', 100, 1), [{ ...base, status: 'delivered' }])).toBeNull();
    const refund = (id: string, minute: number) => ({
      ...base,
      paidPaise: 0,
      ...repairDues('ready', null, 280_000, 0),
      history: [...base.history, entry(id, 'refund', 50_000, minute)],
    });
    expect(mergePaymentRevisions(refund('r1', 1), [refund('r2', 2)])).toBeNull();
  });

  it('keeps the payments of a revision that also edited, when its edit goes (the saved one wins)', () => {
    const saved = { ...base, estimatePaise: 300_000, ...repairDues('ready', null, 300_000, 50_000) };
    const edit = { ...created, kind: 'edit', at: at(1), note: 'Changed: Estimate' };
    const mine = took('pay-b', 30_000, 2, {
      ...base,
      estimatePaise: 320_000,
      ...repairDues('ready', null, 320_000, 50_000),
      history: [created, edit],
    });
    expect(mergePaymentRevisions(saved, [mine])).toBeNull();
    const merged = mergePaymentRevisions(saved, [paymentsOnly(saved, mine)]);
    expect(merged).toMatchObject({ estimatePaise: 300_000, paidPaise: 80_000, duePaise: 220_000 });
    expect(((merged?.history ?? []) as { kind: string }[]).map((e) => e.kind)).toEqual([
      'created',
      'payment',
    ]);
  });

  it('lets the gateway judge a merge as the server’s history with the other entries appended', () => {
    const a = took('pay-a', 100_000, 1);
    const b = took('pay-b', 30_000, 2);
    const mergedOnB = mergePaymentRevisions(b, [a]) as Record<string, unknown>;
    // The server has a's revision: b's merge puts b's entry before a's (b won on that device).
    const appended = asAppendedMerge(a, mergedOnB);
    expect(((appended?.history ?? []) as { paymentId?: string }[]).map((e) => e.paymentId)).toEqual([
      undefined,
      'pay-a',
      'pay-b',
    ]);
    expect(
      asAppendedMerge(a, { ...mergedOnB, history: [created, entry('pay-b', 'payment', 1, 2)] }),
    ).toBeNull();
    expect(asAppendedMerge(a, a)).toBeNull();
  });
});
