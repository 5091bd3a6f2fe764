import { describe, expect, it } from 'vitest';
import { amountDue, type PaymentLike, repairAmounts } from '../../../src/domain/shop/amounts';
import { historyEntry } from '../../../src/domain/shop/history';
import { type JobCardInput, validateJobCard } from '../../../src/domain/shop/job-card';
import { newRepairDraft, parseShopRepair, type ShopRepair } from '../../../src/domain/shop/repair-record';
import {
  base64url,
  generateDeliveryCode,
  generateTrackingToken,
  isTrackingToken,
  type RandomBytes,
  statusTimeline,
  trackingLink,
  trackingPath,
  trackingView,
} from '../../../src/domain/shop/tracking';
import { seeded } from './seeded';

/** A random source that hands out the given byte lists in turn. */
function scripted(...chunks: number[][]): RandomBytes {
  let i = 0;
  return (n) => {
    const chunk = chunks[i++] ?? [];
    return Uint8Array.from({ length: n }, (_, k) => chunk[k] ?? 0);
  };
}

describe('the tracking token', () => {
  it('is 128 random bits as 22 base64url characters', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    const token = generateTrackingToken(() => bytes);
    expect(token).toBe(Buffer.from(bytes).toString('base64url'));
    expect(token).toHaveLength(22);
    expect(isTrackingToken(token)).toBe(true);
  });

  it('asks the injected source for 16 bytes, and refuses a source that gives fewer', () => {
    const asked: number[] = [];
    generateTrackingToken((n) => {
      asked.push(n);
      return new Uint8Array(n);
    });
    expect(asked).toEqual([16]);
    expect(() => generateTrackingToken(() => new Uint8Array(8))).toThrow(RangeError);
  });

  it('is URL-safe and distinct for distinct bytes (seeded, 2,000 tokens)', () => {
    const random = seeded(2026);
    const tokens = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const token = generateTrackingToken(random.bytes);
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(encodeURIComponent(token)).toBe(token);
      tokens.add(token);
    }
    expect(tokens.size).toBe(2000);
  });

  it('encodes any length as base64url without padding, like Node does', () => {
    const random = seeded(3);
    for (let n = 0; n < 40; n++) {
      const bytes = random.bytes(n);
      expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });

  it('has a shape check that refuses guessable or malformed tokens', () => {
    for (const bad of [
      '',
      'abc',
      'RPR-1001',
      'a'.repeat(21),
      `${'a'.repeat(21)}=`,
      `${'a'.repeat(21)}+`,
      'a/'.repeat(11),
      'a'.repeat(129),
      42,
      null,
    ])
      expect(isTrackingToken(bad)).toBe(false);
    expect(isTrackingToken('a'.repeat(128))).toBe(true);
  });

  it('makes the tracking path and link', () => {
    expect(trackingPath('AbCdEfGhIjKlMnOpQrSt_-')).toBe('/t/AbCdEfGhIjKlMnOpQrSt_-');
    expect(trackingLink('https://repairmate.app/', 'AbCdEfGhIjKlMnOpQrSt_-')).toBe(
      'https://repairmate.app/t/AbCdEfGhIjKlMnOpQrSt_-',
    );
  });
});

describe('the delivery code', () => {
  it('is four digits from two random bytes', () => {
    expect(generateDeliveryCode(scripted([0, 42]))).toBe('0042');
    expect(generateDeliveryCode(scripted([0x12, 0xd5]))).toBe('4821');
    expect(generateDeliveryCode(scripted([0xea, 0x5f]))).toBe('9999'); // 59999
  });

  it('draws again in the uneven top of the range, so every code is equally likely', () => {
    expect(generateDeliveryCode(scripted([0xff, 0xff], [0xea, 0x60], [0, 7]))).toBe('0007'); // 65535, 60000
    expect(() => generateDeliveryCode(() => Uint8Array.of(0xff, 0xff))).toThrow(RangeError);
  });

  it('spreads evenly over the digits (seeded, 20,000 codes)', () => {
    const random = seeded(4821);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const code = generateDeliveryCode(random.bytes);
      expect(code).toMatch(/^\d{4}$/);
      counts[Number(code[0])] += 1;
    }
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(250);
  });
});

describe('the amount due', () => {
  const pay = (amountPaise: number): PaymentLike => ({ kind: 'payment', amountPaise });
  const refund = (amountPaise: number): PaymentLike => ({ kind: 'refund', amountPaise });

  it('is the final amount, else the estimate, minus payments', () => {
    expect(amountDue(250_000, 280_000, [pay(50_000)])).toBe(200_000);
    expect(amountDue(null, 280_000, [pay(50_000)])).toBe(230_000);
    expect(amountDue(250_000, null, [])).toBe(250_000);
  });

  it('is never below zero, and zero when there is neither amount', () => {
    expect(amountDue(100_000, null, [pay(150_000)])).toBe(0);
    expect(repairAmounts(null, null, [pay(50_000)])).toEqual({
      chargePaise: null,
      paidPaise: 50_000,
      duePaise: 0,
    });
  });

  it('counts refunds against payments, and ignores amounts that are not positive whole paise', () => {
    expect(repairAmounts(250_000, null, [pay(100_000), refund(30_000)])).toEqual({
      chargePaise: 250_000,
      paidPaise: 70_000,
      duePaise: 180_000,
    });
    expect(repairAmounts(250_000, null, [refund(30_000)]).paidPaise).toBe(0);
    expect(amountDue(250_000, null, [pay(-5_000), pay(0), pay(12.5), pay(Number.NaN), pay(1)])).toBe(249_999);
  });

  it('is exact in paise and bounded for random payments (seeded)', () => {
    const random = seeded(500);
    for (let run = 0; run < 500; run++) {
      const final = random.next() < 0.5 ? random.int(0, 10_000_000) : null;
      const estimate = random.next() < 0.7 ? random.int(0, 10_000_000) : null;
      const payments = Array.from({ length: random.int(0, 5) }, () =>
        random.next() < 0.8 ? pay(random.int(1, 3_000_000)) : refund(random.int(1, 1_000_000)),
      );
      const { chargePaise, paidPaise, duePaise } = repairAmounts(final, estimate, payments);
      const net = payments.reduce(
        (sum, p) => sum + (p.kind === 'refund' ? -p.amountPaise : p.amountPaise),
        0,
      );
      expect(chargePaise).toBe(final ?? estimate);
      expect(paidPaise).toBe(Math.max(0, net));
      expect(Number.isInteger(duePaise)).toBe(true);
      expect(duePaise).toBe(chargePaise === null ? 0 : Math.max(0, chargePaise - Math.max(0, net)));
      expect(duePaise).toBeGreaterThanOrEqual(0);
    }
  });
});

// ---------------------------------------------------------------------------------------------------

const SECRET_UNLOCK = 'UNLOCK-SECRET-2468';
const INTERNAL_NOTE = 'INTERNAL: customer was rude';
const shop = { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' };
const owner = { uid: 'owner-1', name: 'Rahul Sharma' };
const created = new Date('2026-03-10T05:00:00Z');

const card: JobCardInput = {
  customerName: 'Asha Customer',
  customerMobile: '9876543210',
  deviceType: 'Mobile',
  brandModel: 'Galaxy S21',
  imeiSerial: '490154203237518',
  problems: ['Screen broken'],
  otherProblem: '',
  accessories: ['charger'],
  otherAccessory: '',
  conditionNotes: 'Dent on the frame',
  unlockCode: SECRET_UNLOCK,
  estimate: '2800',
  advancePaid: '500',
  promisedDate: '2026-03-12',
  photos: [],
};

/** A repair as stored after the job card and a move to 'inprogress' with an internal note, read back. */
function storedRepair(deliveryCode = '4821', extra: Record<string, unknown> = {}): ShopRepair {
  const checked = validateJobCard(card);
  if (!checked.ok) throw new Error('bad card');
  const { record, shopOnly } = newRepairDraft(checked.value, {
    storeId: 'store-smc-1',
    businessId: 'owner-1',
    repairId: 'RPR-1001',
    deliveryCode,
    trackingToken: 'AbCdEfGhIjKlMnOpQrStUv',
    now: created,
    by: owner,
  });
  const moved = {
    ...record,
    ...shopOnly, // even if an adapter wrongly kept the unlock code on the repair, the view drops it
    status: 'inprogress',
    history: [
      ...record.history,
      historyEntry(
        'status',
        'inprogress',
        owner,
        new Date('2026-03-10T06:00:00Z'),
        INTERNAL_NOTE,
        'received',
      ),
    ],
    ...extra,
  };
  return parseShopRepair('r1', moved);
}

const VIEW_KEYS = [
  'repairId',
  'shop',
  'device',
  'problems',
  'status',
  'statusLabel',
  'timeline',
  'promisedDate',
  'estimatePaise',
  'finalPaise',
  'paidPaise',
  'duePaise',
  'payLink',
].sort();

function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value instanceof Date || typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
}

/** Every string in a value, however deep (a code could only leak as a string field). */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value instanceof Date || typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leaves);
}

describe("the tracking link's view", () => {
  it('shows what the customer needs: shop, device, problems, timeline, estimate, paid, due, UPI', () => {
    const view = trackingView(storedRepair(), shop);
    expect(view).toEqual({
      repairId: 'RPR-1001',
      shop: { name: 'Sharma Mobile Care', phone: '9811111111', upiId: 'sharmamobile@okaxis' },
      device: { type: 'Mobile', name: 'Galaxy S21' },
      problems: ['Screen broken'],
      status: 'inprogress',
      statusLabel: 'In Progress',
      timeline: [
        { status: 'received', label: 'Received', at: created },
        { status: 'inprogress', label: 'In Progress', at: new Date('2026-03-10T06:00:00Z') },
      ],
      promisedDate: '2026-03-12',
      estimatePaise: 280_000,
      finalPaise: null,
      paidPaise: 50_000,
      duePaise: 230_000,
      payLink: 'upi://pay?pa=sharmamobile@okaxis&pn=Sharma%20Mobile%20Care&am=2300.00&cu=INR&tn=RPR-1001',
    });
  });

  it("uses the final amount once set, and the caller's payments when it has them (RPR-1001 of the demo)", () => {
    const view = trackingView(storedRepair('4821', { amount: 2500 }), shop, [
      { kind: 'payment', amountPaise: 50_000 },
    ]);
    expect(view).toMatchObject({ finalPaise: 250_000, paidPaise: 50_000, duePaise: 200_000 });
  });

  it('never carries the delivery code, the unlock code, notes, names of staff or other fields', () => {
    const view = trackingView(storedRepair(), shop);
    expect(Object.keys(view).sort()).toEqual(VIEW_KEYS);
    const keys = allKeys(view);
    for (const secret of [
      'deliveryCode',
      'unlockCode',
      'note',
      'by',
      'customerMobile',
      'imeiSerial',
      'conditionNotes',
    ])
      expect(keys).not.toContain(secret);
    const json = JSON.stringify(view);
    expect(json).not.toContain(SECRET_UNLOCK);
    expect(json).not.toContain(INTERNAL_NOTE);
    expect(json).not.toContain('Rahul Sharma');
    expect(json).not.toContain('Dent on the frame');
    expect(json).not.toContain('490154203237518');
  });

  it('never carries the delivery code, whatever it is (seeded, 300 repairs)', () => {
    const random = seeded(77);
    for (let run = 0; run < 300; run++) {
      const code = generateDeliveryCode(random.bytes);
      const view = trackingView(storedRepair(code, { amount: random.int(0, 5000) }), {
        ...shop,
        phone: '98xxxxxxxx',
      });
      expect(allKeys(view)).not.toContain('deliveryCode');
      expect(leaves(view)).not.toContain(code);
    }
  });

  it("shows an apps' repair (no history, no console fields) by its current status, with what it has", () => {
    const repair = parseShopRepair('r2', {
      repairId: 'RPR-1002',
      customerMobile: '9000000000',
      productName: 'iPhone 12',
      productType: 'Mobile',
      problems: 'Battery drain, No sound',
      status: 'sent_to_service_center',
      estimatedCost: 1200,
      deliveryCode: '7310',
      createdAt: { seconds: 1_773_000_000, nanoseconds: 0 },
    });
    const view = trackingView(repair, { ...shop, upiId: '' });
    expect(view).toMatchObject({
      problems: ['Battery drain', 'No sound'],
      statusLabel: 'Sent to Service Center',
      timeline: [
        {
          status: 'sent_to_service_center',
          label: 'Sent to Service Center',
          at: new Date(1_773_000_000_000),
        },
      ],
      estimatePaise: 120_000,
      paidPaise: 0,
      duePaise: 120_000,
      payLink: null,
    });
    expect(
      statusTimeline({ history: [], status: 'odd_status', createdAt: null, updatedAt: 'yesterday' }),
    ).toEqual([]);
  });

  it('shows a status the apps write that is not in the list as written', () => {
    const view = trackingView(storedRepair('4821', { status: 'pending_approval', history: [] }), shop);
    expect(view.statusLabel).toBe('pending_approval');
  });
});
