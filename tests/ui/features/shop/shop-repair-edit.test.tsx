import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import { editNoteText } from '../../../../src/ui/features/shop/repair/history';
import {
  CONFLICT_TEXTS,
  JOB_CARD_LABELS,
  REPAIR_EDIT_TEXTS,
} from '../../../../src/ui/features/shop/shop-texts';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
const STAFF = 'staff@demo.test';

/** Opens RPR-1001 (Sharma Mobile Care - Bandra, Asha Customer, In Progress) as `account`. */
async function openRpr1001(account = OWNER): Promise<RenderedApp> {
  const app = await renderApp({ path: '/shop/repairs/repair-1001', signedInAs: account });
  // The first render loads the whole app: give it longer than a click's answer.
  await screen.findByRole('heading', { level: 1, name: 'RPR-1001' });
  return app;
}

const details = () => screen.getByRole('heading', { level: 2, name: 'Details' }).closest('div.rounded-2xl');
const detailsCard = () => {
  const card = details();
  if (!(card instanceof HTMLElement)) throw new Error('no Details card');
  return within(card);
};
const form = () => within(screen.getByRole('form', { name: 'Edit details' }));
const input = (label: RegExp) => form().getByLabelText(label) as HTMLInputElement;
const history = () =>
  within(screen.getByRole('list', { name: 'History' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

async function openEdit(app: RenderedApp): Promise<void> {
  await app.user.click(detailsCard().getByRole('button', { name: REPAIR_EDIT_TEXTS.edit }));
  await screen.findByRole('form', { name: 'Edit details' });
}

async function retype(app: RenderedApp, label: RegExp, text: string): Promise<void> {
  await app.user.clear(input(label));
  if (text !== '') await app.user.type(input(label), text);
}

describe('/shop/repairs/$id: editing the details', () => {
  it('opens every field with the job card labels and the repair as it is', async () => {
    const app = await openRpr1001();
    expect(detailsCard().getByText('Asha Customer')).toBeTruthy();
    expect(detailsCard().getByText('₹2,500')).toBeTruthy();
    await openEdit(app);
    expect(input(/^Customer Name/).value).toBe('Asha Customer');
    expect(input(/^Customer Mobile/).value).toBe('9876543210');
    expect((form().getByLabelText(/^Device Type/) as HTMLSelectElement).value).toBe('Mobile');
    expect(input(/^Brand & Model/).value).toBe('Galaxy S21');
    expect(input(/^IMEI \/ Serial/).value).toBe('356938035643809');
    expect(form().getByRole('group', { name: JOB_CARD_LABELS.problems })).toBeTruthy();
    expect(input(/^Other problem/).value).toBe('Cracked screen');
    expect(form().getByRole('group', { name: JOB_CARD_LABELS.accessories })).toBeTruthy();
    expect(form().getByLabelText(JOB_CARD_LABELS.conditionNotes)).toBeTruthy();
    expect(input(/^Estimate/).value).toBe('2800');
    expect(input(/^Final Amount/).value).toBe('2500');
    expect(input(/^Promised Date/).value).toBe('');
    // The unlock code is masked until asked for.
    const code = input(/^Unlock Code/);
    expect(code.type).toBe('password');
    expect(code.value).toBe('2580');
    await app.user.click(form().getByRole('button', { name: 'Show unlock code' }));
    expect(code.type).toBe('text');
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('shows the unlock code on the page only on request', async () => {
    const app = await openRpr1001();
    expect(detailsCard().queryByText('2580')).toBeNull();
    await app.user.click(detailsCard().getByRole('button', { name: 'Show unlock code' }));
    expect(detailsCard().getByText('2580')).toBeTruthy();
    await app.user.click(detailsCard().getByRole('button', { name: 'Hide unlock code' }));
    expect(detailsCard().queryByText('2580')).toBeNull();
  });

  it("saves only the changed fields, shows them, and adds an 'edit' entry to the history", async () => {
    const app = await openRpr1001();
    const update = vi.spyOn(app.services.useCases.shop, 'updateRepair');
    const entries = history().length;
    await openEdit(app);
    await retype(app, /^Customer Name/, 'Asha C');
    await retype(app, /^Final Amount/, '2,600');
    await app.user.click(form().getByRole('checkbox', { name: 'Charger' }));
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await screen.findByText(REPAIR_EDIT_TEXTS.saved)).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    // With the repair as the form showed it: what the edit is based on.
    expect(update).toHaveBeenCalledWith(
      'repair-1001',
      {
        customerName: 'Asha C',
        finalAmount: '2,600',
        accessories: ['sim-tray', 'charger', 'back-cover'],
        otherAccessory: '',
      },
      expect.objectContaining({
        repair: expect.objectContaining({ customerName: 'Asha Customer' }),
        unlockCode: expect.any(String),
      }),
    );
    expect(screen.queryByRole('form', { name: 'Edit details' })).toBeNull();
    expect(detailsCard().getByText('Asha C')).toBeTruthy();
    expect(detailsCard().getByText('₹2,600')).toBeTruthy();
    expect(detailsCard().getByText('SIM tray, Charger, Back cover')).toBeTruthy();
    await waitFor(() => expect(history()).toHaveLength(entries + 1));
    expect(history()[0]).toMatch(/In Progress \(edited\)/);
    expect(history()[0]).toContain('Changed: Accessories Received, Customer Name, Final Amount (₹)');
    const stored = await app.backend.ports.shopRepairs.get('repair-1001');
    expect(stored).toMatchObject({
      customerName: 'Asha C',
      finalPaise: 260_000,
      accessories: ['sim-tray', 'charger', 'back-cover'],
    });
    expect(stored?.history.at(-1)).toMatchObject({ kind: 'edit', status: 'inprogress' });
  });

  it('keeps what was typed and shows the message under an invalid field, saving nothing', async () => {
    const app = await openRpr1001();
    const update = vi.spyOn(app.services.useCases.shop, 'updateRepair');
    await openEdit(app);
    await retype(app, /^Customer Name/, 'Asha Kumari');
    await retype(app, /^Customer Mobile/, '12345');
    await retype(app, /^Final Amount/, 'lots');
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await form().findByText(SHOP_MESSAGES.customerMobileInvalid)).toBeTruthy();
    expect(form().getByText(SHOP_MESSAGES.amountInvalid)).toBeTruthy();
    expect(input(/^Customer Mobile/).value).toBe('12345');
    expect(input(/^Customer Name/).value).toBe('Asha Kumari');
    expect(input(/^Final Amount/).value).toBe('lots');
    expect(document.activeElement).toBe(input(/^Customer Mobile/));
    expect(update).not.toHaveBeenCalled();
    expect(await app.backend.ports.shopRepairs.get('repair-1001')).toMatchObject({
      customerName: 'Asha Customer',
      customerMobile: '9876543210',
    });
  });

  it('Cancel puts every field back', async () => {
    const app = await openRpr1001();
    await openEdit(app);
    await retype(app, /^Brand & Model/, 'Galaxy S22');
    await retype(app, /^Customer Name/, '');
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.cancel }));
    expect(screen.queryByRole('form', { name: 'Edit details' })).toBeNull();
    expect(detailsCard().getByText('Galaxy S21')).toBeTruthy();
    await openEdit(app);
    expect(input(/^Brand & Model/).value).toBe('Galaxy S21');
    expect(input(/^Customer Name/).value).toBe('Asha Customer');
  });

  it('says so when nothing changed, and sends nothing', async () => {
    const app = await openRpr1001();
    const update = vi.spyOn(app.services.useCases.shop, 'updateRepair');
    await openEdit(app);
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await screen.findByText(REPAIR_EDIT_TEXTS.nothingChanged)).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('keeps the form and says why when the backend does not answer; the data stays as it was', async () => {
    const app = await openRpr1001();
    const before = (await app.backend.ports.shopRepairs.get('repair-1001'))?.conditionNotes;
    expect(before).not.toBe('');
    await openEdit(app);
    await retype(app, /^Condition Notes/, 'Scratches on the back');
    app.backend.db.outage = true;
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await form().findByText(SHOP_MESSAGES.saveFailed)).toBeTruthy();
    expect((form().getByLabelText(/^Condition Notes/) as HTMLTextAreaElement).value).toBe(
      'Scratches on the back',
    );
    app.backend.db.outage = false;
    expect((await app.backend.ports.shopRepairs.get('repair-1001'))?.conditionNotes).toBe(before);
    // Once it answers again, the same form saves.
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await screen.findByText(REPAIR_EDIT_TEXTS.saved)).toBeTruthy();
    expect(detailsCard().getByText('Scratches on the back')).toBeTruthy();
  });

  it('lets staff edit too', async () => {
    const app = await openRpr1001(STAFF);
    await openEdit(app);
    await retype(app, /^Promised Date/, '2026-11-30');
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await screen.findByText(REPAIR_EDIT_TEXTS.saved)).toBeTruthy();
    expect(detailsCard().getByText('30 Nov 2026')).toBeTruthy();
    expect((await app.backend.ports.shopRepairs.get('repair-1001'))?.promisedDate).toBe('2026-11-30');
    // Shown as the tracking link writes it; the date input keeps the ISO value.
    await openEdit(app);
    expect(input(/^Promised Date/).value).toBe('2026-11-30');
  });

  it('refuses a promised date in the past under its field', async () => {
    const app = await openRpr1001();
    await openEdit(app);
    await retype(app, /^Promised Date/, '2026-11-01');
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await form().findByText(SHOP_MESSAGES.promisedDateInPast)).toBeTruthy();
    expect(input(/^Promised Date/).value).toBe('2026-11-01');
  });

  it('keeps a delivered repair read-only', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const delivered = await app.backend.ports.shopRepairs.page('store-sharma-1', {
      status: 'delivered',
      limit: 1,
    });
    const repair = delivered.items[0];
    if (repair === undefined) throw new Error('the demo data has a delivered repair in store-sharma-1');
    await app.router.navigate({ to: '/shop/repairs/$id', params: { id: repair.id } });
    await screen.findByRole('heading', { level: 1, name: repair.repairId });
    expect(detailsCard().queryByRole('button', { name: REPAIR_EDIT_TEXTS.edit })).toBeNull();
    expect(detailsCard().getByText(SHOP_MESSAGES.repairFinalReadOnly('Delivered'))).toBeTruthy();
  });
});

describe('/shop/repairs/$id: an edit based on what another device changed since (issue 20)', () => {
  it('saves nothing over it, says so, and asks field by field with both values', async () => {
    const app = await openRpr1001();
    await openEdit(app);
    // Meanwhile, another device changes the estimate to ₹3,000 (as it reaches this device's backend).
    await app.backend.ports.shopRepairs.update('repair-1001', { estimatePaise: 300_000 });
    await retype(app, /^Estimate/, '3300');
    await app.user.click(form().getByRole('button', { name: REPAIR_EDIT_TEXTS.save }));
    expect(await detailsCard().findByText(SHOP_MESSAGES.editChangedElsewhere)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit details' })).toBeNull();
    const panel = within(await screen.findByRole('region', { name: CONFLICT_TEXTS.title }));
    const estimate = within(panel.getByRole('group', { name: 'Estimate (₹)' }));
    expect(estimate.getByTestId('mine-estimatePaise').textContent).toBe('₹3,300');
    expect(estimate.getByTestId('saved-estimatePaise').textContent).toBe('₹3,000');
    expect(detailsCard().getByText('₹3,000')).toBeTruthy();
    // Keeping this device's value saves it as a new edit.
    await app.user.click(panel.getByRole('radio', { name: 'Estimate (₹): Keep this device’s' }));
    await app.user.click(panel.getByRole('button', { name: CONFLICT_TEXTS.save }));
    await waitFor(() => expect(screen.queryByRole('region', { name: CONFLICT_TEXTS.title })).toBeNull());
    await waitFor(() => expect(detailsCard().getByText('₹3,300')).toBeTruthy());
  });
});

describe('editNoteText', () => {
  it("reads an 'edit' entry's stored field names as the form's labels, each once", () => {
    expect(editNoteText('Changed: otherAccessory, customerName, accessories, finalPaise')).toBe(
      'Changed: Accessories Received, Customer Name, Final Amount (₹)',
    );
    expect(editNoteText('Changed: productType, productName, problemList, estimatePaise, unlockCode')).toBe(
      'Changed: Device Type, Brand & Model, Problems, Estimate (₹), Unlock Code',
    );
    // A field it does not know, as stored; a note of another shape, as written.
    expect(editNoteText('Changed: colour')).toBe('Changed: colour');
    expect(editNoteText('Customer asked for a new screen')).toBe('Customer asked for a new screen');
  });
});
