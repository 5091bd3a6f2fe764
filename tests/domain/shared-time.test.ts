import { describe, expect, it } from 'vitest';
import { asInstant } from '../../src/domain/shared/time';

describe('asInstant', () => {
  it('reads Dates, epoch milliseconds, ISO text and Firestore Timestamps', () => {
    const iso = '2026-11-02T10:00:00.000Z';
    expect(asInstant(new Date(iso))?.toISOString()).toBe(iso);
    expect(asInstant(Date.parse(iso))?.toISOString()).toBe(iso);
    expect(asInstant(iso)?.toISOString()).toBe(iso);
    expect(asInstant({ seconds: Date.parse(iso) / 1000, nanoseconds: 5_000_000 })?.toISOString()).toBe(
      '2026-11-02T10:00:00.005Z',
    );
    expect(asInstant({ toDate: () => new Date(iso) })?.toISOString()).toBe(iso);
  });

  it('gives null for anything that is not a real instant, out-of-range numbers included', () => {
    for (const value of [
      1e20,
      -1e20,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'soon',
      '',
      null,
      undefined,
      {},
      { seconds: 1e17 },
      new Date('x'),
    ]) {
      expect(asInstant(value), String(value)).toBeNull();
    }
  });
});
