import { z } from 'zod';
import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { done, failed, invalid, type Outcome } from '../shared/validation';
import { isDistributor, isSuperAdmin, type UserProfile } from '../users/user';
import { DEFAULT_ADMIN_NAME, WALLET_MESSAGES } from './messages';
import { parseRechargeAmount, RECENT_TRANSACTIONS_SHOWN, type RechargeTransaction } from './wallet';

/** Every distributor, for the recharge screen (super admin only). */
export async function loadDistributors(
  ports: Pick<Ports, 'users' | 'logger'>,
  viewer: UserProfile | null,
): Promise<Outcome<readonly UserProfile[]>> {
  if (!isSuperAdmin(viewer)) return failed(WALLET_MESSAGES.accessDenied);
  try {
    return done(await ports.users.listByRole('distributor'));
  } catch (error) {
    ports.logger.error('Distributors could not be loaded', error);
    return failed(WALLET_MESSAGES.distributorsFailed);
  }
}

/** The latest recharges of all distributors, newest first (super admin only). */
export async function loadRecentRecharges(
  ports: Pick<Ports, 'wallet' | 'logger'>,
  viewer: UserProfile | null,
): Promise<Outcome<readonly RechargeTransaction[]>> {
  if (!isSuperAdmin(viewer)) return failed(WALLET_MESSAGES.accessDenied);
  try {
    return done(await ports.wallet.latest(RECENT_TRANSACTIONS_SHOWN));
  } catch (error) {
    ports.logger.error('Recent recharges could not be loaded', error);
    return failed(WALLET_MESSAGES.transactionsFailed);
  }
}

export interface RechargeCommand {
  readonly distributor: UserProfile | null;
  readonly amount: string | number;
  /** Generated once per confirmation by the caller; a retry of the same confirmation reuses it. */
  readonly idempotencyKey: string;
}

/** The recharge form's field, checked as the use case checks it (the form's resolver). */
export const rechargeFormSchema = z.object({
  amount: z
    .unknown()
    .refine(
      (amount) =>
        (typeof amount === 'string' || typeof amount === 'number') && parseRechargeAmount(amount).ok,
      WALLET_MESSAGES.invalidAmount,
    ),
});

/** What the recharge form collects (the distributor is chosen from the list beside it). */
export interface RechargeForm {
  readonly amount: string;
}

/** The recorded transaction, with the success message ('Successfully recharged ₹… to …') to show. */
export type RechargeOutcome = Outcome<RechargeTransaction, 'amount'>;

/** A super admin tops up a distributor's wallet. */
export async function rechargeDistributor(
  ports: Pick<Ports, 'wallet' | 'logger'>,
  admin: UserProfile | null,
  command: RechargeCommand,
): Promise<RechargeOutcome> {
  if (!isSuperAdmin(admin)) return failed(WALLET_MESSAGES.accessDenied);
  const { distributor } = command;
  if (distributor === null) return failed(WALLET_MESSAGES.chooseDistributor);
  const amount = parseRechargeAmount(command.amount);
  if (!amount.ok) return invalid({ amount: WALLET_MESSAGES.invalidAmount });
  try {
    const transaction = await ports.wallet.recharge({
      distributorId: distributor.uid,
      amount: amount.amount,
      idempotencyKey: command.idempotencyKey,
      admin: { id: admin.uid, name: admin.name.trim() || DEFAULT_ADMIN_NAME },
    });
    return done(
      transaction,
      WALLET_MESSAGES.rechargeSucceeded(transaction.amount, transaction.distributorName || distributor.name),
    );
  } catch (error) {
    if (isPortError(error, 'permission-denied')) return failed(WALLET_MESSAGES.accessDenied);
    if (isPortError(error, 'not-found')) return failed(WALLET_MESSAGES.distributorGone);
    if (isPortError(error, 'failed-precondition')) return failed(WALLET_MESSAGES.notADistributor);
    ports.logger.error(`Recharge of distributor ${distributor.uid} failed`, error);
    return failed(WALLET_MESSAGES.rechargeFailed);
  }
}

export interface DistributorWallet {
  readonly profile: UserProfile;
  readonly balance: number;
  readonly transactions: readonly RechargeTransaction[];
}

/** A distributor's own dashboard: fresh balance and the latest top-ups received. */
export async function loadDistributorWallet(
  ports: Pick<Ports, 'users' | 'wallet' | 'logger'>,
  viewer: UserProfile | null,
): Promise<Outcome<DistributorWallet>> {
  if (!isDistributor(viewer)) return failed(WALLET_MESSAGES.accessDenied);
  try {
    const [profile, transactions] = await Promise.all([
      ports.users.get(viewer.uid),
      ports.wallet.latestFor(viewer.uid, RECENT_TRANSACTIONS_SHOWN),
    ]);
    const current = profile ?? viewer;
    return done({ profile: current, balance: current.walletBalance, transactions });
  } catch (error) {
    ports.logger.error('The distributor wallet could not be loaded', error);
    return failed(WALLET_MESSAGES.walletFailed);
  }
}
