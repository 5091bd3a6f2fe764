import { act, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopRepair } from '../../../../src/domain/shop/repair-record';
import { DEMO_LINK_ELSEWHERE, PAID_IN_FULL } from '../../../../src/ui/features/tracker/tracking-page';
import { typedCard } from '../../../domain/shop/shop-world';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

/** Creates a repair as owner01 in its first store, then signs out: the customer opens the link. */
async function repairWithLink(app: RenderedApp): Promise<ShopRepair> {
  const { shop } = app.services.useCases;
  const stores = await shop.myStores();
  if (!stores.ok || stores.value.length === 0) throw new Error('owner01 has no store');
  const created = await shop.createRepair(stores.value[0]!.storeId, typedCard(), app.clock.now());
  if (!created.ok) throw new Error(JSON.stringify(created));
  await act(() => app.backend.ports.auth.signOut());
  return created.value.repair;
}

describe('/t/$token, the tracking link, signed out', () => {
  it("shows the repair's status, device and amounts, and nothing secret", async () => {
    const app = await renderApp({ path: '/', signedInAs: 'owner01@demo.test' });
    const repair = await repairWithLink(app);
    await act(() => app.router.navigate({ to: `/t/${repair.trackingToken}` as '/' }));

    expect(await screen.findByRole('heading', { level: 1, name: repair.repairId })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Received');
    expect(within(screen.getByRole('list', { name: 'Status history' })).getByText('Received')).toBeTruthy();
    expect(screen.getByText('Mobile · Galaxy S21')).toBeTruthy();
    expect(screen.getByText('Screen broken')).toBeTruthy();
    expect(screen.getByText('₹2,800')).toBeTruthy();
    expect(screen.getByText('₹500')).toBeTruthy();
    expect(screen.getByText('₹2,300')).toBeTruthy();
    expect(document.title).toBe(`Repair ${repair.repairId} · RepairMate`);
    const text = document.body.textContent ?? '';
    for (const secret of [repair.deliveryCode, '1234', '98765', 'Cara Customer'])
      expect(text).not.toContain(secret);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it("pays the store profile's UPI ID the amount due, whatever staff write on the repair", async () => {
    const app = await renderApp({ path: '/', signedInAs: 'owner01@demo.test' });
    const { shop } = app.services.useCases;
    const stores = await shop.myStores();
    if (!stores.ok) throw new Error('no stores');
    const created = await shop.createRepair(stores.value[0]!.storeId, typedCard(), app.clock.now());
    if (!created.ok) throw new Error('not created');
    const repair = created.value.repair;
    await act(() => app.backend.ports.auth.signIn('staff@demo.test', 'Demo@1234'));
    await shop.updateRepair(repair.id, { conditionNotes: 'Pay to sam@okaxis instead' });
    await act(() => app.backend.ports.auth.signOut());
    await act(() => app.router.navigate({ to: `/t/${repair.trackingToken}` as '/' }));

    const pay = await screen.findByRole('link', { name: 'Pay ₹2,300 with UPI' });
    expect(pay.getAttribute('href')).toBe(
      `upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2300.00&cu=INR&tn=${repair.repairId}`,
    );
    expect(screen.getByText('Sharma Mobile Care')).toBeTruthy();
    expect(document.body.textContent).not.toContain('sam@okaxis');
    // Total, Paid and Due as they are now; nothing says paid in full while money is due.
    const money = within(screen.getByRole('heading', { name: 'Payment' }).parentElement as HTMLElement);
    expect(money.getByText('Total').nextElementSibling?.textContent).toBe('₹2,800');
    expect(money.getByText('Paid').nextElementSibling?.textContent).toBe('₹500');
    expect(money.getByText('Due').nextElementSibling?.textContent).toBe('₹2,300');
    expect(screen.queryByText(PAID_IN_FULL)).toBeNull();
  });

  it("says 'Paid in full' and offers no UPI once nothing is due", async () => {
    const app = await renderApp({ path: '/', signedInAs: 'owner01@demo.test' });
    const { shop } = app.services.useCases;
    const stores = await shop.myStores();
    if (!stores.ok) throw new Error('no stores');
    const card = typedCard({ estimate: '1300', advancePaid: '1300' });
    const created = await shop.createRepair(stores.value[0]!.storeId, card, app.clock.now());
    if (!created.ok) throw new Error('not created');
    await act(() => app.backend.ports.auth.signOut());
    await act(() => app.router.navigate({ to: `/t/${created.value.repair.trackingToken}` as '/' }));

    expect(await screen.findByText(PAID_IN_FULL)).toBeTruthy();
    const money = within(screen.getByRole('heading', { name: 'Payment' }).parentElement as HTMLElement);
    expect(money.getByText('Due').nextElementSibling?.textContent).toBe('₹0');
    expect(screen.queryByRole('link', { name: /with UPI/ })).toBeNull();
  });

  it('says clearly when the shop has turned the link off', async () => {
    const app = await renderApp({ path: '/', signedInAs: 'owner01@demo.test' });
    const { shop } = app.services.useCases;
    const stores = await shop.myStores();
    if (!stores.ok) throw new Error('no stores');
    const created = await shop.createRepair(stores.value[0]!.storeId, typedCard(), app.clock.now());
    if (!created.ok) throw new Error('not created');
    expect((await shop.revokeTracking(created.value.repair.id)).ok).toBe(true);
    await act(() => app.backend.ports.auth.signOut());
    await act(() => app.router.navigate({ to: `/t/${created.value.repair.trackingToken}` as '/' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'This link was turned off' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('turned off by the shop');
    expect(screen.queryByText(created.value.repair.repairId)).toBeNull();
  });

  it('says when a link does not exist', async () => {
    await renderApp({ path: `/t/${'A'.repeat(22)}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This tracking link is not valid.');
    // The demo's data lives in one browser: it says so rather than leave a wrong-link answer alone.
    expect(screen.getByText(DEMO_LINK_ELSEWHERE)).toBeTruthy();
  });
});
