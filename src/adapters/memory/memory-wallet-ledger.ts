import { isDistributor } from '../../domain/users/user';
import { RECHARGE_DESCRIPTION } from '../../domain/wallet/messages';
import {
  byNewestTransactionFirst,
  deposit,
  parseTransactionRecord,
  type RechargeRequest,
  type RechargeTransaction,
} from '../../domain/wallet/wallet';
import type { Clock } from '../../ports/clock';
import { PortError } from '../../ports/errors';
import type { WalletLedger } from '../../ports/wallet-ledger';
import { checkIdempotencyKey, checkRechargeAmount, requireSignedIn } from '../local/local-rules';
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
    if (request.admin.id !== admin.uid)
      throw new PortError('permission-denied', 'A recharge is recorded under your own account.');
    checkIdempotencyKey(request.idempotencyKey);
    checkRechargeAmount(request.amount);
    const id = `recharge-${request.idempotencyKey}`;
    const applied = this.db.transactions.get(id);
    if (applied !== undefined) {
      const earlier = parseTransactionRecord(id, applied);
      if (earlier.distributorId !== request.distributorId || earlier.amount !== request.amount) {
        throw new PortError('conflict', 'This idempotency key was used for another recharge.');
      }
      return earlier;
    }
    const distributor = this.db.profile(request.distributorId);
    if (distributor === null) throw new PortError('not-found', 'No such distributor.');
    if (!isDistributor(distributor))
      throw new PortError('failed-precondition', 'This account is not a distributor.');
    const result = deposit(distributor.walletBalance, request.amount);
    if (!result.ok) throw new PortError('invalid-argument', 'The amount is not valid.');
    const record = {
      distributorId: distributor.uid,
      distributorName: distributor.name,
      adminId: admin.uid,
      adminName: request.admin.name,
      amount: request.amount,
      previousBalance: distributor.walletBalance,
      newBalance: result.newBalance,
      timestamp: this.clock.now(),
      description: RECHARGE_DESCRIPTION,
    };
    this.db.users.set(distributor.uid, {
      ...this.db.users.get(distributor.uid),
      walletBalance: result.newBalance,
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
