import { mergePaymentRevisions, paymentsOnly } from '../../domain/shop/payment-merge';
import {
  parseRefusedChanges,
  type RefusedChange,
  refusedChangeOfRevision,
} from '../../domain/shop/refused-changes';
import { parseShopRepair } from '../../domain/shop/repair-record';
import { fieldsOf, type PouchCollection, type StoredDoc } from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { losersOf } from './pouchdb-support-issue-repository';

/**
 * 'Changed on another device' on PouchDB (issue 20; docs/pouchdb.md, "Edits on two devices"). Two
 * devices that edit one repair offline each write a revision; the first to reach the sync server is
 * taken, the other is refused by the gateway (its history does not continue the server's) and meets
 * the server's revision on its own device as a conflict once replication brings it. That device then
 * settles it here, with the server's revision as the saved one:
 *  - each of its own revisions becomes a refused change (the fields it edited, their values and the
 *    values it started from), kept in a `_local/` document of the repair (never replicated), for the
 *    repair page to ask the person field by field;
 *  - the payments taken on those revisions are merged into the saved one (payment-merge.ts), so a
 *    payment is never lost with the edit;
 *  - its revisions are deleted, so the saved one is the repair's only revision again, on the device as
 *    on the server, and the person's choice is written on top of it as an ordinary edit.
 * A conflict whose revisions differ by payments alone is merged by settleRepairConflict first.
 */

/** The `_local/` document (in the repairs database) of a repair's refused changes. */
const localIdOf = (repairDocId: string) => `refused:${repairDocId}`;

/** A refused change's id: the repair's and the refused revision's (`~` is in neither). */
export const refusedChangeId = (repairDocId: string, rev: string) => `${repairDocId}~${rev}`;

/** The repair a refused change's id names. */
export const repairOfChange = (changeId: string) => changeId.slice(0, Math.max(0, changeId.lastIndexOf('~')));

/** The revisions of a leaf, newest first, as `{generation}-{hash}`. */
async function lineageOf(collection: PouchCollection, id: string, rev: string): Promise<string[]> {
  const doc = (await collection.get(id, { rev, revs: true })) as
    | (StoredDoc & { _revisions?: { start: number; ids: string[] } })
    | null;
  const revisions = doc?._revisions;
  return revisions === undefined ? [] : revisions.ids.map((hash, i) => `${revisions.start - i}-${hash}`);
}

/** The newest revision two leaves share, with its body, or null (never shared, or compacted away). */
async function commonBase(
  collection: PouchCollection,
  id: string,
  mine: string,
  saved: string,
): Promise<StoredDoc | null> {
  const [own, theirs] = await Promise.all([
    lineageOf(collection, id, mine),
    lineageOf(collection, id, saved),
  ]);
  const shared = own.find((rev) => theirs.includes(rev));
  if (shared === undefined) return null;
  const doc = await collection.get(id, { rev: shared });
  return doc === null || doc._deleted === true ? null : doc;
}

/** The refused changes this device keeps for a repair, oldest first. */
export async function keptRefusedChanges(dbs: PouchDatabases, repairDocId: string): Promise<RefusedChange[]> {
  const doc = await dbs.repairs.getLocal(localIdOf(repairDocId));
  return parseRefusedChanges(doc?.changes).filter((change) => change.repairDocId === repairDocId);
}

async function keepRefusedChanges(
  dbs: PouchDatabases,
  repairDocId: string,
  changes: readonly RefusedChange[],
): Promise<void> {
  await dbs.repairs.setLocal(
    localIdOf(repairDocId),
    changes.length === 0 ? null : { changes: changes.map((change) => ({ ...change })) },
  );
}

/**
 * Keeps an edit this device refused itself, its basis stale (ShopRepairRepository.update): beside the
 * refused revisions, for the same question on the repair page. Its id is the repair's and a new one.
 */
export async function keepRefusedChange(
  dbs: PouchDatabases,
  change: Omit<RefusedChange, 'id'>,
  unique: string,
): Promise<void> {
  const kept = await keptRefusedChanges(dbs, change.repairDocId);
  await keepRefusedChanges(dbs, change.repairDocId, [
    ...kept,
    { ...change, id: refusedChangeId(change.repairDocId, `stale-${unique}`) },
  ]);
}

/** Drops one kept change (the person chose); nothing when it is not kept. */
export async function dropRefusedChange(dbs: PouchDatabases, changeId: string): Promise<void> {
  const repairDocId = repairOfChange(changeId);
  if (repairDocId === '') return;
  const kept = await keptRefusedChanges(dbs, repairDocId);
  if (kept.some((change) => change.id === changeId))
    await keepRefusedChanges(
      dbs,
      repairDocId,
      kept.filter((change) => change.id !== changeId),
    );
}

/**
 * Settles the conflicting revisions of repair `id` against `savedRev`, the server's revision (see
 * above). Answers false, changing nothing, while the saved revision has not reached this device or
 * the repair has no conflict; true once settled. A write that loses a race (another settling, a new
 * write) leaves the rest for the next call: every step is safe to run again.
 */
export async function settleEditConflict(
  dbs: PouchDatabases,
  id: string,
  savedRev: string,
  now: Date,
): Promise<boolean> {
  const doc = await dbs.repairs.get(id, { conflicts: true });
  if (doc === null || (doc._conflicts?.length ?? 0) === 0) return false;
  const leaves = [doc, ...(await losersOf(dbs.repairs, doc))];
  const saved = leaves.find((leaf) => leaf._rev === savedRev);
  if (saved === undefined) return false;
  const mine = leaves.filter((leaf) => leaf._rev !== savedRev && leaf._rev !== undefined);

  // First what the person will choose from, so that nothing is lost should the rest not happen.
  const kept = await keptRefusedChanges(dbs, id);
  const savedRepair = parseShopRepair(id, fieldsOf(saved));
  for (const leaf of mine) {
    const changeId = refusedChangeId(id, leaf._rev as string);
    if (kept.some((change) => change.id === changeId)) continue;
    const base = await commonBase(dbs.repairs, id, leaf._rev as string, savedRev);
    const change = refusedChangeOfRevision(
      parseShopRepair(id, fieldsOf(leaf)),
      base === null ? null : parseShopRepair(id, fieldsOf(base)),
      savedRepair,
      now,
    );
    if (change !== null) kept.push({ ...change, id: changeId });
  }
  await keepRefusedChanges(dbs, id, kept);

  // The payments taken on this device's revisions go on the saved one.
  const savedFields = fieldsOf(saved);
  const merged = mergePaymentRevisions(
    savedFields,
    mine.map((leaf) => paymentsOnly(savedFields, fieldsOf(leaf))),
  );
  const history = (fields: Readonly<Record<string, unknown>>) =>
    Array.isArray(fields.history) ? fields.history.length : 0;
  if (merged !== null && history(merged) > history(savedFields))
    if ((await dbs.repairs.put({ ...merged, _id: id, _rev: savedRev })) === null) return false;

  for (const leaf of mine) await dbs.repairs.put({ _id: id, _rev: leaf._rev, _deleted: true });
  return true;
}
