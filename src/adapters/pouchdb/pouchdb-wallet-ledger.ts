import type { RechargeFaults } from '../../demo/faults';
import { toPaise } from '../../domain/shared/money';
import { parseUserRecord, type UserProfile } from '../../domain/users/user';
import {
  byNewestTransactionFirst,
  parseTransactionRecord,
  type RechargeRequest,
  type RechargeTransaction,
} from '../../domain/wallet/wallet';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { WalletLedger } from '../../ports/wallet-ledger';
import { requireSignedIn, requireSuperAdmin } from '../local/local-rules';
import type { LocalSession } from '../local/local-session';
import { checkRechargeRequest, rechargeIdOf, rechargeRecordFor, replayOf } from '../shared/recharge';
import {
  backoff,
  fieldsOf,
  guarded,
  MAX_WRITE_ATTEMPTS,
  type StoredDoc,
  storedRecord,
  type ViewRow,
} from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { claimedPaise, type UserDocs } from './pouchdb-user-docs';
import { VIEWS } from './pouchdb-views';

/** The ledger document id of a request: a retry of the same request collides with it. */
export const rechargeDocId = rechargeIdOf;

/**
 * Recharges without multi-document transactions (docs/pouchdb.md has the whole design):
 *  1. settle the distributor's users document and read it at revision R;
 *  2. commit: write it at R with the new balance, walletLedgerPaise + amount, and the transaction as
 *     walletPending. A concurrent recharge also writing at R gets a 409 and starts over, so recharges of
 *     one distributor are serialised through the document's revision and no update is lost;
 *  3. write the ledger document (id from the idempotency key);
 *  4. clear walletPending.
 * A crash after 2 leaves walletPending, which the next read of the document finishes (UserDocs.settle).
 */
export class PouchWalletLedger implements WalletLedger {
  /** Recharges of one distributor from this page run one at a time (other tabs and devices race on _rev). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dbs: PouchDatabases,
    private readonly session: LocalSession,
    private readonly users: UserDocs,
    private readonly clock: Clock,
    private readonly faults: RechargeFaults = {},
  ) {}

  private requireAdmin(): Promise<UserProfile> {
    return requireSuperAdmin(this.session, (uid) => this.users.profile(uid));
  }

  /** The recharge already applied under this id, or null; 'conflict' when it was another recharge. */
  private async applied(id: string, request: RechargeRequest): Promise<RechargeTransaction | null> {
    const doc = await this.dbs.transactions.get(id);
    return doc === null ? null : replayOf(id, doc, request);
  }

  recharge(request: RechargeRequest): Promise<RechargeTransaction> {
    return guarded(async () => {
      const admin = await this.requireAdmin();
      checkRechargeRequest(request, admin.uid);
      const id = rechargeDocId(request.idempotencyKey);
      const before = await this.applied(id, request);
      if (before !== null) return before;
      return this.oneAtATime(request.distributorId, () => this.apply(id, request, admin));
    });
  }

  /**
   * Runs `task` after the tasks already queued for `key`. Without it, concurrent recharges from this
   * page would still be correct (revision conflicts are retried) but would retry each other quadratically.
   */
  private oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  private async apply(
    id: string,
    request: RechargeRequest,
    admin: UserProfile,
  ): Promise<RechargeTransaction> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const doc = await this.users.settle(request.distributorId);
      if (doc === null) throw new PortError('not-found', 'No such distributor.');
      // Read after the users document: a recharge that committed since would have changed its revision.
      const earlier = await this.applied(id, request);
      if (earlier !== null) return earlier;
      const fields = rechargeRecordFor(parseUserRecord(request.distributorId, doc), request, admin.uid);
      const paise = toPaise(request.amount);
      const record = storedRecord({ ...fields, timestamp: this.clock.now(), ledgerPaise: paise });
      const committed = {
        ...fieldsOf(doc),
        _id: doc._id,
        ...(doc._rev ? { _rev: doc._rev } : {}),
        walletBalance: fields.newBalance,
        walletLedgerPaise: claimedPaise(doc) + paise,
        walletPending: { id, ...record },
      };
      const rev = await this.dbs.users.put(committed);
      if (rev === null) {
        await backoff(attempt);
        continue;
      }
      await this.faults.afterRechargeCommit?.();
      const outcome = await this.users.writeLedger({ id, fields: record });
      if (outcome === 'taken') {
        // The same key won elsewhere meanwhile (another distributor or amount): take ours back out.
        await this.users.settle(request.distributorId);
        throw new PortError('conflict', 'This idempotency key was used for another recharge.');
      }
      await this.faults.afterLedgerWrite?.();
      const { walletPending: _done, ...cleared } = committed;
      if ((await this.dbs.users.put({ ...cleared, _rev: rev })) === null) {
        // Someone read (and settled) the document in between; settling again clears what is left.
        await this.users.settle(request.distributorId);
      }
      return parseTransactionRecord(id, record);
    }
    throw new PortError('unavailable', 'Too many recharges at once for this distributor; try again.');
  }

  latest(limit: number): Promise<RechargeTransaction[]> {
    return guarded(async () => {
      await this.requireAdmin();
      await this.users.settlePending();
      const rows = await this.dbs.transactions.query(VIEWS.ledgerByTime, {
        descending: true,
        limit: Math.max(0, Math.floor(limit)),
        include_docs: true,
      });
      return transactionsOf(rows);
    });
  }

  latestFor(distributorId: string, limit: number): Promise<RechargeTransaction[]> {
    return guarded(async () => {
      if (requireSignedIn(this.session) !== distributorId) await this.requireAdmin();
      await this.users.load(distributorId); // finishes a pending recharge of theirs
      const rows = await this.dbs.transactions.query(VIEWS.ledgerByDistributor, {
        startkey: [distributorId, {}],
        endkey: [distributorId],
        descending: true,
        reduce: false,
        limit: Math.max(0, Math.floor(limit)),
        include_docs: true,
      });
      return transactionsOf(rows);
    });
  }
}

function transactionsOf(rows: readonly ViewRow[]): RechargeTransaction[] {
  return rows
    .flatMap((row) => (row.doc ? [parseTransactionRecord(row.doc._id, row.doc as StoredDoc)] : []))
    .sort(byNewestTransactionFirst);
}

/**
 * The same idempotency key used on two devices gives two revisions of one ledger document: the
 * recharge happened once, so the revision PouchDB chose as winner stays and the others are deleted.
 * (The ledger index only ever counts the winner, so balances are right even before this runs.)
 */
export async function resolveLedgerConflict(dbs: PouchDatabases, id: string): Promise<void> {
  const doc = await dbs.transactions.get(id, { conflicts: true });
  for (const rev of doc?._conflicts ?? []) await dbs.transactions.put({ _id: id, _rev: rev, _deleted: true });
}
