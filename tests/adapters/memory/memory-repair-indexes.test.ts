import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from '../../../src/adapters/memory/memory-backend';
import { VersionedMap } from '../../../src/adapters/memory/memory-database';
import { MemoryRepairRepository } from '../../../src/adapters/memory/memory-repair-repository';
import { generateDemoData } from '../../../src/demo/demo-data';
import { ManualClock } from '../../../src/demo/manual-clock';

const NOW = new Date(2026, 10, 21, 10, 0);
const NOVEMBER = { from: new Date(2026, 10, 1), to: new Date(2026, 11, 1) };
const OCTOBER = { from: new Date(2026, 9, 1), to: new Date(2026, 10, 1) };
const KEYS = ['store-sharma-1', 'store-sharma-2', 'store-iyer-1', 'demo-owner01', 'moved-store'];

describe('VersionedMap', () => {
  it('tells which keys changed after a version, until it has forgotten', () => {
    const map = new VersionedMap<string, number>();
    map.set('a', 1);
    const seen = map.version;
    map.set('b', 2);
    map.delete('a');
    expect(map.changedSince(seen)).toEqual(['b', 'a']);
    expect(map.changedSince(map.version)).toEqual([]);
    map.clear();
    expect(map.changedSince(seen)).toBeNull();
    for (let n = 0; n < 20_000; n += 1) map.set(`k${n}`, n);
    expect(map.changedSince(map.version - 3)).toEqual(['k19997', 'k19998', 'k19999']);
    expect(map.changedSince(0)).toBeNull();
  });
});

describe('memory repair indexes', () => {
  it('answer after changes exactly as indexes built afresh', async () => {
    const backend = createMemoryBackend({ clock: new ManualClock(NOW) });
    await backend.seeder.load(generateDemoData(NOW));
    await backend.ports.auth.signIn('admin@demo.test', 'Demo@1234');
    const repairs = backend.ports.repairs;
    // Build the indexes, then change repairs in every way they can change.
    await repairs.countCreated(KEYS, NOVEMBER);
    const [first] = backend.db.repairs.keys();
    await backend.seeder.repair({
      id: 'new-1',
      repairId: 'RPR-1001',
      storeId: 'store-iyer-1',
      createdAt: NOW,
    });
    await backend.seeder.repair({
      id: 'new-2',
      repairId: 'NEW-2',
      businessId: 'demo-owner01',
      createdAt: NOW,
    });
    await backend.seeder.repair({ id: 'new-3', repairId: 'NEW-3', storeId: 'moved-store', createdAt: NOW });
    await backend.seeder.repair({
      id: 'new-3',
      repairId: 'NEW-3B',
      storeId: 'moved-store',
      createdAt: OCTOBER.from,
    });
    // A repairId stored as a number (an old app), which a text query never matches.
    backend.db.repairs.set('new-4', { repairId: 42, storeId: 'store-sharma-2', createdAt: 'not a date' });
    if (first !== undefined) backend.db.repairs.delete(first);
    for (const range of [NOVEMBER, OCTOBER]) {
      const fresh = new MemoryRepairRepository(backend.db);
      expect(await repairs.countCreated(KEYS, range)).toEqual(await fresh.countCreated(KEYS, range));
    }
    for (const id of ['RPR-1001', 'NEW-2', 'NEW-3', 'NEW-3B', '42', 'RPR-1002']) {
      const fresh = new MemoryRepairRepository(backend.db);
      expect(await repairs.findByRepairId(id)).toEqual(await fresh.findByRepairId(id));
    }
    expect((await repairs.findByRepairId('NEW-3')).total).toBe(0);
    expect((await repairs.countCreated(['moved-store'], OCTOBER))['moved-store']).toBe(1);
  });
});
