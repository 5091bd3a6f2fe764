import { describe, expect, it } from 'vitest';
import { SYNCED_COLLECTIONS } from '../../../src/adapters/pouchdb/pouchdb-databases';
import { repairWorkflowProblem } from '../../../src/adapters/pouchdb/sync-server/repair-workflow';
import {
  CUSTOMER_FIELDS,
  envelopeProblem,
  maxBytesOf,
  repairFor,
  schemaOf,
  shapeProblem,
} from '../../../src/adapters/pouchdb/sync-server/synced-documents';
import { REPAIRS, TRACKING_VIEW_FIELDS } from '../../../src/domain/stored/documents';

/**
 * The sync gateway's document checks as functions (the HTTP tests are
 * tests/security/sync-server.security.test.ts): sizes, the schema mapping, the read projection, and the
 * workflow's steps of a push.
 */

const NOW = new Date('2026-11-26T10:00:00Z');
const RAHUL = { uid: 'uid-owner', name: 'Rahul Sharma' };
const at = NOW.toISOString();

describe('the synced databases and their write schemas', () => {
  it('maps every synced database onto a write schema, config by document id', () => {
    for (const collection of SYNCED_COLLECTIONS)
      expect(schemaOf(collection, collection === 'config' ? 'Urls' : 'x'), collection).not.toBeNull();
    expect(schemaOf('config', 'storage')?.kind).toBe('config');
    expect(schemaOf('config', 'payments')).toBeNull();
    expect(maxBytesOf('repairs', 'r1')).toBe(REPAIRS.maxBytes);
  });

  it('measures deleted documents like any other, and wants tombstones bare', () => {
    const tombstone = { _id: 'r1', _rev: '2-a', _deleted: true };
    expect(envelopeProblem('repairs', tombstone)).toBeNull();
    expect(envelopeProblem('repairs', { ...tombstone, body: 'x'.repeat(REPAIRS.maxBytes) })).toMatch(
      /at most 163840 bytes \(deleted ones too\)/,
    );
    expect(envelopeProblem('repairs', { ...tombstone, note: 'x' })).toMatch(/a deletion carries no fields/);
    expect(envelopeProblem('repairs', { _id: 'r1', _attachments: {} })).toMatch(/attachments/);
    expect(envelopeProblem('repairs', { _id: 'r1', _conflicts: [] })).toMatch(/_conflicts is not allowed/);
    expect(
      envelopeProblem('repairs', { _id: 'r1', _revisions: { start: 1, ids: Array(1001).fill('a') } }),
    ).toMatch(/at most 1000 revision ids/);
  });

  it('checks a new document whole and an update in its changed fields; times never ahead of the server', () => {
    const legacy = { _id: 'uid-1', email: 'a@b.c', role: 'user', name: 'Old' };
    expect(shapeProblem('users', { ...legacy, city: 'Pune' }, legacy, NOW)).toBeNull();
    expect(shapeProblem('users', { ...legacy, city: 7 }, legacy, NOW)).toMatch(/^city:/);
    expect(shapeProblem('users', { ...legacy, city: 'Pune' }, null, NOW)).toMatch(/acceptedTerms|address/);
    const repair = { _id: 'r1', repairId: 'SMC-1', storeId: 's', createdAt: at };
    expect(shapeProblem('repairs', repair, null, NOW)).toBeNull();
    expect(shapeProblem('repairs', { ...repair, createdAt: '2099-01-01T00:00:00Z' }, null, NOW)).toMatch(
      /createdAt: .* ahead of the server's time/,
    );
    // An old history entry is not judged again; a new one is.
    const old = {
      kind: 'note',
      status: 'received',
      from: null,
      at: '2099-01-01T00:00:00Z',
      by: RAHUL,
      note: '',
      amountPaise: null,
    };
    const stored = { ...repair, history: [old] };
    expect(shapeProblem('repairs', { ...stored, productName: 'x' }, stored, NOW)).toBeNull();
    expect(shapeProblem('repairs', { ...stored, history: [old, old] }, stored, NOW)).toMatch(
      /history\.1\.at/,
    );
  });
});

describe('what a reader receives of a repair', () => {
  const doc = {
    _id: 'r1',
    _rev: '3-a',
    repairId: 'SMC-1',
    deliveryCode: '4821',
    imeiSerial: '490154203237518',
    conditionNotes: 'scratched',
    history: [],
    customerMobileBy: 'uid-owner',
    status: 'ready',
    paidPaise: 100,
    futureField: 'x',
  };

  it('gives the owner everything, staff all but the delivery code, the customer the allow list', () => {
    expect(repairFor(doc, 'full')).toBe(doc);
    expect(repairFor(doc, 'staff')).not.toHaveProperty('deliveryCode');
    expect(repairFor(doc, 'staff')).toHaveProperty('imeiSerial');
    expect(repairFor(doc, 'customer')).toEqual({
      _id: 'r1',
      _rev: '3-a',
      repairId: 'SMC-1',
      deliveryCode: '4821',
      status: 'ready',
      paidPaise: 100,
    });
  });

  it('lets the customer see every field the tracking page shows', () => {
    for (const field of TRACKING_VIEW_FIELDS) expect(CUSTOMER_FIELDS).toContain(field);
  });
});

describe("the shop's workflow on what a device pushes", () => {
  const store = { id: 'store-1', ownerId: 'uid-owner' };
  const created = {
    _id: 'r9',
    repairId: 'SMC-1009',
    storeId: 'store-1',
    businessId: 'uid-owner',
    status: 'received',
    deliveryCode: '4821',
    createdAt: at,
    updatedAt: at,
    paidPaise: 0,
    duePaise: 0,
    owing: false,
    history: [
      { kind: 'created', status: 'received', from: null, at, by: RAHUL, note: '', amountPaise: null },
    ],
    timeline: [{ status: 'received', at }],
    createdBy: RAHUL,
  };
  const judge = (doc: Record<string, unknown> & { _id: string }, current: typeof doc | null, taken = false) =>
    repairWorkflowProblem({ doc, current, store, writer: RAHUL, now: NOW, repairIdTaken: async () => taken });
  const move = (doc: Record<string, unknown> & { _id: string }, status: string) => ({
    ...doc,
    status,
    history: [
      ...(doc.history as unknown[]),
      { kind: 'status', status, from: doc.status, at, by: RAHUL, note: '', amountPaise: null },
    ],
    timeline: [...(doc.timeline as unknown[]), { status, at }],
  });

  it('takes a console create, and refuses its Repair ID when taken or too long', async () => {
    expect(await judge(created, null)).toBeNull();
    expect(await judge(created, null, true)).toMatch(/already holds SMC-1009/);
    expect(await judge({ ...created, repairId: 'SMC-12345678' }, null)).toMatch(/at most 7 digits/);
  });

  it('judges each entry of a push as its own write', async () => {
    expect(await judge(move(move(created, 'inprogress'), 'ready'), null)).toBeNull();
    expect(await judge(move(move(created, 'ready'), 'inprogress'), created)).toMatch(
      /move from received to ready.*entry 1 of the 2 pushed/,
    );
  });

  it('refuses a payment without its entry, and takes one with it', async () => {
    expect(await judge({ ...created, paidPaise: 500 }, created)).toMatch(/history only grows/);
    const paid = {
      ...created,
      paidPaise: 500,
      history: [
        ...created.history,
        {
          kind: 'payment',
          status: 'received',
          from: null,
          at,
          by: RAHUL,
          note: '',
          amountPaise: 500,
          paymentId: 'pay-1',
        },
      ],
    };
    expect(await judge(paid, created)).toBeNull();
  });
});
