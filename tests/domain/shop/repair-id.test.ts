import { describe, expect, it } from 'vitest';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import {
  counterBefore,
  counterNextNumber,
  FIRST_REPAIR_NUMBER,
  formatRepairId,
  isCounterState,
  isValidPrefix,
  MAX_REPAIR_NUMBER,
  nextRepairId,
  nextRepairNumber,
  parseRepairId,
  parseStoredRepairId,
  prefixForStore,
  prefixFromStoreName,
  repairIdPrefixSchema,
} from '../../../src/domain/shop/repair-id';
import { seeded } from './seeded';

describe('the store prefix', () => {
  it.each([
    ['Sharma Mobile Care', 'SMC'],
    ['Iyer Electronics', 'IE'],
    ['  sharma   mobile care ', 'SMC'],
    ['Sri Balaji Mobile Repair Centre', 'SBMR'],
    ['Fixit', 'FIX'],
    ['A & B Mobiles', 'ABM'],
    ['The House of Phones', 'HP'],
    ['Café Télécom', 'CT'],
    ['2 Brothers Mobile', 'BM'],
    ['Mobile-Zone', 'MZ'],
    ['शर्मा मोबाइल', 'RPR'],
    ['', 'RPR'],
    ['X', 'RPR'],
  ])('%s → %s', (name, prefix) => {
    expect(prefixFromStoreName(name)).toBe(prefix);
    expect(isValidPrefix(prefix)).toBe(true);
  });

  it('is 2 to 5 capital letters or digits, starting with a letter', () => {
    for (const prefix of ['SMC', 'RPR', 'AB', 'S2M', 'ABCDE']) expect(isValidPrefix(prefix)).toBe(true);
    for (const prefix of ['A', 'smc', '2SM', 'ABCDEF', 'S-M', '']) expect(isValidPrefix(prefix)).toBe(false);
  });

  it('may be chosen in settings: trimmed and upper-cased, else a clear message', () => {
    expect(repairIdPrefixSchema.parse(' smc ')).toBe('SMC');
    expect(repairIdPrefixSchema.safeParse('S M C').error?.issues[0]?.message).toBe(
      SHOP_MESSAGES.repairIdPrefixInvalid,
    );
  });
});

describe('the Repair ID', () => {
  it('is the prefix, a dash and the number', () => {
    expect(formatRepairId('SMC', 1042)).toBe('SMC-1042');
    expect(formatRepairId('RPR', 1001)).toBe('RPR-1001');
  });

  it('refuses a bad prefix or number (a programming error)', () => {
    expect(() => formatRepairId('smc', 1)).toThrow(RangeError);
    expect(() => formatRepairId('SMC', 0)).toThrow(RangeError);
    expect(() => formatRepairId('SMC', 1.5)).toThrow(RangeError);
    expect(() => formatRepairId('SMC', 1_000_000_000)).toThrow(RangeError);
  });

  it.each([
    ['SMC-1042', 'SMC-1042'],
    [' smc-1042 ', 'SMC-1042'],
    ['SMC 1042', 'SMC-1042'],
    ['smc1042', 'SMC-1042'],
    ['RPR-1001', 'RPR-1001'],
    ['S2M-7', 'S2M-7'],
  ])('reads %s as %s', (typed, id) => {
    expect(parseRepairId(typed)?.repairId).toBe(id);
  });

  it('parses into prefix and number', () => {
    expect(parseRepairId('SMC-1042')).toEqual({ prefix: 'SMC', number: 1042, repairId: 'SMC-1042' });
  });

  it.each(['', 'SMC', '1042', 'SMC-', 'SMC-0', 'S-1', 'SMC--1', 'SMC-12a', 'ABCDEF-1', 'SMC-1234567890'])(
    'refuses %s',
    (typed) => {
      expect(parseRepairId(typed)).toBeNull();
    },
  );

  it('round-trips every formatted ID (seeded)', () => {
    const random = seeded(1042);
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (let run = 0; run < 500; run++) {
      const prefix = Array.from({ length: random.int(2, 5) }, (_, i) =>
        i === 0 || random.next() < 0.7 ? random.pick([...letters]) : String(random.int(0, 9)),
      ).join('');
      const n = random.int(1, MAX_REPAIR_NUMBER);
      const id = formatRepairId(prefix, n);
      expect(parseRepairId(id)).toEqual({ prefix, number: n, repairId: id });
      expect(parseRepairId(id.toLowerCase())?.repairId).toBe(id);
    }
  });
});

describe('the allocation rule', () => {
  it('starts a store at 1001 and takes the number after the counter', () => {
    expect(FIRST_REPAIR_NUMBER).toBe(1001);
    expect(nextRepairNumber(null)).toBe(1001);
    expect(nextRepairNumber(undefined)).toBe(1001);
    expect(nextRepairNumber(1001)).toBe(1002);
    expect(nextRepairNumber(1041)).toBe(1042);
    expect(nextRepairNumber(5)).toBe(1001);
    expect(nextRepairNumber(1041.7)).toBe(1042);
    expect(() => nextRepairNumber(Number.NaN)).toThrow(RangeError);
  });

  it('never hands out a number twice, even after deletions (seeded)', () => {
    const random = seeded(7);
    let counter: number | null = null;
    const handedOut = new Set<number>();
    const live = new Set<number>();
    for (let step = 0; step < 2000; step++) {
      if (live.size > 0 && random.next() < 0.3) {
        live.delete(random.pick([...live])); // a repair deleted: its number is not given again
        continue;
      }
      const n = nextRepairNumber(counter);
      expect(n).toBe(counter === null ? 1001 : counter + 1);
      expect(handedOut.has(n)).toBe(false);
      handedOut.add(n);
      live.add(n);
      counter = n;
    }
  });
});

describe("the store's counter (the rule every backend runs)", () => {
  const store = { name: 'Sharma Mobile Care' };

  it('calls a counter damaged unless its prefix is valid and its number whole and from 1001', () => {
    expect(isCounterState({ prefix: 'SMC', last: 1001 })).toBe(true);
    expect(isCounterState({ prefix: 'SMC', last: MAX_REPAIR_NUMBER })).toBe(true);
    for (const damaged of [
      { prefix: 'bad!', last: 1005 },
      { prefix: 'smc', last: 1005 },
      { prefix: 'S', last: 1005 },
      { prefix: 'ABCDEF', last: 1005 },
      { prefix: '1AB', last: 1005 },
      { prefix: 42, last: 1005 },
      { prefix: 'SMC', last: 1000 },
      { prefix: 'SMC', last: 1005.5 },
      { prefix: 'SMC', last: Number.NaN },
      { prefix: 'SMC', last: '1005' },
      { prefix: 'SMC' },
    ])
      expect(isCounterState(damaged), JSON.stringify(damaged)).toBe(false);
  });

  it('hands out 1001 first, then one more than the last; refuses a damaged or used-up counter', () => {
    expect(counterNextNumber(null)).toEqual({ ok: true, number: 1001 });
    expect(counterNextNumber({ prefix: 'SMC', last: 1041 })).toEqual({ ok: true, number: 1042 });
    expect(counterNextNumber({ prefix: 'SMC', last: 12 })).toEqual({
      ok: false,
      code: 'failed-precondition',
      message: SHOP_MESSAGES.repairCounterInvalid,
    });
    expect(counterNextNumber({ prefix: 'SMC', last: MAX_REPAIR_NUMBER })).toEqual({
      ok: false,
      code: 'resource-exhausted',
      message: SHOP_MESSAGES.repairIdsUsedUp,
    });
  });

  it("takes the counter's prefix once it exists, else the store's valid setting, else one from its name", () => {
    expect(nextRepairId({ prefix: 'OLD', last: 2000 }, { ...store, repairIdPrefix: 'NEW' })).toEqual({
      ok: true,
      prefix: 'OLD',
      number: 2001,
      repairId: 'OLD-2001',
    });
    expect(nextRepairId(null, { ...store, repairIdPrefix: 'NEW' })).toMatchObject({ repairId: 'NEW-1001' });
    for (const repairIdPrefix of ['bad!', 'new', '', 7, undefined, null])
      expect(prefixForStore({ ...store, repairIdPrefix }), String(repairIdPrefix)).toBe('SMC');
    expect(nextRepairId({ prefix: 'bad!', last: 1005 }, store)).toMatchObject({
      ok: false,
      code: 'failed-precondition',
    });
  });

  it('names the counter a stored Repair ID was handed out from, and only canonical IDs count as stored', () => {
    expect(parseStoredRepairId('SMC-1042')).toEqual({ prefix: 'SMC', number: 1042, repairId: 'SMC-1042' });
    for (const notStored of ['smc-1042', 'SMC 1042', 'SMC1042', 'SMC-10000000', 'SMC-0', 'bad!-1'])
      expect(parseStoredRepairId(notStored), notStored).toBeNull();
    expect(counterBefore({ prefix: 'SMC', number: 1042, repairId: 'SMC-1042' })).toEqual({
      prefix: 'SMC',
      last: 1041,
    });
    expect(counterBefore({ prefix: 'SMC', number: 1001, repairId: 'SMC-1001' })).toBeNull();
  });
});
