import { fromPaise, toPaise } from '../../domain/shared/money';
import { asNumber } from '../../domain/shared/text';
import { parseUserRecord, ROLES, type UserProfile } from '../../domain/users/user';
import { parseTransactionRecord } from '../../domain/wallet/wallet';
import { PortError } from '../../ports/errors';
import {
  backoff,
  fieldsOf,
  MAX_WRITE_ATTEMPTS,
  type NewDoc,
  type StoredDoc,
  type ViewRow,
} from './pouchdb-collection';
import type { PouchDatabases } from './pouchdb-databases';
import { VIEWS } from './pouchdb-views';

/**
 * Reading users documents, and keeping the wallet projection on them right.
 *
 * A distributor's walletBalance is a checked projection of the rechargeTransactions ledger. The users
 * document carries two fields of this adapter besides the ones the apps write:
 *  - walletLedgerPaise: the sum of the ledger recharges (written by this adapter) its balance includes;
 *  - walletPending: a recharge committed to the balance whose ledger document may not be written yet.
 * "Settling" a users document makes it consistent again after a crash or a sync, and is done on read:
 *  1. every pending recharge (in any conflicting revision) is written to the ledger (roll forward);
 *  2. conflicting revisions are merged into the winner (the losers are deleted);
 *  3. the balance is corrected by (ledger sum − walletLedgerPaise), so that each recharge in the ledger
 *     counts exactly once, whichever device applied it. A pending recharge whose id turned out to be
 *     taken by another recharge is not in the ledger, so step 3 takes it back out (roll back).
 * Every write is conditional on the revision read, so settling races safely with recharges.
 */

export interface PendingRecharge {
  readonly id: string;
  readonly fields: Record<string, unknown>;
}

export function pendingOf(doc: StoredDoc): PendingRecharge | null {
  const pending = doc.walletPending;
  if (typeof pending !== 'object' || pending === null) return null;
  const { id, ...fields } = pending as Record<string, unknown>;
  return typeof id === 'string' && id !== '' ? { id, fields } : null;
}

/** The ledger paise the stored balance includes (0 for documents this adapter never recharged). */
export function claimedPaise(doc: StoredDoc): number {
  const value = doc.walletLedgerPaise;
  return typeof value === 'number' && Number.isInteger(value) ? value : 0;
}

function isWalletDoc(doc: StoredDoc): boolean {
  return (
    doc.role === ROLES.distributor || typeof doc.walletLedgerPaise === 'number' || pendingOf(doc) !== null
  );
}

function needsSettling(doc: StoredDoc): boolean {
  return (doc._conflicts?.length ?? 0) > 0 || pendingOf(doc) !== null || isWalletDoc(doc);
}

/** The stored balance in paise, as stored (not clamped), so that corrections keep their sum. */
function storedBalancePaise(doc: StoredDoc): number {
  return toPaise(asNumber(doc.walletBalance) ?? 0);
}

/** Ids starting with '_' name PouchDB's own documents (design, local), never a user. */
const isUserId = (uid: string) => uid !== '' && !uid.startsWith('_');

export type LedgerOutcome = 'written' | 'exists' | 'taken';

export class UserDocs {
  constructor(private readonly dbs: PouchDatabases) {}

  /** The users document as stored, settled when it holds a wallet, a pending recharge or conflicts. */
  async load(uid: string): Promise<StoredDoc | null> {
    if (!isUserId(uid)) return null;
    const doc = await this.dbs.users.get(uid, { conflicts: true });
    if (doc === null || !needsSettling(doc)) return doc;
    return this.settle(uid, doc);
  }

  async profile(uid: string): Promise<UserProfile | null> {
    const doc = await this.load(uid);
    return doc === null ? null : parseUserRecord(uid, doc);
  }

  /** Settles the documents of a query result that need it, with one ledger query for all of them. */
  async settleAll(docs: readonly StoredDoc[]): Promise<StoredDoc[]> {
    const sums = docs.some(isWalletDoc) ? await this.ledgerSums() : new Map<string, number>();
    const out: StoredDoc[] = [];
    for (const doc of docs) {
      const stale =
        (doc._conflicts?.length ?? 0) > 0 ||
        pendingOf(doc) !== null ||
        (isWalletDoc(doc) && claimedPaise(doc) !== (sums.get(doc._id) ?? 0));
      const settled = stale ? await this.settle(doc._id) : doc;
      if (settled !== null) out.push(settled);
    }
    return out;
  }

  /** Finishes every pending recharge (found through an index; normally there is none). */
  async settlePending(): Promise<void> {
    const rows = await this.dbs.users.query(VIEWS.usersWalletPending, {});
    for (const row of rows) if (typeof row.id === 'string') await this.settle(row.id);
  }

  /** Makes one users document consistent (see above) and returns it; null when there is none. */
  async settle(uid: string, first?: StoredDoc): Promise<StoredDoc | null> {
    if (!isUserId(uid)) return null;
    let known = first;
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      const doc = known ?? (await this.dbs.users.get(uid, { conflicts: true }));
      known = undefined;
      if (doc === null) return null;
      const losers = await this.losersOf(doc);
      const revisions = [doc, ...losers];
      for (const revision of revisions) {
        const pending = pendingOf(revision);
        if (pending !== null) await this.writeLedger(pending);
      }
      const { walletPending: _pending, ...fields } = fieldsOf(doc);
      const merged: NewDoc = { ...fields, _id: uid, ...(doc._rev ? { _rev: doc._rev } : {}) };
      let changed = losers.length > 0 || pendingOf(doc) !== null;
      if (revisions.some(isWalletDoc)) {
        const sum = await this.ledgerSum(uid);
        const claimed = claimedPaise(doc);
        if (sum !== claimed) {
          Object.assign(merged, {
            walletBalance: fromPaise(storedBalancePaise(doc) + sum - claimed),
            walletLedgerPaise: sum,
          });
          changed = true;
        }
      }
      if (!changed) return doc;
      const rev = await this.dbs.users.put(merged);
      if (rev !== null) {
        for (const loser of losers) {
          if (loser._rev) await this.dbs.users.put({ _id: uid, _rev: loser._rev, _deleted: true });
        }
        return { ...merged, _rev: rev } as StoredDoc;
      }
      await backoff(attempt);
    }
    throw new PortError('unavailable', 'This account is busy; try again.');
  }

  private async losersOf(doc: StoredDoc): Promise<StoredDoc[]> {
    const revs = doc._conflicts ?? [];
    const losers = await Promise.all(revs.map((rev) => this.dbs.users.get(doc._id, { rev })));
    return losers.filter((loser): loser is StoredDoc => loser !== null && loser._deleted !== true);
  }

  /**
   * Writes a committed recharge to the ledger. 'exists' when the ledger already holds this recharge;
   * 'taken' when its id (the idempotency key) holds a different recharge.
   */
  async writeLedger(pending: PendingRecharge): Promise<LedgerOutcome> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      if ((await this.dbs.transactions.put({ _id: pending.id, ...pending.fields })) !== null)
        return 'written';
      const existing = await this.dbs.transactions.get(pending.id);
      if (existing !== null) {
        const stored = parseTransactionRecord(pending.id, existing);
        const wanted = parseTransactionRecord(pending.id, pending.fields);
        return stored.distributorId === wanted.distributorId && stored.amount === wanted.amount
          ? 'exists'
          : 'taken';
      }
      await backoff(attempt);
    }
    throw new PortError('unavailable', 'The ledger is busy; try again.');
  }

  /**
   * The paise of this adapter's recharges of one distributor in the ledger: an index reduce over the
   * checked entries (LEDGER_PAISE), grouped by admin, keeping only those written by super admins. An
   * entry a sync peer forged (no admin, an amount over the cap, totals that do not add up) counts 0.
   */
  async ledgerSum(uid: string): Promise<number> {
    const rows = await this.dbs.transactions.query(VIEWS.ledgerByDistributorAdmin, {
      startkey: [uid],
      endkey: [uid, {}],
      reduce: true,
      group_level: 2,
    });
    return (await this.sumsByAdmins(rows)).get(uid) ?? 0;
  }

  /** The same for every distributor with recharges: one grouped reduce. */
  async ledgerSums(): Promise<Map<string, number>> {
    const rows = await this.dbs.transactions.query(VIEWS.ledgerByDistributorAdmin, {
      reduce: true,
      group_level: 2,
    });
    return this.sumsByAdmins(rows);
  }

  /** Sums [distributorId, adminId] → paise rows per distributor, over the admins whose role is sa. */
  private async sumsByAdmins(rows: readonly ViewRow[]): Promise<Map<string, number>> {
    const admins = new Set<string>();
    for (const row of rows) {
      const [, adminId] = row.key as [string, string];
      admins.add(adminId);
    }
    const superAdmins = new Set<string>();
    for (const adminId of admins) {
      const doc = isUserId(adminId) ? await this.dbs.users.get(adminId) : null;
      if (doc !== null && doc.role === ROLES.superAdmin) superAdmins.add(adminId);
    }
    const sums = new Map<string, number>();
    for (const row of rows) {
      const [uid, adminId] = row.key as [string, string];
      if (typeof row.value === 'number' && superAdmins.has(adminId))
        sums.set(uid, (sums.get(uid) ?? 0) + row.value);
    }
    return sums;
  }
}
