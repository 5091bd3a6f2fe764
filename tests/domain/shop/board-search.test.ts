import { describe, expect, it } from 'vitest';
import { boardFilterOf, parseBoardSearch } from '../../../src/domain/shop/board-search';

describe('parseBoardSearch', () => {
  it('keeps what is usable', () => {
    expect(
      parseBoardSearch({
        store: 'store-1',
        status: 'ready',
        from: '2026-11-01',
        to: '2026-11-30',
        q: 'SMC-1042',
        trail: ['a', 'b'],
      }),
    ).toEqual({
      store: 'store-1',
      status: 'ready',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'SMC-1042',
      trail: ['a', 'b'],
    });
  });

  it('drops what is not', () => {
    expect(
      parseBoardSearch({
        store: '',
        status: 'Ready!',
        from: '2026-02-30',
        to: 'tomorrow',
        q: '   ',
        trail: ['a', 3],
      }),
    ).toEqual({});
    expect(parseBoardSearch({ q: 'x'.repeat(61), trail: [] })).toEqual({});
  });

  it('reads a number typed as the search (a mobile) as text', () => {
    expect(parseBoardSearch({ q: 9876543210 })).toEqual({ q: '9876543210' });
  });
});

describe('boardFilterOf', () => {
  it('makes the range local days, the end day included, and the page the last cursor', () => {
    const filter = boardFilterOf({
      from: '2026-11-01',
      to: '2026-11-30',
      status: 'ready',
      trail: ['a', 'b'],
    });
    expect(filter).toEqual({
      status: 'ready',
      from: new Date(2026, 10, 1),
      to: new Date(2026, 11, 1),
      cursor: 'b',
    });
  });
});
