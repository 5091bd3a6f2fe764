import { describe, expect, it } from 'vitest';
import {
  baseOf,
  conflictsOf,
  keptPatch,
  parseRefusedChanges,
  type RefusedChange,
  refusedChangeOfRevision,
  refusedMovesOf,
  staleFields,
} from '../../../src/domain/shop/refused-changes';
import { parseShopRepair } from '../../../src/domain/shop/repair-record';

/** A repair as saved now: estimate ₹1,200 (another device's), notes '', name 'Asha'. */
const saved = parseShopRepair('r1', {
  repairId: 'SMC-1001',
  storeId: 'store-1',
  customerName: 'Asha',
  estimatePaise: 120_000,
  conditionNotes: '',
  problemList: ['Screen broken'],
});

const change = (over: Partial<RefusedChange> = {}): RefusedChange => ({
  id: 'c1',
  repairDocId: 'r1',
  patch: { estimatePaise: 150_000, conditionNotes: 'Back cracked', customerName: 'Asha' },
  base: { estimatePaise: 100_000, conditionNotes: '', customerName: 'Asha' },
  at: '2026-11-26T10:00:00.000Z',
  ...over,
});

describe('refused changes', () => {
  it('shows each changed field whose value differs from the saved one, with both values and the base', () => {
    expect(conflictsOf(saved, '', [change()])).toEqual([
      { changeId: 'c1', field: 'conditionNotes', mine: 'Back cracked', saved: '', base: '' },
      { changeId: 'c1', field: 'estimatePaise', mine: 150_000, saved: 120_000, base: 100_000 },
    ]);
  });

  it("asks nothing of a field saved with this device's value, or of another repair's change", () => {
    expect(conflictsOf(saved, '', [change({ patch: { estimatePaise: 120_000 } })])).toEqual([]);
    expect(conflictsOf(saved, '', [change({ repairDocId: 'r2' })])).toEqual([]);
  });

  it('lists the oldest change first, and compares lists and the unlock code', () => {
    const later = change({
      id: 'c2',
      at: '2026-11-26T11:00:00.000Z',
      patch: { problemList: ['Battery problem'] },
    });
    const earlier = change({ id: 'c1', patch: { unlockCode: '1234' } });
    expect(conflictsOf(saved, '2580', [later, earlier]).map((c) => [c.changeId, c.field, c.saved])).toEqual([
      ['c1', 'unlockCode', '2580'],
      ['c2', 'problemList', ['Screen broken']],
    ]);
  });

  it("takes a change's base from what the device had of the edited fields", () => {
    expect(baseOf(saved, '2580', { estimatePaise: 1, unlockCode: '9' })).toEqual({
      estimatePaise: 120_000,
      unlockCode: '2580',
    });
    expect(baseOf(saved, null, { unlockCode: '9' })).toEqual({ unlockCode: null });
  });

  it('applies again only the fields kept as this device’s', () => {
    expect(keptPatch(change(), ['estimatePaise', 'promisedDate'])).toEqual({ estimatePaise: 150_000 });
    expect(keptPatch(change(), [])).toEqual({});
  });

  it('reads back what a device kept, dropping what is not a change', () => {
    const good = change();
    expect(parseRefusedChanges([good, null, { id: 1 }, { ...good, patch: { notAField: 1 } }, 'x'])).toEqual([
      good,
    ]);
    expect(parseRefusedChanges('not a list')).toEqual([]);
  });

  describe('a revision that lost to the saved one (PouchDB)', () => {
    const base = parseShopRepair('r1', {
      ...saved,
      estimatePaise: 100_000,
      updatedAt: '2026-11-26T09:00:00.000Z',
    });
    const mine = parseShopRepair('r1', {
      ...saved,
      estimatePaise: 150_000,
      customerName: 'Asha',
      conditionNotes: 'Back cracked',
      updatedAt: '2026-11-26T10:00:00.000Z',
    });
    const fallback = new Date('2026-11-27T00:00:00.000Z');

    it('takes the fields it edited since the revision both grew from, with their values there', () => {
      expect(refusedChangeOfRevision(mine, base, saved, fallback)).toEqual({
        repairDocId: 'r1',
        patch: { conditionNotes: 'Back cracked', estimatePaise: 150_000 },
        base: { conditionNotes: '', estimatePaise: 100_000 },
        at: '2026-11-26T10:00:00.000Z',
      });
    });

    it('without that revision, takes every field that differs from the saved one, its base unknown', () => {
      expect(refusedChangeOfRevision(mine, null, saved, fallback)).toMatchObject({
        patch: { conditionNotes: 'Back cracked', estimatePaise: 150_000 },
        base: {},
      });
    });

    it('keeps a status move made on it as its move, and is no change for a payment alone', () => {
      const moved = parseShopRepair('r1', { ...base, status: 'ready' });
      expect(refusedChangeOfRevision(moved, base, saved, fallback)).toMatchObject({
        patch: {},
        move: { to: 'ready', from: base.status },
      });
      const paid = parseShopRepair('r1', { ...base, paidPaise: 50_000 });
      expect(refusedChangeOfRevision(paid, base, saved, fallback)).toBeNull();
    });

    it('tells a refused move until the status saved now is the one it moved to', () => {
      const kept = change({ id: 'm1', patch: {}, base: {}, move: { to: 'ready', from: 'inprogress' } });
      const now = parseShopRepair('r1', { ...saved, status: 'waiting_for_parts' });
      expect(refusedMovesOf(now, [kept])).toEqual([
        { changeId: 'm1', to: 'ready', from: 'inprogress', now: 'waiting_for_parts' },
      ]);
      expect(refusedMovesOf(parseShopRepair('r1', { ...saved, status: 'ready' }), [kept])).toEqual([]);
      // Kept and read back, a move alone is a change.
      expect(parseRefusedChanges(JSON.parse(JSON.stringify([kept])))).toEqual([kept]);
    });
  });

  describe('an edit based on values changed since (staleFields)', () => {
    it('names the fields stored now with neither the value seen nor the value typed', () => {
      const patch = { estimatePaise: 150_000, conditionNotes: 'Back cracked', customerName: 'Asha R' };
      // Saved now: estimate ₹1,200 (seen ₹1,000), notes '' (seen ''), name 'Asha' (seen 'Asha').
      expect(
        staleFields(saved, patch, { estimatePaise: 100_000, conditionNotes: '', customerName: 'Asha' }),
      ).toEqual(['estimatePaise']);
    });

    it('is nothing when the other device saved the same value, or the field has no basis', () => {
      expect(staleFields(saved, { estimatePaise: 120_000 }, { estimatePaise: 100_000 })).toEqual([]);
      expect(staleFields(saved, { estimatePaise: 150_000 }, {})).toEqual([]);
      expect(staleFields(saved, { unlockCode: '1234' }, { unlockCode: '9999' })).toEqual([]);
    });
  });
});
