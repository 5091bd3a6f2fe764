import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyJobCard } from '../../../../src/domain/shop/job-card';
import { renderApp, screen } from '../../render-app';

/*
 * The repair page's 'History' (src/ui/features/shop/repair/history.tsx) after money moves: a payment and
 * a refund each read as what they are, with their amount ('Payment ₹1,500', 'Refund ₹200'), never as a
 * bare status that looks like a status move. On the memory backend with the demo data (owner01 owns
 * store-sharma-1).
 */

describe("the repair page's 'History' with payments", () => {
  it('names a payment and a refund with their amounts, beside the status moves', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: 'owner01@demo.test' });
    const shop = app.services.useCases.shop;
    const created = await shop.createRepair('store-sharma-1', {
      ...emptyJobCard(),
      customerName: 'Ravi Kumar',
      customerMobile: '9876543210',
      deviceType: 'Mobile',
      brandModel: 'Samsung Galaxy A14',
      problems: ['Screen broken'],
      estimate: '2000',
      advancePaid: '500',
    });
    if (!created.ok) throw new Error(`create failed: ${created.message}`);
    const { id, repairId } = created.value.repair;
    await shop.changeStatus(id, { to: 'inprogress', expectedStatus: 'received' });
    await shop.changeStatus(id, { to: 'ready', expectedStatus: 'inprogress' });
    const paid = await shop.recordPayment(id, {
      id: 'history-payment-1',
      kind: 'payment',
      amount: '1500',
      mode: 'cash',
      upiReference: '',
      note: '',
    });
    expect(paid.ok).toBe(true);
    const refunded = await shop.recordPayment(id, {
      id: 'history-refund-1',
      kind: 'refund',
      amount: '200',
      mode: 'cash',
      upiReference: '',
      note: 'Charged for a part not fitted',
    });
    expect(refunded.ok).toBe(true);

    await app.router.navigate({ to: '/shop/repairs/$id', params: { id } });
    await screen.findByRole('heading', { level: 1, name: repairId });
    const history = screen.getByRole('list', { name: 'History' });
    // Newest first: each entry's headline is its first line.
    const headlines = within(history)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span.font-medium')?.textContent ?? '');
    expect(headlines).toEqual([
      'Refund ₹200',
      'Payment ₹1,500',
      'In Progress → Ready for Pickup',
      'Received → In Progress',
      'Created (Received)',
    ]);
    expect(within(history).getByText('Charged for a part not fitted')).toBeTruthy();
  });
});
