import type { RechargeRequest, RechargeTransaction } from '../domain/wallet/wallet';

/**
 * Distributor wallets: the balance on users/{id}.walletBalance and the rechargeTransactions ledger.
 * Security and consistency (every backend):
 *  - recharge is allowed to a signed-in super admin only, recording that admin's uid as adminId;
 *  - the balance update and the transaction record happen together or not at all;
 *  - concurrent recharges never lose an update;
 *  - a request whose idempotencyKey was already applied returns the original transaction unchanged;
 *    the same key with a different distributor or amount rejects with 'conflict'.
 *  - latest: super admin only; latestFor: super admin or that distributor.
 */
export interface WalletLedger {
  recharge(request: RechargeRequest): Promise<RechargeTransaction>;
  /** The latest `limit` transactions, newest first. */
  latest(limit: number): Promise<RechargeTransaction[]>;
  /** The latest `limit` transactions of one distributor, newest first. */
  latestFor(distributorId: string, limit: number): Promise<RechargeTransaction[]>;
}
