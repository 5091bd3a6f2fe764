/**
 * The invoice page (/shop/repairs/$id/invoice) and the customer's view (/t/$token/invoice) on the whole
 * app with the memory backend and the demo data: the repair page's 'Invoice' link, the preview and a
 * customer GSTIN (refused when wrong, IGST when of another state), issuing after the confirmation, the
 * issued tax invoice fixed, 'Send on WhatsApp', a receipt of a store without a GSTIN, a repair without a
 * final amount, a receipt voucher deducted on the invoice, and the tracking link's 'Invoice'.
 */
import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../../../src/domain/shop/settings';
import { PREVIEW_NUMBER } from '../../../../src/ui/features/shop/invoice/invoice-page';
import { INVOICE_TEXTS } from '../../../../src/ui/features/shop/invoice/invoice-texts';
import { NO_INVOICE_YET } from '../../../../src/ui/features/tracker/tracking-invoice-page';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';
/** An invoice or voucher number ('RPR/26-27/0001', a receipt voucher's 'RPR/26-27/R001'). */
const NUMBER = /[A-Z0-9-]{1,5}\/\d{2}-\d{2}\/[A-Z]?\d{3,}/;
/** A valid GSTIN of Karnataka (29), another state than Sharma Mobile Care's Maharashtra (27). */
const KARNATAKA_GSTIN = `29AAACA1234A1Z${gstinCheckCharacter('29AAACA1234A1Z')}`;

const textOf = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

async function openInvoice(app: RenderedApp, repairDocId: string) {
  await act(() => app.router.navigate({ to: '/shop/repairs/$id/invoice', params: { id: repairDocId } }));
}

/** Issues the invoice shown through its confirmation; answers the issued sheet. */
async function issue(app: RenderedApp, button: string) {
  await app.user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: INVOICE_TEXTS.confirmTitle });
  expect(within(dialog).getByText(INVOICE_TEXTS.previewNote)).toBeTruthy();
  await app.user.click(within(dialog).getByRole('button', { name: INVOICE_TEXTS.confirm }));
  return screen.findByRole('article', { name: new RegExp(`^(Tax Invoice|Receipt) ${NUMBER.source}$`) });
}

describe('/shop/repairs/$id/invoice', () => {
  it('is linked from a repair with a final amount; the preview shows what will be issued, and a wrong GSTIN is refused', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await act(() => app.router.navigate({ to: '/shop/repairs/$id', params: { id: 'repair-1013' } }));
    await app.user.click(await screen.findByRole('link', { name: INVOICE_TEXTS.invoice }));
    const preview = await screen.findByRole('article', { name: `Tax Invoice ${PREVIEW_NUMBER}` });
    expect(app.router.state.location.pathname).toBe('/shop/repairs/repair-1013/invoice');
    let text = textOf(preview);
    for (const expected of ['GSTIN: 27AAPFS1234C1ZD', 'RPR-1013', 'CGST @ 9%', 'SGST @ 9%', 'Total₹1,600'])
      expect(text).toContain(expected);
    expect(text).toContain('Rupees One Thousand Six Hundred only');
    expect(await seriousA11yViolations()).toEqual([]);

    // A wrong check character: a clear message, what was typed kept, nothing issued.
    const gstin = screen.getByLabelText(/^Customer GSTIN/);
    await app.user.type(gstin, '27AAPFS1234C1ZX');
    await app.user.click(screen.getByRole('button', { name: INVOICE_TEXTS.issueTaxInvoice }));
    expect(await screen.findByText(INVOICE_TEXTS.invalidGstin)).toBeTruthy();
    expect((gstin as HTMLInputElement).value).toBe('27AAPFS1234C1ZX');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Another state's GSTIN: IGST in the preview, and the customer's GSTIN on it.
    await app.user.clear(gstin);
    await app.user.type(gstin, KARNATAKA_GSTIN.toLowerCase());
    text = textOf(screen.getByRole('article'));
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain(`GSTIN${KARNATAKA_GSTIN}`);
    expect(text).not.toContain('CGST');
  });

  it('issues the tax invoice after the confirmation; it is then fixed, printable and shared', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await openInvoice(app, 'repair-1013');
    // Cancel first: nothing is issued.
    await app.user.click(await screen.findByRole('button', { name: INVOICE_TEXTS.issueTaxInvoice }));
    await app.user.click(screen.getByRole('button', { name: INVOICE_TEXTS.cancel }));
    expect(await app.services.useCases.invoices.load('repair-1013')).toMatchObject({
      ok: true,
      value: { invoice: null },
    });
    const sheet = await issue(app, INVOICE_TEXTS.issueTaxInvoice);
    const number = NUMBER.exec(sheet.getAttribute('aria-label') ?? '')?.[0] ?? '';
    expect(number.length).toBeLessThanOrEqual(16);
    expect(screen.getByRole('heading', { level: 1, name: `Tax Invoice ${number}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: INVOICE_TEXTS.issueTaxInvoice })).toBeNull();
    for (const paper of ['A4', 'A5', '80 mm'])
      expect(screen.getByRole('button', { name: paper })).toBeTruthy();
    // Its payment had no voucher before the invoice: none is offered after it.
    expect(screen.getByText(INVOICE_TEXTS.noVouchersIssued)).toBeTruthy();
    expect(screen.queryByRole('button', { name: INVOICE_TEXTS.issueReceiptVoucher })).toBeNull();
    // RPR-1013 has no tracking link: nothing to send, and the page says why.
    expect(screen.getByText(INVOICE_TEXTS.noTrackingLink)).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: '80 mm' }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ paper: '80mm' }));
    expect((sheet.closest('.invoice-sheet') ?? sheet).getAttribute('data-paper')).toBe('80mm');
    expect(await seriousA11yViolations()).toEqual([]);
    // Opened again: the same invoice, never a second number.
    await act(() => app.router.navigate({ to: '/terms' }));
    await openInvoice(app, 'repair-1013');
    expect(await screen.findByRole('article', { name: `Tax Invoice ${number}` })).toBeTruthy();
  });

  it('says a repair without a final amount has no invoice, with the way back, and the repair page has no link', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await act(() => app.router.navigate({ to: '/shop/repairs/$id', params: { id: 'repair-1011' } }));
    await screen.findByRole('heading', { level: 1, name: 'RPR-1011' });
    expect(screen.queryByRole('link', { name: INVOICE_TEXTS.invoice })).toBeNull();
    await openInvoice(app, 'repair-1011');
    expect(await screen.findByText(/final amount/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: INVOICE_TEXTS.issueTaxInvoice })).toBeNull();
    await app.user.click(screen.getByRole('link', { name: INVOICE_TEXTS.backToRepair }));
    expect(app.router.state.location.pathname).toBe('/shop/repairs/repair-1011');
  });

  it("issues a 'Receipt' without tax for a store without a GSTIN", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: 'owner02@demo.test' });
    await openInvoice(app, 'repair-1017');
    await screen.findByRole('button', { name: INVOICE_TEXTS.issueReceipt });
    expect(screen.queryByLabelText(/^Customer GSTIN/)).toBeNull();
    expect(screen.queryByRole('heading', { name: INVOICE_TEXTS.vouchers })).toBeNull();
    const sheet = await issue(app, INVOICE_TEXTS.issueReceipt);
    expect(sheet.getAttribute('aria-label')).toMatch(/^Receipt /);
    const text = textOf(sheet);
    expect(text).toContain('Rupees Five Thousand Five Hundred only');
    for (const absent of ['GSTIN', 'CGST', 'SGST', 'IGST', 'SAC']) expect(text).not.toContain(absent);
  });

  it('issues a receipt voucher for the advance, deducts it on the invoice, and shares the invoice link', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    await openInvoice(app, 'repair-1001');
    await app.user.click(await screen.findByRole('button', { name: INVOICE_TEXTS.issueReceiptVoucher }));
    const print = await screen.findByRole('link', { name: new RegExp(`^Print Voucher ${NUMBER.source}$`) });
    const voucher = NUMBER.exec(print.getAttribute('aria-label') ?? '')?.[0] ?? '';
    await app.user.click(print);
    const voucherSheet = await screen.findByRole('article', { name: `Receipt Voucher ${voucher}` });
    expect(textOf(voucherSheet)).toContain('Total₹500');
    await app.user.click(screen.getByRole('link', { name: INVOICE_TEXTS.backToInvoice }));

    const sheet = await issue(app, INVOICE_TEXTS.issueTaxInvoice);
    const number = NUMBER.exec(sheet.getAttribute('aria-label') ?? '')?.[0] ?? '';
    expect(textOf(sheet)).toContain(`Advance Deducted (${voucher})−₹500`);
    expect(textOf(sheet)).toContain('Balance Payable₹2,000');
    const repair = await app.backend.ports.shopRepairs.get('repair-1001');
    const whatsApp = new URL(
      screen.getByRole('link', { name: INVOICE_TEXTS.sendOnWhatsApp }).getAttribute('href') ?? '',
    );
    expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe('https://wa.me/919876543210');
    const message = whatsApp.searchParams.get('text') ?? '';
    expect(message).toContain(number);
    expect(message).toContain(`${window.location.origin}/t/${repair?.trackingToken}/invoice`);
  });
});

describe('/t/$token/invoice, the customer’s view', () => {
  it("shows 'Invoice' on the tracking page once issued, and only the invoice", async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const tokenOf = async (id: string) => (await app.backend.ports.shopRepairs.get(id))?.trackingToken ?? '';
    // RPR-1005 has no invoice: no link on its tracking page, and its invoice view says so.
    const [notIssued, token] = [await tokenOf('repair-1005'), await tokenOf('repair-1001')];
    const issued = await app.services.useCases.invoices.issue('repair-1001', { customerGstin: '' });
    if (!issued.ok) throw new Error(`issue failed: ${JSON.stringify(issued)}`);
    await app.backend.ports.auth.signOut();

    await act(() => app.router.navigate({ to: '/t/$token', params: { token: notIssued } }));
    await screen.findByRole('heading', { level: 1, name: 'RPR-1005' });
    expect(screen.queryByRole('link', { name: 'Invoice' })).toBeNull();
    await act(() => app.router.navigate({ to: '/t/$token/invoice', params: { token: notIssued } }));
    expect(await screen.findByText(NO_INVOICE_YET)).toBeTruthy();

    await act(() => app.router.navigate({ to: '/t/$token', params: { token } }));
    await app.user.click(await screen.findByRole('link', { name: 'Invoice' }));
    const sheet = await screen.findByRole('article', { name: `Tax Invoice ${issued.value.number}` });
    expect(app.router.state.location.pathname).toBe(`/t/${token}/invoice`);
    expect(textOf(sheet)).toContain('Rupees Two Thousand Five Hundred only');
    expect(screen.queryByRole('button', { name: /^Issue/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(await seriousA11yViolations()).toEqual([]);
  });
});
