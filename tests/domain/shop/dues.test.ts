import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerUpiLink,
  dueOf,
  groupDues,
  paymentReminder,
  UPI_NOTE_MAX_LENGTH,
  upiNoteFor,
} from '../../../src/domain/shop/dues';
import { parseShopRepair, type ShopRepair } from '../../../src/domain/shop/repair-record';
import {
  EMPTY_STORE_SETTINGS,
  parseStoreSettings,
  type ShopContact,
} from '../../../src/domain/shop/settings';
import {
  DEFAULT_PAYMENT_REMINDER,
  PAYMENT_REMINDER_KEY,
  templateFor,
} from '../../../src/domain/shop/templates';

/** The dues khata's pure part (src/domain/shop/dues.ts): grouping, totals, the UPI link and the reminder. */

const DAY = 24 * 3600 * 1000;
const START = Date.UTC(2026, 9, 1, 10, 0);

function owing(
  id: string,
  facts: {
    repairId: string;
    mobile: string;
    name?: string;
    day: number;
    billPaise?: number;
    paidPaise?: number;
    finalPaise?: number;
    token?: string;
  },
): ShopRepair {
  return parseShopRepair(id, {
    repairId: facts.repairId,
    storeId: 'store-1',
    customerName: facts.name ?? 'Asha Customer',
    customerMobile: facts.mobile,
    status: 'ready',
    productName: 'Galaxy S21',
    estimatePaise: facts.billPaise ?? 250_000,
    ...(facts.finalPaise === undefined ? {} : { amount: facts.finalPaise / 100 }),
    paidPaise: facts.paidPaise ?? 0,
    trackingToken: facts.token ?? '',
    createdAt: new Date(START + facts.day * DAY),
  });
}

const SHOP: ShopContact = {
  name: 'Sharma Mobile Care',
  phone: '9811111111',
  upiId: 'sharmamobile@okaxis',
  templates: {},
};

describe('groupDues', () => {
  const repairs = [
    owing('r4', {
      repairId: 'RPR-1004',
      mobile: '9000000002',
      name: 'Vikram Rao',
      day: 4,
      billPaise: 90_000,
    }),
    owing('r1', { repairId: 'RPR-1001', mobile: '9876543210', day: 1, paidPaise: 50_000 }),
    owing('r3', {
      repairId: 'RPR-1003',
      mobile: '+91 98765 43210',
      name: 'Asha C.',
      day: 3,
      billPaise: 150_000,
      finalPaise: 120_000,
    }),
    owing('r2', { repairId: 'RPR-1002', mobile: '9000000002', name: 'Vikram', day: 2, billPaise: 70_000 }),
    owing('paid', { repairId: 'RPR-1005', mobile: '9111111111', day: 0, paidPaise: 250_000 }),
  ];

  it('groups by mobile (any written form), oldest customer first, with repairs, amounts, oldest date and total', () => {
    const khata = groupDues(repairs);
    expect(khata.customers.map((customer) => customer.mobile)).toEqual(['9876543210', '9000000002']);
    const [asha, vikram] = khata.customers;
    expect(asha).toMatchObject({
      name: 'Asha C.',
      oldest: new Date(START + DAY),
      totalPaise: 200_000 + 120_000,
    });
    expect(asha?.repairs.map((repair) => [repair.repairId, repair.duePaise])).toEqual([
      ['RPR-1001', 200_000],
      ['RPR-1003', 120_000],
    ]);
    expect(vikram).toMatchObject({
      name: 'Vikram Rao',
      oldest: new Date(START + 2 * DAY),
      totalPaise: 160_000,
    });
    expect(vikram?.repairs.map((repair) => repair.repairId)).toEqual(['RPR-1002', 'RPR-1004']);
    expect(khata.totalPaise).toBe(480_000);
  });

  it('leaves out a repair with nothing due and counts a repair twice read once', () => {
    const khata = groupDues([...repairs, ...repairs.slice(0, 2)]);
    expect(
      khata.customers.flatMap((customer) => customer.repairs.map((repair) => repair.repairId)),
    ).not.toContain('RPR-1005');
    expect(khata.totalPaise).toBe(480_000);
    expect(groupDues([])).toEqual({ customers: [], totalPaise: 0 });
  });

  it('keeps a repair without a usable mobile as a customer of its own', () => {
    const khata = groupDues([
      owing('x1', { repairId: 'RPR-2001', mobile: '', name: 'Walk In', day: 1 }),
      owing('x2', { repairId: 'RPR-2002', mobile: '', name: 'Walk In', day: 2 }),
    ]);
    expect(khata.customers).toHaveLength(2);
  });

  it('totals every owing repair once, whatever the order and grouping (property)', () => {
    const repair = fc.record({
      mobile: fc.constantFrom('9000000001', '9000000002', '+91 90000 00001', '9000000003'),
      day: fc.integer({ min: 0, max: 30 }),
      bill: fc.integer({ min: 0, max: 1_000_000 }),
      paid: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(repair, { maxLength: 30 }), (facts) => {
        const made = facts.map((fact, i) =>
          owing(`r${i}`, {
            repairId: `RPR-${1000 + i}`,
            mobile: fact.mobile,
            day: fact.day,
            billPaise: fact.bill,
            paidPaise: fact.paid,
          }),
        );
        const khata = groupDues(made);
        const expected = made.reduce(
          (sum, each) => sum + Math.max(0, (each.estimatePaise ?? 0) - each.paidPaise),
          0,
        );
        expect(khata.totalPaise).toBe(expected);
        expect(made.every((each) => dueOf(each) >= 0)).toBe(true);
        for (const customer of khata.customers) {
          expect(customer.totalPaise).toBe(customer.repairs.reduce((sum, each) => sum + each.duePaise, 0));
          expect(customer.repairs.every((each) => each.duePaise > 0)).toBe(true);
        }
        const oldest = khata.customers.map((customer) => customer.oldest?.getTime() ?? 0);
        expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
        expect(new Set(khata.customers.map((customer) => customer.key)).size).toBe(khata.customers.length);
      }),
    );
  });
});

describe("a customer's UPI link", () => {
  const one = groupDues([
    owing('r1', { repairId: 'RPR-1001', mobile: '9876543210', day: 1, paidPaise: 50_000 }),
  ]).customers[0];
  const two = groupDues([
    owing('r1', { repairId: 'RPR-1001', mobile: '9876543210', day: 1, paidPaise: 50_000 }),
    owing('r3', { repairId: 'RPR-1003', mobile: '9876543210', day: 3, billPaise: 99_950 }),
  ]).customers[0];

  it('is the spec’s link for the exact amount, tn the Repair ID', () => {
    if (one === undefined) throw new Error('no customer');
    expect(customerUpiLink(one, SHOP)).toBe(
      'upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2000.00&cu=INR&tn=RPR-1001',
    );
  });

  it("carries a customer's total and every Repair ID when there are several", () => {
    if (two === undefined) throw new Error('no customer');
    expect(customerUpiLink(two, SHOP)).toBe(
      'upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2999.50&cu=INR&tn=RPR-1001%2C%20RPR-1003',
    );
  });

  it('is null without a UPI ID (the page asks for one in settings)', () => {
    if (one === undefined) throw new Error('no customer');
    expect(customerUpiLink(one, { ...SHOP, upiId: '' })).toBeNull();
  });

  it('shortens a long list of Repair IDs to fit the note', () => {
    expect(upiNoteFor(['RPR-1001'])).toBe('RPR-1001');
    const ids = Array.from({ length: 12 }, (_, i) => `SMCB-${10_001 + i}`);
    const note = upiNoteFor(ids);
    expect(note.length).toBeLessThanOrEqual(UPI_NOTE_MAX_LENGTH);
    expect(note).toMatch(/^SMCB-10001, SMCB-10002, .* \+\d+ more$/);
  });
});

describe("'Send Reminder'", () => {
  const khata = groupDues([
    owing('r1', { repairId: 'RPR-1001', mobile: '9876543210', day: 1, paidPaise: 50_000, token: 'tokA' }),
    owing('r3', { repairId: 'RPR-1003', mobile: '9876543210', day: 3, billPaise: 150_000, token: 'tokB' }),
  ]);
  const asha = khata.customers[0];

  it("fills the default 'Payment Reminder' with the amount and the tracking links, as a WhatsApp link", () => {
    if (asha === undefined) throw new Error('no customer');
    const reminder = paymentReminder(asha, SHOP, 'https://repairmate.example');
    expect(reminder.text).toBe(
      'Dear Asha Customer, a payment of ₹3,500 is due for your repair RPR-1001, RPR-1003 at Sharma Mobile Care. Pay or see the details here: https://repairmate.example/t/tokA https://repairmate.example/t/tokB - Sharma Mobile Care, 9811111111',
    );
    expect(reminder.whatsAppLink).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(reminder.text)}`,
    );
  });

  it("uses the shop's own template, and leaves the link's clause out when no repair has a link", () => {
    const own = {
      ...SHOP,
      templates: { paymentReminder: 'Namaste {customerName}, please pay {amountDue}.' },
    };
    if (asha === undefined) throw new Error('no customer');
    expect(paymentReminder(asha, own, 'https://x.example').text).toBe(
      'Namaste Asha Customer, please pay ₹3,500.',
    );
    const linkless = groupDues([owing('r9', { repairId: 'RPR-1009', mobile: '9000000009', day: 1 })])
      .customers[0];
    if (linkless === undefined) throw new Error('no customer');
    expect(paymentReminder(linkless, SHOP, 'https://x.example').text).not.toContain('details');
  });

  it('reads the stored Payment Reminder template with the settings', () => {
    const settings = parseStoreSettings({
      messageTemplates: { paymentReminder: ' Pay {amountDue} ', ready: '' },
    });
    expect(settings.messageTemplates).toEqual({ paymentReminder: 'Pay {amountDue}' });
    expect(templateFor(settings.messageTemplates, PAYMENT_REMINDER_KEY)).toBe('Pay {amountDue}');
    expect(templateFor(EMPTY_STORE_SETTINGS.messageTemplates, PAYMENT_REMINDER_KEY)).toBe(
      DEFAULT_PAYMENT_REMINDER,
    );
  });
});
