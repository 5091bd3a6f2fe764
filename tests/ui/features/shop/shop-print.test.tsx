import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyJobCard } from '../../../../src/domain/shop/job-card';
import { SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import {
  forgetCreatedDeliveryCodes,
  rememberCreatedDeliveryCode,
} from '../../../../src/ui/features/shop/job-card/created-delivery-codes';
import {
  CODE_HIDDEN_HINT,
  CODE_NOT_ON_REPRINT,
  NO_TRACKING_LINK_HINT,
  NO_TRACKING_LINK_TEXT,
  pageRule,
} from '../../../../src/ui/features/shop/job-sheet/job-sheet-page';
import { parseJobSheetSearch } from '../../../../src/ui/features/shop/job-sheet/job-sheet-search';
import { SHOP_TEXTS } from '../../../../src/ui/features/shop/shop-texts';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
const STAFF = 'staff@demo.test';
const STORE = 'store-sharma-1';
const UNLOCK_CODE = '2580';

afterEach(() => {
  vi.restoreAllMocks();
  forgetCreatedDeliveryCodes();
});

/** Gives the store known settings (address, GSTIN, terms), whatever the demo data holds. */
function setStoreSettings(app: RenderedApp): void {
  const stored = app.backend.db.stores.get(STORE) ?? {};
  app.backend.db.stores.set(STORE, {
    ...stored,
    phone: '9811111111',
    address: 'Shop 3, Linking Road, Bandra West',
    gstin: '27AAPFS1234C1ZD',
    jobSheetTerms: 'Collect within 30 days.\nNo warranty on water damage.',
  });
}

async function createRepair(app: RenderedApp) {
  const created = await app.services.useCases.shop.createRepair(STORE, {
    ...emptyJobCard(),
    customerName: 'Ravi Kumar',
    customerMobile: '+91 98765-43210',
    deviceType: 'Mobile',
    brandModel: 'Samsung Galaxy A14',
    imeiSerial: '490154203237518',
    problems: ['Screen broken', 'Battery problem'],
    accessories: ['sim-tray', 'charger'],
    conditionNotes: 'Scratch on the back',
    unlockCode: UNLOCK_CODE,
    estimate: '2000',
    advancePaid: '500',
    promisedDate: '2026-11-25',
  });
  if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created)}`);
  return created.value.repair;
}

async function openPrint(app: RenderedApp, id: string, search: Record<string, string> = {}) {
  await app.router.navigate({ to: '/shop/repairs/$id/print', params: { id }, search });
  return screen.findByRole('article', { name: /^Job sheet / });
}

describe('/shop/repairs/$id/print', () => {
  it("staff print the customer's copy with the code only right after taking the repair in; later it says where the code is", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: STAFF });
    const repair = await createRepair(app);
    // The create's answer carries the code for the one who took the device in…
    expect(repair.deliveryCode).toMatch(/^\d{4}$/);
    rememberCreatedDeliveryCode(repair.id, repair.deliveryCode);
    let text = (await openPrint(app, repair.id)).textContent ?? '';
    expect(text).toContain(`Delivery Code: ${repair.deliveryCode}`);
    // …but staff never read it back: a reprint (another tab, after a reload) prints where it is instead.
    forgetCreatedDeliveryCodes();
    await app.router.navigate({ to: '/shop' });
    text = (await openPrint(app, repair.id)).textContent ?? '';
    expect(text).not.toContain(`Delivery Code: ${repair.deliveryCode}`);
    expect(text).toContain(CODE_NOT_ON_REPRINT);
    expect(screen.getByText(CODE_HIDDEN_HINT)).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('prints the shop header, the Repair ID, the QR of the tracking link and the repair, never the unlock code', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    setStoreSettings(app);
    const repair = await createRepair(app);
    const sheet = within(await openPrint(app, repair.id));
    const text = (await screen.findByRole('article')).textContent ?? '';
    expect(sheet.getByText('Sharma Mobile Care - Bandra')).toBeTruthy();
    expect(text).toContain('Phone: 9811111111');
    expect(text).toContain('Shop 3, Linking Road, Bandra West');
    expect(text).toContain('GSTIN: 27AAPFS1234C1ZD');
    expect(sheet.getByText(repair.repairId)).toBeTruthy();
    for (const expected of [
      'Ravi Kumar',
      '9876543210',
      'Mobile',
      'Samsung Galaxy A14',
      '490154203237518',
      'Screen broken, Battery problem',
      'SIM tray, Charger',
      'Scratch on the back',
      '₹2,000',
      '₹500',
      '₹1,500',
      '25 Nov 2026',
      '21 Nov 2026',
      'Collect within 30 days.',
      'No warranty on water damage.',
      'Customer’s signature',
      'For Sharma Mobile Care - Bandra',
    ])
      expect(text).toContain(expected);
    const link = `${window.location.origin}/t/${repair.trackingToken}`;
    expect(sheet.getByRole('img', { name: `QR code of the tracking link ${link}` })).toBeTruthy();
    expect(sheet.getByText(link)).toBeTruthy();
    // The customer's copy (the default) carries the delivery code; the unlock code is never printed.
    expect(text).toContain(`Delivery Code: ${repair.deliveryCode}`);
    expect(text).not.toContain(UNLOCK_CODE);
    expect(document.body.textContent).not.toContain(UNLOCK_CODE);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it("leaves the delivery code off the shop's copy, and the choice is in the URL", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const repair = await createRepair(app);
    await openPrint(app, repair.id);
    await app.user.click(screen.getByRole('button', { name: 'Shop copy' }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ copy: 'shop' }));
    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toContain('Shop copy');
    expect(text).not.toContain('Delivery Code');
    expect(text).not.toContain(repair.deliveryCode);
    expect(screen.getByRole('button', { name: 'Shop copy' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("switches between A5 and 80 mm paper, kept in '?paper', with the page size to match", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const repair = await createRepair(app);
    const article = await openPrint(app, repair.id);
    const sheet = () => article.closest('.job-sheet') as HTMLElement;
    const pageStyle = () =>
      [...document.querySelectorAll('style')]
        .map((style) => style.textContent ?? '')
        .find((css) => css.includes('@page'));
    expect(sheet().dataset.paper).toBe('a5');
    expect(screen.getByRole('button', { name: 'A5' }).getAttribute('aria-pressed')).toBe('true');
    expect(pageStyle()).toContain('size: A5 portrait');
    await app.user.click(screen.getByRole('button', { name: '80 mm' }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ paper: '80mm' }));
    expect(sheet().dataset.paper).toBe('80mm');
    expect(screen.getByRole('button', { name: '80 mm' }).getAttribute('aria-pressed')).toBe('true');
    expect(pageStyle()).toMatch(/size: 80mm \d+mm/);
    // The URL alone opens the thermal layout.
    await app.router.navigate({ to: '/terms' });
    await openPrint(app, repair.id, { paper: '80mm' });
    expect((screen.getByRole('article').closest('.job-sheet') as HTMLElement).dataset.paper).toBe('80mm');
  });

  it("calls the browser's print from 'Print'", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const repair = await createRepair(app);
    await openPrint(app, repair.id);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await app.user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says there is no tracking link instead of a QR code when the link is off', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const repair = await createRepair(app);
    expect((await app.services.useCases.shop.revokeTracking(repair.id)).ok).toBe(true);
    const sheet = within(await openPrint(app, repair.id));
    expect(sheet.getByText(NO_TRACKING_LINK_TEXT)).toBeTruthy();
    // The shop reads what to do on the screen; the paper does not carry it.
    expect(screen.getByText(NO_TRACKING_LINK_HINT)).toBeTruthy();
    expect(sheet.queryByText(NO_TRACKING_LINK_HINT)).toBeNull();
    expect(sheet.queryByRole('img')).toBeNull();
    expect(screen.getByRole('article').textContent).not.toContain(repair.trackingToken);
  });

  it("is linked from the repair page as 'Print Job Sheet'", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const repair = await createRepair(app);
    await app.router.navigate({ to: '/shop/repairs/$id', params: { id: repair.id } });
    await app.user.click(await screen.findByRole('link', { name: SHOP_TEXTS.printJobSheet }));
    expect(await screen.findByRole('article', { name: `Job sheet ${repair.repairId}` })).toBeTruthy();
    expect(app.router.state.location.pathname).toBe(`/shop/repairs/${repair.id}/print`);
  });

  it('refuses someone outside the store as the repair page does', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const repair = await createRepair(app);
    await app.backend.ports.auth.signOut();
    await app.backend.ports.auth.signIn('owner02@demo.test', 'Demo@1234');
    await app.router.navigate({ to: '/shop/repairs/$id/print', params: { id: repair.id } });
    expect(await screen.findByText(SHOP_MESSAGES.notStoreMember)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(document.body.textContent).not.toContain('Ravi Kumar');
  });

  it('sends a signed-out visitor to sign in', async () => {
    const app = await renderApp({ path: '/shop/repairs/anything/print' });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/signin'));
  });
});

describe('the job sheet’s page rule and URL', () => {
  it('sizes A5 fixed, and an 80 mm slip as long as the sheet (at least 100 mm)', () => {
    expect(pageRule('a5', 5000)).toBe('@page { size: A5 portrait; margin: 10mm; }');
    expect(pageRule('80mm', 0)).toBe('@page { size: 80mm 100mm; margin: 3mm; }');
    // 755 px = 199.8 mm, plus 2 × 3 mm margins and 4 mm to spare.
    expect(pageRule('80mm', 755)).toBe('@page { size: 80mm 210mm; margin: 3mm; }');
  });

  it('reads only known papers and copies', () => {
    expect(parseJobSheetSearch({ paper: '80mm', copy: 'shop' })).toEqual({ paper: '80mm', copy: 'shop' });
    expect(parseJobSheetSearch({ paper: 'a4', copy: 'everyone', other: 1 })).toEqual({});
  });
});
