import type { Auth } from 'firebase/auth';
import {
  collection,
  doc,
  type Firestore,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
} from 'firebase/firestore';
import { parseUserRecord } from '../../domain/users/user';
import {
  parseTransactionRecord,
  type RechargeRequest,
  type RechargeTransaction,
} from '../../domain/wallet/wallet';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { WalletLedger } from '../../ports/wallet-ledger';
import { checkRechargeRequest, rechargeIdOf, rechargeRecordFor, replayOf } from '../shared/recharge';
import { firestoreCall, toPortError } from './firebase-errors';
import { COLLECTIONS, plainData } from './firestore-data';
import { getDoc, getDocs, transactionGet } from './firestore-reads';

/** Attempts of a recharge that keeps losing races against other recharges of the same wallet. */
const MAX_RACE_ATTEMPTS = 20;

/** What one attempt read: to tell a lost race from a refusal. */
interface Seen {
  read: boolean;
  balance: unknown;
  lastRechargeId: unknown;
  applied: boolean;
}

function sameState(a: Seen | null, b: Seen): boolean {
  return (
    a !== null && a.applied === b.applied && a.balance === b.balance && a.lastRechargeId === b.lastRechargeId
  );
}

/**
 * Distributor wallets on Firestore. A recharge is one Firestore transaction: it reads the
 * distributor and the transaction document of the idempotency key, then writes the new walletBalance
 * (with lastRechargeId) and creates the transaction document, or returns the earlier result. The
 * rules accept the balance change only together with a matching new transaction created by a super
 * admin as themselves, so neither write can happen alone.
 */
export class FirestoreWalletLedger implements WalletLedger {
  constructor(
    private readonly db: Firestore,
    private readonly auth: Auth,
    private readonly clock: Clock,
  ) {}

  private transactions() {
    return collection(this.db, COLLECTIONS.rechargeTransactions);
  }

  recharge(request: RechargeRequest): Promise<RechargeTransaction> {
    return firestoreCall(async () => {
      const uid = this.auth.currentUser?.uid;
      if (uid === undefined) throw new PortError('unauthenticated', 'Sign in first.');
      checkRechargeRequest(request, uid);
      let previous: Seen | null = null;
      for (let attempt = 1; ; attempt += 1) {
        const seen: Seen = { read: false, balance: null, lastRechargeId: null, applied: false };
        try {
          return await this.attempt(request, uid, seen);
        } catch (error) {
          const translated = toPortError(error);
          // The rules judge a recharge against the wallet as it is at commit time. When another
          // recharge of the same wallet commits between this attempt's reads and its commit, the rules
          // refuse this one (its previousBalance is stale). So a refused commit whose reads succeeded
          // is tried again; if the next attempt reads exactly the same state and is refused again, the
          // refusal is real.
          const lostRace = translated.code === 'permission-denied' && seen.read && !sameState(previous, seen);
          if (!lostRace || attempt >= MAX_RACE_ATTEMPTS) throw translated;
          previous = seen;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * Math.min(attempt, 8)));
        }
      }
    });
  }

  /** One Firestore transaction: returns the earlier result of the key, or applies the recharge. */
  private async attempt(request: RechargeRequest, uid: string, seen: Seen): Promise<RechargeTransaction> {
    const id = rechargeIdOf(request.idempotencyKey);
    const transactionRef = doc(this.db, COLLECTIONS.rechargeTransactions, id);
    const distributorRef = doc(this.db, COLLECTIONS.users, request.distributorId);
    const outcome = await runTransaction(this.db, async (transaction) => {
      const applied = plainData(await transactionGet(transaction, transactionRef));
      const stored = plainData(await transactionGet(transaction, distributorRef));
      seen.read = true;
      seen.applied = applied !== undefined;
      seen.balance = stored?.walletBalance ?? null;
      seen.lastRechargeId = stored?.lastRechargeId ?? null;
      if (applied !== undefined) return { transaction: replayOf(id, applied, request), created: false };
      const record = rechargeRecordFor(
        stored === undefined ? null : parseUserRecord(request.distributorId, stored),
        request,
        uid,
      );
      transaction.update(distributorRef, { walletBalance: record.newBalance, lastRechargeId: id });
      transaction.set(transactionRef, { ...record, timestamp: serverTimestamp() });
      return {
        transaction: parseTransactionRecord(id, { ...record, timestamp: this.clock.now() }),
        created: true,
      };
    });
    if (!outcome.created) return outcome.transaction;
    // The stored record carries the server's timestamp; if it cannot be read back now, the recharge
    // still happened and the local time stands in for it.
    try {
      const stored = plainData(await getDoc(transactionRef));
      return stored === undefined ? outcome.transaction : parseTransactionRecord(id, stored);
    } catch {
      return outcome.transaction;
    }
  }

  /** The latest `count` transactions: orderBy timestamp desc, limit count (count reads). */
  latest(count: number): Promise<RechargeTransaction[]> {
    return firestoreCall(async () => {
      if (count < 1) return [];
      const snapshot = await getDocs(
        query(this.transactions(), orderBy('timestamp', 'desc'), limit(Math.floor(count))),
      );
      return snapshot.docs.map((document) => parseTransactionRecord(document.id, plainData(document)));
    });
  }

  /** One distributor's latest: where distributorId ==, orderBy timestamp desc, limit (composite index). */
  latestFor(distributorId: string, count: number): Promise<RechargeTransaction[]> {
    return firestoreCall(async () => {
      if (count < 1) return [];
      const snapshot = await getDocs(
        query(
          this.transactions(),
          where('distributorId', '==', distributorId),
          orderBy('timestamp', 'desc'),
          limit(Math.floor(count)),
        ),
      );
      return snapshot.docs.map((document) => parseTransactionRecord(document.id, plainData(document)));
    });
  }
}
