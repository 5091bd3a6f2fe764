/**
 * The printed invoice (InvoiceSheet) and its print frame (InvoicePrint), from Invoice snapshots written
 * here: what a 'Tax Invoice' prints (Rule 46), IGST for another state's customer, a 'Receipt' without
 * tax, an advance deducted with its voucher numbers, the vouchers' titles, and the paper's `@page` rule;
 * the issue form (a customer GSTIN checked, the confirmation) and the WhatsApp link.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { computeGst, gstSupplyBetween } from '../../../../src/domain/shop/gst';
import type { Invoice } from '../../../../src/domain/shop/invoice';
import { invoicePageRule, parseInvoiceSearch } from '../../../../src/ui/features/shop/invoice/invoice-paper';
import { InvoicePrint } from '../../../../src/ui/features/shop/invoice/invoice-print';
import { invoiceLink, invoiceShare } from '../../../../src/ui/features/shop/invoice/invoice-share';
import {
  addressLines,
  InvoiceSheet,
  invoiceDate,
} from '../../../../src/ui/features/shop/invoice/invoice-sheet';
import { INVOICE_TEXTS } from '../../../../src/ui/features/shop/invoice/invoice-texts';
import { IssueInvoice } from '../../../../src/ui/features/shop/invoice/issue-invoice';
import { seriousA11yViolations } from '../../axe-check';

const SELLER = {
  name: 'Sharma Mobile Care - Bandra',
  address: 'Shop 3, Linking Road, Bandra West, Mumbai 400050',
  city: 'Mumbai',
  state: 'Maharashtra',
  stateCode: '27',
  pincode: '400050',
  phone: '9811111111',
  gstin: '27AAPFS1234C1ZD',
};

/** A tax invoice of ₹1,300 (tax-inclusive, 18%, within Maharashtra), issued 26 Nov 2026 at 10:00 IST. */
function taxInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'repair-1',
    kind: 'tax-invoice',
    number: 'SMC/26-27/0042',
    financialYear: 2026,
    serial: 42,
    storeId: 'store-sharma-1',
    repairDocId: 'repair-1',
    repairId: 'SMC-1042',
    issuedAt: new Date('2026-11-26T04:30:00Z'),
    issuedBy: { uid: 'owner01', name: 'Rahul Sharma' },
    seller: SELLER,
    customer: { name: 'Ravi Kumar', mobile: '9876543210', gstin: '' },
    placeOfSupply: 'Maharashtra (27)',
    description: 'Repair of Samsung Galaxy A14: Screen broken',
    sac: '998716',
    gst: computeGst({ amountPaise: 130_000 }),
    taxInclusive: true,
    advanceDeductedPaise: 0,
    advanceVoucherNumbers: [],
    balancePaise: 130_000,
    amountInWords: 'Rupees One Thousand Three Hundred only',
    paymentId: null,
    referenceNumber: '',
    ...overrides,
  };
}

const textOf = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

describe('the printed invoice', () => {
  it("prints a tax invoice with Rule 46's fields: CGST and SGST at half the rate each, the total in words", async () => {
    render(<InvoiceSheet invoice={taxInvoice()} paper="a4" />);
    const sheet = screen.getByRole('article', { name: 'Tax Invoice SMC/26-27/0042' });
    const text = textOf(sheet);
    expect(within(sheet).getByRole('heading', { name: 'Tax Invoice' })).toBeTruthy();
    // ₹1,300 with 18% inside: taxable ₹1,101.69, tax ₹198.31 split 99.16 + 99.15 (the odd paisa to CGST).
    for (const expected of [
      'Sharma Mobile Care - Bandra',
      'Shop 3, Linking Road, Bandra West, Mumbai 400050',
      'Mumbai 400050Maharashtra',
      'GSTIN: 27AAPFS1234C1ZD',
      'Invoice No.SMC/26-27/0042',
      'Date26 Nov 2026',
      'Place of SupplyMaharashtra (27)',
      'NameRavi Kumar',
      'Mobile9876543210',
      'Repair of Samsung Galaxy A14: Screen broken',
      '998716',
      'Taxable Value₹1,101.69',
      'CGST @ 9%₹99.16',
      'SGST @ 9%₹99.15',
      'Total₹1,300',
      'Amount in Words: Rupees One Thousand Three Hundred only',
      'For Sharma Mobile Care - Bandra',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('Advance Deducted');
    // Rendered alone, without the app that titles its pages.
    document.title = 'Invoice SMC/26-27/0042';
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('prints IGST alone, and the customer’s GSTIN, for a customer of another state', () => {
    const gst = computeGst({ amountPaise: 118_000, supply: 'inter-state' });
    render(
      <InvoiceSheet
        invoice={taxInvoice({
          gst,
          customer: { name: 'Acme Traders', mobile: '9876543210', gstin: '29AAACA1234A1Z5' },
        })}
        paper="a5"
      />,
    );
    const text = textOf(screen.getByRole('article'));
    expect(text).toContain('GSTIN29AAACA1234A1Z5');
    expect(text).toContain('IGST @ 18%₹180');
    expect(text).toContain('Taxable Value₹1,000');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
  });

  it('prints the advance deducted with its voucher numbers, and the balance', () => {
    render(
      <InvoiceSheet
        invoice={taxInvoice({
          advanceDeductedPaise: 50_000,
          advanceVoucherNumbers: ['RV/26-27/0003'],
          balancePaise: 80_000,
        })}
        paper="80mm"
      />,
    );
    const text = textOf(screen.getByRole('article'));
    expect(text).toContain('Advance Deducted (RV/26-27/0003)−₹500');
    expect(text).toContain('Balance Payable₹800');
  });

  it('prints a receipt of a shop without a GSTIN: no GSTIN, SAC, place of supply or tax lines', () => {
    const gst = computeGst({ amountPaise: 130_000, ratePercent: 0 });
    render(
      <InvoiceSheet
        invoice={taxInvoice({
          kind: 'receipt',
          number: 'IE/26-27/0001',
          seller: { ...SELLER, name: 'Iyer Electronics', gstin: '' },
          gst,
        })}
        paper="a4"
      />,
    );
    const sheet = screen.getByRole('article', { name: 'Receipt IE/26-27/0001' });
    const text = textOf(sheet);
    expect(within(sheet).getByRole('heading', { name: 'Receipt' })).toBeTruthy();
    expect(text).toContain('Receipt No.IE/26-27/0001');
    expect(within(sheet).getByRole('columnheader', { name: 'Amount' })).toBeTruthy();
    expect(within(sheet).getByRole('cell', { name: '₹1,300' })).toBeTruthy();
    expect(text).toContain('Total₹1,300');
    for (const absent of ['GSTIN', 'SAC', '998716', 'Place of Supply', 'CGST', 'SGST', 'IGST', 'Taxable'])
      expect(text).not.toContain(absent);
  });

  it('titles a receipt voucher and a refund voucher as Rules 50 and 51 name them', () => {
    const { unmount } = render(
      <InvoiceSheet
        invoice={taxInvoice({
          kind: 'receipt-voucher',
          number: 'RV/26-27/0003',
          paymentId: 'p1',
          description: 'Advance for repair of Samsung Galaxy A14 (SMC-1042)',
        })}
        paper="a5"
      />,
    );
    let text = textOf(screen.getByRole('article', { name: 'Receipt Voucher RV/26-27/0003' }));
    expect(text).toContain('Voucher No.RV/26-27/0003');
    expect(text).toContain('Advance for repair of Samsung Galaxy A14 (SMC-1042)');
    expect(text).not.toContain('Against');
    unmount();
    render(
      <InvoiceSheet
        invoice={taxInvoice({
          kind: 'refund-voucher',
          number: 'RF/26-27/0001',
          paymentId: 'p2',
          description: 'Refund of advance for repair of Samsung Galaxy A14 (SMC-1042)',
          referenceNumber: 'RV/26-27/0003',
        })}
        paper="a5"
      />,
    );
    text = textOf(screen.getByRole('article', { name: 'Refund Voucher RF/26-27/0001' }));
    expect(text).toContain('Refund of advance for repair of Samsung Galaxy A14 (SMC-1042)');
    expect(text).toContain('Against Receipt VoucherRV/26-27/0003');
  });

  it('prints the city, state and pincode the street address does not already say', () => {
    expect(addressLines(SELLER)).toEqual(['Shop 3, Linking Road, Bandra West, Mumbai 400050', 'Maharashtra']);
    expect(addressLines({ ...SELLER, address: 'Shop 3, Linking Road' })).toEqual([
      'Shop 3, Linking Road',
      'Mumbai, Maharashtra 400050',
    ]);
    expect(addressLines({ ...SELLER, address: '', city: '', state: '', pincode: '' })).toEqual([]);
  });

  it('dates the invoice by the day in India, whatever the device’s zone', () => {
    // 31 Mar 2027, 20:00 UTC is already 1 Apr 2027 in India.
    expect(invoiceDate(new Date('2027-03-31T20:00:00Z'))).toBe('1 Apr 2027');
  });
});

describe('the print frame', () => {
  it("offers 'A4', 'A5', '80 mm' and 'Print', and writes the paper's @page rule", () => {
    const onPaper = vi.fn();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { container } = render(<InvoicePrint invoice={taxInvoice()} paper="a5" onPaper={onPaper} />);
    expect(screen.getByRole('button', { name: 'A5' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'A4' }).getAttribute('aria-pressed')).toBe('false');
    expect(container.querySelector('style')?.textContent).toBe('@page { size: A5 portrait; margin: 8mm; }');
    fireEvent.click(screen.getByRole('button', { name: '80 mm' }));
    expect(onPaper).toHaveBeenCalledWith('80mm');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('sizes each paper: A4 and A5 fixed, the 80 mm roll as long as the slip (at least 100 mm)', () => {
    expect(invoicePageRule('a4', 0)).toBe('@page { size: A4 portrait; margin: 12mm; }');
    expect(invoicePageRule('80mm', 0)).toBe('@page { size: 80mm 100mm; margin: 3mm; }');
    // 755 px is just under 200 mm; with 3 mm margins each side and 4 mm of slack: 210 mm.
    expect(invoicePageRule('80mm', 755)).toBe('@page { size: 80mm 210mm; margin: 3mm; }');
    expect(parseInvoiceSearch({ paper: '80mm' })).toEqual({ paper: '80mm' });
    expect(parseInvoiceSearch({ paper: 'letter' })).toEqual({});
    expect(parseInvoiceSearch({ paper: 'a5', voucher: 'pay-1', other: 1 })).toEqual({
      paper: 'a5',
      voucher: 'pay-1',
    });
    expect(parseInvoiceSearch({ voucher: 'x'.repeat(129) })).toEqual({});
  });
});

describe('the issue form', () => {
  /** The preview as the page builds it: IGST when the customer's GSTIN names another state. */
  const previewOf = (customerGstin: string) =>
    taxInvoice({
      number: 'Given on issue',
      customer: { name: 'Ravi Kumar', mobile: '9876543210', gstin: customerGstin },
      gst: computeGst({ amountPaise: 130_000, supply: gstSupplyBetween(SELLER.gstin, customerGstin) }),
    });

  it('refuses a wrong GSTIN with a clear message and keeps it; a right one changes the preview and is issued after the confirmation', async () => {
    const user = userEvent.setup();
    const onIssue = vi.fn();
    render(<IssueInvoice taxed previewOf={previewOf} onIssue={onIssue} issuing={false} outcome={null} />);
    const field = screen.getByLabelText(/^Customer GSTIN/) as HTMLInputElement;
    await user.type(field, '29AAACA1234A1Z6');
    await user.click(screen.getByRole('button', { name: 'Issue Invoice' }));
    expect(screen.getByText(INVOICE_TEXTS.invalidGstin)).toBeTruthy();
    expect(field.value).toBe('29AAACA1234A1Z6');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The wrong one is not in the preview either.
    expect(textOf(screen.getByRole('article'))).toContain('CGST @ 9%');

    await user.clear(field);
    await user.type(field, '27 aapfs1234c1zd');
    expect(screen.queryByText(INVOICE_TEXTS.invalidGstin)).toBeNull();
    await user.clear(field);
    // Karnataka's code with Sharma's PAN and the check character that fits: valid, another state.
    await user.type(field, '29AAPFS1234C1Z9');
    expect(textOf(screen.getByRole('article'))).toContain('IGST @ 18%');
    await user.click(screen.getByRole('button', { name: 'Issue Invoice' }));
    const dialog = screen.getByRole('dialog', { name: INVOICE_TEXTS.confirmTitle });
    expect(within(dialog).getByText(INVOICE_TEXTS.previewNote)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: INVOICE_TEXTS.cancel }));
    expect(onIssue).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Issue Invoice' }));
    await user.click(screen.getByRole('button', { name: INVOICE_TEXTS.confirm }));
    expect(onIssue).toHaveBeenCalledWith('29AAPFS1234C1Z9');
  });

  it("offers a receipt's store no GSTIN field, and shows a refusal's message", () => {
    render(
      <IssueInvoice
        taxed={false}
        previewOf={previewOf}
        onIssue={vi.fn()}
        issuing={false}
        outcome={{ ok: false, message: 'Set the final amount of this repair before issuing its invoice.' }}
      />,
    );
    expect(screen.queryByLabelText(/^Customer GSTIN/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Issue Receipt' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Set the final amount');
  });
});

describe('Send on WhatsApp', () => {
  it("sends the customer's number a short message with the invoice's link on the tracking link", () => {
    const share = invoiceShare(taxInvoice(), 'tok_123', 'https://app.example');
    expect(invoiceLink('https://app.example/', 'tok_123')).toBe('https://app.example/t/tok_123/invoice');
    if (!share.ok) throw new Error(share.message);
    const url = new URL(share.whatsApp);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919876543210');
    expect(url.searchParams.get('text')).toBe(
      'Sharma Mobile Care - Bandra: your Tax Invoice SMC/26-27/0042 is ready. View or print it here: https://app.example/t/tok_123/invoice',
    );
  });

  it('has nothing to send without a tracking link or a valid mobile, and says why', () => {
    expect(invoiceShare(taxInvoice(), null, 'https://app.example')).toEqual({
      ok: false,
      message: INVOICE_TEXTS.noTrackingLink,
    });
    const noMobile = taxInvoice({ customer: { name: 'Ravi', mobile: '12345', gstin: '' } });
    expect(invoiceShare(noMobile, 'tok', 'https://app.example')).toEqual({
      ok: false,
      message: INVOICE_TEXTS.noMobileForWhatsApp,
    });
  });
});
