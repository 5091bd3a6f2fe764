import { describe, expect, it } from 'vitest';
import {
  appendedEntries,
  appendHistory,
  appendsOneEntryBy,
  type HistoryEntry,
  historyEntry,
  isAppendOnly,
  parseHistory,
} from '../../../src/domain/shop/history';
import { seeded } from './seeded';

const owner = { uid: 'owner-1', name: 'Rahul Sharma' };
const staff = { uid: 'staff-1', name: 'Sam Staff' };
const t = (minutes: number) => new Date(Date.UTC(2026, 2, 10, 5, minutes));

const created = historyEntry('created', 'received', owner, t(0));
const started = historyEntry('status', 'inprogress', staff, t(5), 'Screen ordered', 'received');
const ready = historyEntry('status', 'ready', staff, t(50), '', 'inprogress');

describe('history entries', () => {
  it('carry kind, status, the status before, time, who, note and (for payments) an amount', () => {
    expect(started).toEqual({
      kind: 'status',
      status: 'inprogress',
      from: 'received',
      at: t(5),
      by: { uid: 'staff-1', name: 'Sam Staff' },
      note: 'Screen ordered',
      amountPaise: null,
    });
    expect(historyEntry('payment', 'ready', owner, t(60), 'Cash', null, 50_000).amountPaise).toBe(50_000);
  });

  it('are appended to a new list; the old list is left as it was', () => {
    const before = [created];
    const after = appendHistory(before, started);
    expect(before).toEqual([created]);
    expect(after).toEqual([created, started]);
  });
});

describe('the append-only check', () => {
  const old = [created, started];

  it('accepts the same list and a list with entries appended', () => {
    expect(isAppendOnly(old, old)).toBe(true);
    expect(isAppendOnly(old, [...old, ready])).toBe(true);
    expect(appendedEntries(old, [...old, ready])).toEqual([ready]);
    expect(isAppendOnly([], [created])).toBe(true);
  });

  it('accepts equal entries that are different objects (as read back from storage)', () => {
    const copy = old.map((entry) => ({ ...entry, at: new Date(entry.at.getTime()), by: { ...entry.by } }));
    expect(isAppendOnly(old, [...copy, ready])).toBe(true);
  });

  it('refuses a removed, changed, reordered or inserted entry', () => {
    expect(isAppendOnly(old, [created])).toBe(false);
    expect(isAppendOnly(old, [])).toBe(false);
    expect(isAppendOnly(old, [created, { ...started, note: 'edited' }])).toBe(false);
    expect(isAppendOnly(old, [created, { ...started, at: t(6) }])).toBe(false);
    expect(isAppendOnly(old, [created, { ...started, by: owner }])).toBe(false);
    expect(isAppendOnly(old, [created, { ...started, status: 'ready' }])).toBe(false);
    expect(isAppendOnly(old, [created, { ...started, from: null }])).toBe(false);
    expect(isAppendOnly(old, [created, { ...started, kind: 'override' }])).toBe(false);
    expect(isAppendOnly(old, [created, { ...started, amountPaise: 1 }])).toBe(false);
    expect(isAppendOnly(old, [started, created])).toBe(false);
    expect(isAppendOnly(old, [created, ready, started])).toBe(false);
  });

  it('tells whether a write appends exactly one entry in the writer’s name', () => {
    expect(appendsOneEntryBy(old, [...old, ready], 'staff-1')).toBe(true);
    expect(appendsOneEntryBy(old, [...old, ready], 'owner-1')).toBe(false);
    expect(appendsOneEntryBy(old, old, 'staff-1')).toBe(false);
    expect(appendsOneEntryBy(old, [...old, ready, ready], 'staff-1')).toBe(false);
    expect(appendsOneEntryBy(old, [...old, { ...ready, by: { uid: '', name: '' } }], '')).toBe(false);
  });

  it('holds for random histories: any append passes, any edit of an old entry fails (seeded)', () => {
    const random = seeded(9);
    const kinds = ['status', 'note', 'payment', 'edit'] as const;
    for (let run = 0; run < 300; run++) {
      const length = random.int(1, 8);
      const list: HistoryEntry[] = Array.from({ length }, (_, i) =>
        historyEntry(random.pick(kinds), 'inprogress', random.pick([owner, staff]), t(i), random.digits(3)),
      );
      const extra = Array.from({ length: random.int(0, 3) }, (_, i) =>
        historyEntry('note', 'inprogress', owner, t(100 + i), 'later'),
      );
      expect(isAppendOnly(list, [...list, ...extra])).toBe(true);
      const victim = random.int(0, length - 1);
      const edited = list.map((entry, i) => (i === victim ? { ...entry, note: `${entry.note}!` } : entry));
      expect(isAppendOnly(list, [...edited, ...extra])).toBe(false);
    }
  });
});

describe('stored history', () => {
  it('is read tolerantly: Timestamps, ISO text, unknown kinds; entries without a time dropped', () => {
    expect(
      parseHistory([
        { kind: 'created', status: 'received', at: { seconds: 1_773_000_000, nanoseconds: 0 }, by: owner },
        {
          kind: 'status',
          status: 'inprogress',
          from: 'received',
          at: '2026-03-10T06:00:00.000Z',
          by: staff,
          note: 'ok',
        },
        { kind: 'whatever', status: 'inprogress', at: 1_773_000_600_000, by: null, amountPaise: 12.5 },
        { kind: 'status', status: 'ready' },
        'junk',
        null,
      ]),
    ).toEqual([
      {
        kind: 'created',
        status: 'received',
        from: null,
        at: new Date(1_773_000_000_000),
        by: owner,
        note: '',
        amountPaise: null,
      },
      {
        kind: 'status',
        status: 'inprogress',
        from: 'received',
        at: new Date('2026-03-10T06:00:00.000Z'),
        by: staff,
        note: 'ok',
        amountPaise: null,
      },
      {
        kind: 'note',
        status: 'inprogress',
        from: null,
        at: new Date(1_773_000_600_000),
        by: { uid: '', name: '' },
        note: '',
        amountPaise: null,
      },
    ]);
    expect(parseHistory(undefined)).toEqual([]);
    expect(parseHistory('nope')).toEqual([]);
  });
});
