import { describe, expect, it } from 'vitest';
import {
  type DeliveryTries,
  deliveryPausedUntil,
  deliveryTriesWriteProblem,
  deliveryTryProves,
  judgeDeliveryTry,
  parseDeliveryTries,
} from '../../../src/domain/shop/delivery-tries';
import { SHOP_MESSAGES } from '../../../src/domain/shop/messages';
import { DELIVERY_TRIES } from '../../../src/domain/stored/documents';

const t0 = new Date('2026-03-10T10:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(t0.getTime() + minutes * 60_000 + seconds * 1000);

/** Makes `count` tries of `code` by `by`, one a minute from t0, and returns the last record. */
function tries(count: number, code = '0000', by = 'staff-1'): DeliveryTries {
  let record: DeliveryTries | null = null;
  for (let i = 0; i < count; i++) {
    const outcome = judgeDeliveryTry(record, { code, by }, at(i));
    if (!outcome.ok) throw new Error(`try ${i + 1} refused`);
    record = outcome.next;
  }
  if (record === null) throw new Error('no tries');
  return record;
}

describe('delivery code tries', () => {
  it('writes the first try down as the start of a series', () => {
    expect(judgeDeliveryTry(null, { code: '12 34', by: 'staff-1' }, t0)).toEqual({
      ok: true,
      next: { tries: 1, firstAt: t0, at: t0, code: '1234', by: 'staff-1' },
    });
  });

  it('counts every try in the series, right or wrong, keeping its first time', () => {
    const four = tries(4);
    expect(four).toEqual({ tries: 4, firstAt: t0, at: at(3), code: '0000', by: 'staff-1' });
    expect(judgeDeliveryTry(four, { code: '4821', by: 'owner-1' }, at(4))).toEqual({
      ok: true,
      next: { tries: 5, firstAt: t0, at: at(4), code: '4821', by: 'owner-1' },
    });
  });

  it('refuses the 6th try for 15 minutes after the 5th, even with the right code, and says the owner can override', () => {
    const five = tries(DELIVERY_TRIES.max);
    const sixth = judgeDeliveryTry(five, { code: '4821', by: 'staff-1' }, at(5));
    expect(sixth).toEqual({
      ok: false,
      reason: 'paused',
      until: at(4 + 15),
      message: SHOP_MESSAGES.deliveryPaused,
    });
    expect(SHOP_MESSAGES.deliveryPaused).toContain('owner can still mark it delivered');
    // One second before the pause ends: still refused; at its end a new series starts.
    expect(judgeDeliveryTry(five, { code: '4821', by: 'staff-1' }, at(18, 59)).ok).toBe(false);
    expect(judgeDeliveryTry(five, { code: '4821', by: 'staff-1' }, at(19))).toEqual({
      ok: true,
      next: { tries: 1, firstAt: at(19), at: at(19), code: '4821', by: 'staff-1' },
    });
  });

  it('pauses only a full series', () => {
    expect(deliveryPausedUntil(null, t0)).toBeNull();
    expect(deliveryPausedUntil(tries(4), at(4))).toBeNull();
    expect(deliveryPausedUntil(tries(5), at(5))).toEqual(at(19));
    expect(deliveryPausedUntil(tries(5), at(19))).toBeNull();
  });

  it('starts a new series when the first try of the old one is 15 minutes old', () => {
    const three = tries(3);
    expect(judgeDeliveryTry(three, { code: '1111', by: 'staff-1' }, at(14, 59))).toMatchObject({
      ok: true,
      next: { tries: 4, firstAt: t0 },
    });
    expect(judgeDeliveryTry(three, { code: '1111', by: 'staff-1' }, at(15))).toMatchObject({
      ok: true,
      next: { tries: 1, firstAt: at(15) },
    });
  });
});

describe('a delivery proved by a try', () => {
  const right = judgeDeliveryTry(null, { code: '4821', by: 'staff-1' }, t0);
  const record = right.ok ? right.next : null;

  it('needs the last try to be the right code, by the same account, in the last 2 minutes', () => {
    expect(deliveryTryProves(record, 'staff-1', '4821', t0)).toBe(true);
    expect(deliveryTryProves(record, 'staff-1', '4821', at(2))).toBe(true);
    expect(deliveryTryProves(record, 'staff-1', '4821', at(2, 1))).toBe(false);
    expect(deliveryTryProves(record, 'staff-2', '4821', t0)).toBe(false);
    expect(deliveryTryProves(record, 'staff-1', '4822', t0)).toBe(false);
    expect(deliveryTryProves(null, 'staff-1', '4821', t0)).toBe(false);
    expect(deliveryTryProves(record, 'staff-1', '', t0)).toBe(false);
    // A try in the future (a forged time) proves nothing.
    expect(deliveryTryProves(record, 'staff-1', '4821', at(-1))).toBe(false);
  });
});

describe('the tries record as stored', () => {
  it('reads Dates and ISO text alike, and nothing else', () => {
    const stored = { tries: 2, firstAt: t0.toISOString(), at: at(1).toISOString(), code: '1234', by: 'u' };
    expect(parseDeliveryTries(stored)).toEqual({ tries: 2, firstAt: t0, at: at(1), code: '1234', by: 'u' });
    expect(parseDeliveryTries({ ...stored, tries: '2' })).toBeNull();
    expect(parseDeliveryTries({ ...stored, at: 'yesterday' })).toBeNull();
    expect(parseDeliveryTries(null)).toBeNull();
  });

  it('accepts exactly the write a try makes, and refuses forged counts, times, names and paused tries', () => {
    const four = tries(4);
    const fifth = { tries: 5, firstAt: t0, at: at(4), code: '1234', by: 'staff-1' };
    expect(deliveryTriesWriteProblem(four, fifth, 'staff-1', at(4))).toBeNull();
    expect(
      deliveryTriesWriteProblem(null, { ...fifth, tries: 1, firstAt: at(4) }, 'staff-1', at(4)),
    ).toBeNull();
    expect(deliveryTriesWriteProblem(four, { ...fifth, tries: 1 }, 'staff-1', at(4))).toContain('number 5');
    expect(deliveryTriesWriteProblem(four, { ...fifth, by: 'owner-1' }, 'staff-1', at(4))).toContain('name');
    expect(deliveryTriesWriteProblem(four, { ...fifth, at: at(3) }, 'staff-1', at(4))).toContain('server');
    expect(deliveryTriesWriteProblem(four, { ...fifth, firstAt: at(4) }, 'staff-1', at(4))).toContain(
      'firstAt',
    );
    expect(deliveryTriesWriteProblem(four, { ...fifth, code: '12a4' }, 'staff-1', at(4))).toContain(
      'four digits',
    );
    expect(deliveryTriesWriteProblem(four, null, 'staff-1', at(4))).not.toBeNull();
    const five = tries(5);
    expect(
      deliveryTriesWriteProblem(
        five,
        { tries: 1, firstAt: at(5), at: at(5), code: '4821', by: 'staff-1' },
        'staff-1',
        at(5),
      ),
    ).toBe(SHOP_MESSAGES.deliveryPaused);
  });
});
