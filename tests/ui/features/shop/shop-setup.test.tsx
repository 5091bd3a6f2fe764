import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORE_SETUP_MESSAGES } from '../../../../src/domain/shop/store-setup';
import { SETUP_TEXTS, STORE_FIELD_LABELS } from '../../../../src/ui/features/shop/settings/settings-texts';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, type RenderedApp, renderApp, screen } from '../../render-app';

/*
 * /shop/setup, 'Set Up Your Shop' (../shared/spec/owner-console.md, "Opening a shop on the web"): a
 * customer account (role user) opens its shop from the dashboard, the prefix follows the name until it
 * is edited, bad input keeps what was typed with the message under the field, and the board follows.
 */

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

async function fill(app: RenderedApp, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    if (input.tagName === 'SELECT') await app.user.selectOptions(input, value);
    else {
      await app.user.clear(input);
      if (value !== '') await app.user.type(input, value);
    }
  }
}

const GOOD = {
  [STORE_FIELD_LABELS.name]: 'Asha Mobile Point',
  [STORE_FIELD_LABELS.phone]: '98200 12345',
  [STORE_FIELD_LABELS.address]: 'Shop 7, Station Road',
  [STORE_FIELD_LABELS.city]: 'Pune',
  [STORE_FIELD_LABELS.state]: 'Maharashtra',
  [STORE_FIELD_LABELS.pincode]: '411001',
};

describe("'Set Up Your Shop' (/shop/setup)", () => {
  it('is offered beside the tracker; a customer opens its shop and lands on its board', async () => {
    const app = await renderApp({ path: '/dashboard', signedInAs: 'customer@demo.test' });
    const aside = await screen.findByRole('complementary', { name: 'Your shop' });
    await app.user.click(within(aside).getByRole('link', { name: SETUP_TEXTS.setUpYourShop }));
    await waitFor(() => expect(pathOf(app)).toBe('/shop/setup'));
    expect(await screen.findByRole('heading', { level: 1, name: SETUP_TEXTS.setUpYourShop })).toBeTruthy();
    await fill(app, GOOD);
    // The prefix follows the name.
    expect(field(STORE_FIELD_LABELS.repairIdPrefix).value).toBe('AMP');
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: SETUP_TEXTS.createStore }));
    await waitFor(() => expect(pathOf(app)).toBe('/shop'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Mobile Point' })).toBeTruthy();
    const [store] = await app.backend.ports.shopMembers.myStores();
    expect(store?.role).toBe('owner');
    expect((await app.backend.ports.shopMembers.settings(store?.storeId ?? '')).repairIdPrefix).toBe('AMP');
  });

  it('keeps a prefix the person wrote when the name changes', async () => {
    const app = await renderApp({ path: '/shop/setup', signedInAs: 'customer@demo.test' });
    await screen.findByRole('heading', { level: 1, name: SETUP_TEXTS.setUpYourShop });
    await fill(app, { [STORE_FIELD_LABELS.name]: 'Asha Mobiles' });
    expect(field(STORE_FIELD_LABELS.repairIdPrefix).value).toBe('AM');
    await fill(app, { [STORE_FIELD_LABELS.repairIdPrefix]: 'ASHA' });
    await fill(app, { [STORE_FIELD_LABELS.name]: 'Asha Mobile Care' });
    expect(field(STORE_FIELD_LABELS.repairIdPrefix).value).toBe('ASHA');
  });

  it('puts each message under its field, keeps what was typed, and opens nothing', async () => {
    const app = await renderApp({ path: '/shop/setup', signedInAs: 'customer@demo.test' });
    await screen.findByRole('heading', { level: 1, name: SETUP_TEXTS.setUpYourShop });
    await fill(app, {
      ...GOOD,
      [STORE_FIELD_LABELS.pincode]: '011001',
      [STORE_FIELD_LABELS.gstin]: '27AAPFU0939F1ZO',
      [STORE_FIELD_LABELS.upiId]: 'asha at okaxis',
      [STORE_FIELD_LABELS.repairIdPrefix]: 'A1',
    });
    await app.user.click(screen.getByRole('button', { name: SETUP_TEXTS.createStore }));
    expect(await screen.findByText(STORE_SETUP_MESSAGES.pincodeInvalid)).toBeTruthy();
    expect(screen.getByText(STORE_SETUP_MESSAGES.gstinInvalid)).toBeTruthy();
    expect(screen.getByText(STORE_SETUP_MESSAGES.upiIdInvalid)).toBeTruthy();
    expect(screen.getByText(STORE_SETUP_MESSAGES.prefixInvalid)).toBeTruthy();
    expect(field(STORE_FIELD_LABELS.pincode).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(STORE_FIELD_LABELS.pincode)));
    expect(field(STORE_FIELD_LABELS.gstin).value).toBe('27AAPFU0939F1ZO');
    expect(field(STORE_FIELD_LABELS.name).value).toBe('Asha Mobile Point');
    expect(pathOf(app)).toBe('/shop/setup');
    expect(await app.backend.ports.shopMembers.myStores()).toEqual([]);
  });

  it('lets an owner add a store from settings, not with a prefix its stores use', async () => {
    const app = await renderApp({ path: '/shop/settings', signedInAs: 'owner02@demo.test' });
    await app.user.click(await screen.findByRole('link', { name: SETUP_TEXTS.addStore }));
    expect(await screen.findByRole('heading', { level: 1, name: SETUP_TEXTS.addStore })).toBeTruthy();
    await fill(app, { ...GOOD, [STORE_FIELD_LABELS.name]: 'Iyer Electronics' });
    // 'IE' is the first store's: the suggestion is the next free one.
    expect(field(STORE_FIELD_LABELS.repairIdPrefix).value).toBe('IEA');
    await fill(app, { [STORE_FIELD_LABELS.repairIdPrefix]: 'IE' });
    await app.user.click(screen.getByRole('button', { name: SETUP_TEXTS.createStore }));
    expect(await screen.findByText(STORE_SETUP_MESSAGES.prefixTaken)).toBeTruthy();
  });

  it('tells a distributor that it cannot set up a shop', async () => {
    await renderApp({ path: '/shop/setup', signedInAs: 'distributor@demo.test' });
    expect(await screen.findByText(STORE_SETUP_MESSAGES.notAllowed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SETUP_TEXTS.createStore })).toBeNull();
  });
});
