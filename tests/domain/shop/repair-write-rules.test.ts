import { describe, expect, it } from 'vitest';
import { historyEntry } from '../../../src/domain/shop/history';
import { type JobCardInput, validateJobCard } from '../../../src/domain/shop/job-card';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { localPhotoUrl } from '../../../src/domain/shop/photo-urls';
import { MAX_REPAIR_NUMBER } from '../../../src/domain/shop/repair-id';
import { newRepairDraft, storedDues } from '../../../src/domain/shop/repair-record';
import { repairBelongsTo } from '../../../src/domain/shop/repair-store';
import {
  changedFields,
  counterSkipProblem,
  type RepairWrite,
  type RepairWriter,
  repairWriteProblem,
  type StoredFields,
  sameStored,
} from '../../../src/domain/shop/repair-write-rules';
import { reportFieldsAfterMove } from '../../../src/domain/shop/report-fields';

const now = new Date('2026-03-10T05:00:00Z');
const later = new Date('2026-03-10T06:00:00Z');
const owner: RepairWriter = { uid: 'owner-1', name: 'Rahul Sharma', role: 'owner' };
const staff: RepairWriter = { uid: 'staff-1', name: 'Sam Staff', role: 'staff' };
const store = { id: 'store-smc-1', ownerId: 'owner-1' };
const ID = 'repair-1';

const input: JobCardInput = {
  customerName: 'Asha Customer',
  customerMobile: '9876543210',
  deviceType: 'Mobile',
  brandModel: 'Galaxy S21',
  imeiSerial: '490154203237518',
  problems: ['Screen broken'],
  otherProblem: '',
  accessories: ['charger'],
  otherAccessory: '',
  conditionNotes: '',
  unlockCode: '2580',
  estimate: '2800',
  advancePaid: '500',
  promisedDate: '2026-03-12',
  photos: [],
};

function draft(by: RepairWriter = staff, repairId = 'SMC-1001') {
  const card = validateJobCard(input);
  if (!card.ok) throw new Error(JSON.stringify(card.fieldErrors));
  return newRepairDraft(card.value, {
    storeId: store.id,
    businessId: store.ownerId,
    repairId,
    deliveryCode: '4821',
    trackingToken: 'AbCdEfGhIjKlMnOpQrStUv',
    now,
    by,
  });
}

/** A valid create by staff: the first number of a new counter, an advance of ₹500. */
function creation(overrides: Partial<RepairWrite> = {}, after: Record<string, unknown> = {}): RepairWrite {
  const made = draft();
  return {
    repairDocId: ID,
    before: null,
    after: { ...made.record, ...after },
    writer: staff,
    store,
    now,
    counter: { before: null, after: { prefix: 'SMC', last: 1001, lastRepairDocId: ID } },
    delivery: { ...made.delivery },
    payment: { ...made.advance, id: `${ID}-p1`, storeId: store.id },
    ...overrides,
  };
}

const stored: StoredFields = { ...draft().record };
const history = stored.history as ReturnType<typeof historyEntry>[];
const timeline = stored.timeline as { status: string; at: Date }[];

/** An update by `writer` at `later`: `fields` changed, with one entry of `kind`. */
function update(
  fields: Record<string, unknown>,
  kind: Parameters<typeof historyEntry>[0] = 'edit',
  options: {
    writer?: RepairWriter;
    before?: StoredFields;
    entry?: Partial<ReturnType<typeof historyEntry>>;
  } & Partial<RepairWrite> = {},
): RepairWrite {
  const { writer = staff, before = stored, entry = {}, ...rest } = options;
  const status = (fields.status ?? before.status) as string;
  const added = { ...historyEntry(kind, status, writer, later, '', null, null), ...entry };
  const after = {
    ...before,
    ...fields,
    updatedAt: later,
    history: [...(before.history as unknown[]), added],
  };
  return {
    repairDocId: ID,
    before,
    // The dues fields as every backend writes them (repairDues; an edit leaves them), unless the case
    // sets them.
    after: {
      ...after,
      ...(kind === 'edit' || kind === 'photo' ? {} : storedDues(after)),
      ...pick(fields, ['duePaise', 'owing']),
    },
    writer,
    store,
    now: later,
    ...rest,
  };
}

/** A status move of `before` to `to`, with its timeline step and the reports' deliveredAt. */
function move(
  to: string,
  kind: 'status' | 'override' | 'reopen' = 'status',
  options: Parameters<typeof update>[2] = {},
) {
  const before = options.before ?? stored;
  const entry = { from: before.status as string, ...(options.entry ?? {}) };
  return update(
    {
      status: to,
      timeline: [...((before.timeline as unknown[]) ?? []), { status: to, at: later }],
      deliveredAt: to === 'delivered' ? later : null,
      // The reports' sums the move stores (report-fields.ts), from the entry's time.
      ...reportFieldsAfterMove(to, before, later),
    },
    kind,
    { ...options, entry },
  );
}

const at = (status: string): StoredFields => ({ ...stored, status, ...storedDues({ ...stored, status }) });

function pick(fields: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => name in fields).map((name) => [name, fields[name]]));
}
const toJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('a new repair', () => {
  it('is allowed for a member of the store, as the shop console creates it (memory and JSON alike)', () => {
    expect(repairWriteProblem(creation())).toBeNull();
    expect(
      repairWriteProblem(
        creation(
          { writer: owner, payment: null },
          {
            paidPaise: 0,
            duePaise: 280_000,
            createdBy: { uid: 'owner-1', name: 'Rahul Sharma' },
            customerMobileBy: 'owner-1',
            history: [historyEntry('created', 'received', owner, now)],
          },
        ),
      ),
    ).toBeNull();
    const json = creation();
    expect(
      repairWriteProblem({
        ...json,
        representation: 'json',
        after: toJson(json.after),
        payment: toJson(json.payment),
        delivery: toJson(json.delivery),
      }),
    ).toBeNull();
  });

  it('is refused to anyone not a member, and in a store that does not exist', () => {
    expect(repairWriteProblem(creation({ writer: { ...staff, role: null } }))?.code).toBe(
      'permission-denied',
    );
    expect(repairWriteProblem(creation({ store: null }))?.code).toBe('permission-denied');
  });

  it('takes the next number of the counter, which moves by exactly one', () => {
    const second = creation(
      {
        counter: {
          before: { prefix: 'SMC', last: 1041, lastRepairDocId: 'repair-0' },
          after: { prefix: 'SMC', last: 1042, lastRepairDocId: ID },
        },
      },
      { repairId: 'SMC-1042' },
    );
    expect(repairWriteProblem(second)).toBeNull();
    const jump = creation(
      {
        counter: {
          before: { prefix: 'SMC', last: 1041, lastRepairDocId: 'repair-0' },
          after: { prefix: 'SMC', last: 1043, lastRepairDocId: ID },
        },
      },
      { repairId: 'SMC-1043' },
    );
    expect(repairWriteProblem(jump)).toMatchObject({ code: 'permission-denied' });
    expect(repairWriteProblem(creation({}, { repairId: 'SMC-1002' }))?.message).toContain('Repair ID');
    expect(
      repairWriteProblem(
        creation({ counter: { before: null, after: { prefix: 'SMC', last: 1001, lastRepairDocId: 'x' } } }),
      ),
    ).toMatchObject({ code: 'permission-denied' });
    expect(repairWriteProblem(creation({ counter: undefined }))).toMatchObject({ code: 'permission-denied' });
  });

  it('cannot jam the counter: a number past 9,999,999 is refused, and a full counter says every number is used', () => {
    const jam = creation(
      {
        counter: { before: null, after: { prefix: 'SMC', last: 9_007_199_254_740_991, lastRepairDocId: ID } },
      },
      { repairId: 'SMC-9007199254740991' },
    );
    expect(repairWriteProblem(jam)?.code).toBe('invalid-argument');
    const full = creation(
      {
        counter: {
          before: { prefix: 'SMC', last: MAX_REPAIR_NUMBER, lastRepairDocId: 'repair-0' },
          after: { prefix: 'SMC', last: MAX_REPAIR_NUMBER + 1, lastRepairDocId: ID },
        },
      },
      { repairId: `SMC-${MAX_REPAIR_NUMBER + 1}` },
    );
    expect(repairWriteProblem(full)).toEqual({
      code: 'resource-exhausted',
      message: SHOP_MESSAGES.repairIdsUsedUp,
    });
    const lastOne = creation(
      {
        counter: {
          before: { prefix: 'SMC', last: MAX_REPAIR_NUMBER - 1, lastRepairDocId: 'repair-0' },
          after: { prefix: 'SMC', last: MAX_REPAIR_NUMBER, lastRepairDocId: ID },
        },
      },
      { repairId: `SMC-${MAX_REPAIR_NUMBER}` },
    );
    expect(repairWriteProblem(lastOne)).toBeNull();
  });

  it('refuses a counter holding an invalid prefix, or whose prefix would change', () => {
    expect(
      repairWriteProblem(
        creation({
          counter: {
            before: { prefix: 'SMC', last: 500, lastRepairDocId: 'repair-0' },
            after: { prefix: 'SMC', last: 501, lastRepairDocId: ID },
          },
        }),
      ),
    ).toEqual({ code: 'failed-precondition', message: SHOP_MESSAGES.repairCounterInvalid });
    for (const prefix of ['smc', 'S', 'TOOLONG', 42])
      expect(
        repairWriteProblem(
          creation({
            counter: {
              before: { prefix, last: 1001, lastRepairDocId: 'repair-0' },
              after: { prefix: 'SMC', last: 1002, lastRepairDocId: ID },
            },
          }),
        ),
      ).toEqual({ code: 'failed-precondition', message: SHOP_MESSAGES.repairCounterInvalid });
    const renamed = creation(
      {
        counter: {
          before: { prefix: 'SMC', last: 1001, lastRepairDocId: 'repair-0' },
          after: { prefix: 'ABC', last: 1002, lastRepairDocId: ID },
        },
      },
      { repairId: 'ABC-1002' },
    );
    expect(repairWriteProblem(renamed)?.message).toContain('prefix');
  });

  it('refuses extra fields, wrong types and oversized values (invalid-argument)', () => {
    expect(repairWriteProblem(creation({}, { payLink: 'upi://pay?pa=staff@okaxis' }))?.code).toBe(
      'invalid-argument',
    );
    expect(repairWriteProblem(creation({}, { customerName: 'x'.repeat(201) }))?.code).toBe(
      'invalid-argument',
    );
    expect(
      repairWriteProblem(creation({}, { problemList: Array.from({ length: 10_000 }, () => 'x') }))?.code,
    ).toBe('invalid-argument');
    expect(repairWriteProblem(creation({}, { paidPaise: '50000' }))?.code).toBe('invalid-argument');
  });

  it("sets the server's times, status 'received', one 'created' entry in the writer's own name", () => {
    expect(
      repairWriteProblem(creation({}, { createdAt: new Date('2099-01-01T00:00:00Z') }))?.message,
    ).toContain("server's time");
    expect(repairWriteProblem(creation({}, { status: 'ready' }))?.code).toBe('permission-denied');
    const forged = historyEntry('created', 'received', { uid: 'staff-1', name: 'Rahul Sharma' }, now);
    expect(repairWriteProblem(creation({}, { history: [forged] }))?.message).toContain('own name');
    const twice = historyEntry('created', 'received', staff, now);
    expect(repairWriteProblem(creation({}, { history: [twice, twice] }))?.code).toBe('permission-denied');
    expect(repairWriteProblem(creation({}, { timeline: [] }))?.message).toContain('timeline');
    expect(
      repairWriteProblem(creation({}, { createdBy: { uid: 'owner-1', name: 'Rahul Sharma' } }))?.message,
    ).toContain('createdBy');
  });

  it('names its store by storeId, with businessId its owner, never by `store`', () => {
    expect(repairWriteProblem(creation({}, { businessId: 'owner-2' }))?.code).toBe('permission-denied');
    expect(repairWriteProblem(creation({}, { storeId: 'store-other' }))?.code).toBe('permission-denied');
    expect(repairWriteProblem(creation({}, { store: 'store-smc-1' }))?.code).toBe('permission-denied');
  });

  it('keeps the delivery code apart, written with it for the same store', () => {
    expect(repairWriteProblem(creation({}, { deliveryCode: '4821' }))?.message).toContain('kept apart');
    expect(repairWriteProblem(creation({ delivery: null }))?.code).toBe('permission-denied');
    expect(repairWriteProblem(creation({ delivery: { code: '48', storeId: store.id } }))?.code).toBe(
      'invalid-argument',
    );
    expect(repairWriteProblem(creation({ delivery: { code: '4821', storeId: 'store-other' } }))?.code).toBe(
      'permission-denied',
    );
  });

  it('moves paidPaise only with the advance’s payment document of the same amount, in the writer’s name', () => {
    expect(repairWriteProblem(creation({ payment: null }))?.message).toContain('payment document');
    const payment = creation().payment as Record<string, unknown>;
    expect(repairWriteProblem(creation({ payment: { ...payment, amountPaise: 40_000 } }))?.code).toBe(
      'permission-denied',
    );
    expect(
      repairWriteProblem(creation({ payment: { ...payment, by: { uid: 'staff-1', name: 'Rahul Sharma' } } }))
        ?.message,
    ).toContain('own name');
    expect(repairWriteProblem(creation({ payment: { ...payment, at: new Date('2020-01-01') } }))?.code).toBe(
      'permission-denied',
    );
    expect(repairWriteProblem(creation({ payment: { ...payment, extra: 1 } }))?.code).toBe(
      'invalid-argument',
    );
    expect(repairWriteProblem(creation({}, { paidPaise: 0 }))?.message).toContain('payment');
  });

  it('records who wrote the mobile number, and holds only its own photos', () => {
    expect(repairWriteProblem(creation({}, { customerMobileBy: 'owner-1' }))?.message).toContain(
      'customerMobileBy',
    );
    expect(repairWriteProblem(creation({}, { imageUrls: [localPhotoUrl(ID, 'p1')] }))).toBeNull();
    expect(repairWriteProblem(creation({}, { imageUrls: [localPhotoUrl('repair-2', 'p1')] }))?.code).toBe(
      'permission-denied',
    );
    expect(repairWriteProblem(creation({}, { imageUrls: ['https://tracker.example/pixel.gif'] }))?.code).toBe(
      'permission-denied',
    );
  });
});

describe('an update of a repair', () => {
  it('allows a member’s edit with one entry in their own name', () => {
    expect(repairWriteProblem(update({ customerName: 'Asha C', customerNameLower: 'asha c' }))).toBeNull();
    expect(repairWriteProblem(update({ conditionNotes: 'Dent' }, 'edit', { writer: owner }))).toBeNull();
    expect(repairWriteProblem(update({}, 'note'))).toBeNull();
  });

  it('is refused to members of another store and to non-members', () => {
    expect(
      repairWriteProblem(update({}, 'note', { store: { id: 'store-2', ownerId: 'owner-2' } }))?.code,
    ).toBe('permission-denied');
    expect(repairWriteProblem(update({}, 'note', { writer: { ...staff, role: null } }))?.code).toBe(
      'permission-denied',
    );
  });

  it('keeps the history append-only: one new entry, by the writer, in their own name, at about the server’s time', () => {
    const rewritten = update({}, 'note');
    const changedOld = {
      ...rewritten,
      after: {
        ...rewritten.after,
        history: [{ ...history[0], note: 'x' }, ...(rewritten.after.history as unknown[]).slice(1)],
      },
    };
    expect(repairWriteProblem(changedOld)?.message).toContain('history only grows');
    expect(repairWriteProblem({ ...rewritten, after: { ...rewritten.after, history } })?.message).toContain(
      'history only grows',
    );
    expect(
      repairWriteProblem(update({}, 'note', { entry: { by: { uid: 'owner-1', name: 'Rahul Sharma' } } }))
        ?.message,
    ).toContain('own name');
    expect(
      repairWriteProblem(update({}, 'note', { entry: { by: { uid: 'staff-1', name: 'Rahul Sharma' } } }))
        ?.message,
    ).toContain('own name');
    expect(
      repairWriteProblem(update({}, 'note', { entry: { at: new Date('2099-01-01') } }))?.message,
    ).toContain('within a day');
    expect(repairWriteProblem(update({}, 'note', { entry: { note: 'x'.repeat(501) } }))?.code).toBe(
      'invalid-argument',
    );
    expect(repairWriteProblem(update({}, 'created'))?.code).toBe('permission-denied');
  });

  it('never changes the Repair ID, store, business, createdAt or the apps’ delivery code', () => {
    for (const fields of [
      { repairId: 'SMC-9999' },
      { storeId: 'store-2' },
      { businessId: 'owner-2' },
      { store: 'store-2' },
      { createdAt: later },
      { deliveryCode: '0000' },
    ])
      expect(repairWriteProblem(update(fields))?.message).toContain('is fixed');
  });

  it("sets updatedAt to the server's time", () => {
    const write = update({ conditionNotes: 'Dent' });
    expect(repairWriteProblem({ ...write, after: { ...write.after, updatedAt: now } })?.message).toContain(
      'updatedAt',
    );
  });

  it('lets an entry change only what its kind says', () => {
    expect(repairWriteProblem(update({ paidPaise: 0 }))?.message).toContain('paidPaise');
    expect(repairWriteProblem(update({ status: 'ready' }))?.message).toContain('status');
    expect(repairWriteProblem(update({ trackingToken: '' }))?.message).toContain('trackingToken');
    expect(repairWriteProblem(update({ customerName: 'X' }, 'note'))?.message).toContain('customerName');
    expect(repairWriteProblem(update({ imageUrls: [localPhotoUrl(ID, 'p1')] }, 'photo'))).toBeNull();
    expect(repairWriteProblem(update({ imageUrls: ['https://evil.example/x.gif'] }, 'photo'))?.code).toBe(
      'permission-denied',
    );
    expect(repairWriteProblem(update({ trackingToken: 'ZbCdEfGhIjKlMnOpQrStUv' }, 'tracking'))).toBeNull();
  });

  it('sets customerMobileBy to the writer whenever the mobile number changes, and only then', () => {
    expect(
      repairWriteProblem(update({ customerMobile: '9000000008', customerMobileBy: 'staff-1' })),
    ).toBeNull();
    // The stored repair names staff-1: the owner changing the number must name themselves.
    expect(
      repairWriteProblem(update({ customerMobile: '9000000008' }, 'edit', { writer: owner }))?.message,
    ).toContain('customerMobileBy');
    expect(
      repairWriteProblem(update({ customerMobile: '9000000008', customerMobileBy: 'owner-1' }))?.message,
    ).toContain('customerMobileBy');
    expect(
      repairWriteProblem(
        update({ customerMobileBy: 'staff-1' }, 'edit', {
          writer: staff,
          before: { ...stored, customerMobileBy: 'owner-1' },
        }),
      )?.message,
    ).toContain('customerMobileBy');
  });

  it('checks values against REPAIRS', () => {
    expect(repairWriteProblem(update({ estimatePaise: 100_000_001 }))?.code).toBe('invalid-argument');
    expect(repairWriteProblem(update({ promisedDate: 'soon' }))?.code).toBe('invalid-argument');
    expect(repairWriteProblem(update({ conditionNotes: 'x'.repeat(501) }))?.code).toBe('invalid-argument');
  });
});

describe('money on a repair', () => {
  const payment = (
    amountPaise: number,
    kind: 'payment' | 'refund' = 'payment',
    by: RepairWriter = staff,
  ) => ({
    id: 'pay-2',
    kind,
    amountPaise,
    mode: 'upi',
    at: later,
    by: { uid: by.uid, name: by.name },
    note: '',
    storeId: store.id,
  });

  it('moves paidPaise only with a payment entry and document of the same amount', () => {
    const paid = update({ paidPaise: 150_000 }, 'payment', {
      entry: { amountPaise: 100_000, paymentId: 'pay-2' } as never,
      payment: payment(100_000),
    });
    expect(repairWriteProblem(paid)).toBeNull();
    expect(repairWriteProblem({ ...paid, payment: null })?.message).toContain('payment document');
    expect(repairWriteProblem({ ...paid, payment: payment(90_000) })?.code).toBe('permission-denied');
    expect(repairWriteProblem({ ...paid, after: { ...paid.after, paidPaise: 250_000 } })?.message).toContain(
      'paidPaise',
    );
    expect(
      repairWriteProblem({
        ...paid,
        payment: { ...payment(100_000), by: { uid: 'staff-1', name: 'Rahul Sharma' } },
      })?.message,
    ).toContain('own name');
    expect(repairWriteProblem({ ...paid, payment: { ...payment(100_000), id: 'pay-3' } })?.message).toContain(
      'names its payment',
    );
    expect(
      repairWriteProblem({ ...paid, payment: { ...payment(100_000), amountPaise: 100_000_001 } })?.code,
    ).toBe('invalid-argument');
  });

  it('lets only the owner refund', () => {
    const refund = (writer: RepairWriter) =>
      update({ paidPaise: 0 }, 'refund', {
        writer,
        entry: { amountPaise: 50_000, paymentId: 'pay-2' } as never,
        payment: payment(50_000, 'refund', writer),
      });
    expect(repairWriteProblem(refund(owner))).toBeNull();
    expect(repairWriteProblem(refund(staff))?.message).toContain('only the owner refunds');
  });

  it('gives an amount only to payment and refund entries', () => {
    expect(repairWriteProblem(update({}, 'note', { entry: { amountPaise: 100 } }))?.message).toContain(
      'amount',
    );
  });

  it('fixes a delivered or cancelled repair: no estimate or final amount after the fact; money still moves', () => {
    for (const status of ['delivered', 'cancelled']) {
      const label = status === 'delivered' ? 'Delivered' : 'Cancelled';
      expect(
        repairWriteProblem(update({ estimatePaise: 1, estimatedCost: 0.01 }, 'edit', { before: at(status) })),
      ).toEqual({
        code: 'failed-precondition',
        message: SHOP_MESSAGES.repairFinalFixed(label),
      });
      expect(
        repairWriteProblem(update({ amount: 1 }, 'edit', { before: at(status), writer: owner }))?.code,
      ).toBe('failed-precondition');
      // Issue 17: a repair delivered on credit is paid later, and a cancelled one's advance refunded.
      expect(
        repairWriteProblem(
          update({ paidPaise: 150_000 }, 'payment', {
            before: at(status),
            entry: { amountPaise: 100_000, paymentId: 'pay-2' } as never,
            payment: payment(100_000),
          }),
        ),
      ).toBeNull();
      expect(
        repairWriteProblem(update({ imageUrls: [localPhotoUrl(ID, 'p1')] }, 'photo', { before: at(status) }))
          ?.code,
      ).toBe('failed-precondition');
    }
  });
});

describe('status changes', () => {
  it('follow the workflow, with the timeline step of the entry', () => {
    expect(repairWriteProblem(move('inprogress'))).toBeNull();
    expect(repairWriteProblem(move('ready'))?.message).toContain('not allowed');
    expect(repairWriteProblem(move('unknown-status'))?.code).toBe('permission-denied');
    const noStep = move('inprogress');
    expect(repairWriteProblem({ ...noStep, after: { ...noStep.after, timeline } })?.message).toContain(
      'timeline',
    );
    expect(repairWriteProblem(move('inprogress', 'status', { entry: { from: 'ready' } }))?.message).toContain(
      'leaves',
    );
    expect(repairWriteProblem(update({}, 'status'))?.message).toContain('changes the status');
  });

  it("deliver with a try of the stored code by the writer in the last 2 minutes, or the owner's override", () => {
    // Paid in full (nothing due: no credit note; deliveries on credit are the next case's).
    const ready = { ...at('ready'), paidPaise: 280_000, duePaise: 0, owing: false };
    const tries = { tries: 1, firstAt: later, at: later, code: '4821', by: 'staff-1' };
    const delivered = move('delivered', 'status', {
      before: ready,
      delivery: { code: '4821', storeId: store.id },
      tries,
    });
    expect(repairWriteProblem(delivered)).toBeNull();
    expect(repairWriteProblem({ ...delivered, tries: null })?.message).toContain('right code');
    expect(repairWriteProblem({ ...delivered, tries: { ...tries, code: '1111' } })?.message).toContain(
      'right code',
    );
    expect(repairWriteProblem({ ...delivered, tries: { ...tries, by: 'owner-1' } })?.message).toContain(
      'right code',
    );
    expect(
      repairWriteProblem({ ...delivered, tries: { ...tries, at: new Date(later.getTime() - 121_000) } })
        ?.message,
    ).toContain('right code');
    // The apps' repairs keep their code on the repair.
    expect(
      repairWriteProblem(move('delivered', 'status', { before: { ...ready, deliveryCode: '4821' }, tries })),
    ).toBeNull();
    expect(repairWriteProblem(move('delivered', 'status', { before: ready, tries }))).toEqual({
      code: 'failed-precondition',
      message: SHOP_MESSAGES.deliveryCodeMissing,
    });
    const override = (writer: RepairWriter, note: string) =>
      move('delivered', 'override', { before: ready, writer, entry: { note } });
    expect(repairWriteProblem(override(owner, 'Customer lost the code; ID checked'))).toBeNull();
    expect(repairWriteProblem(override(owner, ''))?.message).toContain('reason');
    expect(repairWriteProblem(override(staff, 'I know him'))?.message).toContain('only the owner');
    expect(
      repairWriteProblem(move('inprogress', 'override', { writer: owner, entry: { note: 'x' } }))?.code,
    ).toBe('permission-denied');
  });

  it('reopen a delivered or cancelled repair: the owner, with a note, to Received or In Progress', () => {
    for (const status of ['delivered', 'cancelled']) {
      const before = at(status);
      expect(
        repairWriteProblem(
          move('inprogress', 'reopen', { before, writer: owner, entry: { note: 'Came back' } }),
        ),
      ).toBeNull();
      expect(
        repairWriteProblem(
          move('received', 'reopen', { before, writer: owner, entry: { note: 'Came back' } }),
        ),
      ).toBeNull();
      expect(
        repairWriteProblem(move('inprogress', 'reopen', { before, writer: staff, entry: { note: 'x' } }))
          ?.message,
      ).toContain('only the owner');
      expect(
        repairWriteProblem(move('ready', 'reopen', { before, writer: owner, entry: { note: 'x' } }))?.code,
      ).toBe('permission-denied');
      expect(repairWriteProblem(move('inprogress', 'reopen', { before, writer: owner }))?.message).toContain(
        'note',
      );
      expect(repairWriteProblem(move('inprogress', 'status', { before, writer: owner }))?.code).toBe(
        'failed-precondition',
      );
    }
    expect(
      repairWriteProblem(move('inprogress', 'reopen', { writer: owner, entry: { note: 'x' } }))?.code,
    ).toBe('permission-denied');
  });

  it("store the reports' deliveredAt: the write's time on 'delivered', cleared by any other move, set by nothing else", () => {
    const ready = { ...at('ready'), paidPaise: 280_000, duePaise: 0, owing: false };
    const override = (fields: Record<string, unknown>) => {
      const write = move('delivered', 'override', {
        before: ready,
        writer: owner,
        entry: { note: 'No code' },
      });
      return { ...write, after: { ...write.after, ...fields } };
    };
    expect(repairWriteProblem(override({}))).toBeNull();
    for (const deliveredAt of [null, undefined, new Date(later.getTime() - 1), 'soon'])
      expect(repairWriteProblem(override({ deliveredAt }))?.message, String(deliveredAt)).toContain(
        'deliveredAt',
      );
    const delivered = { ...ready, status: 'delivered', deliveredAt: later };
    const reopen = move('inprogress', 'reopen', {
      before: delivered,
      writer: owner,
      entry: { note: 'Back' },
    });
    expect(repairWriteProblem(reopen)).toBeNull();
    const { deliveredAt: _, ...cleared } = reopen.after;
    expect(repairWriteProblem({ ...reopen, after: cleared })).toBeNull();
    expect(
      repairWriteProblem({ ...reopen, after: { ...reopen.after, deliveredAt: later } })?.message,
    ).toContain('deliveredAt');
    expect(repairWriteProblem(update({ deliveredAt: later }, 'edit'))?.message).toContain('deliveredAt');
    expect(
      repairWriteProblem(update({ deliveredAt: now }, 'tracking', { before: delivered }))?.message,
    ).toContain('deliveredAt');
    expect(repairWriteProblem(creation({}, { deliveredAt: now }))?.message).toContain('deliveredAt');
  });

  it("store the reports' sums: what the delivery sold and its turnaround, cleared by any other move", () => {
    // Estimate ₹2,800 (the job card), no final amount: the sale is the estimate.
    const ready = { ...at('ready'), paidPaise: 280_000, duePaise: 0, owing: false };
    const delivered = move('delivered', 'override', {
      before: ready,
      writer: owner,
      entry: { note: 'No code' },
    });
    const created = (stored.createdAt as Date).getTime();
    expect(delivered.after).toMatchObject({ salePaise: 280_000, turnaroundMs: later.getTime() - created });
    expect(repairWriteProblem(delivered)).toBeNull();
    const changed = (fields: Record<string, unknown>) => ({
      ...delivered,
      after: { ...delivered.after, ...fields },
    });
    for (const fields of [
      { salePaise: 0 },
      { salePaise: null },
      { salePaise: undefined },
      { turnaroundMs: 0 },
      { turnaroundMs: null },
      { turnaroundMs: later.getTime() - created + 1 },
    ])
      expect(repairWriteProblem(changed(fields))?.message, JSON.stringify(fields)).toContain('turnaroundMs');
    // The final amount, when set, is the sale.
    const billed = { ...ready, amount: 3000, paidPaise: 300_000 };
    expect(
      move('delivered', 'override', { before: billed, writer: owner, entry: { note: 'x' } }).after.salePaise,
    ).toBe(300_000);
    // A reopen clears them; keeping them is refused.
    const done = { ...ready, ...delivered.after };
    const reopen = move('inprogress', 'reopen', { before: done, writer: owner, entry: { note: 'Back' } });
    expect(reopen.after).toMatchObject({ salePaise: null, turnaroundMs: null });
    expect(repairWriteProblem(reopen)).toBeNull();
    expect(
      repairWriteProblem({ ...reopen, after: { ...reopen.after, salePaise: 280_000 } })?.message,
    ).toContain('salePaise');
    // Nothing else sets them.
    expect(repairWriteProblem(update({ salePaise: 1 }, 'edit'))?.message).toContain('salePaise');
    expect(repairWriteProblem(creation({}, { turnaroundMs: 0 }))?.message).toContain('turnaroundMs');
  });

  it("keep otherProblem with the problem list ('Other' of 'Top Problems'), on a new repair and an edit", () => {
    expect(stored.otherProblem).toBe(false);
    expect(repairWriteProblem(creation({}, { otherProblem: true }))?.message).toContain('otherProblem');
    const typed = ['Screen broken', 'Phone fell in the sea'];
    expect(repairWriteProblem(update({ problemList: typed, otherProblem: true }, 'edit'))).toBeNull();
    expect(repairWriteProblem(update({ problemList: typed }, 'edit'))?.message).toContain('otherProblem');
    expect(
      repairWriteProblem(update({ problemList: typed, otherProblem: false }, 'edit'))?.message,
    ).toContain('otherProblem');
    expect(repairWriteProblem(update({ otherProblem: true }, 'edit'))?.message).toContain('otherProblem');
    expect(
      repairWriteProblem(update({ problemList: ['Water damage'], otherProblem: false }, 'edit')),
    ).toBeNull();
  });

  it('let a final repair’s tracking link be turned off (it changes nothing the customer owes)', () => {
    expect(
      repairWriteProblem(update({ trackingToken: '' }, 'tracking', { before: at('delivered') })),
    ).toBeNull();
  });
});

describe("the store's branch of a repair", () => {
  it('belongs by storeId; by the apps’ `store` only with businessId the store’s owner', () => {
    expect(repairBelongsTo({ storeId: 's1' }, 's1', 'o1')).toBe(true);
    expect(repairBelongsTo({ storeId: 's1', store: 's2', businessId: 'o2' }, 's2', 'o2')).toBe(false);
    expect(repairBelongsTo({ store: 's1', businessId: 'o1' }, 's1', 'o1')).toBe(true);
    expect(repairBelongsTo({ store: 's1', businessId: 'rival' }, 's1', 'o1')).toBe(false);
    expect(repairBelongsTo({ store: 's1' }, 's1', 'o1')).toBe(false);
    expect(repairBelongsTo({ store: 's1', businessId: '' }, 's1', '')).toBe(false);
    expect(repairBelongsTo({}, '', '')).toBe(false);
  });

  it('refuses a write to another store’s repair named by `store` alone', () => {
    const rival = { ...stored, storeId: undefined, store: 'store-smc-1', businessId: 'owner-9' };
    expect(repairWriteProblem(update({ conditionNotes: 'x' }, 'edit', { before: rival }))?.code).toBe(
      'permission-denied',
    );
    const own = { ...stored, storeId: undefined, store: 'store-smc-1', businessId: 'owner-1' };
    expect(repairWriteProblem(update({ conditionNotes: 'x' }, 'edit', { before: own }))).toBeNull();
  });
});

describe('a counter that skips a number an app’s repair holds', () => {
  it('moves by one to the number that repair holds, and no further', () => {
    const before = { prefix: 'SMC', last: 1001, lastRepairDocId: 'r0' };
    const after = { prefix: 'SMC', last: 1002, lastRepairDocId: 'app-1' };
    expect(counterSkipProblem(before, after, { repairId: 'SMC-1002' })).toBeNull();
    expect(counterSkipProblem(null, { ...after, last: 1001 }, { repairId: 'SMC-1001' })).toBeNull();
    expect(counterSkipProblem(before, after, { repairId: 'SMC-1003' })?.code).toBe('permission-denied');
    expect(counterSkipProblem(before, after, null)?.code).toBe('permission-denied');
    expect(counterSkipProblem(before, { ...after, last: 1003 }, { repairId: 'SMC-1003' })?.code).toBe(
      'permission-denied',
    );
    expect(counterSkipProblem({ ...before, last: MAX_REPAIR_NUMBER }, after, null)).toEqual({
      code: 'resource-exhausted',
      message: SHOP_MESSAGES.repairIdsUsedUp,
    });
    expect(counterSkipProblem({ ...before, prefix: '' }, after, null)).toEqual({
      code: 'failed-precondition',
      message: SHOP_MESSAGES.repairCounterInvalid,
    });
  });
});

describe('stored values compared', () => {
  it('by value: Dates by time, lists and maps item by item, an absent field as undefined', () => {
    expect(sameStored(new Date(1), new Date(1))).toBe(true);
    expect(sameStored(new Date(1), '1970-01-01T00:00:00.001Z')).toBe(false);
    expect(sameStored({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }], c: undefined })).toBe(true);
    expect(sameStored([1, 2], [2, 1])).toBe(false);
    expect(changedFields({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 })).toEqual(['b', 'c']);
  });
});
