import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStorageConfig, migrateFirestore } from '../../scripts/firestore-migrations';
import { describeMigrationRun } from '../../src/domain/stored/migrations';
import { emulatorEndpoints } from './firebase-harness';

/**
 * The ordered migration steps (src/domain/stored/migrations.ts) applied to Firestore with the Admin
 * SDK, as `npm run backfill:firestore` does after the backfill: written step by step, and nothing
 * planned when run again.
 */
const PROJECT = 'demo-repairmate-migrations';
let app: ReturnType<typeof initializeApp>;

beforeAll(async () => {
  const { host, firestorePort } = emulatorEndpoints();
  process.env.FIRESTORE_EMULATOR_HOST = `${host}:${firestorePort}`;
  app = initializeApp({ projectId: PROJECT }, `migrations-test-${Date.now()}`);
  const db = getFirestore(app);
  const batch = db.batch();
  batch.set(db.doc('stores/store-1'), {
    ownerId: 'uid-owner',
    name: 'Sharma Mobile Care',
    phone: '9811111111',
    upiId: 'sharmamobile@okaxis',
  });
  batch.set(db.doc('stores/store-2'), { ownerId: 'uid-owner', name: 'Own profile' });
  batch.set(db.doc('storeProfiles/store-2'), {
    ownerId: 'uid-owner',
    name: 'As the owner wrote it',
    phone: '',
    upiId: '',
  });
  batch.set(db.doc('repairs/mine'), { repairId: 'RPR-1', store: 'store-1', businessId: 'uid-owner' });
  batch.set(db.doc('repairs/rival'), { repairId: 'RPR-2', store: 'store-1', businessId: 'uid-rival' });
  batch.set(db.doc('repairs/modern'), { repairId: 'RPR-3', storeId: 'store-1', businessId: 'uid-owner' });
  // Delivered before the reports' fields were stored (step 0003): its timeline says when.
  batch.set(db.doc('repairs/delivered'), {
    repairId: 'SMC-1001',
    storeId: 'store-1',
    businessId: 'uid-owner',
    status: 'delivered',
    createdAt: new Date('2026-03-01T05:00:00Z'),
    estimatePaise: 150_000,
    problemList: ['Screen broken', 'Phone fell in the sea'],
    timeline: [
      { status: 'received', at: new Date('2026-03-01T05:00:00Z') },
      { status: 'delivered', at: new Date('2026-03-03T05:00:00Z') },
    ],
  });
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
});

describe('the migration steps on Firestore', () => {
  it('backfill storeId where the business owns the store, make the missing profiles, and are idempotent', async () => {
    const db = getFirestore(app);
    const dry = await migrateFirestore(db, { dryRun: true });
    expect(describeMigrationRun(dry)).toEqual([
      '0001-store-id-from-store: wrote 1 repairs; left 1',
      '0002-store-profiles: wrote 1 storeProfiles; left 0',
      '0003-report-fields: wrote 1 repairs; left 0',
    ]);
    expect((await db.doc('repairs/mine').get()).data()?.storeId).toBeUndefined();

    await migrateFirestore(db);
    expect((await db.doc('repairs/mine').get()).data()).toEqual({
      repairId: 'RPR-1',
      store: 'store-1',
      businessId: 'uid-owner',
      storeId: 'store-1',
    });
    expect((await db.doc('repairs/rival').get()).data()?.storeId).toBeUndefined();
    const delivered = (await db.doc('repairs/delivered').get()).data();
    expect(delivered).toMatchObject({ salePaise: 150_000, turnaroundMs: 2 * 86_400_000, otherProblem: true });
    expect(delivered?.deliveredAt.toDate()).toEqual(new Date('2026-03-03T05:00:00Z'));
    expect((await db.doc('storeProfiles/store-1').get()).data()).toMatchObject({
      ownerId: 'uid-owner',
      name: 'Sharma Mobile Care',
      phone: '9811111111',
      upiId: 'sharmamobile@okaxis',
    });
    expect((await db.doc('storeProfiles/store-2').get()).data()?.name).toBe('As the owner wrote it');

    const again = await migrateFirestore(db, { dryRun: true });
    for (const step of again.steps) expect(step.plan.writes).toEqual([]);
  });

  it("writes config/storage's bucket once, keeps an administrator's own, and refuses a bad name", async () => {
    const db = getFirestore(app);
    expect(
      await ensureStorageConfig(db, 'demo-repairmate-migrations.firebasestorage.app', { dryRun: true }),
    ).toEqual({
      bucket: 'demo-repairmate-migrations.firebasestorage.app',
      written: false,
    });
    expect((await db.doc('config/storage').get()).exists).toBe(false);
    expect(await ensureStorageConfig(db, 'demo-repairmate-migrations.firebasestorage.app')).toEqual({
      bucket: 'demo-repairmate-migrations.firebasestorage.app',
      written: true,
    });
    expect(await ensureStorageConfig(db, 'another-bucket')).toEqual({
      bucket: 'demo-repairmate-migrations.firebasestorage.app',
      written: false,
    });
    await expect(ensureStorageConfig(db, 'Not A Bucket')).rejects.toThrow(/Not a bucket name/);
  });
});
