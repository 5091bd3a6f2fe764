import {
  byNewestTransactionFirst,
  parseTransactionRecord,
  type RechargeRequest,
  type RechargeTransaction,
} from '../../domain/wallet/wallet';
import type { Clock } from '../../ports/clock';
import type { WalletLedger } from '../../ports/wallet-ledger';
import { requireSignedIn } from '../local/local-rules';
import { checkRechargeRequest, rechargeIdOf, rechargeRecordFor, replayOf } from '../shared/recharge';
import type { MemoryDatabase } from './memory-database';

/**
 * Recharges in memory. JavaScript runs one call at a time and the check-and-write below has no await
 * in between, so each recharge is atomic; the transaction id is derived from the idempotency key.
 */
export class MemoryWalletLedger implements WalletLedger {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly clock: Clock,
  ) {}

  async recharge(request: RechargeRequest): Promise<RechargeTransaction> {
    await this.db.roundTrip();
    const admin = await this.db.requireSuperAdmin();
    checkRechargeRequest(request, admin.uid);
    const id = rechargeIdOf(request.idempotencyKey);
    const applied = this.db.read(this.db.transactions.get(id));
    if (applied !== undefined) return replayOf(id, applied, request);
    const record = {
      ...rechargeRecordFor(this.db.read(this.db.profile(request.distributorId)), request, admin.uid),
      timestamp: this.clock.now(),
    };
    this.db.users.set(record.distributorId, {
      ...this.db.users.get(record.distributorId),
      walletBalance: record.newBalance,
    });
    this.db.transactions.set(id, record);
    return parseTransactionRecord(id, record);
  }

  async latest(limit: number): Promise<RechargeTransaction[]> {
    await this.db.roundTrip();
    await this.db.requireSuperAdmin();
    return this.sorted(() => true).slice(0, limit);
  }

  async latestFor(distributorId: string, limit: number): Promise<RechargeTransaction[]> {
    await this.db.roundTrip();
    if (requireSignedIn(this.db) !== distributorId) await this.db.requireSuperAdmin();
    return this.sorted((transaction) => transaction.distributorId === distributorId).slice(0, limit);
  }

  private sorted(keep: (transaction: RechargeTransaction) => boolean): RechargeTransaction[] {
    return [...this.db.transactions.entries()]
      .map(([id, raw]) => parseTransactionRecord(id, raw))
      .filter(keep)
      .sort(byNewestTransactionFirst)
      .map((transaction) => this.db.read(transaction));
  }
}
