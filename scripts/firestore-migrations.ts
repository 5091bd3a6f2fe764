import type { Firestore } from 'firebase-admin/firestore';
import {
  MIGRATIONS,
  type MigrationRun,
  type Raw,
  runMigrations,
  type StoredSnapshot,
} from '../src/domain/stored/migrations';

/** The collections the migration steps (src/domain/stored/migrations.ts) read. */
export const MIGRATED_COLLECTIONS = ['stores', 'repairs', 'publicProfiles', 'storeProfiles'] as const;

async function readAll(db: Firestore, name: string): Promise<Map<string, Raw>> {
  const out = new Map<string, Raw>();
  const snapshot = await db.collection(name).get();
  for (const document of snapshot.docs) out.set(document.id, document.data());
  return out;
}

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
  for (const step of run.steps) {
    const writes = step.plan.writes;
    for (let start = 0; start < writes.length; start += 400) {
      const batch = db.batch();
      for (const write of writes.slice(start, start + 400)) {
        const ref = db.collection(write.collection).doc(write.id);
        if (write.op === 'create') batch.create(ref, write.data);
        else batch.set(ref, write.data, { merge: true });
      }
      await batch.commit();
    }
  }
  return run;
}
