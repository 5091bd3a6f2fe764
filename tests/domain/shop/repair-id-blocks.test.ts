import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { FIRST_REPAIR_NUMBER, MAX_REPAIR_NUMBER } from '../../../src/domain/shop/repair-id';
import {
  blockHoldsRepairId,
  type HeldBlock,
  MAX_REPAIR_ID_BLOCK_SIZE,
  needsTopUp,
  numbersLeft,
  parseHeldBlocks,
  parseRepairIdBlock,
  planBlockReservation,
  REPAIR_ID_BLOCK_SIZE,
  REPAIR_ID_TOP_UP_BELOW,
  repairIdBlockId,
  takeHeldNumber,
} from '../../../src/domain/shop/repair-id-blocks';

const STORE = { id: 'store-1', name: 'Sharma Mobile Care' };
const UID = 'staff01';

describe('planBlockReservation', () => {
  it("reserves the numbers after the counter's last, under its prefix, and moves the counter to the block's end", () => {
    const plan = planBlockReservation({ prefix: 'SMC', last: 1042 }, STORE, UID);
    expect(plan).toEqual({
      ok: true,
      counter: { prefix: 'SMC', last: 1042 + REPAIR_ID_BLOCK_SIZE },
      block: { storeId: 'store-1', uid: UID, prefix: 'SMC', first: 1043, last: 1042 + REPAIR_ID_BLOCK_SIZE },
    });
  });

  it("starts a store with no counter at the first number, with the store's prefix", () => {
    const plan = planBlockReservation(null, { ...STORE, repairIdPrefix: 'SHRM' }, UID, 10);
    expect(plan).toMatchObject({
      ok: true,
      counter: { prefix: 'SHRM', last: FIRST_REPAIR_NUMBER + 9 },
      block: { first: FIRST_REPAIR_NUMBER, last: FIRST_REPAIR_NUMBER + 9, prefix: 'SHRM' },
    });
    expect(planBlockReservation(null, STORE, UID)).toMatchObject({ block: { prefix: 'SMC' } });
  });

  it('gives a shorter block at the end of the numbers, and refuses when every number is handed out', () => {
    expect(planBlockReservation({ prefix: 'SMC', last: MAX_REPAIR_NUMBER - 3 }, STORE, UID)).toMatchObject({
      block: { first: MAX_REPAIR_NUMBER - 2, last: MAX_REPAIR_NUMBER },
      counter: { last: MAX_REPAIR_NUMBER },
    });
    expect(planBlockReservation({ prefix: 'SMC', last: MAX_REPAIR_NUMBER }, STORE, UID)).toEqual({
      ok: false,
      code: 'resource-exhausted',
      message: SHOP_MESSAGES.repairIdsUsedUp,
    });
  });

  it('refuses a damaged counter rather than guessing', () => {
    for (const counter of [{ prefix: 'bad!', last: 1200 }, { prefix: 'SMC', last: 'x' }, { prefix: 'SMC' }]) {
      expect(planBlockReservation(counter, STORE, UID)).toMatchObject({
        ok: false,
        code: 'failed-precondition',
      });
    }
  });

  it('takes no size outside 1 to MAX_REPAIR_ID_BLOCK_SIZE (a programming error)', () => {
    for (const size of [0, -1, 1.5, MAX_REPAIR_ID_BLOCK_SIZE + 1])
      expect(() => planBlockReservation(null, STORE, UID, size)).toThrow(RangeError);
  });

  it('never lets two reservations in turn overlap, and leaves no number between them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: MAX_REPAIR_ID_BLOCK_SIZE }), { maxLength: 30 }),
        (sizes) => {
          let counter: Record<string, unknown> | null = null;
          let expectedFirst = FIRST_REPAIR_NUMBER;
          for (const size of sizes) {
            const plan = planBlockReservation(counter, STORE, UID, size);
            if (!plan.ok) throw new Error(plan.message);
            expect(plan.block.first).toBe(expectedFirst);
            expect(plan.block.last - plan.block.first + 1).toBe(size);
            expectedFirst = plan.block.last + 1;
            counter = { ...plan.counter };
          }
        },
      ),
    );
  });
});

describe('the rule for a repair numbered from a block', () => {
  const block = { storeId: 'store-1', uid: UID, prefix: 'SMC', first: 1043, last: 1062 };

  it("holds the block's numbers for its member and store, and nothing else", () => {
    expect(blockHoldsRepairId(block, 'SMC-1043', 'store-1', UID)).toBe(true);
    expect(blockHoldsRepairId(block, 'SMC-1062', 'store-1', UID)).toBe(true);
    expect(blockHoldsRepairId(block, 'SMC-1042', 'store-1', UID)).toBe(false);
    expect(blockHoldsRepairId(block, 'SMC-1063', 'store-1', UID)).toBe(false);
    expect(blockHoldsRepairId(block, 'SMC-1050', 'store-1', 'staff02')).toBe(false);
    expect(blockHoldsRepairId(block, 'SMC-1050', 'store-2', UID)).toBe(false);
    expect(blockHoldsRepairId(block, 'SMCB-1050', 'store-1', UID)).toBe(false);
    expect(blockHoldsRepairId(block, 'smc-1050', 'store-1', UID)).toBe(false);
    expect(blockHoldsRepairId(null, 'SMC-1050', 'store-1', UID)).toBe(false);
  });

  it('reads a stored block strictly', () => {
    expect(parseRepairIdBlock({ ...block, reservedAt: new Date() })).toEqual(block);
    for (const raw of [
      null,
      'x',
      { ...block, uid: '' },
      { ...block, storeId: 7 },
      { ...block, prefix: 'smc' },
      { ...block, first: 1063 },
      { ...block, last: block.first + MAX_REPAIR_ID_BLOCK_SIZE },
      { ...block, first: 0 },
      { ...block, last: MAX_REPAIR_NUMBER + 1 },
      { ...block, first: 1043.5 },
    ])
      expect(parseRepairIdBlock(raw), JSON.stringify(raw)).toBeNull();
  });

  it("names a block's document by its store and first number", () => {
    expect(repairIdBlockId('store-1', 1043)).toBe('store-1_1043');
  });
});

describe('the numbers a device holds', () => {
  const held: HeldBlock[] = [
    { storeId: 'store-1', uid: UID, prefix: 'SMC', first: 1063, last: 1064, next: 1063 },
    { storeId: 'store-1', uid: UID, prefix: 'SMC', first: 1043, last: 1045, next: 1044 },
    { storeId: 'store-2', uid: UID, prefix: 'SMCB', first: 1001, last: 1020, next: 1001 },
    { storeId: 'store-1', uid: 'owner01', prefix: 'SMC', first: 1021, last: 1040, next: 1021 },
  ];

  it('hands out the lowest number first, block by block, then none', () => {
    const ids: string[] = [];
    let state: readonly HeldBlock[] = held;
    for (;;) {
      const taken = takeHeldNumber(state, 'store-1', UID);
      if (taken === null) break;
      ids.push(`${taken.repairId}@${taken.idBlock}`);
      state = taken.held;
    }
    expect(ids).toEqual(['SMC-1044@1043', 'SMC-1045@1043', 'SMC-1063@1063', 'SMC-1064@1063']);
    expect(numbersLeft(state, 'store-1', UID)).toBe(0);
    // Other stores and members keep theirs.
    expect(numbersLeft(state, 'store-2', UID)).toBe(20);
    expect(numbersLeft(state, 'store-1', 'owner01')).toBe(20);
  });

  it('tops up when fewer than REPAIR_ID_TOP_UP_BELOW numbers are left', () => {
    expect(numbersLeft(held, 'store-1', UID)).toBe(4);
    expect(needsTopUp(held, 'store-1', UID)).toBe(4 < REPAIR_ID_TOP_UP_BELOW);
    expect(needsTopUp(held, 'store-2', UID)).toBe(false);
    expect(needsTopUp([], 'store-1', UID)).toBe(true);
  });

  it('reads back what it kept, dropping used-up and damaged blocks', () => {
    const kept = JSON.parse(
      JSON.stringify([
        ...held,
        { storeId: 'store-1', uid: UID, prefix: 'SMC', first: 1100, last: 1101, next: 1102 },
        { storeId: 'store-1', uid: UID, prefix: 'SMC', first: 1100, last: 1101 },
        { storeId: 'store-1', uid: UID, prefix: 'SMC', first: 1100, last: 1101, next: 1099 },
        { storeId: 'store-1', uid: UID, prefix: 'S!', first: 1100, last: 1101, next: 1100 },
        'junk',
      ]),
    );
    expect(parseHeldBlocks(kept)).toEqual(held);
    expect(parseHeldBlocks('junk')).toEqual([]);
    expect(parseHeldBlocks(null)).toEqual([]);
  });
});
