import { type PendingChange, parsePendingChanges } from '../../domain/shop/pending-changes';
import type { PouchDatabases } from './pouchdb-databases';

/**
 * The outbox of a syncing PouchDB device (issue 20; Firestore's is firestore-pending-writes.ts): the
 * changes made to repairs on this device that the sync server does not have yet. Each change is noted
 * when made (`_local/outbox` in the repairs database, never replicated, so the list survives a reload);
 * a repair's changes leave the list once the server holds the revision this device has of it now
 * (`revs_diff`, asked when the list is read). A revision the gateway refused never gets there: its
 * changes stay listed until the conflict is settled (pouchdb-repair-conflicts.ts), which leaves the
 * server's revision on the device, and the edit among the refused changes. While the server cannot be
 * reached, everything noted stays listed.
 */

const LOCAL_ID = 'outbox';

/** At most this many noted (the oldest go first): a device offline for weeks stays bounded. */
const MAX_NOTED = 500;

/** Which of these revisions (document id → revision) the server lacks; null when it cannot be asked. */
export type ServerLacks = (
  revisions: Readonly<Record<string, string>>,
) => Promise<ReadonlySet<string> | null>;

export class PouchOutbox {
  private sequence = 0;

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly serverLacks: ServerLacks,
  ) {}

  private async read(): Promise<PendingChange[]> {
    return parsePendingChanges((await this.dbs.repairs.getLocal(LOCAL_ID))?.changes);
  }

  private async write(changes: readonly PendingChange[]): Promise<void> {
    await this.dbs.repairs.setLocal(LOCAL_ID, { changes: changes.map((change) => ({ ...change })) });
  }

  /** Notes a change just made to a repair on this device. */
  async note(change: Omit<PendingChange, 'id'>): Promise<void> {
    this.sequence += 1;
    const id = `${Date.now().toString(36)}-${this.sequence}-${Math.random().toString(36).slice(2, 8)}`;
    await this.write([...(await this.read()), { ...change, id }].slice(-MAX_NOTED));
  }

  /** The changes the server does not have yet, oldest first. */
  async pending(): Promise<PendingChange[]> {
    const noted = await this.read();
    if (noted.length === 0) return [];
    // The repairs' current revisions, in one read of the primary index (no document bodies).
    const rows = await this.dbs.repairs.allDocs({
      keys: [...new Set(noted.map((change) => change.repairDocId))],
    });
    const revisions: Record<string, string> = {};
    for (const row of rows)
      if (row.value !== undefined && row.value.deleted !== true) revisions[row.id] = row.value.rev;
    const lacking = await this.serverLacks(revisions);
    if (lacking === null) return noted;
    // A repair deleted here since (no revision) is the deletion's to sync: not listed as a change.
    const left = noted.filter((change) => lacking.has(change.repairDocId));
    if (left.length !== noted.length) await this.write(left);
    return left;
  }
}
