import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../src/demo/demo-data';
import type { SeedData } from '../../../src/demo/seeder';
import {
  applyWrites,
  describeMigrationRun,
  MIGRATIONS,
  type Raw,
  REPORT_FIELDS_BACKFILL,
  runMigrations,
  STORE_ID_BACKFILL,
  STORE_PROFILES_FROM_STORES,
  type StoredSnapshot,
} from '../../../src/domain/stored/migrations';

const NOW = new Date('2026-11-26T10:00:00Z');

const snapshot = (collections: Record<string, Record<string, Raw>>): StoredSnapshot =>
  Object.fromEntries(
    Object.entries(collections).map(([name, byId]) => [name, new Map(Object.entries(byId))]),
  );

/** The demo data set (../shared/demo-data.md) as the stored documents a backend holds. */
function demoSnapshot(data: SeedData): StoredSnapshot {
  return {
    stores: new Map(data.stores.map(({ id, ...store }) => [id, store as Raw])),
    repairs: new Map(data.repairs.map(({ id, ...repair }) => [id, repair as Raw])),
    publicProfiles: new Map(data.publicProfiles.map(({ uid, ...profile }) => [uid, profile])),
  };
}

describe("0003: the reports' fields on repairs stored before them", () => {
  const created = new Date('2026-03-01T05:00:00Z');
  const delivered = new Date('2026-03-03T05:00:00Z');
  const repairs = {
    // Delivered before deliveredAt was stored: the timeline says when; the estimate is the sale.
    old: {
      repairId: 'SMC-1001',
      storeId: 's1',
      status: 'delivered',
      createdAt: created,
      estimatePaise: 150_000,
      problemList: ['Screen broken', 'Phone fell in the sea'],
      timeline: [
        { status: 'received', at: created },
        { status: 'delivered', at: delivered },
      ],
    },
    // Stored with them: left alone.
    current: {
      repairId: 'SMC-1002',
      storeId: 's1',
      status: 'delivered',
      createdAt: created,
      deliveredAt: delivered,
      salePaise: 1,
      turnaroundMs: 2,
      otherProblem: false,
      problemList: ['Water damage'],
    },
    // Open, common problems: nothing to store.
    open: { repairId: 'SMC-1003', storeId: 's1', status: 'received', problemList: ['Battery problem'] },
  };

  it('plans deliveredAt, salePaise, turnaroundMs and otherProblem where missing, and nothing twice', () => {
    const plan = REPORT_FIELDS_BACKFILL.plan(snapshot({ repairs }), NOW);
    expect(plan.writes).toEqual([
      {
        collection: 'repairs',
        id: 'old',
        op: 'merge',
        data: {
          deliveredAt: delivered,
          salePaise: 150_000,
          turnaroundMs: delivered.getTime() - created.getTime(),
          otherProblem: true,
        },
      },
    ]);
    const after = applyWrites(snapshot({ repairs }), plan.writes);
    expect(REPORT_FIELDS_BACKFILL.plan(after, NOW).writes).toEqual([]);
  });
});

describe('migration steps', () => {
  it('are ordered by their ids, which are unique', () => {
    const ids = MIGRATIONS.map((step) => step.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^\d{4}-[a-z-]+$/);
  });

  describe('0001: storeId from store', () => {
    const stores = {
      'store-a': { ownerId: 'owner-a', name: 'A' },
      'store-b': { ownerId: 'owner-b', name: 'B' },
    };

    it("backfills storeId when the repair's business owns the store it names", () => {
      const plan = STORE_ID_BACKFILL.plan(
        snapshot({
          stores,
          repairs: { r1: { store: 'store-a', businessId: 'owner-a', repairId: 'A-1001' } },
        }),
        NOW,
      );
      expect(plan.writes).toEqual([
        { collection: 'repairs', id: 'r1', op: 'merge', data: { storeId: 'store-a' } },
      ]);
      expect(plan.skipped).toEqual([]);
    });

    it("leaves a rival's repair naming someone else's store, a store that does not exist, and one with no business", () => {
      const plan = STORE_ID_BACKFILL.plan(
        snapshot({
          stores,
          repairs: {
            rival: { store: 'store-a', businessId: 'owner-b' },
            gone: { store: 'store-zzz', businessId: 'owner-a' },
            nobody: { store: 'store-b' },
          },
        }),
        NOW,
      );
      expect(plan.writes).toEqual([]);
      expect(plan.skipped).toEqual([
        { collection: 'repairs', id: 'rival', reason: 'its business owner-b does not own the store store-a' },
        { collection: 'repairs', id: 'gone', reason: 'its store store-zzz does not exist' },
        { collection: 'repairs', id: 'nobody', reason: 'it names the store store-b but no business' },
      ]);
    });

    it('never touches a repair that has a storeId, whatever its store says', () => {
      const plan = STORE_ID_BACKFILL.plan(
        snapshot({ stores, repairs: { r: { storeId: 'store-b', store: 'store-a', businessId: 'owner-a' } } }),
        NOW,
      );
      expect(plan).toEqual({ writes: [], skipped: [] });
    });
  });

  describe('0002: store profiles', () => {
    it("makes the profile from the store's name, phone and UPI ID", () => {
      const plan = STORE_PROFILES_FROM_STORES.plan(
        snapshot({
          stores: {
            s: { ownerId: 'o', name: ' Sharma Mobile Care ', phone: '98111 11111', upiId: 'sharma@okaxis' },
          },
        }),
        NOW,
      );
      expect(plan.writes).toEqual([
        {
          collection: 'storeProfiles',
          id: 's',
          op: 'create',
          data: {
            ownerId: 'o',
            name: 'Sharma Mobile Care',
            phone: '9811111111',
            upiId: 'sharma@okaxis',
            updatedAt: NOW,
          },
        },
      ]);
    });

    it("takes the owner's public number when the store has none, and drops a malformed UPI ID", () => {
      const plan = STORE_PROFILES_FROM_STORES.plan(
        snapshot({
          stores: { s: { ownerId: 'o', name: 'Iyer', upiId: 'not a upi id' } },
          publicProfiles: { o: { businessName: 'Iyer', phone: '9822222222' } },
        }),
        NOW,
      );
      expect(plan.writes[0]?.data).toMatchObject({ phone: '9822222222', upiId: '' });
    });

    it("keeps the owner's own profile, and reports a store with no name or no owner", () => {
      const plan = STORE_PROFILES_FROM_STORES.plan(
        snapshot({
          stores: {
            kept: { ownerId: 'o', name: 'K' },
            nameless: { ownerId: 'o', name: '  ' },
            tomb: { name: 'T' },
          },
          storeProfiles: { kept: { ownerId: 'o', name: 'Own words', phone: '', upiId: '' } },
        }),
        NOW,
      );
      expect(plan.writes).toEqual([]);
      expect(plan.skipped.map((skip) => skip.id)).toEqual(['nameless', 'tomb']);
      expect(plan.skipped[0]?.reason).toMatch(/name/);
    });
  });

  it('run in order, each on the result of the ones before, and plan nothing when run again', () => {
    const first = runMigrations(
      snapshot({
        stores: { s: { ownerId: 'o', name: 'S' } },
        repairs: { r: { store: 's', businessId: 'o' } },
      }),
      NOW,
    );
    expect(first.result.repairs?.get('r')).toEqual({ store: 's', businessId: 'o', storeId: 's' });
    expect(first.result.storeProfiles?.get('s')).toMatchObject({ name: 'S' });
    const again = runMigrations(first.result, NOW);
    for (const step of again.steps) expect(step.plan.writes).toEqual([]);
  });

  it('refuse to create a document that exists', () => {
    expect(() =>
      applyWrites(snapshot({ storeProfiles: { s: {} } }), [
        { collection: 'storeProfiles', id: 's', op: 'create', data: {} },
      ]),
    ).toThrow(/exists/);
  });

  it('on the demo data set: store repairs of their owner get storeId, every store gets its profile', () => {
    const data = generateDemoData(NOW);
    const run = runMigrations(demoSnapshot(data), NOW);
    const storeOnly = data.repairs.filter((repair) => typeof repair.store === 'string' && !repair.storeId);
    expect(storeOnly.length).toBeGreaterThan(0);
    const [backfill, profiles] = run.steps;
    // Every store-only repair is either backfilled or reported, never silently left.
    expect((backfill?.plan.writes.length ?? 0) + (backfill?.plan.skipped.length ?? 0)).toBe(storeOnly.length);
    for (const write of backfill?.plan.writes ?? []) {
      const repair = data.repairs.find((r) => r.id === write.id);
      const store = data.stores.find((s) => s.id === repair?.store);
      expect(repair?.businessId).toBe(store?.ownerId);
    }
    expect(profiles?.plan.writes.length).toBe(data.stores.filter((store) => store.ownerId).length);
    expect(run.result.storeProfiles?.get('store-sharma-1')).toMatchObject({
      name: 'Sharma Mobile Care - Bandra',
      phone: '9811111111',
      upiId: 'sharmamobile@okaxis',
    });
    const report = describeMigrationRun(run);
    expect(report).toHaveLength(MIGRATIONS.length);
    expect(report[1]).toMatch(/^0002-store-profiles: wrote \d+ storeProfiles; left 0$/);
  });
});
