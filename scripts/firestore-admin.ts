import type { Firestore, WriteBatch } from 'firebase-admin/firestore';

/**
 * What the Admin SDK scripts (firestore-migrations.ts, firestore-backfill.ts) share: reading a whole
 * collection by document id, and writing a list in batches of at most BATCH_SIZE, one after another.
 */

/** Firestore allows 500 writes a batch; 400 leaves room. */
export const BATCH_SIZE = 400;

/** Every document of a top-level collection, by id. */
export async function readAll(
  db: Firestore,
  name: string,
): Promise<Map<string, Readonly<Record<string, unknown>>>> {
  const out = new Map<string, Readonly<Record<string, unknown>>>();
  const snapshot = await db.collection(name).get();
  for (const document of snapshot.docs) out.set(document.id, document.data());
  return out;
}

/** Adds each item's write to a batch (`add`), committing every BATCH_SIZE items, in order. */
export async function commitInBatches<T>(
  db: Firestore,
  items: readonly T[],
  add: (batch: WriteBatch, item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    const batch = db.batch();
    for (const item of items.slice(start, start + BATCH_SIZE)) add(batch, item);
    await batch.commit();
  }
}
