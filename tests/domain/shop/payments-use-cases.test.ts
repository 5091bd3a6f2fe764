import { beforeEach, describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import {
  checkPaymentForm,
  PAYMENT_MESSAGES,
  type PaymentFormInput,
} from '../../../src/domain/shop/payments-use-cases';
import type { ShopRepair } from '../../../src/domain/shop/repair-record';
import { signInAs, type World } from '../world';
import { createShopWorld, createThroughUseCase } from './shop-world';

/*
 * 'Take Payment' and 'Refund' as use cases (src/domain/shop/payments-use-cases.ts): the dialog's fields
 * checked into the port's entry, then recorded on the memory backend (Rahul owns store-1, Sam is its
 * staff; the repair's estimate is ₹2,800 with ₹500 advance).
 */

const form = (overrides: Partial<PaymentFormInput> = {}): PaymentFormInput => ({
  id: 'pay-1',
  kind: 'payment',
  amount: '1500',
  mode: 'cash',
  upiReference: '',
  note: '',
  ...overrides,
});

describe('checkPaymentForm', () => {
  it('turns rupees as typed into paise, and keeps the note trimmed', () => {
    expect(checkPaymentForm(form({ amount: '₹1,499.50', note: '  Paid by son ' }))).toEqual({
      ok: true,
      value: { id: 'pay-1', kind: 'payment', amountPaise: 149_950, mode: 'cash', note: 'Paid by son' },
    });
  });

  it('says what is wrong with the amount under its field', () => {
    expect(checkPaymentForm(form({ amount: '' }))).toEqual({
      ok: false,
      fieldErrors: { amount: PAYMENT_MESSAGES.amountRequired },
    });
    expect(checkPaymentForm(form({ amount: '0' })).ok).toBe(false);
    expect(checkPaymentForm(form({ amount: '0' }))).toMatchObject({
      fieldErrors: { amount: SHOP_MESSAGES.paymentAmountInvalid },
    });
    expect(checkPaymentForm(form({ amount: '-5' }))).toMatchObject({
      fieldErrors: { amount: SHOP_MESSAGES.amountInvalid },
    });
    expect(checkPaymentForm(form({ amount: '10,00,001' }))).toMatchObject({
      fieldErrors: { amount: SHOP_MESSAGES.amountTooLarge },
    });
  });

  it('takes a UPI Reference only for UPI: blank, or the 12-digit UTR (spaces allowed)', () => {
    expect(checkPaymentForm(form({ mode: 'upi', upiReference: '4123 4567 8901' }))).toMatchObject({
      ok: true,
      value: { mode: 'upi', upiReference: '412345678901' },
    });
    expect(checkPaymentForm(form({ mode: 'upi', upiReference: '' }))).toMatchObject({
      ok: true,
      value: { mode: 'upi', upiReference: '' },
    });
    expect(checkPaymentForm(form({ mode: 'upi', upiReference: '12345' }))).toEqual({
      ok: false,
      fieldErrors: { upiReference: SHOP_MESSAGES.upiReferenceInvalid },
    });
    // Typed, then the mode changed to cash: the reference is not sent.
    const cash = checkPaymentForm(form({ mode: 'cash', upiReference: '12345' }));
    expect(cash.ok && 'upiReference' in cash.value).toBe(false);
  });

  it('needs a reason for a refund, and a known mode', () => {
    expect(checkPaymentForm(form({ kind: 'refund', note: '  ' }))).toEqual({
      ok: false,
      fieldErrors: { note: SHOP_MESSAGES.refundReasonRequired },
    });
    expect(checkPaymentForm(form({ mode: 'cheque' as PaymentFormInput['mode'] }))).toEqual({
      ok: false,
      fieldErrors: { mode: SHOP_MESSAGES.paymentModeInvalid },
    });
    expect(checkPaymentForm(form({ note: 'x'.repeat(501) }))).toEqual({
      ok: false,
      fieldErrors: { note: SHOP_MESSAGES.paymentNoteTooLong },
    });
    // A bad amount and another field's message show together.
    expect(checkPaymentForm(form({ kind: 'refund', amount: 'abc', note: '' }))).toEqual({
      ok: false,
      fieldErrors: { amount: SHOP_MESSAGES.amountInvalid, note: SHOP_MESSAGES.refundReasonRequired },
    });
  });

  it('checks a refund against what was paid, when it is known', () => {
    expect(checkPaymentForm(form({ kind: 'refund', amount: '600', note: 'No part' }), 50_000)).toEqual({
      ok: false,
      reason: 'above-paid',
      message: SHOP_MESSAGES.refundAbovePaid('₹500'),
      fieldErrors: { amount: SHOP_MESSAGES.refundAbovePaid('₹500') },
    });
    expect(checkPaymentForm(form({ kind: 'refund', amount: '500', note: 'No part' }), 50_000).ok).toBe(true);
  });
});

describe('recordPayment', () => {
  let world: World;
  let repair: ShopRepair;

  beforeEach(async () => {
    ({ world } = await createShopWorld());
    await signInAs(world, 'owner');
    repair = await createThroughUseCase(world);
  });

  const record = (input: Partial<PaymentFormInput>) =>
    world.useCases.shop.recordPayment(repair.id, form(input));

  it('records a payment with its confirmation, and the repair after it', async () => {
    const saved = await record({ id: 'pay-a', amount: '1000', mode: 'upi', upiReference: '412345678901' });
    expect(saved).toMatchObject({
      ok: true,
      message: PAYMENT_MESSAGES.paymentSaved('₹1,000'),
      value: {
        payment: { id: 'pay-a', kind: 'payment', amountPaise: 100_000, upiReference: '412345678901' },
        repair: { paidPaise: 150_000 },
      },
    });
  });

  it('applies a retried entry id once', async () => {
    expect((await record({ id: 'pay-b', amount: '700' })).ok).toBe(true);
    expect((await record({ id: 'pay-b', amount: '700' })).ok).toBe(true);
    const payments = await world.ports.shopRepairs.listPayments(repair.id);
    expect(payments.filter((payment) => payment.id === 'pay-b')).toHaveLength(1);
  });

  it('refuses a refund above what was paid under the amount, and refunds for staff', async () => {
    expect(await record({ id: 'ref-1', kind: 'refund', amount: '600', note: 'Part not found' })).toEqual({
      ok: false,
      reason: 'above-paid',
      message: SHOP_MESSAGES.refundAbovePaid('₹500'),
      fieldErrors: { amount: SHOP_MESSAGES.refundAbovePaid('₹500') },
    });
    expect(
      await record({ id: 'ref-2', kind: 'refund', amount: '500', note: 'Part not found' }),
    ).toMatchObject({ ok: true, message: PAYMENT_MESSAGES.refundSaved('₹500') });
    await signInAs(world, 'staff');
    expect(await record({ id: 'ref-3', kind: 'refund', amount: '1', note: 'x' })).toMatchObject({
      ok: false,
      reason: 'not-permitted',
      message: SHOP_MESSAGES.refundOwnerOnly,
    });
    // Staff take payments.
    expect((await record({ id: 'pay-staff', amount: '100' })).ok).toBe(true);
  });
});
