import { describe, expect, it } from 'vitest';
import { type Principals, readingOf } from '../../../src/adapters/pouchdb/sync-server/device-access';
import { entryIdParts, paymentEntryProblem } from '../../../src/adapters/pouchdb/sync-server/payment-entries';
import { shapeProblem } from '../../../src/adapters/pouchdb/sync-server/synced-documents';
import { compileValidators } from '../../../src/adapters/pouchdb/sync-server/validator-sandbox';
import type { Store } from '../../../src/domain/stores/store';

/**
 * The sync gateway's checks of payment entries (sync-server/payment-entries.ts, the payments
 * database's validator and read rule), as firestore.rules judge repairs/{id}/payments: a member of the
 * store in their own name, refunds by the owner and never above what was paid, never edited, deleted
 * by the owner only; read by the store's members only.
 */

const NOW = new Date('2026-11-26T10:00:00Z');
const OWNER = { uid: 'uid-owner', name: 'Rahul Sharma' };
const STORE = { id: 'store-1', ownerId: OWNER.uid, name: 'Sharma', staff: [] } as unknown as Store;
const RIVAL_STORE = { id: 'store-2', ownerId: 'uid-rival', name: 'Iyer', staff: [] } as unknown as Store;

const device = (uids: string[]): Principals => ({
  name: 'd',
  admin: false,
  superAdmin: false,
  uids,
  phones: [],
});
const counter = device([OWNER.uid]);

const entry = (paymentId: string, overrides: Record<string, unknown> = {}) => ({
  _id: `r1:${paymentId}`,
  id: paymentId,
  kind: 'payment',
  amountPaise: 50_000,
  mode: 'cash',
  at: NOW.toISOString(),
  by: OWNER,
  note: '',
  storeId: 'store-1',
  ...overrides,
});

type Doc = ReturnType<typeof entry>;

function judge(
  doc: Record<string, unknown> & { _id: string },
  options: {
    current?: Doc | null;
    who?: Principals;
    repair?: Record<string, unknown> | null;
    entries?: Doc[];
  } = {},
) {
  return paymentEntryProblem({
    doc,
    current: options.current ?? null,
    device: options.who ?? counter,
    stores: async (id) => (id === 'store-1' ? STORE : id === 'store-2' ? RIVAL_STORE : null),
    now: NOW,
    repairOf: async () =>
      options.repair === undefined ? null : options.repair === null ? null : { _id: 'r1', ...options.repair },
    entriesOf: async () => options.entries ?? [],
  });
}

describe("the gateway's payment entries", () => {
  it('takes a member’s payment in their own name, and refuses other stores and other names', async () => {
    expect(await judge(entry('pay-1'))).toBeNull();
    expect(await judge(entry('pay-1'), { who: device(['uid-rival']) })).toMatch(
      /name of an account of this device/,
    );
    expect(
      await judge(entry('pay-1', { by: { uid: 'uid-rival', name: 'Meera' } }), {
        who: device(['uid-rival']),
      }),
    ).toMatch(/does not work in the store/);
    expect(await judge(entry('pay-1', { storeId: 'store-9' }))).toMatch(/does not exist/);
    expect(await judge({ ...entry('pay-1'), _id: 'r1:pay-2' })).toMatch(/id field is its payment id/);
    expect(await judge({ ...entry('pay-1'), _id: 'pay-1' })).toMatch(/\{repairDocId\}:\{paymentId\}/);
    expect(entryIdParts('repair-1:abc_DEF-9')).toEqual({ repairDocId: 'repair-1', paymentId: 'abc_DEF-9' });
    expect(await judge(entry('pay-1', { at: '2026-11-01T10:00:00Z' }))).toMatch(/at most a week old/);
  });

  it('refunds by the owner only, never above what was paid on the server', async () => {
    const refund = entry('ref-1', { kind: 'refund', amountPaise: 50_000, note: 'Part not used' });
    const staffDevice = device(['uid-staff']);
    const staffed = { ...STORE, staff: [{ uid: 'uid-staff' }] } as unknown as Store;
    const asStaff = await paymentEntryProblem({
      doc: { ...refund, by: { uid: 'uid-staff', name: 'Sam' } },
      current: null,
      device: staffDevice,
      stores: async () => staffed,
      now: NOW,
      repairOf: async () => null,
      entriesOf: async () => [entry('pay-1')],
    });
    expect(asStaff).toMatch(/does not work in the store|only the store's owner refunds/);
    expect(await judge(refund, { entries: [entry('pay-1')] })).toBeNull();
    expect(await judge(refund, { entries: [entry('pay-1', { amountPaise: 49_999 })] })).toMatch(
      /never exceeds/,
    );
    expect(
      await judge(refund, { entries: [], repair: { storeId: 'store-1', paidPaise: 50_000, history: [] } }),
    ).toBeNull();
    expect(
      await judge(refund, {
        entries: [entry('pay-1'), entry('ref-0', { kind: 'refund', amountPaise: 10_000 })],
      }),
    ).toMatch(/never exceeds/);
  });

  it('takes an entry its repair already names only as named; refuses a repair of another store', async () => {
    const named = { kind: 'payment', amountPaise: 50_000, paymentId: 'pay-1', by: OWNER };
    expect(await judge(entry('pay-1'), { repair: { storeId: 'store-1', history: [named] } })).toBeNull();
    expect(
      await judge(entry('pay-1'), {
        repair: { storeId: 'store-1', history: [{ ...named, amountPaise: 1 }] },
      }),
    ).toMatch(/another kind, amount or writer/);
    expect(await judge(entry('pay-1'), { repair: { storeId: 'store-2', history: [] } })).toMatch(
      /repair's store/,
    );
  });

  it('never takes an edit; a deletion from the store’s owner only', async () => {
    const stored = { ...entry('pay-1'), _rev: '1-a' };
    expect(await judge({ ...entry('pay-1'), amountPaise: 90_000 }, { current: stored })).toMatch(
      /never edited/,
    );
    expect(await judge({ ...entry('pay-1') }, { current: stored })).toBeNull();
    expect(await judge({ _id: 'r1:pay-1', _deleted: true }, { current: stored })).toBeNull();
    expect(
      await judge({ _id: 'r1:pay-1', _deleted: true }, { current: stored, who: device(['uid-staff']) }),
    ).toMatch(/owner deletes/);
  });

  it('checks the shape by the payments write schema, and a UPI reference on UPI payments only', async () => {
    expect(shapeProblem('payments', entry('pay-1'), null, NOW)).toBeNull();
    expect(shapeProblem('payments', entry('pay-1', { amountPaise: 0 }), null, NOW)).toMatch(/amountPaise/);
    expect(shapeProblem('payments', entry('pay-1', { mode: 'cheque' }), null, NOW)).toMatch(/mode/);
    expect(shapeProblem('payments', entry('pay-1', { upiReference: '123' }), null, NOW)).toMatch(
      /upiReference/,
    );
    expect(await judge(entry('pay-1', { mode: 'upi', upiReference: '412345678901' }))).toBeNull();
    expect(await judge(entry('pay-1', { mode: 'cash', upiReference: '412345678901' }))).toMatch(
      /UPI reference/,
    );
  });

  it('runs the payments validator: never edited, in an account of this device', () => {
    const validate = compileValidators();
    const ctx = { name: 'd', roles: ['device', `uid:${OWNER.uid}`] };
    expect(validate('payments', entry('pay-1'), null, ctx)).toBeNull();
    expect(validate('payments', { ...entry('pay-1'), amountPaise: 2 }, entry('pay-1'), ctx)).toMatch(
      /never edited/,
    );
    expect(validate('payments', entry('pay-1'), null, { name: 'd', roles: ['device', 'uid:other'] })).toMatch(
      /account of this device/,
    );
    expect(validate('payments', entry('pay-1', { amountPaise: 0.5 }), null, ctx)).toMatch(/paise/);
  });

  it('hands entries to the store’s members only', async () => {
    const storeOf = async (id: string) => (id === 'store-1' ? STORE : null);
    expect(await readingOf('payments', entry('pay-1'), counter, storeOf)).toBe('full');
    expect(await readingOf('payments', entry('pay-1'), device(['uid-rival']), storeOf)).toBeNull();
    expect(
      await readingOf('payments', entry('pay-1'), { ...device([]), phones: ['+919876543210'] }, storeOf),
    ).toBeNull();
  });
});
