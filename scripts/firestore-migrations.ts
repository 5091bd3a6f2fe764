import type { Firestore } from 'firebase-admin/firestore';
import {
  MIGRATIONS,
  type MigrationRun,
  type Raw,
  runMigrations,
  type StoredSnapshot,
} from '../src/domain/stored/migrations';
import { commitInBatches, readAll } from './firestore-admin';

/** The collections the migration steps (src/domain/stored/migrations.ts) read. */
export const MIGRATED_COLLECTIONS = ['stores', 'repairs', 'publicProfiles', 'storeProfiles'] as const;

/**
 * Runs the ordered migration steps on Firestore with the Admin SDK: reads what they read, plans every
 * step in order, then writes each step's writes in batches of 400 (step by step, so a later step's
 * writes never land before an earlier one's). `create` never overwrites a document written meanwhile
 * (the batch fails and the run can be repeated: the steps plan nothing for what is done).
 */
export async function migrateFirestore(
  db: Firestore,
  { dryRun = false, now = new Date() } = {},
): Promise<MigrationRun> {
  const collections = await Promise.all(MIGRATED_COLLECTIONS.map((name) => readAll(db, name)));
  const snapshot: StoredSnapshot = Object.fromEntries(
    MIGRATED_COLLECTIONS.map((name, index) => [name, collections[index] as Map<string, Raw>]),
  );
  const run = runMigrations(snapshot, now, MIGRATIONS);
  if (dryRun) return run;
  for (const step of run.steps)
    await commitInBatches(db, step.plan.writes, (batch, write) => {
      const ref = db.collection(write.collection).doc(write.id);
      if (write.op === 'create') batch.create(ref, write.data);
      else batch.set(ref, write.data, { merge: true });
    });
  return run;
}

/**
 * `config/storage`: the project's bucket, which firestore.rules read to accept a repair photo's URL
 * (documents.ts STORAGE_CONFIG). Written when absent (an administrator's later change is kept);
 * returns what the document holds, or would hold on a dry run.
 */
export async function ensureStorageConfig(
  db: Firestore,
  bucket: string,
  { dryRun = false } = {},
): Promise<{ readonly bucket: string; readonly written: boolean }> {
  if (!/^[a-z0-9][a-z0-9._-]{2,221}$/.test(bucket)) throw new Error(`Not a bucket name: ${bucket}`);
  const ref = db.doc('config/storage');
  const stored = (await ref.get()).data();
  if (typeof stored?.bucket === 'string') return { bucket: stored.bucket, written: false };
  if (!dryRun) await ref.create({ bucket });
  return { bucket, written: !dryRun };
}
