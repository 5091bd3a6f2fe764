import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatPaise, MAX_AMOUNT_PAISE } from '../../src/domain/shop/amounts';
import { SHOP_MESSAGES } from '../../src/domain/shop/messages';
import { newPaymentId } from '../../src/domain/shop/payments';
import type { ShopRepair } from '../../src/domain/shop/repair-record';
import { CREDIT_ENTRY_PATTERN } from '../../src/domain/shop/status';
import { CREDIT_NOTE_PREFIX } from '../../src/domain/shop/status-values';
import type { NewShopPayment } from '../../src/ports/shop-repairs';
import { expectPortError } from './expectations';
import { type Cast, signInAs } from './fixtures';
import type { BackendHarness, HarnessFactory } from './harness';
import { ownerCreates, seedShop } from './shop-fixtures';

/**
 * ShopRepairRepository.recordPayment and 'Deliver on Credit' (issue 17, owner-console.md "Payments"),
 * on every backend: a payment moves paid and due in one write with its entry and history entry; refunds
 * are the owner's and never exceed what was paid; bad input changes nothing; a payment id applies once,
 * even when sent again or 20 at once; removed staff and other stores are refused; a repair delivered
 * with money due needs a note and stays owing until paid. The job card: ₹2,800 estimate, ₹500 advance.
 */

const payment = (overrides: Partial<NewShopPayment> = {}): NewShopPayment => ({
  id: newPaymentId(),
  kind: 'payment',
  amountPaise: 100_000,
  mode: 'cash',
  note: '',
  ...overrides,
});

export function shopPaymentsContract(makeHarness: HarnessFactory): void {
  describe('ShopRepairRepository.recordPayment', () => {
    let h: BackendHarness;
    let cast: Cast;
    let repair: ShopRepair;
    beforeEach(async () => {
      h = await makeHarness();
      cast = await seedShop(h);
      repair = await ownerCreates(h);
    });
    afterEach(async () => {
      await h.dispose();
    });

    const record = (input: NewShopPayment, id = repair.id) => h.ports.shopRepairs.recordPayment(id, input);
    const toReady = async () => {
      await signInAs(h, 'owner');
      await h.ports.shopRepairs.changeStatus(repair.id, { to: 'inprogress', expectedStatus: 'received' });
      await h.ports.shopRepairs.changeStatus(repair.id, { to: 'ready', expectedStatus: 'inprogress' });
    };

    it('records a member’s payment as a new entry, with one history entry, and moves paid and due', async () => {
      expect(repair).toMatchObject({ paidPaise: 50_000, duePaise: 230_000, owing: false });
      await signInAs(h, 'staff');
      const input = payment({ mode: 'upi', upiReference: '412345678901', note: 'Part payment' });
      const { payment: stored, repair: after } = await record(input);
      expect(stored).toMatchObject({
        id: input.id,
        repairDocId: repair.id,
        kind: 'payment',
        amountPaise: 100_000,
        mode: 'upi',
        upiReference: '412345678901',
        note: 'Part payment',
        by: { uid: cast.staff },
      });
      expect(after).toMatchObject({
        paidPaise: 150_000,
        duePaise: 130_000,
        owing: false,
        status: 'received',
      });
      expect(after.history).toHaveLength(2);
      expect(after.history.at(-1)).toMatchObject({
        kind: 'payment',
        status: 'received',
        amountPaise: 100_000,
        paymentId: input.id,
        note: 'Part payment',
        by: { uid: cast.staff },
      });
      const listed = await h.ports.shopRepairs.listPayments(repair.id);
      expect(listed.map((p) => [p.kind, p.amountPaise])).toEqual([
        ['payment', 50_000],
        ['payment', 100_000],
      ]);
      expect(listed[1]).toMatchObject({ id: input.id, upiReference: '412345678901', mode: 'upi' });
      expect(await h.ports.shopRepairs.get(repair.id)).toMatchObject({
        paidPaise: 150_000,
        duePaise: 130_000,
      });
    });

    it('lets the owner refund, never more than was paid, with a reason; staff may not refund', async () => {
      await signInAs(h, 'staff');
      const refund = payment({ kind: 'refund', amountPaise: 20_000, note: 'Part not needed' });
      const denied = await expectPortError(record(refund), 'permission-denied');
      expect(denied.message).toBe(SHOP_MESSAGES.refundOwnerOnly);
      await signInAs(h, 'owner');
      const above = await expectPortError(record({ ...refund, amountPaise: 50_001 }), 'failed-precondition');
      expect(above.message).toBe(SHOP_MESSAGES.refundAbovePaid(formatPaise(50_000)));
      await expectPortError(record({ ...refund, note: ' ' }), 'invalid-argument');
      const { repair: after, payment: stored } = await record(refund);
      expect(stored).toMatchObject({ kind: 'refund', amountPaise: 20_000, note: 'Part not needed' });
      expect(after).toMatchObject({ paidPaise: 30_000, duePaise: 250_000 });
      expect(after.history.at(-1)).toMatchObject({
        kind: 'refund',
        amountPaise: 20_000,
        by: { uid: cast.owner },
      });
      // The whole of what is left, to zero; one paisa more is refused.
      await expectPortError(
        record(payment({ kind: 'refund', amountPaise: 30_001, note: 'x' })),
        'failed-precondition',
      );
      const { repair: zero } = await record(
        payment({ kind: 'refund', amountPaise: 30_000, note: 'Cancelled' }),
      );
      expect(zero).toMatchObject({ paidPaise: 0, duePaise: 280_000 });
      expect((await h.ports.shopRepairs.listPayments(repair.id)).map((p) => p.kind)).toEqual([
        'payment',
        'refund',
        'refund',
      ]);
    });

    it('refuses bad input with invalid-argument, and changes nothing', async () => {
      await signInAs(h, 'staff');
      const bad: Partial<NewShopPayment>[] = [
        { amountPaise: 0 },
        { amountPaise: -100 },
        { amountPaise: 10.5 },
        { amountPaise: MAX_AMOUNT_PAISE + 1 },
        { mode: 'cheque' as never },
        { mode: 'upi', upiReference: '12345' },
        { mode: 'cash', upiReference: '412345678901' },
        { id: 'not an id' },
        { id: '' },
        { note: 'x'.repeat(501) },
      ];
      for (const overrides of bad) await expectPortError(record(payment(overrides)), 'invalid-argument');
      expect(await h.ports.shopRepairs.get(repair.id)).toMatchObject({
        paidPaise: 50_000,
        duePaise: 230_000,
      });
      expect(await h.ports.shopRepairs.listPayments(repair.id)).toHaveLength(1);
      expect((await h.ports.shopRepairs.get(repair.id))?.history).toHaveLength(1);
    });

    it('counts 20 concurrent payments on one repair, each once', async () => {
      await signInAs(h, 'staff');
      const inputs = Array.from({ length: 20 }, () => payment({ amountPaise: 1_000 }));
      const answers = await Promise.all(inputs.map((input) => record(input)));
      expect(answers.map((answer) => answer.payment.id).sort()).toEqual(
        inputs.map((input) => input.id).sort(),
      );
      const after = await h.ports.shopRepairs.get(repair.id);
      expect(after).toMatchObject({ paidPaise: 70_000, duePaise: 210_000 });
      const ids = (after?.history ?? [])
        .filter((entry) => entry.kind === 'payment')
        .map((entry) => entry.paymentId);
      expect(ids.sort()).toEqual(inputs.map((input) => input.id).sort());
      expect(await h.ports.shopRepairs.listPayments(repair.id)).toHaveLength(21);
    });

    it('applies a retried payment id once, answering the stored entry', async () => {
      await signInAs(h, 'staff');
      const input = payment({ amountPaise: 25_000 });
      const first = await record(input);
      const again = await record(input);
      expect(again.payment).toMatchObject({ id: input.id, amountPaise: 25_000, kind: 'payment' });
      expect(again.repair).toMatchObject({ paidPaise: 75_000 });
      expect(again.repair.history).toHaveLength(first.repair.history.length);
      // Sent twice at once (a double tap, a retry racing its first try): still once.
      const twice = payment({ amountPaise: 5_000 });
      await Promise.all([record(twice), record(twice)]);
      const after = await h.ports.shopRepairs.get(repair.id);
      expect(after?.paidPaise).toBe(80_000);
      expect(after?.history.filter((entry) => entry.paymentId === twice.id)).toHaveLength(1);
      expect(await h.ports.shopRepairs.listPayments(repair.id)).toHaveLength(3);
    });

    it('refuses removed staff, another store’s owner, outsiders, the signed out and unknown repairs', async () => {
      await signInAs(h, 'owner');
      await h.ports.shopMembers.removeStaff('store-1', cast.staff);
      await signInAs(h, 'staff');
      await expectPortError(record(payment()), 'permission-denied');
      for (const key of ['rival', 'customer', 'admin'] as const) {
        await signInAs(h, key);
        await expectPortError(record(payment()), 'permission-denied');
      }
      await h.ports.auth.signOut();
      await expectPortError(record(payment()), 'unauthenticated', 'permission-denied');
      await signInAs(h, 'owner');
      await expectPortError(record(payment(), 'no-such-repair'), 'not-found');
      expect(await h.ports.shopRepairs.get(repair.id)).toMatchObject({ paidPaise: 50_000 });
      expect(await h.ports.shopRepairs.listPayments(repair.id)).toHaveLength(1);
    });

    it("'Deliver on Credit': money due needs a note, lands with it, and the repair stays owing until paid", async () => {
      await toReady();
      const ready = await h.ports.shopRepairs.get(repair.id);
      expect(ready).toMatchObject({ status: 'ready', duePaise: 230_000, owing: true });
      await signInAs(h, 'staff');
      const deliver = (extra: Record<string, unknown>) =>
        h.ports.shopRepairs.changeStatus(repair.id, {
          to: 'delivered',
          expectedStatus: 'ready',
          deliveryCode: '4821',
          ...extra,
        });
      const refused = await expectPortError(deliver({}), 'failed-precondition');
      expect(refused.message).toBe(SHOP_MESSAGES.amountDueOnDelivery('₹2,300'));
      expect(refused.message).toContain('Amount due: ₹2,300');
      expect(await h.ports.shopRepairs.get(repair.id)).toMatchObject({ status: 'ready' });
      const delivered = await deliver({ creditNote: 'Pays on Friday' });
      expect(delivered).toMatchObject({ status: 'delivered', duePaise: 230_000, owing: true });
      expect(delivered.history.at(-1)?.note).toBe(`${CREDIT_NOTE_PREFIX}Pays on Friday`);
      expect(CREDIT_ENTRY_PATTERN.test(delivered.history.at(-1)?.note ?? '')).toBe(true);
      // Paid later (the dues khata): part, then the rest, which takes it out of the dues.
      const part = await record(payment({ amountPaise: 130_000 }));
      expect(part.repair).toMatchObject({ status: 'delivered', duePaise: 100_000, owing: true });
      const rest = await record(payment({ amountPaise: 100_000, mode: 'upi' }));
      expect(rest.repair).toMatchObject({
        status: 'delivered',
        paidPaise: 280_000,
        duePaise: 0,
        owing: false,
      });
    });

    it('a payment that clears the due takes a ready repair out of the dues; it delivers without a note', async () => {
      await toReady();
      await signInAs(h, 'staff');
      const { repair: paid } = await record(payment({ amountPaise: 230_000 }));
      expect(paid).toMatchObject({ status: 'ready', paidPaise: 280_000, duePaise: 0, owing: false });
      const delivered = await h.ports.shopRepairs.changeStatus(repair.id, {
        to: 'delivered',
        expectedStatus: 'ready',
        deliveryCode: '4821',
      });
      expect(delivered).toMatchObject({ status: 'delivered', duePaise: 0, owing: false });
      expect(delivered.history.at(-1)?.note).toBe('');
      // Paying more than due leaves nothing due (never below zero).
      const { repair: over } = await record(payment({ amountPaise: 1_000 }));
      expect(over).toMatchObject({ paidPaise: 281_000, duePaise: 0, owing: false });
    });

    it('keeps the dues fields on edits and status changes', async () => {
      await signInAs(h, 'owner');
      const edited = await h.ports.shopRepairs.update(repair.id, { estimatePaise: 300_000 });
      expect(edited).toMatchObject({ duePaise: 250_000, owing: false });
      await toReady();
      const final = await h.ports.shopRepairs.update(repair.id, { finalPaise: 260_000 });
      expect(final).toMatchObject({ duePaise: 210_000, owing: true });
      // A ready repair's new amount: the edit, then the note that stores its dues fields.
      expect(final.history.slice(-2).map((entry) => [entry.kind, entry.note])).toEqual([
        ['edit', 'Changed: finalPaise'],
        ['note', SHOP_MESSAGES.duesUpdated('₹2,100')],
      ]);
      const back = await h.ports.shopRepairs.changeStatus(repair.id, {
        to: 'inprogress',
        expectedStatus: 'ready',
      });
      expect(back).toMatchObject({ duePaise: 210_000, owing: false });
    });
  });
}
