import { describe, expect, it } from 'vitest';
import { countKeyOf, displayAmount, parseRepairRecord } from '../../../src/domain/repairs/repair';
import { ADVANCE_NOTE } from '../../../src/domain/shop/amounts';
import { historyEntry, isAppendOnly } from '../../../src/domain/shop/history';
import { type JobCardInput, type ValidJobCard, validateJobCard } from '../../../src/domain/shop/job-card';
import {
  newRepairDraft,
  parseShopRepair,
  type RepairAllocation,
} from '../../../src/domain/shop/repair-record';
import { storeRefOf } from '../../../src/domain/shop/repair-store';
import { planStatusChange } from '../../../src/domain/shop/status';

const now = new Date('2026-03-10T05:00:00Z');
const owner = { uid: 'owner-1', name: 'Rahul Sharma' };

const input: JobCardInput = {
  customerName: 'Asha Customer',
  customerMobile: '+91 98765 43210',
  deviceType: 'Mobile',
  brandModel: 'Galaxy S21',
  imeiSerial: '490154203237518',
  problems: ['Screen broken', 'Battery problem'],
  otherProblem: '',
  accessories: ['charger', 'other'],
  otherAccessory: 'Pouch',
  conditionNotes: 'Dent on the frame',
  unlockCode: '2580',
  estimate: '2800',
  advancePaid: '500',
  promisedDate: '2026-03-12',
  photos: [{ type: 'image/jpeg', name: 'front.jpg' }],
};

function checked(overrides: Partial<JobCardInput> = {}): ValidJobCard {
  const outcome = validateJobCard({ ...input, ...overrides });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.fieldErrors));
  return outcome.value;
}

const facts: RepairAllocation = {
  storeId: 'store-smc-1',
  businessId: 'owner-1',
  repairId: 'SMC-1042',
  deliveryCode: '4821',
  trackingToken: 'AbCdEfGhIjKlMnOpQrStUv',
  now,
  by: owner,
};

describe('a new repair from a job card', () => {
  it("keeps the spec's repairs fields with their meaning, and the console's beside them", () => {
    const draft = newRepairDraft(checked(), facts);
    expect(draft.record).toEqual({
      repairId: 'SMC-1042',
      customerName: 'Asha Customer',
      customerMobile: '9876543210',
      customerMobileBy: 'owner-1',
      status: 'received',
      storeId: 'store-smc-1',
      businessId: 'owner-1',
      productName: 'Galaxy S21',
      productType: 'Mobile',
      problems: 'Screen broken, Battery problem',
      estimatedCost: 2800,
      createdAt: now,
      updatedAt: now,
      imageUrls: [],
      problemList: ['Screen broken', 'Battery problem'],
      // Both common: no 'Other' for the reports (report-fields.ts).
      otherProblem: false,
      imeiSerial: '490154203237518',
      accessories: ['charger', 'other'],
      otherAccessory: 'Pouch',
      conditionNotes: 'Dent on the frame',
      estimatePaise: 280_000,
      paidPaise: 50_000,
      // The dues index's fields: the estimate less the advance; not owing while only received.
      duePaise: 230_000,
      owing: false,
      promisedDate: '2026-03-12',
      trackingToken: 'AbCdEfGhIjKlMnOpQrStUv',
      history: [historyEntry('created', 'received', owner, now)],
      timeline: [{ status: 'received', at: now }],
      createdBy: owner,
      customerNameLower: 'asha customer',
    });
  });

  it('keeps the unlock code apart, for the shop only', () => {
    const draft = newRepairDraft(checked(), facts);
    expect(draft.shopOnly).toEqual({ unlockCode: '2580' });
    expect(Object.keys(draft.record)).not.toContain('unlockCode');
  });

  it('keeps the delivery code apart from the repair, which staff read (repairs/{id}/shop/delivery)', () => {
    const draft = newRepairDraft(checked(), facts);
    expect(draft.delivery).toEqual({ code: '4821', storeId: 'store-smc-1' });
    expect(Object.keys(draft.record)).not.toContain('deliveryCode');
  });

  it('hands the advance on as a payment (cash unless said) and the photos to upload', () => {
    expect(newRepairDraft(checked(), facts).advance).toEqual({
      kind: 'payment',
      amountPaise: 50_000,
      mode: 'cash',
      at: now,
      by: owner,
      note: ADVANCE_NOTE,
    });
    expect(newRepairDraft(checked(), { ...facts, advanceMode: 'upi' }).advance?.mode).toBe('upi');
    expect(newRepairDraft(checked({ advancePaid: '' }), facts).advance).toBeNull();
    expect(newRepairDraft(checked(), facts).photos).toEqual([{ type: 'image/jpeg', name: 'front.jpg' }]);
  });

  it('writes no estimatedCost when there is no estimate, and never an amount (the final amount comes later)', () => {
    const { record } = newRepairDraft(checked({ estimate: '', advancePaid: '' }), facts);
    expect(Object.keys(record)).not.toContain('estimatedCost');
    expect(Object.keys(record)).not.toContain('amount');
    expect(record.estimatePaise).toBeNull();
  });

  it("reads in the tracker like the apps' repairs: store, business, amount, problems (the code apart)", () => {
    const stored = parseRepairRecord('r1', newRepairDraft(checked(), facts).record);
    expect(stored).toMatchObject({
      repairId: 'SMC-1042',
      customerMobile: '9876543210',
      customerName: 'Asha Customer',
      storeId: 'store-smc-1',
      businessId: 'owner-1',
      productName: 'Galaxy S21',
      productType: 'Mobile',
      problems: 'Screen broken, Battery problem',
      status: 'received',
      amount: null,
      estimatedCost: 2800,
      deliveryCode: '',
      createdAt: now,
      updatedAt: now,
      imageUrls: [],
    });
    expect(displayAmount(stored)).toBe('₹2800');
    expect(storeRefOf(stored)).toBe('store-smc-1');
    expect(countKeyOf(stored)).toBe('store-smc-1');
  });

  it('refuses malformed allocation facts (a programming error)', () => {
    const card = checked();
    expect(() => newRepairDraft(card, { ...facts, repairId: 'smc-1042' })).toThrow(RangeError);
    expect(() => newRepairDraft(card, { ...facts, repairId: '' })).toThrow(RangeError);
    expect(() => newRepairDraft(card, { ...facts, deliveryCode: '482' })).toThrow(RangeError);
    expect(() => newRepairDraft(card, { ...facts, trackingToken: 'short' })).toThrow(RangeError);
    expect(() => newRepairDraft(card, { ...facts, storeId: '' })).toThrow(RangeError);
    expect(() => newRepairDraft(card, { ...facts, businessId: '' })).toThrow(RangeError);
    expect(() => newRepairDraft(card, { ...facts, by: { uid: '', name: 'x' } })).toThrow(RangeError);
  });
});

describe('a stored repair read by the console', () => {
  it('reads back what was written, history included', () => {
    const { record } = newRepairDraft(checked(), facts);
    const repair = parseShopRepair('r1', record);
    expect(repair).toMatchObject({
      id: 'r1',
      problemList: ['Screen broken', 'Battery problem'],
      imeiSerial: '490154203237518',
      accessories: ['charger', 'other'],
      otherAccessory: 'Pouch',
      conditionNotes: 'Dent on the frame',
      estimatePaise: 280_000,
      finalPaise: null,
      paidPaise: 50_000,
      promisedDate: '2026-03-12',
      trackingToken: 'AbCdEfGhIjKlMnOpQrStUv',
    });
    expect(repair.history).toEqual(record.history);
  });

  it('works with the status machine: the next history only appends', () => {
    const { record } = newRepairDraft(checked(), facts);
    const repair = parseShopRepair('r1', record);
    const plan = planStatusChange(repair, { to: 'inprogress' }, { ...owner, role: 'owner' }, new Date());
    if (!plan.ok) throw new Error(plan.message);
    expect(isAppendOnly(repair.history, [...repair.history, plan.value.entry])).toBe(true);
  });

  it("reads an apps' repair, which has none of the console's fields", () => {
    const repair = parseShopRepair('r3', {
      repairId: 'RPR-1003',
      customerMobile: 9876543210,
      problems: ['No power', ' '],
      status: 'delivered',
      amount: '1499.5',
      deliveryCode: 1150,
    });
    expect(repair).toMatchObject({
      problemList: ['No power'],
      imeiSerial: '',
      accessories: [],
      estimatePaise: null,
      finalPaise: 149_950,
      paidPaise: 0,
      promisedDate: null,
      trackingToken: '',
      history: [],
      deliveryCode: '1150',
    });
  });

  it('ignores stored values of the wrong shape', () => {
    const repair = parseShopRepair('r4', {
      accessories: ['charger', 'jetpack'],
      estimatePaise: -5,
      paidPaise: 'lots',
      problemList: 'Screen broken',
      problems: 'Screen broken, Water damage',
      history: 'none',
    });
    expect(repair).toMatchObject({
      accessories: ['charger'],
      estimatePaise: null,
      paidPaise: 0,
      problemList: ['Screen broken', 'Water damage'],
      history: [],
    });
    expect(parseShopRepair('r5', null).problemList).toEqual([]);
  });

  it("reads deliveredAt: the stored field, else the timeline's last 'delivered' step; null unless delivered", () => {
    const first = '2026-03-01T10:00:00.000Z';
    const last = '2026-03-05T18:30:00.000Z';
    const timeline = [
      { status: 'received', at: '2026-02-27T09:00:00.000Z' },
      { status: 'delivered', at: first },
      { status: 'inprogress', at: '2026-03-02T10:00:00.000Z' },
      { status: 'delivered', at: new Date(last) },
    ];
    const stored = new Date('2026-03-05T18:30:05.000Z');
    expect(parseShopRepair('r1', { status: 'delivered', timeline, deliveredAt: stored }).deliveredAt).toEqual(
      stored,
    );
    expect(
      parseShopRepair('r1', { status: 'delivered', timeline, deliveredAt: stored.toISOString() }).deliveredAt,
    ).toEqual(stored);
    // Delivered before the field existed: the last delivery of the timeline.
    expect(parseShopRepair('r1', { status: 'delivered', timeline }).deliveredAt).toEqual(new Date(last));
    expect(parseShopRepair('r1', { status: 'delivered', timeline, deliveredAt: null }).deliveredAt).toEqual(
      new Date(last),
    );
    // Reopened, or never delivered; an app's delivered repair without a timeline says nothing.
    expect(
      parseShopRepair('r1', { status: 'inprogress', timeline, deliveredAt: stored }).deliveredAt,
    ).toBeNull();
    expect(parseShopRepair('r1', { status: 'delivered' }).deliveredAt).toBeNull();
  });
});
