import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../src/domain/shop/invoice';
import { INVOICE_MESSAGES } from '../../../src/domain/shop/invoice';
import {
  type BuildInvoiceInput,
  buildInvoice,
  buildVoucher,
  type InvoiceRepair,
} from '../../../src/domain/shop/invoice-build';
import {
  formatInvoiceNumber,
  invoiceCounterMoveProblem,
  nextInSeries,
  parseInvoiceCounter,
  type StoredInvoiceCounter,
} from '../../../src/domain/shop/invoice-number';
import { parseStoredInvoice, storedInvoice } from '../../../src/domain/shop/invoice-record';
import { gstinCheckCharacter, parseStoreSettings } from '../../../src/domain/shop/settings';

/**
 * Building invoices and vouchers (issue 18, "Tests": GST against worked examples and properties, numbering
 * across a financial-year boundary) — domain/shop/invoice-build.ts and invoice-number.ts's series.
 */

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const STORE_GSTIN = gstin('27AAPFS1234C1Z'); // Maharashtra
const KARNATAKA_GSTIN = gstin('29AAGCB7383J1Z');
const MUMBAI_CUSTOMER_GSTIN = gstin('27AABCU9603R1Z');

const repair = (finalPaise: number | null, status = 'ready'): InvoiceRepair => ({
  repairId: 'SMC-1042',
  status,
  customerName: 'Ravi Kumar',
  customerMobile: '9876543210',
  productName: 'Samsung Galaxy A52',
  problemList: ['Screen broken', 'Battery problem'],
  finalPaise,
});

const storeWith = (settings: Record<string, unknown>) => ({
  id: 'store-1',
  name: 'Sharma Mobile Care',
  settings: parseStoreSettings({
    address: 'Shop 4, Station Road',
    city: 'Pune',
    state: 'Maharashtra',
    ...settings,
  }),
});

const NOW = new Date('2026-11-26T06:00:00Z');
const BY = { uid: 'owner-1', name: 'Anil Sharma' };

function input(over: Partial<BuildInvoiceInput> = {}): BuildInvoiceInput {
  return {
    repairDocId: 'repair-1',
    repair: repair(130_000),
    store: storeWith({ gstin: STORE_GSTIN }),
    customerGstin: '',
    payments: [],
    vouchers: [],
    number: { number: 'SMC/26-27/0001', fy: 2026, serial: 1 },
    now: NOW,
    by: BY,
    ...over,
  };
}

function built(over: Partial<BuildInvoiceInput> = {}): Invoice {
  const outcome = buildInvoice(input(over));
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

describe('buildInvoice: worked examples', () => {
  it.each([
    // [final ₹ in paise, settings, customer GSTIN, kind, taxable, cgst, sgst, igst, total, place of supply]
    [118_000, {}, '', 'tax-invoice', 100_000, 9_000, 9_000, 0, 118_000, 'Maharashtra (27)'],
    [130_000, {}, '', 'tax-invoice', 110_169, 9_916, 9_915, 0, 130_000, 'Maharashtra (27)'],
    [
      100_000,
      { pricesIncludeTax: false },
      '',
      'tax-invoice',
      100_000,
      9_000,
      9_000,
      0,
      118_000,
      'Maharashtra (27)',
    ],
    [118_000, {}, 'KA', 'tax-invoice', 100_000, 0, 0, 18_000, 118_000, 'Karnataka (29)'],
    [118_000, {}, 'MH', 'tax-invoice', 100_000, 9_000, 9_000, 0, 118_000, 'Maharashtra (27)'],
    [
      112_000,
      { gstRatePercent: 12 },
      '',
      'tax-invoice',
      100_000,
      6_000,
      6_000,
      0,
      112_000,
      'Maharashtra (27)',
    ],
    [130_000, { gstin: '' }, '', 'receipt', 130_000, 0, 0, 0, 130_000, 'Maharashtra (27)'],
  ] as const)(
    '₹%i paise %o, customer %s → %s',
    (finalPaise, settings, customer, kind, taxable, cgst, sgst, igst, total, place) => {
      const invoice = built({
        repair: repair(finalPaise),
        store: storeWith({ gstin: STORE_GSTIN, ...settings }),
        customerGstin: customer === 'KA' ? KARNATAKA_GSTIN : customer === 'MH' ? MUMBAI_CUSTOMER_GSTIN : '',
      });
      expect(invoice.kind).toBe(kind);
      expect(invoice.gst).toMatchObject({
        taxablePaise: taxable,
        cgstPaise: cgst,
        sgstPaise: sgst,
        igstPaise: igst,
        totalPaise: total,
      });
      expect(invoice.placeOfSupply).toBe(place);
      expect(invoice.balancePaise).toBe(total);
    },
  );

  it('carries what Rule 46 asks: seller, GSTIN, number, date, customer, SAC, words', () => {
    const invoice = built();
    expect(invoice).toMatchObject({
      id: 'repair-1',
      number: 'SMC/26-27/0001',
      issuedAt: NOW,
      issuedBy: BY,
      seller: { name: 'Sharma Mobile Care', gstin: STORE_GSTIN, state: 'Maharashtra', stateCode: '27' },
      customer: { name: 'Ravi Kumar', mobile: '9876543210', gstin: '' },
      description: 'Repair of Samsung Galaxy A52: Screen broken, Battery problem',
      sac: '998716',
      taxInclusive: true,
      amountInWords: 'Rupees One Thousand Three Hundred only',
      paymentId: null,
    });
  });

  it('takes the SAC and rate from settings, and a receipt shows no GSTIN and no tax', () => {
    expect(built({ store: storeWith({ gstin: STORE_GSTIN, sacCode: '998713' }) }).sac).toBe('998713');
    const receipt = built({ store: storeWith({}) });
    expect(receipt.kind).toBe('receipt');
    expect(receipt.seller.gstin).toBe('');
    expect(receipt.gst.ratePercent).toBe(0);
  });

  it('refuses without a final amount, a cancelled repair, and a malformed customer GSTIN', () => {
    expect(buildInvoice(input({ repair: repair(null) }))).toMatchObject({
      ok: false,
      reason: 'no-final-amount',
      message: INVOICE_MESSAGES.noFinalAmount,
    });
    expect(buildInvoice(input({ repair: repair(1000, 'cancelled') }))).toMatchObject({ reason: 'cancelled' });
    expect(buildInvoice(input({ customerGstin: '29AAGCB7383J1ZZ' }))).toMatchObject({
      reason: 'invalid-gstin',
      fieldErrors: { customerGstin: INVOICE_MESSAGES.invalidGstin },
    });
    expect(built({ customerGstin: ` ${KARNATAKA_GSTIN.toLowerCase()} ` }).customer.gstin).toBe(
      KARNATAKA_GSTIN,
    );
  });

  it('deducts the advance of its receipt vouchers less refunds (tax invoice) or what was paid (receipt)', () => {
    const store = storeWith({ gstin: STORE_GSTIN });
    const advance = {
      id: 'pay-1',
      kind: 'payment' as const,
      amountPaise: 50_000,
      at: new Date('2026-11-20'),
    };
    const refund = { id: 'pay-2', kind: 'refund' as const, amountPaise: 10_000, at: new Date('2026-11-21') };
    const voucher = buildVoucher({
      repairDocId: 'repair-1',
      repair: repair(130_000),
      store,
      payment: advance,
      invoice: null,
      vouchers: [],
      number: { number: 'SMC/26-27/R001', fy: 2026, serial: 1 },
      now: advance.at,
      by: BY,
    });
    if (!voucher.ok) throw new Error(voucher.message);
    const refundVoucher = buildVoucher({
      repairDocId: 'repair-1',
      repair: repair(130_000),
      store,
      payment: refund,
      invoice: null,
      vouchers: [voucher.value],
      number: { number: 'SMC/26-27/F001', fy: 2026, serial: 1 },
      now: refund.at,
      by: BY,
    });
    if (!refundVoucher.ok) throw new Error(refundVoucher.message);
    expect(refundVoucher.value).toMatchObject({ kind: 'refund-voucher', referenceNumber: 'SMC/26-27/R001' });
    const invoice = built({ vouchers: [voucher.value, refundVoucher.value], payments: [advance, refund] });
    expect(invoice.advanceDeductedPaise).toBe(40_000);
    expect(invoice.advanceVoucherNumbers).toEqual(['SMC/26-27/R001', 'SMC/26-27/F001']);
    expect(invoice.balancePaise).toBe(90_000);
    const receipt = built({ store: storeWith({}), payments: [advance, refund] });
    expect(receipt.advanceDeductedPaise).toBe(40_000);
    expect(receipt.balancePaise).toBe(90_000);
  });
});

describe('buildVoucher (Rules 50, 51)', () => {
  const store = storeWith({ gstin: STORE_GSTIN });
  const advance = { id: 'pay-1', kind: 'payment' as const, amountPaise: 59_000, at: new Date('2026-11-20') };
  const base = {
    repairDocId: 'repair-1',
    repair: repair(null, 'received'),
    store,
    payment: advance,
    invoice: null,
    vouchers: [] as Invoice[],
    number: { number: 'SMC/26-27/R001', fy: 2026, serial: 1 },
    now: advance.at,
    by: BY,
  };

  it('a receipt voucher carries the GST within the advance received (tax-inclusive)', () => {
    const voucher = buildVoucher(base);
    expect(voucher).toMatchObject({
      ok: true,
      value: {
        id: 'pay-1',
        kind: 'receipt-voucher',
        paymentId: 'pay-1',
        gst: { taxablePaise: 50_000, cgstPaise: 4_500, sgstPaise: 4_500, totalPaise: 59_000 },
        amountInWords: 'Rupees Five Hundred Ninety only',
        description: 'Advance for repair of Samsung Galaxy A52 (SMC-1042)',
      },
    });
  });

  it('refuses a store without a GSTIN, a payment after the invoice, and a refund without a receipt voucher', () => {
    expect(buildVoucher({ ...base, store: storeWith({}) })).toMatchObject({ reason: 'no-gstin' });
    const invoice = built({ now: new Date('2026-11-19') });
    expect(buildVoucher({ ...base, invoice })).toMatchObject({ reason: 'not-an-advance' });
    expect(buildVoucher({ ...base, payment: { ...advance, id: 'r', kind: 'refund' } })).toMatchObject({
      reason: 'no-receipt-voucher',
      message: INVOICE_MESSAGES.noReceiptVoucher,
    });
  });
});

describe('buildInvoice: properties', () => {
  it('taxable + CGST + SGST + IGST = total and advance + balance = total, to the paisa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(0, 5, 12, 18, 28),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 100_000_000 }),
        (finalPaise, rate, inclusive, otherState, paid) => {
          const invoice = built({
            repair: repair(finalPaise),
            store: storeWith({ gstin: STORE_GSTIN, gstRatePercent: rate, pricesIncludeTax: inclusive }),
            customerGstin: otherState ? KARNATAKA_GSTIN : '',
          });
          const g = invoice.gst;
          expect(g.taxablePaise + g.cgstPaise + g.sgstPaise + g.igstPaise).toBe(g.totalPaise);
          expect(otherState ? g.cgstPaise + g.sgstPaise : g.igstPaise).toBe(0);
          if (inclusive) expect(g.totalPaise).toBe(finalPaise);
          else expect(g.taxablePaise).toBe(finalPaise);
          const receipt = built({
            repair: repair(finalPaise),
            store: storeWith({}),
            payments: [{ id: 'p', kind: 'payment', amountPaise: Math.max(1, paid), at: NOW }],
          });
          expect(receipt.advanceDeductedPaise + receipt.balancePaise).toBe(receipt.gst.totalPaise);
          expect(receipt.balancePaise).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('a receipt voucher carries its advance whole: taxable + CGST + SGST = the amount received', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom(0, 5, 12, 18, 28),
        (paise, rate) => {
          const voucher = buildVoucher({
            repairDocId: 'repair-1',
            repair: repair(null, 'received'),
            store: storeWith({ gstin: STORE_GSTIN, gstRatePercent: rate }),
            payment: { id: 'p', kind: 'payment', amountPaise: paise, at: NOW },
            invoice: null,
            vouchers: [],
            number: { number: 'SMC/26-27/R001', fy: 2026, serial: 1 },
            now: NOW,
            by: BY,
          });
          if (!voucher.ok) throw new Error(voucher.message);
          const g = voucher.value.gst;
          expect(g.totalPaise).toBe(paise);
          expect(g.taxablePaise + g.cgstPaise + g.sgstPaise + g.igstPaise).toBe(paise);
          expect(voucher.value.balancePaise).toBe(paise);
        },
      ),
    );
  });

  it('survives its stored form unchanged (domain and JSON)', () => {
    const invoice = built({ customerGstin: KARNATAKA_GSTIN });
    expect(parseStoredInvoice(storedInvoice(invoice))).toEqual(invoice);
    expect(parseStoredInvoice(JSON.parse(JSON.stringify(storedInvoice(invoice))))).toEqual(invoice);
  });
});

describe('invoice series', () => {
  const series = { storeId: 'store-1', series: 'invoice' as const, prefix: 'SMC' };

  it('numbers across 31 March / 1 April IST: SMC/25-26/0007 then SMC/26-27/0001', () => {
    let counter: StoredInvoiceCounter | null = {
      ...series,
      fy: 2025,
      lastSerial: 5,
      lastInvoiceId: 'repair-5',
      lastRepairDocId: 'repair-5',
    };
    const seen: string[] = [];
    for (const [i, iso] of [
      '2026-03-31T12:00:00Z', // 31 March 17:30 IST
      '2026-03-31T18:29:00Z', // 31 March 23:59 IST
      '2026-03-31T18:31:00Z', // 1 April 00:01 IST (still 31 March in UTC)
      '2026-04-01T09:00:00Z',
    ].entries()) {
      const next = nextInSeries(counter, series, new Date(iso), `repair-${i + 6}`, `repair-${i + 6}`);
      expect(invoiceCounterMoveProblem(counter, next.counter, { id: `repair-${i + 6}`, ...next })).toBeNull();
      counter = next.counter;
      seen.push(next.number);
    }
    expect(seen).toEqual(['SMC/25-26/0006', 'SMC/25-26/0007', 'SMC/26-27/0001', 'SMC/26-27/0002']);
  });

  it('marks vouchers in their own series, within 16 characters, distinct from invoices', () => {
    expect(formatInvoiceNumber('SMC', 2026, 1, 'receipt-voucher')).toBe('SMC/26-27/R001');
    expect(formatInvoiceNumber('SMC', 2026, 42, 'refund-voucher')).toBe('SMC/26-27/F042');
    expect(formatInvoiceNumber('SHARM', 2026, 999, 'receipt-voucher')).toBe('SHARM/26-27/R999');
    expect(() => formatInvoiceNumber('SHARM', 2026, 1000, 'receipt-voucher')).toThrow(/16 characters/);
    expect(formatInvoiceNumber('SMC', 2026, 1000, 'refund-voucher')).toBe('SMC/26-27/F1000');
    const first = nextInSeries(null, { ...series, series: 'receipt-voucher' }, NOW, 'pay-1', 'repair-1');
    expect(first.number).toBe('SMC/26-27/R001');
  });

  it('keeps the prefix the counter was given, whatever the store says later', () => {
    const counter = nextInSeries(null, series, NOW, 'repair-1', 'repair-1').counter;
    expect(nextInSeries(counter, { ...series, prefix: 'NEW' }, NOW, 'repair-2', 'repair-2').number).toBe(
      'SMC/26-27/0002',
    );
  });

  it('refuses a skipped, repeated or backward counter, another prefix, and a counter without its invoice', () => {
    const first = nextInSeries(null, series, NOW, 'repair-1', 'repair-1');
    const c = first.counter;
    const doc = (over: Partial<StoredInvoiceCounter>) => {
      const after = { ...c, ...over };
      return {
        after,
        doc: {
          id: after.lastInvoiceId,
          number: formatInvoiceNumber(after.prefix, after.fy, after.lastSerial),
          fy: after.fy,
          serial: after.lastSerial,
        },
      };
    };
    const skip = doc({ lastSerial: 3, lastInvoiceId: 'r3' });
    expect(invoiceCounterMoveProblem(c, skip.after, skip.doc)).toMatch(/exactly one/);
    const same = doc({ lastInvoiceId: 'r1b' });
    expect(invoiceCounterMoveProblem(c, same.after, same.doc)).toMatch(/exactly one/);
    const renamed = doc({ lastSerial: 2, prefix: 'ABC' });
    expect(invoiceCounterMoveProblem(c, renamed.after, renamed.doc)).toMatch(/fixed/);
    const ok = doc({ lastSerial: 2, lastInvoiceId: 'r2' });
    expect(invoiceCounterMoveProblem(c, ok.after, ok.doc)).toBeNull();
    expect(invoiceCounterMoveProblem(c, ok.after, null)).toMatch(/with the invoice/);
    expect(invoiceCounterMoveProblem(c, ok.after, { ...ok.doc, number: 'SMC/26-27/0003' })).toMatch(/number/);
    expect(invoiceCounterMoveProblem(null, skip.after, skip.doc)).toMatch(/first number is 1/);
    expect(parseInvoiceCounter(c)).toEqual(c);
    expect(parseInvoiceCounter({ ...c, series: 'other' })).toBeNull();
  });
});

describe('store settings for invoices', () => {
  it('reads the rate, SAC and tax-inclusive flag with their defaults', () => {
    expect(parseStoreSettings({})).toMatchObject({
      gstRatePercent: 18,
      sacCode: '998716',
      pricesIncludeTax: true,
    });
    expect(
      parseStoreSettings({ gstRatePercent: 12, sacCode: '998713', pricesIncludeTax: false }),
    ).toMatchObject({
      gstRatePercent: 12,
      sacCode: '998713',
      pricesIncludeTax: false,
    });
    expect(
      parseStoreSettings({ gstRatePercent: 15, sacCode: '12345', pricesIncludeTax: 'no' }),
    ).toMatchObject({
      gstRatePercent: 18,
      sacCode: '998716',
      pricesIncludeTax: true,
    });
  });
});
