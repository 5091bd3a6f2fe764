import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import { SEARCH_DEBOUNCE_MS } from '../../../../src/ui/components/search-box';
import { REPAIR_EDIT_TEXTS } from '../../../../src/ui/features/shop/shop-texts';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
const STAFF = 'staff@demo.test';

/** The job card of `store` (RPR-1001, Asha Customer at 9876543210, is in store-sharma-1). */
async function openJobCard(account = OWNER, store = 'store-sharma-1'): Promise<RenderedApp> {
  const app = await renderApp({ path: `/shop/repairs/new?store=${store}`, signedInAs: account });
  // The first render loads the whole app: give it longer than a click's answer.
  await screen.findByRole('heading', { level: 1, name: 'New Repair' });
  return app;
}

const nameInput = () => screen.getByLabelText(/^Customer Name/) as HTMLInputElement;
const mobileInput = () => screen.getByLabelText(/^Customer Mobile/) as HTMLInputElement;
const offers = () => screen.queryByRole('list', { name: 'Earlier customers of this number' });
/** Long enough for the pause after typing and the look-up. */
const settle = () => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 200));

describe('/shop/repairs/new: an earlier customer by mobile', () => {
  it("offers the store's earlier customer for the number, and fills the name on 'Use'", async () => {
    const app = await openJobCard();
    await app.user.type(mobileInput(), '+91 98765-43210');
    const list = await screen.findByRole('list', { name: 'Earlier customers of this number' });
    expect(within(list).getByText('Asha Customer')).toBeTruthy();
    expect(list.textContent).toContain(`${REPAIR_EDIT_TEXTS.earlierCustomer} Asha Customer`);
    // Offered, not filled.
    expect(nameInput().value).toBe('');
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.click(within(list).getByRole('button', { name: 'Use Asha Customer' }));
    expect(nameInput().value).toBe('Asha Customer');
    // Chosen: no longer offered.
    await waitFor(() => expect(offers()).toBeNull());
    expect(mobileInput().value).toBe('+91 98765-43210');
  });

  it('never replaces a name typed by hand unless it is chosen', async () => {
    const app = await openJobCard();
    await app.user.type(nameInput(), 'Ravi Kumar');
    await app.user.type(mobileInput(), '9876543210');
    const list = await screen.findByRole('list', { name: 'Earlier customers of this number' });
    await settle();
    expect(nameInput().value).toBe('Ravi Kumar');
    await app.user.click(within(list).getByRole('button', { name: 'Use Asha Customer' }));
    expect(nameInput().value).toBe('Asha Customer');
  });

  it('clears the name field error once an earlier customer is chosen after a failed submit', async () => {
    const app = await openJobCard();
    await app.user.click(screen.getByRole('button', { name: 'Create Repair' }));
    expect(await screen.findByText(SHOP_MESSAGES.customerNameRequired)).toBeTruthy();
    await app.user.type(mobileInput(), '09876543210');
    const list = await screen.findByRole('list', { name: 'Earlier customers of this number' });
    await app.user.click(within(list).getByRole('button', { name: 'Use Asha Customer' }));
    await waitFor(() => expect(screen.queryByText(SHOP_MESSAGES.customerNameRequired)).toBeNull());
    expect(nameInput().value).toBe('Asha Customer');
  });

  it('asks nothing for a number still being typed, and offers nobody for a new number', async () => {
    const app = await openJobCard();
    const lookUp = vi.spyOn(app.services.useCases.shop, 'earlierCustomer');
    await app.user.type(mobileInput(), '98765');
    await settle();
    expect(lookUp).not.toHaveBeenCalled();
    expect(offers()).toBeNull();
    await app.user.clear(mobileInput());
    await app.user.type(mobileInput(), '9000000001');
    await waitFor(() => expect(lookUp).toHaveBeenCalledWith('store-sharma-1', '9000000001'));
    await settle();
    expect(offers()).toBeNull();
    expect(nameInput().value).toBe('');
  });

  it("keeps to the store's own customers", async () => {
    const app = await openJobCard(OWNER, 'store-sharma-2');
    const lookUp = vi.spyOn(app.services.useCases.shop, 'earlierCustomer');
    await app.user.type(mobileInput(), '9876543210');
    await waitFor(() => expect(lookUp).toHaveBeenCalledWith('store-sharma-2', '9876543210'));
    await settle();
    expect(screen.queryByText('Asha Customer')).toBeNull();
  });

  it('works for staff of the store', async () => {
    const app = await openJobCard(STAFF);
    await app.user.type(mobileInput(), '98765 43210');
    const list = await screen.findByRole('list', { name: 'Earlier customers of this number' });
    await app.user.click(within(list).getByRole('button', { name: 'Use Asha Customer' }));
    expect(nameInput().value).toBe('Asha Customer');
  });

  it('says when the look-up fails, and keeps what was typed', async () => {
    const app = await openJobCard();
    await app.user.type(nameInput(), 'Ravi');
    app.backend.db.outage = true;
    await app.user.type(mobileInput(), '9876543210');
    expect(await screen.findByText(SHOP_MESSAGES.earlierCustomerFailed)).toBeTruthy();
    expect(nameInput().value).toBe('Ravi');
    expect(mobileInput().value).toBe('9876543210');
  });
});
