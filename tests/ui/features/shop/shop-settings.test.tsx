import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAFF_TEXTS } from '../../../../src/domain/shop/staff-use-cases';
import { STORE_SETUP_MESSAGES } from '../../../../src/domain/shop/store-setup';
import { SETTINGS_TEXTS, STORE_FIELD_LABELS } from '../../../../src/ui/features/shop/settings/settings-texts';
import { STAFF_LABELS } from '../../../../src/ui/features/shop/shop-texts';
import { seriousA11yViolations } from '../../axe-check';
import { pathOf, renderApp, screen } from '../../render-app';

/*
 * /shop/settings (../shared/spec/owner-console.md, "Settings"): the owner's store details, 'Job Sheet
 * Terms', 'Message Templates' with a live preview each (and 'Payment Reminder'), 'Save Settings', the
 * store choice, and the 'Staff' section; staff are refused.
 */

const OWNER = 'owner01@demo.test';
const STORE = 'store-sharma-1';
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const previewOf = (label: string) => {
  const row = field(label).closest('div.grid') as HTMLElement;
  return within(row).getByRole('status');
};

describe("the owner's settings (/shop/settings)", () => {
  it("shows the store's settings, previews a template as it is typed, and saves", async () => {
    const app = await renderApp({ path: `/shop/settings?store=${STORE}`, signedInAs: OWNER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' }),
    ).toBeTruthy();
    expect(field(STORE_FIELD_LABELS.upiId).value).toBe('sharmamobile@okaxis');
    expect(screen.getByRole('heading', { name: SETTINGS_TEXTS.messageTemplates })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: STAFF_LABELS.section })).toBeTruthy();
    // The default message of 'Ready for Pickup', for the sample repair.
    expect(previewOf('Ready for Pickup').textContent).toContain('Dear Ravi Kumar, good news!');
    const ready = field('Ready for Pickup');
    await app.user.type(ready, 'Hi {{customerName}, {{repairId} is ready. Pay {{amountDue}.');
    expect(previewOf('Ready for Pickup').textContent).toMatch(
      /^Hi Ravi Kumar, [A-Z]+-1042 is ready\. Pay ₹1,500\.$/,
    );
    await app.user.type(field(SETTINGS_TEXTS.paymentReminder), 'Please pay {{amountDue} to {{shopName}.');
    expect(previewOf(SETTINGS_TEXTS.paymentReminder).textContent).toBe(
      'Please pay ₹1,500 to Sharma Mobile Care - Bandra.',
    );
    await app.user.clear(field(STORE_FIELD_LABELS.city));
    await app.user.type(field(STORE_FIELD_LABELS.city), 'Mumbai');
    await app.user.selectOptions(field(STORE_FIELD_LABELS.state), 'Maharashtra');
    await app.user.clear(field(STORE_FIELD_LABELS.pincode));
    await app.user.type(field(STORE_FIELD_LABELS.pincode), '400050');
    if (field(STORE_FIELD_LABELS.address).value === '')
      await app.user.type(field(STORE_FIELD_LABELS.address), 'Linking Road, Bandra West');
    // The invoice settings: the standard ones until changed.
    expect(field(SETTINGS_TEXTS.gstRate).value).toBe('18');
    expect(field(SETTINGS_TEXTS.sacCode).value).toBe('998716');
    expect((field(SETTINGS_TEXTS.pricesIncludeTax) as HTMLInputElement).checked).toBe(true);
    await app.user.selectOptions(field(SETTINGS_TEXTS.gstRate), '12');
    await app.user.clear(field(SETTINGS_TEXTS.sacCode));
    await app.user.type(field(SETTINGS_TEXTS.sacCode), '998713');
    await app.user.click(field(SETTINGS_TEXTS.pricesIncludeTax));
    expect(await seriousA11yViolations()).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: SETTINGS_TEXTS.saveSettings }));
    expect(await screen.findByText(STORE_SETUP_MESSAGES.saved)).toBeTruthy();
    const saved = await app.backend.ports.shopMembers.settings(STORE);
    expect(saved).toMatchObject({
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
      gstRatePercent: 12,
      sacCode: '998713',
      pricesIncludeTax: false,
    });
    expect(saved.messageTemplates).toEqual({
      ready: 'Hi {customerName}, {repairId} is ready. Pay {amountDue}.',
      paymentReminder: 'Please pay {amountDue} to {shopName}.',
    });
  });

  it('keeps what was typed and says under the field what is wrong', async () => {
    const app = await renderApp({ path: `/shop/settings?store=${STORE}`, signedInAs: OWNER });
    await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' });
    await app.user.clear(field(STORE_FIELD_LABELS.gstin));
    await app.user.type(field(STORE_FIELD_LABELS.gstin), '27AAPFS1234C1Z5');
    await app.user.clear(field(STORE_FIELD_LABELS.upiId));
    await app.user.type(field(STORE_FIELD_LABELS.upiId), 'sharma mobile');
    await app.user.clear(field(SETTINGS_TEXTS.sacCode));
    await app.user.type(field(SETTINGS_TEXTS.sacCode), '12345');
    await app.user.click(screen.getByRole('button', { name: SETTINGS_TEXTS.saveSettings }));
    expect(await screen.findByText(STORE_SETUP_MESSAGES.sacCodeInvalid)).toBeTruthy();
    expect(field(SETTINGS_TEXTS.sacCode).value).toBe('12345');
    expect(await screen.findByText(STORE_SETUP_MESSAGES.gstinInvalid)).toBeTruthy();
    expect(screen.getByText(STORE_SETUP_MESSAGES.upiIdInvalid)).toBeTruthy();
    expect(field(STORE_FIELD_LABELS.gstin).value).toBe('27AAPFS1234C1Z5');
    expect(field(STORE_FIELD_LABELS.upiId).value).toBe('sharma mobile');
    expect((await app.backend.ports.shopMembers.settings(STORE)).upiId).toBe('sharmamobile@okaxis');
  });

  it('chooses the store as the board does', async () => {
    const app = await renderApp({ path: `/shop/settings?store=${STORE}`, signedInAs: OWNER });
    await screen.findByRole('heading', { level: 1, name: 'Sharma Mobile Care - Bandra' });
    await app.user.selectOptions(screen.getByLabelText(SETTINGS_TEXTS.store), 'store-sharma-2');
    await waitFor(() => expect(pathOf(app)).toBe('/shop/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: /Andheri/ })).toBeTruthy();
  });

  it('refuses staff', async () => {
    await renderApp({ path: `/shop/settings?store=${STORE}`, signedInAs: 'staff@demo.test' });
    expect(await screen.findByText(STORE_SETUP_MESSAGES.ownerOnly)).toBeTruthy();
    expect(screen.getByText(STAFF_TEXTS.ownersOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SETTINGS_TEXTS.saveSettings })).toBeNull();
  });
});
