import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyJobCard } from '../../../../src/domain/shop/job-card';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import { PAYMENT_MESSAGES } from '../../../../src/domain/shop/payments-use-cases';
import { PortError } from '../../../../src/ports/errors';
import type { NewShopPayment } from '../../../../src/ports/shop-repairs';
import { PAYMENT_TEXTS } from '../../../../src/ui/features/shop/shop-texts';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

/*
 * The repair page's 'Payments' (src/ui/features/shop/repair/payments-section.tsx, payment-dialog.tsx)
 * and the delivery with money due (status-moves.tsx), on the memory backend with the demo data:
 * owner01 owns store-sharma-1, staff@demo.test is its staff.
 */

const OWNER = 'owner01@demo.test';

interface Made {
  readonly id: string;
  readonly repairId: string;
  readonly code: string;
}

/** A repair with an estimate of ₹2,000 and an advance of ₹500 (₹1,500 due), made through the use case. */
async function createRepair(app: RenderedApp, advance = '500'): Promise<Made> {
  const created = await app.services.useCases.shop.createRepair('store-sharma-1', {
    ...emptyJobCard(),
    customerName: 'Ravi Kumar',
    customerMobile: '9876543210',
    deviceType: 'Mobile',
    brandModel: 'Samsung Galaxy A14',
    problems: ['Screen broken'],
    estimate: '2000',
    advancePaid: advance,
  });
  if (!created.ok) throw new Error(`create failed: ${created.message}`);
  const { repair } = created.value;
  return { id: repair.id, repairId: repair.repairId, code: repair.deliveryCode };
}

async function openRepair(app: RenderedApp, made: Made): Promise<void> {
  await app.router.navigate({ to: '/shop/repairs/$id', params: { id: made.id } });
  await screen.findByRole('heading', { level: 1, name: made.repairId });
}

/** The summary's three figures, as shown. */
function summary(): Record<string, string> {
  const box = screen.getByText('Total', { selector: 'dt' }).closest('dl') as HTMLElement;
  const figures: Record<string, string> = {};
  for (const term of box.querySelectorAll('dt'))
    figures[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return figures;
}

/** The entries as listed, oldest first (read under an open dialog too, which hides the page from roles). */
function paymentEntries(): string[] {
  const list = screen.queryByRole('list', { name: 'Payments', hidden: true });
  return list
    ? within(list)
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent ?? '')
    : [];
}

const dialog = () => screen.getByRole('dialog');
const amountField = () => within(dialog()).getByLabelText(/^Amount \(₹\)/) as HTMLInputElement;

async function toReady(app: RenderedApp, made: Made): Promise<void> {
  await app.services.useCases.shop.changeStatus(made.id, { to: 'inprogress', expectedStatus: 'received' });
  await app.services.useCases.shop.changeStatus(made.id, { to: 'ready', expectedStatus: 'inprogress' });
}

describe("the repair page's 'Payments'", () => {
  it("shows 'Total', 'Paid', 'Due' and the advance as the first entry", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await openRepair(app, made);
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeTruthy();
    expect(summary()).toEqual({ Total: '₹2,000', Paid: '₹500', Due: '₹1,500' });
    const [advance] = paymentEntries();
    expect(advance).toContain('₹500');
    expect(advance).toContain('Cash');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it("takes a payment: 'Amount (₹)' filled with the due, the mode, and the amounts after it", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await openRepair(app, made);
    await app.user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.takePayment }));
    expect(within(dialog()).getByRole('heading', { name: 'Take Payment' })).toBeTruthy();
    expect(amountField().value).toBe('1500');
    expect(within(dialog()).getByRole('radio', { name: 'Cash' })).toHaveProperty('checked', true);
    await app.user.clear(amountField());
    await app.user.type(amountField(), '1,000');
    await app.user.click(within(dialog()).getByRole('radio', { name: 'Card' }));
    await app.user.type(within(dialog()).getByLabelText(/^Note/), 'Paid by the brother');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(PAYMENT_MESSAGES.paymentSaved('₹1,000'))).toBeTruthy();
    expect(summary()).toEqual({ Total: '₹2,000', Paid: '₹1,500', Due: '₹500' });
    const entries = paymentEntries();
    expect(entries).toHaveLength(2);
    expect(entries[1]).toContain('₹1,000');
    expect(entries[1]).toContain('Card');
    expect(entries[1]).toContain('Paid by the brother');
    expect(entries[1]).toContain('by ');
    // Said once on the page: the details keep the estimate and the final amount, not Paid and Due.
    expect(screen.getAllByText('Due', { selector: 'dt' })).toHaveLength(1);
  });

  it("shows 'UPI Reference' only for 'UPI', with its hint, and checks it is the 12-digit UTR", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await openRepair(app, made);
    await app.user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.takePayment }));
    expect(within(dialog()).queryByLabelText(/^UPI Reference/)).toBeNull();
    await app.user.click(within(dialog()).getByRole('radio', { name: 'UPI' }));
    const reference = within(dialog()).getByLabelText(/^UPI Reference/) as HTMLInputElement;
    expect(within(dialog()).getByText(PAYMENT_TEXTS.upiReferenceHint)).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.type(reference, '12345');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    expect(await within(dialog()).findByText(SHOP_MESSAGES.upiReferenceInvalid)).toBeTruthy();
    // Kept as typed, the message under its field, the focus on it; nothing saved.
    expect(reference.value).toBe('12345');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reference);
    expect(amountField().value).toBe('1500');
    expect(paymentEntries()).toHaveLength(1);
    await app.user.clear(reference);
    await app.user.type(reference, '4123 5678 9012');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(paymentEntries()[1]).toContain('UPI Ref 412356789012');
    expect(summary()).toEqual({ Total: '₹2,000', Paid: '₹2,000', Due: '₹0' });
  });

  it('keeps a bad amount as typed, with its message under the field', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await openRepair(app, made);
    await app.user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.takePayment }));
    await app.user.clear(amountField());
    await app.user.type(amountField(), '15OO');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    expect(await within(dialog()).findByText(SHOP_MESSAGES.amountInvalid)).toBeTruthy();
    expect(amountField().value).toBe('15OO');
    await app.user.clear(amountField());
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    expect(await within(dialog()).findByText(PAYMENT_MESSAGES.amountRequired)).toBeTruthy();
    expect(paymentEntries()).toHaveLength(1);
  });

  it('retries a failed save with the same entry id, so the payment counts once', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await openRepair(app, made);
    const port = app.backend.ports.shopRepairs;
    const original = port.recordPayment.bind(port);
    const sent: NewShopPayment[] = [];
    // The first try lands but its answer is lost (the network dropped); the second goes through.
    const spy = vi.spyOn(port, 'recordPayment').mockImplementation(async (repairDocId, payment) => {
      sent.push(payment);
      const recorded = await original(repairDocId, payment);
      if (sent.length === 1) throw new PortError('unavailable', 'The network dropped');
      return recorded;
    });
    await app.user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.takePayment }));
    await app.user.clear(amountField());
    await app.user.type(amountField(), '700');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    expect(await within(dialog()).findByText(PAYMENT_MESSAGES.saveFailed)).toBeTruthy();
    // A failed save leaves everything as it was.
    expect(amountField().value).toBe('700');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(2);
    expect(sent[1]?.id).toBe(sent[0]?.id);
    expect(sent[0]?.id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    spy.mockRestore();
    const payments = await port.listPayments(made.id);
    expect(payments.filter((payment) => payment.amountPaise === 70_000)).toHaveLength(1);
    expect(summary()).toEqual({ Total: '₹2,000', Paid: '₹1,200', Due: '₹800' });
    // A new dialog makes a new id.
    await app.user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.takePayment }));
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = await port.listPayments(made.id);
    expect(new Set(after.map((payment) => payment.id)).size).toBe(3);
    expect(summary().Due).toBe('₹0');
  });
});

describe("'Refund'", () => {
  it('is not offered to staff, who take payments', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('staff@demo.test', 'Demo@1234');
    await openRepair(app, made);
    expect(screen.getByRole('button', { name: PAYMENT_TEXTS.takePayment })).toBeTruthy();
    expect(screen.queryByRole('button', { name: PAYMENT_TEXTS.refund })).toBeNull();
    // Nor by the use case: refunds are for owners.
    const refused = await app.services.useCases.shop.recordPayment(made.id, {
      id: 'staff-refund-1',
      kind: 'refund',
      amount: '100',
      mode: 'cash',
      upiReference: '',
      note: 'Wants it back',
    });
    expect(refused).toMatchObject({ ok: false, message: SHOP_MESSAGES.refundOwnerOnly });
  });

  it('refuses a refund above what was paid with a clear message, and needs a reason', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await openRepair(app, made);
    await app.user.click(screen.getByRole('button', { name: PAYMENT_TEXTS.refund }));
    expect(within(dialog()).getByRole('heading', { name: 'Refund' })).toBeTruthy();
    await app.user.type(amountField(), '600');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.saveRefund }));
    expect(await within(dialog()).findByText(SHOP_MESSAGES.refundReasonRequired)).toBeTruthy();
    const reason = within(dialog()).getByLabelText(/^Reason/);
    await app.user.type(reason, 'Part not available');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.saveRefund }));
    expect(await within(dialog()).findByText(SHOP_MESSAGES.refundAbovePaid('₹500'))).toBeTruthy();
    expect(amountField().value).toBe('600');
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(paymentEntries()).toHaveLength(1);
    await app.user.clear(amountField());
    await app.user.type(amountField(), '500');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.saveRefund }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(summary()).toEqual({ Total: '₹2,000', Paid: '₹0', Due: '₹2,000' });
    expect(paymentEntries()[1]).toContain('Refund -₹500');
    expect(paymentEntries()[1]).toContain('Part not available');
  });
});

describe("'Delivered' with money due", () => {
  it("says 'Amount due: ₹X' and needs the note of 'Deliver on Credit'", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await toReady(app, made);
    await openRepair(app, made);
    await app.user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(within(dialog()).getByText('Amount due: ₹1,500')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.takePayment })).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.type(within(dialog()).getByLabelText(/^Delivery Code/), made.code);
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.deliverOnCredit }));
    expect(await within(dialog()).findByText(SHOP_MESSAGES.amountDueOnDelivery('₹1,500'))).toBeTruthy();
    expect((within(dialog()).getByLabelText(/^Delivery Code/) as HTMLInputElement).value).toBe(made.code);
    expect(screen.getByText('Now: Ready for Pickup')).toBeTruthy();
    await app.user.type(within(dialog()).getByLabelText(/^Credit Note/), 'Pays on Friday');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.deliverOnCredit }));
    await waitFor(() => expect(screen.getByText('Now: Delivered')).toBeTruthy());
    expect(summary().Due).toBe('₹1,500');
    const history = screen.getByRole('list', { name: 'History' });
    expect(within(history).getAllByRole('listitem')[0]?.textContent).toContain('Pays on Friday');
  });

  it("offers 'Take Payment' first, then delivers with nothing due", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const made = await createRepair(app);
    await toReady(app, made);
    await openRepair(app, made);
    await app.user.click(screen.getByRole('button', { name: 'Delivered' }));
    await app.user.type(within(dialog()).getByLabelText(/^Delivery Code/), made.code);
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.takePayment }));
    expect(within(dialog()).getByRole('heading', { name: 'Take Payment' })).toBeTruthy();
    expect(amountField().value).toBe('1500');
    await app.user.click(within(dialog()).getByRole('button', { name: PAYMENT_TEXTS.savePayment }));
    // Back to the delivery, the code still typed, nothing due now.
    await waitFor(() =>
      expect(within(dialog()).getByRole('heading', { name: 'Mark as Delivered' })).toBeTruthy(),
    );
    expect(within(dialog()).queryByText(/^Amount due/)).toBeNull();
    expect(within(dialog()).getByText(PAYMENT_MESSAGES.paymentSaved('₹1,500'))).toBeTruthy();
    expect((within(dialog()).getByLabelText(/^Delivery Code/) as HTMLInputElement).value).toBe(made.code);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Mark as Delivered' }));
    await waitFor(() => expect(screen.getByText('Now: Delivered')).toBeTruthy());
    expect(summary()).toEqual({ Total: '₹2,000', Paid: '₹2,000', Due: '₹0' });
  });
});
